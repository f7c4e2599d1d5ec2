/**
 * Route report benchmark (npm run bench:reports): the built client in headless Chromium runs the route
 * report of one device with 100,000 positions in a day, shows it in the report table and scrolls it.
 *
 *   npm run bench:reports -- [--positions 100000] [--interval-ms 800] [--runs 3] [--scroll-ms 5000]
 *                            [--wheel-ms 3000] [--note TEXT] [--profile DIR]
 *   npm run bench:reports -- --markdown-only [--note TEXT]
 *
 * - The server runs in a child process (bench/live/serve.ts) on a temporary data dir with the demo admin,
 *   simulator off, offline basemap, serving dist/. Through the REST API (one session cookie): the server
 *   attribute `report.maxPositions` is set to the number of positions (the embedded server, like Traccar,
 *   caps a route report at 50,000 positions by default: server/reports/service.ts DEFAULT_MAX_POSITIONS),
 *   and one device is created. Its positions are written straight into the server's SQLite file
 *   (better-sqlite3, a second connection, one prepared INSERT in one transaction: the columns and JSON
 *   encodings of server/db/positions.ts insertPosition) — an ingest of 100,000 positions over HTTP would
 *   take minutes. The device's latest position is set to the last one. They are one fix every
 *   --interval-ms (0.8 s: 100,000 in 22.2 h, within one UTC day) along a synthetic drive around Riyadh
 *   (drives of 8–25 min at 20–120 km/h with turns, stops of 1–6 min), with speed (knots), course, altitude
 *   and the attributes a tracker sends (ignition, motion, sat, hdop, distance, totalDistance, odometer,
 *   batteryLevel); no address (no geocoder, as with most Traccar servers).
 * - One browser context, signed in once through the login form. Each run is a new page in it:
 *   1. baseline: `/reports/route?deviceId=ID&period=custom&from=…&to=…` (the filter filled, not run),
 *      garbage collected, JS heap and DOM nodes read (CDP Performance.getMetrics);
 *   2. Show: a click on Show (Playwright's mouse) → the first animation frame with a row of the report
 *      grid on screen and `data-testid="report-count"` reading the number of positions; split by the
 *      Resource Timing entry of `/api/reports/route`: click → request start, request → first byte
 *      (the server's query and JSON), first byte → last byte (download), last byte → first row (the
 *      client: JSON.parse, the report statechart, React and react-aria building the table); long tasks;
 *   3. memory: JS heap after the report is shown (as is, then after a forced GC), DOM nodes;
 *   4. scroll: the table's scrolling element from top to bottom over --scroll-ms, its scrollTop set once
 *      per animation frame (≈ 1,000,000 px/s for 100,000 rows of 48 px): fps, longest frame gap, long
 *      tasks, the rows in the DOM (sampled every frame: min / max), frames where no row was under the
 *      middle of the list (blank), and at the end that the last position's row is there;
 *   5. wheel: --wheel-ms of mouse-wheel ticks (Playwright's mouse, 240 px down, ~30 ms apart) from the
 *      middle of the list: fps, longest frame gap, long tasks;
 *   6. select: a click on a row → the row selected (`aria-selected`), long tasks meanwhile;
 *   7. open by address: page.goto(the same address with `&show=true`) → first row and count, split the
 *      same way (navigation → request start is the app's own start: scripts, session, settings).
 * - Median and worst of the runs into bench/results/reports-route.json and reports-route.md.
 * - --profile DIR (diagnostic, nothing recorded): one run with a CPU profile of Show, scroll, select and the
 *   open by address into DIR, with a summary of where the main thread's time goes.
 * - --markdown-only: reports-route.md written again from reports-route.json (after editing PROFILE_NOTES), with
 *   --note TEXT stored in both.
 * Bounded (a global time limit), stops by itself, kills the server it started (by pid).
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { machineInfo, requireDist, rewriteResults, runMain, writeResults } from '../fleet.ts';
import { profiler } from '../live/profile.ts';
import { awaitInPage, type Measure, memory, motion, type Motion, probeSlice, round, signedInContext, sleep, summarize, tasks, type Tasks } from '../probe.ts';
import { benchSession } from '../session.ts';
import { type Dataset, type DayResults, type Fetched, reportRequest, requestSplit, seedDay } from './history.ts';

const PASSWORD = 'bench-reports-password';
const ADMIN = 'admin';
/** one step (a Show of 100,000 rows took ≈ 2 min on the loaded 2-core machine) */
const STEP_TIMEOUT_MS = 600_000;
/**
 * The report's grid (a react-aria GridList) beside its count: found by structure, not by its label or
 * texts — messages new to the catalogue show as their ids until `npm run i18n:extract` has run.
 */
const GRID = 'div:has(> div > [data-testid="report-count"]) [role="grid"]';
/** Show: the report filter's submit button */
const SHOW = 'form button[type="submit"]';
const COUNT = '[data-testid="report-count"]';
const PATH = '/reports/route';
/** how long after a click on a row its effects (the map) are watched */
const SELECT_SETTLE_MS = 2_000;
const BUDGET = { showToRowsMs: 3_000, scrollFps: 30, domRows: 100, selectMs: 300 };

interface Options {
  positions: number;
  intervalMs: number;
  runs: number;
  scrollMs: number;
  wheelMs: number;
  note: string | null;
  profile: string | null;
  /** rewrite reports-route.md from reports-route.json (after editing the notes below), nothing measured */
  markdownOnly: boolean;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { positions: 100_000, intervalMs: 800, runs: 3, scrollMs: 5_000, wheelMs: 3_000, note: null, profile: null, markdownOnly: false };
  if (argv.includes('--markdown-only')) {
    options.markdownOnly = true;
    argv = argv.filter((a) => a !== '--markdown-only');
  }
  for (let k = 0; k < argv.length; k += 2) {
    const flag = argv[k]!;
    const value = argv[k + 1];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--positions' && Number(value) > 0) options.positions = Math.round(Number(value));
    else if (flag === '--interval-ms' && Number(value) >= 100) options.intervalMs = Math.round(Number(value));
    else if (flag === '--runs' && Number(value) > 0) options.runs = Math.round(Number(value));
    else if (flag === '--scroll-ms' && Number(value) >= 500) options.scrollMs = Math.round(Number(value));
    else if (flag === '--wheel-ms' && Number(value) >= 0) options.wheelMs = Math.round(Number(value));
    else if (flag === '--note') options.note = value;
    else if (flag === '--profile') options.profile = resolve(value);
    else throw new Error(`Unknown option ${flag} ${value}`);
  }
  if (options.positions * options.intervalMs > 86_400_000 - 60_000) throw new Error('the positions do not fit in one day at that interval');
  if (options.markdownOnly) return options;
  requireDist();
  return options;
}

// ---------------------------------------------------------------------------------------------- page probes

/**
 * Injected before the client's scripts: counts the Intl.DateTimeFormat and Intl.NumberFormat objects the page
 * makes (a Proxy on each constructor; `window.__formatters`). Making one costs far more than formatting with
 * it, and the count shows how many cells were formatted.
 */
function formatterProbe(): void {
  const w = window as unknown as { __formatters: number };
  w.__formatters = 0;
  const count = <T extends object>(target: T): T =>
    new Proxy(target, {
      construct: (t, args, newTarget) => (w.__formatters++, Reflect.construct(t as never, args, newTarget)),
      apply: (t, self, args) => (w.__formatters++, Reflect.apply(t as never, self, args)),
    });
  Intl.DateTimeFormat = count(Intl.DateTimeFormat);
  Intl.NumberFormat = count(Intl.NumberFormat);
}

const formatters = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { __formatters: number }).__formatters);

/**
 * Watches the page, one check per animation frame, until the report's count reads `expected` and a row
 * of the report grid is on screen; `window.__report` resolves with the page times of the frames where
 * each was first seen (and of the progress line, if it showed). With `afterClick`, only what follows the
 * next pointerdown counts (the click's event time is kept too). With `path`, only on that page (an init
 * script, before the page's own scripts).
 */
function watchReport({ grid, count, expected, afterClick, path }: { grid: string; count: string; expected: number; afterClick: boolean; path?: string }): void {
  if (path && location.pathname !== path) return;
  if (!location.search.includes('show=true') && path) return;
  const seen: { clickAt?: number; progressAt?: number; countAt?: number; countRead?: number | null; rowAt?: number; allAt?: number } = {};
  let gone = false;
  if (afterClick) document.addEventListener('pointerdown', (event) => (seen.clickAt ??= event.timeStamp), { capture: true, once: true });
  (window as unknown as { __report: Promise<typeof seen> }).__report = new Promise((done) => {
    const check = (): void => {
      const now = performance.now();
      if (!afterClick || seen.clickAt !== undefined) {
        if (seen.progressAt === undefined && document.querySelector('[data-testid="report-progress"]')) seen.progressAt = now;
        // after a click, only a table that came after the old one was gone (the run started) counts
        if (!document.querySelector(count)) gone = true;
        const fresh = !afterClick || gone || seen.progressAt !== undefined;
        // the count reads "100000 rows"; a catalogue without the message shows its id (6 characters): then only its presence
        const text = document.querySelector(count)?.textContent?.trim();
        if (fresh && seen.countAt === undefined && text !== undefined) {
          const read = /^[\w+/]{6}$/.test(text) ? null : text.replace(/[\s,.\u066c\u00a0\u202f]/g, '').match(/\d+/);
          if (read === null ? /^[\w+/]{6}$/.test(text) : Number(read[0]) === expected) {
            seen.countAt = now;
            seen.countRead = read ? Number(read[0]) : null;
          }
        }
        if (fresh && seen.rowAt === undefined) {
          const row = document.querySelector(grid)?.querySelector('[role="row"]');
          const box = row?.getBoundingClientRect();
          if (box && box.height > 0 && box.bottom > 0 && box.top < innerHeight) seen.rowAt = now;
        }
        // every row in the list: the scrolling height (rows of one fixed height) reaches them all
        if (seen.rowAt !== undefined && seen.allAt === undefined) {
          const list = document.querySelector(grid);
          const height = list?.querySelector('[role="row"]')?.getBoundingClientRect().height ?? 0;
          let tallest = 0;
          for (let node: Element | null = list; node; node = node.parentElement) tallest = Math.max(tallest, node.scrollHeight);
          if (height > 0 && tallest >= expected * height * 0.99) seen.allAt = now;
        }
      }
      if (seen.countAt !== undefined && seen.rowAt !== undefined && seen.allAt !== undefined) done(seen);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

type Watched = { clickAt?: number; progressAt?: number; countAt: number; countRead: number | null; rowAt: number; allAt: number };

/**
 * The report map beside the table (src/features/reports/ReportMap.tsx): `window.__map` resolves with the page
 * time of the first animation frame where its container carries `data-report-features` (the report layer
 * has handed the rows' features to MapLibre), or null when no report map shows within `timeoutMs`.
 */
function watchMap({ timeoutMs, path }: { timeoutMs: number; path?: string }): void {
  if (path && (location.pathname !== path || !location.search.includes('show=true'))) return;
  (window as unknown as { __map: Promise<number | null> }).__map = new Promise((done) => {
    const start = performance.now();
    const check = (): void => {
      const now = performance.now();
      if (document.querySelector('[data-testid="report-map"] [data-report-features]')) done(now);
      else if (now - start > timeoutMs) done(null);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** Marks the report grid's scrolling element (the grid or its nearest scrollable ancestor) with data-bench-scroller. */
async function markScroller(page: Page): Promise<void> {
  const found = await page.evaluate((grid) => {
    for (let node = document.querySelector(grid); node; node = node.parentElement) {
      if (node.scrollHeight > node.clientHeight + 100 && /auto|scroll/.test(getComputedStyle(node).overflowY)) {
        node.setAttribute('data-bench-scroller', node === document.querySelector(grid) ? 'grid' : node.tagName.toLowerCase());
        return true;
      }
    }
    return false;
  }, GRID);
  if (!found) throw new Error('no scrolling element around the report grid');
}

interface Scrolled {
  from: number;
  to: number;
  scrollHeight: number;
  steps: number;
  minRows: number;
  maxRows: number;
  blankFrames: number;
  lastRowShown: boolean;
  lastKey: string | null;
  /** what was under the list's middle in the first blank frames */
  blankHits: string[];
}

/**
 * Scrolls the marked element from its top to its bottom over `durationMs`, one step per animation frame;
 * at each frame, before the next step, counts the grid's rows in the DOM and whether a row is under the
 * middle of the list (else the frame counts as blank). After the end, two frames later, whether the last
 * row (data-key expected - 1) is in the DOM and on screen.
 */
function scrollThrough(page: Page, durationMs: number, expected: number): Promise<Scrolled> {
  return page.evaluate(
    ([duration, grid, last]) =>
      new Promise<Scrolled>((done) => {
        const node = document.querySelector('[data-bench-scroller]')!;
        const list = document.querySelector(grid!)!;
        const box = node.getBoundingClientRect();
        const x = box.left + Math.min(80, box.width / 4);
        const y = box.top + box.height / 2;
        const from = performance.now();
        const height = node.scrollHeight - node.clientHeight;
        let steps = 0;
        let minRows = Infinity;
        let maxRows = 0;
        let blankFrames = 0;
        const blankHits: string[] = [];
        const sample = (): void => {
          const found = [...list.querySelectorAll('[role="row"]')];
          const rows = found.length;
          minRows = Math.min(minRows, rows);
          maxRows = Math.max(maxRows, rows);
          // by geometry, not elementFromPoint: while scrolling, react-aria's scroll view turns pointer
          // events off on its content, so a hit test goes through the rows to the grid
          const under = found.find((row) => {
            const r = row.getBoundingClientRect();
            return r.top <= y && r.bottom > y && r.left <= x && r.right > x;
          });
          if (!under) {
            blankFrames++;
            if (blankHits.length < 3) blankHits.push(`no row at the middle: rows=${rows} top=${Math.round(node.scrollTop)}`);
          }
        };
        const step = (now: number): void => {
          if (steps > 0) sample();
          const progress = Math.min(1, (now - from) / (duration as number));
          node.scrollTop = progress * height;
          steps++;
          if (progress < 1) requestAnimationFrame(step);
          else {
            const to = performance.now();
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                sample();
                const rows = [...list.querySelectorAll('[role="row"]')];
                const lastRow = rows.find((r) => r.getAttribute('data-key') === String(last));
                const rect = lastRow?.getBoundingClientRect();
                const frame = node.getBoundingClientRect();
                const keys = rows.map((r) => Number(r.getAttribute('data-key'))).filter((k) => Number.isFinite(k));
                done({
                  from,
                  to,
                  scrollHeight: node.scrollHeight,
                  steps,
                  minRows,
                  maxRows,
                  blankFrames,
                  lastRowShown: !!rect && rect.bottom <= frame.bottom + 1 && rect.top >= frame.top - 1,
                  lastKey: keys.length ? String(Math.max(...keys)) : null,
                  blankHits,
                });
              }),
            );
          }
        };
        requestAnimationFrame(step);
      }),
    [durationMs, GRID, expected - 1] as const,
  );
}

/** Wheel ticks (240 px down, ~30 ms apart) over the middle of the list for `durationMs`; page times of the start and end. */
async function wheel(page: Page, durationMs: number): Promise<{ from: number; to: number; ticks: number; scrolledPx: number }> {
  const box = await page.locator('[data-bench-scroller]').boundingBox();
  if (!box) throw new Error('the list has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const top = (): Promise<number> => page.locator('[data-bench-scroller]').evaluate((node) => node.scrollTop);
  const before = await top();
  const from = await page.evaluate(() => performance.now());
  const start = Date.now();
  let ticks = 0;
  while (Date.now() - start < durationMs) {
    await page.mouse.wheel(0, 240);
    ticks++;
    await sleep(30);
  }
  const to = await page.evaluate(() => performance.now());
  return { from, to, ticks, scrolledPx: Math.round((await top()) - before) };
}

// ---------------------------------------------------------------------------------------------- one run

interface Shown {
  /** start (the click, or navigation start) → first row on screen and the count read */
  firstRowsMs: number;
  rowMs: number;
  countMs: number;
  /**
   * start → every row in the list (its scrolling height reaches all of them): a table that had no rows
   * shows a long list's first rows at once and the rest in a background render (src/ui/Table.tsx)
   */
  allRowsMs: number;
  /** long tasks from the first rows to all rows */
  restLongtasks: Tasks;
  /** start → the request's start (app work before it) */
  beforeRequestMs: number;
  /** request start → first byte: the server */
  serverMs: number;
  /** first byte → last byte */
  downloadMs: number;
  /** last byte → first row: the client */
  clientMs: number;
  responseMb: number;
  /** the number the count line read (null: the message not in the catalogue, shown as its id) */
  countRead: number | null;
  /** Intl.DateTimeFormat / NumberFormat objects made from the start to the first rows (+1 s) */
  formatters: number;
  longtasks: Tasks;
  /** long tasks from the response's last byte to the first row */
  clientLongtasks: Tasks;
}

interface Run {
  baseline: { heapMb: number; domNodes: number };
  /** with the report map: click → its features handed to MapLibre, and long tasks from the rows until 2 s after that */
  show: Shown & { mapFeaturesMs: number | null; afterRowsLongtasks: Tasks };
  memory: { heapMb: number; heapAfterGcMb: number; performanceMemoryMb: number | null; domNodes: number; reportHeapMb: number };
  scroll: Motion & { scrollHeightPx: number; minDomRows: number; maxDomRows: number; blankFrames: number; blankShare: number; blankHits: string[]; reachedLastRow: boolean; lastKeyInDom: string | null; formatters: number };
  wheel?: Motion & { ticks: number; scrolledPx: number };
  /** click → the row selected; and the SELECT_SETTLE_MS after the click (the map following) */
  select: { selectedMs: number; longtasks: Tasks; maxFrameGapMs: number; settleLongtasks: Tasks; settleMaxFrameGapMs: number; selectedOnMap: boolean };
  open: Shown & { memoryHeapMb: number };
}

function shown(watched: Watched, start: number, fetched: Fetched, all: number[], client: number[], rest: number[], made: number): Shown {
  const end = Math.max(watched.rowAt, watched.countAt);
  return {
    firstRowsMs: round(end - start),
    rowMs: round(watched.rowAt - start),
    countMs: round(watched.countAt - start),
    allRowsMs: round(watched.allAt - start),
    restLongtasks: tasks(rest),
    ...requestSplit(fetched, start, end),
    countRead: watched.countRead,
    formatters: made,
    longtasks: tasks(all),
    clientLongtasks: tasks(client),
  };
}

async function measureRun(context: BrowserContext, url: string, filter: string, options: Options, profileDir: string | null): Promise<Run> {
  const expected = options.positions;
  const page = await context.newPage();
  try {
    page.on('pageerror', (error) => console.error('[page error]', error.message));
    await page.addInitScript(watchReport, { grid: GRID, count: COUNT, expected, afterClick: false, path: PATH });
    await page.addInitScript(watchMap, { timeoutMs: STEP_TIMEOUT_MS, path: PATH });
    const cdp = await context.newCDPSession(page);
    const profiled = profiler(cdp, profileDir);

    // 1. baseline: the filter filled, the report not run
    await page.goto(`${url}${PATH}?${filter}`, { waitUntil: 'domcontentloaded', timeout: STEP_TIMEOUT_MS });
    const showButton = page.locator(SHOW);
    await showButton.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    await sleep(1_500);
    const baseline = await memory(cdp, page, true);
    const formattersBefore = await formatters(page);

    // 2. Show → the first rows
    await page.evaluate(watchReport, { grid: GRID, count: COUNT, expected, afterClick: true });
    await page.evaluate(watchMap, { timeoutMs: STEP_TIMEOUT_MS });
    const watched = await profiled('show', async () => {
      await showButton.click();
      return awaitInPage<Watched>(page, '__report', 'show', STEP_TIMEOUT_MS);
    });
    const clickAt = watched.clickAt!;
    const fetched = await reportRequest(page, clickAt);
    const showEnd = Math.max(watched.rowAt, watched.countAt);
    // the map beside the table, then quiet (its data crossing to MapLibre's worker) before anything else is measured
    const mapAt = await awaitInPage<number | null>(page, '__map', 'show: report map', STEP_TIMEOUT_MS);
    await sleep(2_000);
    const showFormatters = (await formatters(page)) - formattersBefore;
    const showAll = (await probeSlice(page, clickAt, showEnd)).longtasks;
    const showClient = (await probeSlice(page, fetched.responseEnd, showEnd)).longtasks;
    const showRest = (await probeSlice(page, showEnd, watched.allAt)).longtasks;
    const afterRows = await probeSlice(page, showEnd, (mapAt ?? showEnd) + 2_000);

    // 3. memory with the report shown
    const asIs = await memory(cdp, page, false);
    const afterGc = await memory(cdp, page, true);

    // 4. scroll from top to bottom, one step per frame
    await markScroller(page);
    await page.locator('[data-bench-scroller]').evaluate((node) => (node.scrollTop = 0));
    await sleep(500);
    const formattersBeforeScroll = await formatters(page);
    const scrolled = await profiled('scroll', () => scrollThrough(page, options.scrollMs, expected));
    const scrollFormatters = (await formatters(page)) - formattersBeforeScroll;
    const scrollMotion = await motion(page, scrolled.from, scrolled.to);

    // 5. wheel from the middle
    let wheelResult: Run['wheel'];
    if (options.wheelMs > 0) {
      await page.locator('[data-bench-scroller]').evaluate((node) => (node.scrollTop = (node.scrollHeight - node.clientHeight) / 2));
      await sleep(500);
      const wheeled = await wheel(page, options.wheelMs);
      wheelResult = { ...(await motion(page, wheeled.from, wheeled.to)), ticks: wheeled.ticks, scrolledPx: wheeled.scrolledPx };
    }
    await sleep(500);

    // 6. select a row in the middle of the list
    const target = await page.evaluate((grid) => {
      const node = document.querySelector('[data-bench-scroller]')!.getBoundingClientRect();
      const rows = [...document.querySelector(grid)!.querySelectorAll('[role="row"]')].filter((r) => {
        const b = r.getBoundingClientRect();
        return b.top >= node.top && b.bottom <= node.bottom && r.getAttribute('aria-selected') !== 'true';
      });
      const row = rows[Math.floor(rows.length / 2)];
      if (!row) return null;
      row.setAttribute('data-bench-target', '');
      return row.getAttribute('data-key');
    }, GRID);
    if (target === null) throw new Error('no row on screen to select');
    const selected = await profiled('select', async () => {
      await page.evaluate(() => {
        const w = window as unknown as { __select: Promise<{ clickAt: number; selectedAt: number }> };
        let clickAt = 0;
        document.addEventListener('pointerdown', (event) => (clickAt = event.timeStamp), { capture: true, once: true });
        w.__select = new Promise((done) => {
          const check = (): void => {
            const row = document.querySelector('[data-bench-target]');
            if (clickAt && row?.getAttribute('aria-selected') === 'true') done({ clickAt, selectedAt: performance.now() });
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        });
      });
      await page.locator('[data-bench-target]').click();
      return awaitInPage<{ clickAt: number; selectedAt: number }>(page, '__select', 'select', STEP_TIMEOUT_MS);
    });
    await sleep(SELECT_SETTLE_MS + 500);
    const selectSlice = await probeSlice(page, selected.clickAt, selected.selectedAt);
    // the map follows the selection (its line marked, the camera flying to the position): the next seconds too
    const settleSlice = await probeSlice(page, selected.clickAt, selected.clickAt + SELECT_SETTLE_MS);
    const selectedOnMap = await page.evaluate(() => document.querySelector('[data-testid="report-map"] [data-selected]')?.getAttribute('data-selected') ?? null);

    // 7. open by address: a full document load that runs the report
    const openWatched = await profiled('open', async () => {
      await page.goto(`${url}${PATH}?${filter}&show=true`, { waitUntil: 'domcontentloaded', timeout: STEP_TIMEOUT_MS });
      return awaitInPage<Watched>(page, '__report', 'open by address', STEP_TIMEOUT_MS);
    });
    const openFetched = await reportRequest(page, 0);
    await awaitInPage<number | null>(page, '__map', 'open: report map', STEP_TIMEOUT_MS);
    await sleep(1_000);
    const openFormatters = await formatters(page);
    const openEnd = Math.max(openWatched.rowAt, openWatched.countAt);
    const openAll = (await probeSlice(page, 0, openEnd)).longtasks;
    const openClient = (await probeSlice(page, openFetched.responseEnd, openEnd)).longtasks;
    const openRest = (await probeSlice(page, openEnd, openWatched.allAt)).longtasks;
    const openMemory = await memory(cdp, page, true);

    return {
      baseline: { heapMb: baseline.heapMb, domNodes: baseline.domNodes },
      show: {
        ...shown(watched, clickAt, fetched, showAll, showClient, showRest, showFormatters),
        mapFeaturesMs: mapAt === null ? null : round(mapAt - clickAt),
        afterRowsLongtasks: tasks(afterRows.longtasks),
      },
      memory: {
        heapMb: asIs.heapMb,
        heapAfterGcMb: afterGc.heapMb,
        performanceMemoryMb: afterGc.performanceMemoryMb,
        domNodes: afterGc.domNodes,
        reportHeapMb: round(afterGc.heapMb - baseline.heapMb),
      },
      scroll: {
        ...scrollMotion,
        scrollHeightPx: scrolled.scrollHeight,
        minDomRows: scrolled.minRows,
        maxDomRows: scrolled.maxRows,
        blankFrames: scrolled.blankFrames,
        blankShare: round(scrolled.blankFrames / Math.max(1, scrolled.steps), 2),
        blankHits: scrolled.blankHits,
        reachedLastRow: scrolled.lastRowShown,
        lastKeyInDom: scrolled.lastKey,
        formatters: scrollFormatters,
      },
      ...(wheelResult ? { wheel: wheelResult } : {}),
      select: {
        selectedMs: round(selected.selectedAt - selected.clickAt),
        longtasks: tasks(selectSlice.longtasks),
        maxFrameGapMs: round(selectSlice.maxFrameGapMs),
        settleLongtasks: tasks(settleSlice.longtasks),
        settleMaxFrameGapMs: round(settleSlice.maxFrameGapMs),
        selectedOnMap: selectedOnMap === target,
      },
      open: { ...shown(openWatched, 0, openFetched, openAll, openClient, openRest, openFormatters), memoryHeapMb: openMemory.heapMb },
    };
  } finally {
    await page.close().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------- report

const MEASURES: Array<Measure<Run>> = [
  { key: 'showFirstRowsMs', label: '**Show → first rows** (row on screen and the count read)', unit: ' ms', pick: (r) => r.show.firstRowsMs },
  { key: 'showBeforeRequestMs', label: 'Show: click → request sent', unit: ' ms', pick: (r) => r.show.beforeRequestMs },
  { key: 'showServerMs', label: 'Show: server (request → first byte)', unit: ' ms', pick: (r) => r.show.serverMs },
  { key: 'showDownloadMs', label: 'Show: download (first → last byte)', unit: ' ms', pick: (r) => r.show.downloadMs },
  { key: 'showClientMs', label: 'Show: client (last byte → first rows)', unit: ' ms', pick: (r) => r.show.clientMs },
  { key: 'showClientLongestTaskMs', label: 'Show: client, longest task', unit: ' ms', pick: (r) => r.show.clientLongtasks.maxMs },
  { key: 'showFormatters', label: 'Show: Intl date/number formatters made (click → rows)', unit: '', pick: (r) => r.show.formatters },
  { key: 'showMapFeaturesMs', label: 'Show → the rows handed to the report map', unit: ' ms', pick: (r) => r.show.mapFeaturesMs ?? undefined },
  { key: 'showAfterRowsLongestTaskMs', label: 'after the rows until the map is fed (+2 s): longest task', unit: ' ms', pick: (r) => r.show.afterRowsLongtasks.maxMs },
  { key: 'showLongTasksTotalMs', label: 'Show: long tasks, total (click → rows)', unit: ' ms', pick: (r) => r.show.longtasks.totalMs },
  { key: 'showAllRowsMs', label: 'Show → every row in the list (the rest after the first rows, rendered in the background)', unit: ' ms', pick: (r) => r.show.allRowsMs },
  { key: 'showRestLongestTaskMs', label: 'Show: longest task, first rows → every row', unit: ' ms', pick: (r) => r.show.restLongtasks?.maxMs },
  { key: 'openFirstRowsMs', label: '**open by address → first rows** (navigation start → rows)', unit: ' ms', pick: (r) => r.open.firstRowsMs },
  { key: 'openBeforeRequestMs', label: 'open: navigation → request sent (the app starting)', unit: ' ms', pick: (r) => r.open.beforeRequestMs },
  { key: 'openServerMs', label: 'open: server (request → first byte)', unit: ' ms', pick: (r) => r.open.serverMs },
  { key: 'openDownloadMs', label: 'open: download', unit: ' ms', pick: (r) => r.open.downloadMs },
  { key: 'openClientMs', label: 'open: client (last byte → first rows)', unit: ' ms', pick: (r) => r.open.clientMs },
  { key: 'openLongestTaskMs', label: 'open: longest task', unit: ' ms', pick: (r) => r.open.longtasks.maxMs },
  { key: 'openAllRowsMs', label: 'open → every row in the list', unit: ' ms', pick: (r) => r.open.allRowsMs },
  { key: 'scrollFps', label: '**scroll top → bottom: fps** (worst = lowest)', unit: '', pick: (r) => r.scroll.fps, higher: true },
  { key: 'scrollMaxFrameGapMs', label: 'scroll: longest frame gap', unit: ' ms', pick: (r) => r.scroll.maxFrameGapMs },
  { key: 'scrollLongTasks', label: 'scroll: long tasks (> 50 ms)', unit: '', pick: (r) => r.scroll.longtasks.count },
  { key: 'scrollLongestTaskMs', label: 'scroll: longest task', unit: ' ms', pick: (r) => r.scroll.longtasks.maxMs },
  { key: 'scrollMaxDomRows', label: 'scroll: most rows in the DOM at once', unit: '', pick: (r) => r.scroll.maxDomRows },
  { key: 'scrollFormatters', label: 'scroll: Intl formatters made', unit: '', pick: (r) => r.scroll.formatters },
  { key: 'scrollBlankShare', label: 'scroll: share of frames with no row under the list’s middle', unit: '', pick: (r) => r.scroll.blankShare },
  { key: 'wheelFps', label: 'wheel: fps (worst = lowest)', unit: '', pick: (r) => r.wheel?.fps, higher: true },
  { key: 'wheelMaxFrameGapMs', label: 'wheel: longest frame gap', unit: ' ms', pick: (r) => r.wheel?.maxFrameGapMs },
  { key: 'wheelLongestTaskMs', label: 'wheel: longest task', unit: ' ms', pick: (r) => r.wheel?.longtasks.maxMs },
  { key: 'selectMs', label: 'select: click on a row → row selected', unit: ' ms', pick: (r) => r.select.selectedMs },
  { key: 'selectLongestTaskMs', label: 'select: longest task (click → selected)', unit: ' ms', pick: (r) => r.select.longtasks.maxMs },
  { key: 'selectSettleLongestTaskMs', label: `select: longest task in the ${SELECT_SETTLE_MS / 1000} s after the click (the map following)`, unit: ' ms', pick: (r) => r.select.settleLongtasks.maxMs },
  { key: 'selectSettleMaxFrameGapMs', label: `select: longest frame gap in those ${SELECT_SETTLE_MS / 1000} s`, unit: ' ms', pick: (r) => r.select.settleMaxFrameGapMs },
  { key: 'heapMb', label: 'JS heap with the report shown', unit: ' MB', pick: (r) => r.memory.heapMb },
  { key: 'heapAfterGcMb', label: 'JS heap with the report shown, after GC', unit: ' MB', pick: (r) => r.memory.heapAfterGcMb },
  { key: 'reportHeapMb', label: 'JS heap held by the report (after GC, less the page before Show)', unit: ' MB', pick: (r) => r.memory.reportHeapMb },
  { key: 'domNodes', label: 'DOM nodes with the report shown', unit: '', pick: (r) => r.memory.domNodes },
];

type Results = DayResults<typeof BUDGET, { showToRows: boolean; scrollFps: boolean; domRows: boolean; select: boolean }, Run>;

function markdown(results: Results): string {
  const { machine: m, dataset: d, summary: s } = results;
  const ok = (met: boolean): string => (met ? 'met' : '**not met**');
  const rows = MEASURES.filter(({ key }) => s[key]).map(({ key, label, unit }) => `| ${label} | ${s[key]!.median}${unit} | ${s[key]!.worst}${unit} |`);
  const load = results.loadAverage;
  const perRun = results.runs.map(
    (r, k) =>
      `| ${k + 1} | ${r.show.firstRowsMs} ms (${r.show.beforeRequestMs} + ${r.show.serverMs} + ${r.show.downloadMs} + ${r.show.clientMs}) | ${r.open.firstRowsMs} ms (${r.open.beforeRequestMs} + ${r.open.serverMs} + ${r.open.downloadMs} + ${r.open.clientMs}) | ${r.scroll.fps} (${r.scroll.frames} frames, gap ${r.scroll.maxFrameGapMs} ms, ${r.scroll.longtasks.count} long tasks, longest ${r.scroll.longtasks.maxMs} ms) | ${r.scroll.minDomRows}–${r.scroll.maxDomRows} | ${r.scroll.blankFrames} | ${r.scroll.reachedLastRow ? 'yes' : '**no**'} | ${r.wheel ? `${r.wheel.fps} (${r.wheel.ticks} ticks, ${r.wheel.scrolledPx} px)` : '–'} | ${r.select.selectedMs} ms | ${r.baseline.heapMb} → ${r.memory.heapMb} / ${r.memory.heapAfterGcMb} MB |`,
  );
  return [
    '# Route report benchmark',
    '',
    `${results.date.slice(0, 16).replace('T', ' ')} UTC; ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, ${m.platform}, Node ${m.node}, ${m.chromium}; load average (1 min) ${load.start} at the start, ${load.max} at most, ${load.end} at the end.`,
    `Client: ${results.source}.`,
    ...(results.note ? ['', results.note] : []),
    '',
    `\`npm run bench:reports\`: the route report of one device with ${d.positions.toLocaleString('en')} positions (one every ${d.intervalMs / 1000} s, ${d.firstFix.slice(0, 19)} → ${d.lastFix.slice(0, 19)} UTC; the report's period ${d.from} → ${d.to}), ${(d.responseMb).toFixed(1)} MB of JSON; ${results.runs.length} runs, median and worst; raw figures in \`reports-route.json\`.`,
    '',
    '| measure | median | worst |',
    '| --- | --- | --- |',
    ...rows,
    '',
    `This benchmark's budget (its own, not the issue's; worst of the runs): Show → first rows ≤ ${BUDGET.showToRowsMs / 1000} s ${ok(results.verdicts.showToRows)}; scroll ≥ ${BUDGET.scrollFps} fps ${ok(results.verdicts.scrollFps)}; ≤ ${BUDGET.domRows} rows in the DOM ${ok(results.verdicts.domRows)}; select ≤ ${BUDGET.selectMs} ms ${ok(results.verdicts.select)}.`,
    'A longest task of 0 ms means none over 50 ms (the Long Tasks API reports only those).',
    '',
    '| run | Show → rows (click→request + server + download + client) | open by address → rows (same split) | scroll fps | DOM rows (min–max) | blank frames | last row reached | wheel fps | select | JS heap: before Show → shown / after GC |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...perRun,
    '',
    '## How it is measured',
    '',
    `- Server: \`bench/live/serve.ts\` in a child process on a fresh temporary data dir (loopback, demo admin, no simulator, offline basemap, serving \`dist/\`). The embedded server caps a route report at the server attribute \`report.maxPositions\` (${d.reportCapBefore ?? 'unset here, so the default: 50,000, server/reports/service.ts `DEFAULT_MAX_POSITIONS`, as Traccar'}): the benchmark sets the server attribute to ${d.reportCap.toLocaleString('en')} through \`PUT /api/server\`, else the report would stop at 50,000 rows. One device is created through \`POST /api/devices\`; its ${d.positions.toLocaleString('en')} positions are written straight into the server's SQLite file (a second better-sqlite3 connection, one prepared INSERT with \`insertPosition\`'s columns and JSON encodings, in one transaction: ${d.insertSeconds} s), then the device's latest position is set to the last one.`,
    '- The positions: a seeded synthetic drive around Riyadh — drives of 8–25 min at 20–120 km/h with turns, stops of 1–6 min — with speed (knots), course, altitude (≈ 610 m), accuracy and eight attributes (ignition, motion, sat, hdop, distance, totalDistance, odometer, batteryLevel); no address (no geocoder). The table shows its default columns: Device, Time, Latitude, Longitude, Speed, Address.',
    "- Chromium headless with the e2e harness's arguments, viewport 1280×800, one context signed in once through the login form (`/login?locale=en`), each run a new page in it. Frames are counted with requestAnimationFrame and long tasks with PerformanceObserver (`longtask`) from an init script (`bench/probe.ts`).",
    "- **Show**: the page `/reports/route?deviceId=ID&period=custom&from=…&to=…` (the filter filled, not run); 1.5 s later a click (Playwright's mouse) on Show; from the pointerdown's event time to the first animation frame where a row of the report grid (the `[role=grid]` beside `data-testid=\"report-count\"`) is on screen and the count line is there reading the number of positions (both after the old table was gone or the progress line seen; the grid is found by structure and Show as the filter's submit button, since messages new to the catalogue show as their ids until `npm run i18n:extract` runs — then the count line cannot be read and only its presence is checked: `countRead` null in the JSON; the scroll's last row, `data-key` 99999, shows all rows are there). Also counted: the `Intl.DateTimeFormat` / `Intl.NumberFormat` objects the page makes (an init script wraps both constructors in a counting Proxy), which shows how many cells were formatted. Split by the Resource Timing entry of `/api/reports/route`: click → the request's start; request start → response start (the server: SQLite query, rows to JSON objects, serialisation — over loopback); response start → end (download); response end → first rows (the client: `JSON.parse` of the text, the report statechart, React and react-aria's collection of all rows, the first rows laid out). Long tasks from the click to the rows, and from the response's end to the rows. The route report has a map beside the table (`ReportMap`, loaded lazily): the time until its container carries `data-report-features` (the rows' line and points handed to MapLibre) and the long tasks from the rows until 2 s after that are recorded apart; the scroll starts after them.",
    '- **open by address**: `page.goto` of the same address with `&show=true` — a full document load (scripts from the HTTP cache) that runs the report on opening; times from navigation start, split the same way (navigation → request start is the app starting: scripts, session, settings, the route).',
    `- **scroll**: the report grid's scrolling element (the nearest element with overflow auto/scroll around the grid: ${'`'}data-bench-scroller${'`'}) from top to bottom over ${results.runs[0] ? Math.round(results.runs[0].scroll.durationMs / 1000) : '?'} s, its scrollTop set once per animation frame (a linear sweep of the whole ${results.runs[0]?.scroll.scrollHeightPx.toLocaleString('en') ?? '?'} px: every frame shows rows never seen before — harder than a person scrolls); frames, fps, the longest gap between frames, long tasks; at each frame, before the next step, the grid's rows in the DOM are counted and the rows' boxes tell whether one covers the list's middle (by geometry: react-aria turns pointer events off on the rows while scrolling, so a hit test would miss them) (else a blank frame: the virtualiser not caught up); at the end, that the last position's row (\`data-key\`) is on screen.`,
    '- **wheel**: from the middle of the list, wheel ticks of 240 px ~30 ms apart through Playwright\'s mouse (input events through the browser, scrolled by the browser); fps, longest frame gap, long tasks.',
    `- **select**: a click on a row in the middle of the list → the first frame where that row has \`aria-selected="true"\`; long tasks and the longest frame gap in between, and in the ${SELECT_SETTLE_MS / 1000} s after the click (the report map marks the row's position and flies to it; that the map's \`data-selected\` is the row is checked).`,
    '- **memory**: CDP `Performance.getMetrics` (`JSHeapUsedSize`, `Nodes`) on the page before Show (after a forced GC: `HeapProfiler.collectGarbage`), with the report shown (as is and after a forced GC); `performance.memory.usedJSHeapSize` (Chromium started with `--enable-precise-memory-info`) is in the JSON. "Held by the report" is the difference after GC: the rows (parsed positions), their wrappers, react-aria\'s collection and the page\'s other copies.',
    "- The machine's cores are shared by Chromium, the server and whatever else runs (see the load average): the figures move with it.",
    '',
    PROFILE_NOTES,
  ].join('\n');
}

/** Written by hand after `--profile` runs; kept in the report when it is regenerated. */
const PROFILE_NOTES = `## How it got here

Written by hand from \`--profile\` runs of this benchmark; each step is a commit of its own.

| build | load | Show → first rows | scroll fps | select | what changed |
| --- | --- | --- | --- | --- | --- |
| before 2fb6afb | 6–13 | 79.2 s | 3.2 | 0.71 s | — (an \`Intl\` formatter made per cell: 200,013 of them) |
| 2fb6afb, 04541e5 | 9–13 | 18.4 s | 4.1 | 0.91 s | one formatter per language, zone and style; cells formatted only for the rows on screen |
| the fixed-row layout | 1.5–2.3 | 2.84 s (worst 3.10 s) | 57.7 | 0.17 s | \`src/ui/fixedRowLayout.ts\` in place of react-stately's \`ListLayout\` |
| rows read as arrays | 1.4–2.3 | 2.63 s (worst 2.89 s) | 57.7 | — | the server reads the rows as arrays and takes a flat attributes text as its parse (download 1.45–1.71 → 1.18 s) |
| first rows first | 1.5–3.8 | see above | see above | see above | a table that had no rows shows a long list's first 100 rows at once and the whole list in a background render |

- **Scrolling far was O(rows above) per frame.** react-stately's \`ListLayout\` unions every rectangle it was asked
  for and walks the rows from the first on each frame that reaches new ones (an array of all 100,000 nodes, a
  validity check of each row above), allocating on a 250 MB heap: 3–5 fps in the sweep, garbage collection half of
  it. \`FixedRowLayout\` finds the rows under a rectangle by arithmetic (\`floor(y / 48)\`…), so a frame costs the
  rows on screen wherever the list is; the settings tables, the device list and long multi-selects use it too.
- **"Blank frames" was a wrong measure before this run**: it hit-tested the list's middle with
  \`elementFromPoint\`, and react-aria's scroll view sets \`pointer-events: none\` on its content while
  scrolling, so every frame of the sweep counted as blank. It now compares the rows' boxes with the middle.
- **The server's answer** (1.27 s for the 49 MB alone, from Node): the SQLite query 0.55 s with rows as objects,
  \`toPosition\` 0.40 s (each row's attributes JSON copied key by key), \`JSON.stringify\` 0.24 s. The route report
  now reads its rows as arrays (\`POSITION_COLUMNS\`, 0.29 s) and \`parseAttributes\` takes the parse of a flat
  object as the answer (every writer stores \`JSON.stringify\` of scalar attributes): 0.9 s. Writing each
  position's JSON by hand was tried and was slower (1.0–1.1 s: string building against \`JSON.stringify\`'s
  own buffer).
- **The client's one task** was about 1.1–1.3 s: \`JSON.parse\` of 49 MB (≈ 0.15–0.3 s), react-aria's collection
  of 100,000 items (about 7 µs an item: 0.7 s), the garbage of both. A table that had no rows now shows a long
  list's first 100 rows in the first render and the whole list in a background render (\`useFirstRowsFirst\`,
  src/ui/Table.tsx), which React interrupts for frames and input: the rows show about 1 s sooner, the whole list is
  there about as soon as the first rows were before, and no task of the rest is over about 210 ms (the row
  "longest task, first rows → every row"). The whole list is a new list of its own (a \`key\`): added to the first
  rows' list, React placed each new row by walking its new siblings, 21 s at 100,000.
- **Memory**: about 140 MB of JS heap held by the report after GC (the parsed positions, react-aria's nodes, the
  map's copies of the line and points).
`;

// ---------------------------------------------------------------------------------------------- main

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (options.markdownOnly) return rewriteResults<Results>('reports-route', options.note, markdown);
  const runs = options.profile ? 1 : options.runs;
  // a run is ~1 min on a quiet 2-core machine (the server's answer alone 5–25 s); the bound leaves room for a loaded one, not for a hang
  const limitMs = 180_000 + options.positions * 1 + runs * (900_000 + options.scrollMs + options.wheelMs);
  const admin = { email: ADMIN, password: PASSWORD };
  let dataset: Dataset | null = null;
  const { result: results, context: around } = await benchSession({ name: 'reports', password: PASSWORD, limitMs }, async ({ url, dataDir, browser, started }) => {
    const seeded = await seedDay(url, dataDir, admin, { name: 'Route bench', uniqueId: 'bench-route-1' }, { ...options, firstAfterMs: 30 * 60_000 });
    dataset = seeded.dataset;
    const filter = new URLSearchParams({ deviceId: String(seeded.deviceId), period: 'custom', from: dataset.from, to: dataset.to }).toString();
    const context = await signedInContext(browser, url, admin, STEP_TIMEOUT_MS, [formatterProbe]);
    if (options.profile) mkdirSync(options.profile, { recursive: true });
    const measured: Run[] = [];
    for (let k = 0; k < runs; k++) {
      const run = await measureRun(context, url, filter, options, options.profile);
      console.log(`run ${k + 1} (+${Math.round((Date.now() - started) / 1000)} s): ${JSON.stringify(run)}`);
      measured.push(run);
    }
    await context.close();
    return measured;
  });
  if (options.profile) {
    console.log(`diagnostic run (--profile): profiles in ${options.profile}, results not recorded`);
    return;
  }
  const summary = summarize(MEASURES, results);
  const worst = (key: string): number => summary[key]?.worst ?? 0;
  const report: Results = {
    date: new Date().toISOString(),
    machine: machineInfo(around.chromium),
    source: around.source,
    loadAverage: around.loadAverage,
    note: options.note,
    dataset: dataset!,
    budget: BUDGET,
    verdicts: {
      showToRows: worst('showFirstRowsMs') <= BUDGET.showToRowsMs,
      scrollFps: worst('scrollFps') >= BUDGET.scrollFps,
      domRows: worst('scrollMaxDomRows') <= BUDGET.domRows,
      select: worst('selectMs') <= BUDGET.selectMs,
    },
    summary,
    runs: results,
  };
  writeResults('reports-route', report, markdown(report));
}

runMain(main);
