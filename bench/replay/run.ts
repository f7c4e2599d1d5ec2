/**
 * Replay benchmark (npm run bench:replay): the built client in headless Chromium loads a day of one device's
 * one-second positions (86,400) on `/replay`, plays it at 60× and seeks with the time slider (issue 14: "a day
 * of one-second positions loads and plays without a long task over 100 ms").
 *
 *   npm run bench:replay -- [--positions 86400] [--interval-ms 1000] [--runs 3] [--play-ms 10000]
 *                           [--note TEXT] [--profile DIR]
 *   npm run bench:replay -- --markdown-only [--note TEXT]
 *
 * - The server and the data as in the route report benchmark (bench/reports/history.ts): bench/live/serve.ts in
 *   a child process on a temporary data dir serving dist/, `report.maxPositions` raised to the number of
 *   positions, one device, its positions written straight into the SQLite file — a seeded synthetic drive
 *   around Riyadh, one fix every --interval-ms from the day's first second (86,400 at 1 s: 00:00:00 → 23:59:59 UTC).
 * - One browser context, signed in once through the login form. Each run is a new page in it:
 *   1. baseline: `/replay?deviceId=ID&period=custom&from=…&to=…` (the filter filled, not shown), garbage collected,
 *      JS heap read (CDP Performance.getMetrics);
 *   2. load: a click on Show → the first animation frame where the Play button is enabled and the map's container
 *      says `data-replay-lines="1"` (the history prepared and handed to the map); split by the Resource Timing
 *      entry of `/api/reports/route` (click → request, request → first byte, download, last byte → ready: the
 *      client, the bytes parsed and prepared in the worker and the line handed to MapLibre); long tasks in that
 *      window and in the 2 s after it (MapLibre's worker tiling the line, the first frames drawing it);
 *   3. memory: JS heap with the history loaded (as is, after a forced GC);
 *   4. play: `+` twice on the page (10× → 30× → 60×), a click on Play, --play-ms later a click on Pause: fps,
 *      the longest frame gap and long tasks in between, and how far the replay clock went (the time the slider's
 *      output says when paused, less the first position's) against 60 × the time between the two clicks;
 *   5. seek: the slider's thumb focused, End, Home, Page Up, Page Up, End (600 ms apart): the longest task and
 *      frame gap, and that the arrow stood on the last position after the last End;
 *   6. open by address: page.goto(the same address with `&show=true`) → Play enabled and the line on the map,
 *      split the same way (navigation → request is the app starting).
 * - Median and worst of the runs into bench/results/replay.json and replay.md, with the budget judged on
 *   the worst run.
 * - --profile DIR (diagnostic, nothing recorded): one run with CPU profiles of load, play, seek and open into DIR
 *   and a summary of where the main thread's time goes.
 * Bounded (a global time limit), stops by itself, kills the server it started (by pid).
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { machineInfo, parseFlags, requireDist, rewriteResults, runMain, writeResults } from '../fleet.ts';
import { profiler } from '../live/profile.ts';
import { awaitInPage, type Measure, memory, motion, type Motion, probeSlice, round, signedInContext, sleep, summarize, tasks, type Stat, type Tasks } from '../probe.ts';
import { benchSession } from '../session.ts';
import { type Dataset, type DayResults, type Fetched, reportRequest, type RequestSplit, requestSplit, seedDay } from '../reports/history.ts';

const PASSWORD = 'bench-replay-password';
const ADMIN = 'admin';
const PATH = '/replay';
const STEP_TIMEOUT_MS = 300_000;
/** Show: the replay filter's submit button */
const SHOW = 'form button[type="submit"]';
const PLAY = '[data-testid="replay-play"]';
const MAP = '[data-testid="replay-map"]';
/** after the history is ready, how long MapLibre's work on it (tiling, the first frames of the line) is watched */
const SETTLE_MS = 2_000;
const SEEK_KEYS = ['End', 'Home', 'PageUp', 'PageUp', 'End'] as const;
const SEEK_GAP_MS = 600;
const SPEED = 60;
/** the issue's: no long task over 100 ms while loading and playing; and this benchmark's: fps while playing at 60× */
const BUDGET = { longestTaskMs: 100, playFps: 50, clockError: 0.05 };

interface Options {
  positions: number;
  intervalMs: number;
  runs: number;
  playMs: number;
  note: string | null;
  profile: string | null;
  markdownOnly: boolean;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { positions: 86_400, intervalMs: 1_000, runs: 3, playMs: 10_000, note: null, profile: null, markdownOnly: false };
  /** a whole number of at least `min` into `key` */
  const count = (key: 'positions' | 'intervalMs' | 'runs' | 'playMs', min: number) => (value: string) => Number(value) >= min && ((options[key] = Math.round(Number(value))), true);
  options.markdownOnly = parseFlags(argv, {
    '--positions': count('positions', 2),
    '--interval-ms': count('intervalMs', 100),
    '--runs': count('runs', 1),
    '--play-ms': count('playMs', 1_000),
    '--note': (value) => ((options.note = value), true),
    '--profile': (value) => ((options.profile = resolve(value)), true),
  }).markdownOnly;
  if (!options.markdownOnly) requireDist();
  return options;
}

// ---------------------------------------------------------------------------------------------- page probes

interface Ready {
  clickAt?: number;
  /** the first frame with Play enabled and the line handed to the map */
  readyAt: number;
}

/**
 * Watches the page, one check per animation frame, until the Play button is enabled and the replay map's container
 * says one line is drawn; `window.__ready` resolves with that frame's page time. With `afterClick`, only what
 * follows the next pointerdown counts (its event time is kept too); with `path`, only on a page opened with
 * `show=true` there (an init script, before the page's own scripts).
 */
function watchReady({ play, map, afterClick, path }: { play: string; map: string; afterClick: boolean; path?: string }): void {
  if (path && (location.pathname !== path || !location.search.includes('show=true'))) return;
  const seen: { clickAt?: number } = {};
  if (afterClick) document.addEventListener('pointerdown', (event) => (seen.clickAt ??= event.timeStamp), { capture: true, once: true });
  (window as unknown as { __ready: Promise<Ready> }).__ready = new Promise((done) => {
    const check = (): void => {
      const button = document.querySelector(play);
      const ready = button !== null && !button.hasAttribute('data-disabled') && document.querySelector(`${map} [data-replay-lines="1"]`) !== null;
      if (ready && (!afterClick || seen.clickAt !== undefined)) done({ ...seen, readyAt: performance.now() });
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** The replay clock as the slider's output says it (ms since the epoch, to the second), and the slider's value. */
function clock(page: Page): Promise<{ text: string; time: number; slider: number }> {
  return page.evaluate(() => {
    const controls = document.querySelector('[data-testid="replay-controls"]')!;
    const text = controls.querySelector('output')?.textContent?.trim() ?? '';
    const input = controls.querySelector('input[type="range"]') as HTMLInputElement | null;
    return { text, time: Date.parse(text.replace(/[\u202f\u00a0]/g, ' ')), slider: Number(input?.value ?? NaN) };
  });
}

const arrowAt = (page: Page): Promise<string> => page.evaluate((map) => document.querySelector(`${map} [data-replay-at]`)?.getAttribute('data-replay-at') ?? '', MAP);

/** Blurs whatever has the focus, so keys go to the page's own shortcuts. */
const blur = (page: Page): Promise<void> => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

/** The page time of the next pointerdown, once it happened (`window.__pressed`). */
function watchPress(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as { __pressed: Promise<number> };
    w.__pressed = new Promise((done) => document.addEventListener('pointerdown', (event) => done(event.timeStamp), { capture: true, once: true }));
  });
}

// ---------------------------------------------------------------------------------------------- one run

/** split by the route report's request; its client part: the worker's parse and preparation, the stops and events reports, the layer */
interface Loaded extends RequestSplit {
  /** start (the click, or navigation start) → Play enabled and the line on the map */
  readyMs: number;
  longtasks: Tasks;
  /** the SETTLE_MS after ready: MapLibre tiling and drawing the line */
  settleLongtasks: Tasks;
  settleMaxFrameGapMs: number;
}

interface Run {
  baselineHeapMb: number;
  load: Loaded;
  memory: { heapMb: number; heapAfterGcMb: number; performanceMemoryMb: number | null; replayHeapMb: number };
  play: Motion & { speedLabel: string; clockAdvancedS: number; expectedS: number; clockError: number; clockText: [string, string] };
  /** endOnLast: the slider at its maximum after the last End; the clock and the arrow there */
  seek: { keys: number; longtasks: Tasks; maxFrameGapMs: number; endOnLast: boolean; endClock: string; endArrow: string };
  open: Loaded & { heapAfterGcMb: number };
}

function loaded(ready: Ready, start: number, fetched: Fetched, all: number[], settle: { longtasks: number[]; maxFrameGapMs: number }): Loaded {
  return {
    readyMs: round(ready.readyAt - start),
    ...requestSplit(fetched, start, ready.readyAt),
    longtasks: tasks(all),
    settleLongtasks: tasks(settle.longtasks),
    settleMaxFrameGapMs: round(settle.maxFrameGapMs),
  };
}

async function measureRun(context: BrowserContext, url: string, filter: string, options: Options, profileDir: string | null): Promise<Run> {
  const page = await context.newPage();
  try {
    page.on('pageerror', (error) => console.error('[page error]', error.message));
    await page.addInitScript(watchReady, { play: PLAY, map: MAP, afterClick: false, path: PATH });
    const cdp = await context.newCDPSession(page);
    const profiled = profiler(cdp, profileDir);

    // 1. baseline: the filter filled, nothing loaded
    await page.goto(`${url}${PATH}?${filter}`, { waitUntil: 'domcontentloaded', timeout: STEP_TIMEOUT_MS });
    const showButton = page.locator(SHOW);
    await showButton.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    await page.locator(`${MAP} [data-replay-lines]`).waitFor({ state: 'attached', timeout: STEP_TIMEOUT_MS });
    await sleep(1_500);
    const baseline = await memory(cdp, page, true);

    // 2. Show → ready
    await page.evaluate(watchReady, { play: PLAY, map: MAP, afterClick: true });
    const ready = await profiled('load', async () => {
      await showButton.click();
      const result = await awaitInPage<Ready>(page, '__ready', 'load', STEP_TIMEOUT_MS);
      await sleep(SETTLE_MS + 300);
      return result;
    });
    const clickAt = ready.clickAt!;
    const fetched = await reportRequest(page, clickAt);
    const load = loaded(ready, clickAt, fetched, (await probeSlice(page, clickAt, ready.readyAt)).longtasks, await probeSlice(page, ready.readyAt, ready.readyAt + SETTLE_MS));

    // 3. memory with the history loaded
    const asIs = await memory(cdp, page, false);
    const afterGc = await memory(cdp, page, true);

    // 4. play at 60× for --play-ms
    await blur(page);
    const speedButton = page.locator('[data-testid="replay-controls"] button', { hasText: '×' }).first();
    for (let k = 0; k < 5 && !(await speedButton.textContent())?.includes(`${SPEED}×`); k++) await page.keyboard.press('+');
    const speedLabel = ((await speedButton.textContent()) ?? '').trim();
    if (!speedLabel.includes(`${SPEED}×`)) throw new Error(`the speed is ${speedLabel}, not ${SPEED}×`);
    const before = await clock(page);
    const play = page.locator(PLAY);
    await sleep(500);
    const played = await profiled('play', async () => {
      await watchPress(page);
      await play.click();
      const from = await awaitInPage<number>(page, '__pressed', 'play', 10_000);
      await sleep(options.playMs);
      await watchPress(page);
      await play.click();
      const to = await awaitInPage<number>(page, '__pressed', 'pause', 10_000);
      return { from, to };
    });
    await page.locator(PLAY, { hasText: 'Play' }).waitFor({ timeout: 10_000 });
    await sleep(300);
    const after = await clock(page);
    const playMotion = await motion(page, played.from, played.to);
    const advancedS = (after.time - before.time) / 1000;
    const expectedS = (SPEED * (played.to - played.from)) / 1000;

    // 5. seek with the slider's keys
    const thumb = page.getByRole('slider').first();
    await thumb.focus();
    await sleep(500);
    const seekFrom = await page.evaluate(() => performance.now());
    await profiled('seek', async () => {
      for (const key of SEEK_KEYS) {
        await page.keyboard.press(key);
        await sleep(SEEK_GAP_MS);
      }
    });
    const seekTo = await page.evaluate(() => performance.now());
    const seekSlice = await probeSlice(page, seekFrom, seekTo);
    const end = await clock(page);
    const endOnLast = await page.evaluate(() => {
      const input = document.querySelector('[data-testid="replay-controls"] input[type="range"]') as HTMLInputElement | null;
      return !!input && input.value === input.max;
    });
    const endArrow = await arrowAt(page);

    // 6. open by address
    const openReady = await profiled('open', async () => {
      await page.goto(`${url}${PATH}?${filter}&show=true`, { waitUntil: 'domcontentloaded', timeout: STEP_TIMEOUT_MS });
      const result = await awaitInPage<Ready>(page, '__ready', 'open by address', STEP_TIMEOUT_MS);
      await sleep(SETTLE_MS + 300);
      return result;
    });
    const openFetched = await reportRequest(page, 0);
    const open = loaded(openReady, 0, openFetched, (await probeSlice(page, 0, openReady.readyAt)).longtasks, await probeSlice(page, openReady.readyAt, openReady.readyAt + SETTLE_MS));
    const openMemory = await memory(cdp, page, true);

    return {
      baselineHeapMb: baseline.heapMb,
      load,
      memory: { heapMb: asIs.heapMb, heapAfterGcMb: afterGc.heapMb, performanceMemoryMb: afterGc.performanceMemoryMb, replayHeapMb: round(afterGc.heapMb - baseline.heapMb) },
      play: {
        ...playMotion,
        speedLabel,
        clockAdvancedS: round(advancedS),
        expectedS: round(expectedS),
        clockError: round(Math.abs(advancedS - expectedS) / expectedS, 3),
        clockText: [before.text, after.text],
      },
      seek: { keys: SEEK_KEYS.length, longtasks: tasks(seekSlice.longtasks), maxFrameGapMs: round(seekSlice.maxFrameGapMs), endOnLast, endClock: end.text, endArrow },
      open: { ...open, heapAfterGcMb: openMemory.heapMb },
    };
  } finally {
    await page.close().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------- report

/** A load's time to ready and its split by the route report's request. */
function loadMeasures(key: 'load' | 'open', label: string, start: string, pick: (r: Run) => Loaded): Array<Measure<Run>> {
  const parts: Array<[keyof RequestSplit, string]> = [
    ['beforeRequestMs', `${start} → request sent`],
    ['serverMs', 'server (request → first byte)'],
    ['downloadMs', 'download (first → last byte)'],
    ['clientMs', 'client (last byte → ready: the worker parsing and preparing, the stops and events, the layer)'],
  ];
  return [
    { key: `${key}ReadyMs`, label, unit: ' ms', pick: (r) => pick(r).readyMs },
    ...parts.map(([part, text]): Measure<Run> => ({ key: `${key}${part[0]!.toUpperCase()}${part.slice(1)}`, label: `${key}: ${text}`, unit: ' ms', pick: (r) => pick(r)[part] })),
  ];
}

const MEASURES: Array<Measure<Run>> = [
  ...loadMeasures('load', '**Show → ready** (Play enabled, the line on the map)', 'click', (r) => r.load),
  { key: 'loadLongTasks', label: 'load: long tasks (click → ready)', unit: '', pick: (r) => r.load.longtasks.count },
  { key: 'loadLongestTaskMs', label: '**load: longest task** (click → ready)', unit: ' ms', pick: (r) => r.load.longtasks.maxMs },
  { key: 'settleLongestTaskMs', label: `**load: longest task in the ${SETTLE_MS / 1000} s after ready** (MapLibre drawing the line)`, unit: ' ms', pick: (r) => r.load.settleLongtasks.maxMs },
  { key: 'settleMaxFrameGapMs', label: `load: longest frame gap in those ${SETTLE_MS / 1000} s`, unit: ' ms', pick: (r) => r.load.settleMaxFrameGapMs },
  { key: 'playFps', label: `**play at ${SPEED}×: fps** (worst = lowest)`, unit: '', pick: (r) => r.play.fps, higher: true },
  { key: 'playMaxFrameGapMs', label: 'play: longest frame gap', unit: ' ms', pick: (r) => r.play.maxFrameGapMs },
  { key: 'playLongTasks', label: 'play: long tasks (> 50 ms)', unit: '', pick: (r) => r.play.longtasks.count },
  { key: 'playLongestTaskMs', label: '**play: longest task**', unit: ' ms', pick: (r) => r.play.longtasks.maxMs },
  { key: 'playClockError', label: `play: the clock's error against ${SPEED} × the time played (share)`, unit: '', pick: (r) => r.play.clockError },
  { key: 'seekLongestTaskMs', label: `seek (${SEEK_KEYS.join(', ')} on the slider): longest task`, unit: ' ms', pick: (r) => r.seek.longtasks.maxMs },
  { key: 'seekMaxFrameGapMs', label: 'seek: longest frame gap', unit: ' ms', pick: (r) => r.seek.maxFrameGapMs },
  { key: 'heapMb', label: 'JS heap with the history loaded', unit: ' MB', pick: (r) => r.memory.heapMb },
  { key: 'heapAfterGcMb', label: 'JS heap with the history loaded, after GC', unit: ' MB', pick: (r) => r.memory.heapAfterGcMb },
  { key: 'replayHeapMb', label: 'JS heap held by the replay (after GC, less the page before Show)', unit: ' MB', pick: (r) => r.memory.replayHeapMb },
  ...loadMeasures('open', '**open by address → ready** (navigation start → ready)', 'navigation', (r) => r.open),
  { key: 'openLongestTaskMs', label: 'open: longest task (navigation → ready)', unit: ' ms', pick: (r) => r.open.longtasks.maxMs },
  { key: 'openSettleLongestTaskMs', label: `open: longest task in the ${SETTLE_MS / 1000} s after ready`, unit: ' ms', pick: (r) => r.open.settleLongtasks.maxMs },
];

type Results = DayResults<typeof BUDGET, { loadLongestTask: boolean; playLongestTask: boolean; playFps: boolean; clock: boolean }, Run>;

function verdicts(summary: Record<string, Stat>): Results['verdicts'] {
  const worst = (key: string): number => summary[key]?.worst ?? 0;
  return {
    loadLongestTask: Math.max(worst('loadLongestTaskMs'), worst('settleLongestTaskMs')) <= BUDGET.longestTaskMs,
    playLongestTask: worst('playLongestTaskMs') <= BUDGET.longestTaskMs,
    playFps: worst('playFps') >= BUDGET.playFps,
    clock: worst('playClockError') <= BUDGET.clockError,
  };
}

function markdown(results: Results): string {
  const { machine: m, dataset: d, summary: s, verdicts: v } = results;
  const ok = (met: boolean): string => (met ? 'met' : '**not met**');
  const rows = MEASURES.filter(({ key }) => s[key]).map(({ key, label, unit }) => `| ${label} | ${s[key]!.median}${unit} | ${s[key]!.worst}${unit} |`);
  const load = results.loadAverage;
  const perRun = results.runs.map(
    (r, k) =>
      `| ${k + 1} | ${r.load.readyMs} ms (${r.load.beforeRequestMs} + ${r.load.serverMs} + ${r.load.downloadMs} + ${r.load.clientMs}); ${r.load.longtasks.count} long, longest ${r.load.longtasks.maxMs} ms; after: ${r.load.settleLongtasks.maxMs} ms | ${r.play.fps} fps (${r.play.frames} frames in ${r.play.durationMs} ms, gap ${r.play.maxFrameGapMs} ms, ${r.play.longtasks.count} long, longest ${r.play.longtasks.maxMs} ms) | ${r.play.clockAdvancedS} s for ${r.play.expectedS} s | ${r.seek.longtasks.maxMs} ms${r.seek.endOnLast ? '' : ' (**End did not reach the end**)'} | ${r.open.readyMs} ms; longest ${r.open.longtasks.maxMs} / ${r.open.settleLongtasks.maxMs} ms | ${r.baselineHeapMb} → ${r.memory.heapMb} / ${r.memory.heapAfterGcMb} MB |`,
  );
  return [
    '# Replay benchmark',
    '',
    `${results.date.slice(0, 16).replace('T', ' ')} UTC; ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, ${m.platform}, Node ${m.node}, ${m.chromium}; load average (1 min) ${load.start} at the start, ${load.max} at most, ${load.end} at the end.`,
    `Client: ${results.source}.`,
    ...(results.note ? ['', results.note] : []),
    '',
    `\`npm run bench:replay\`: \`/replay\` of one device with ${d.positions.toLocaleString('en')} positions (one every ${d.intervalMs / 1000} s, ${d.firstFix.slice(0, 19)} → ${d.lastFix.slice(0, 19)} UTC), ${d.responseMb.toFixed(1)} MB of route report JSON; ${results.runs.length} runs, median and worst; raw figures in \`replay.json\`.`,
    '',
    '| measure | median | worst |',
    '| --- | --- | --- |',
    ...rows,
    '',
    `Budget (worst run): no long task over ${BUDGET.longestTaskMs} ms while loading (click → ready and the ${SETTLE_MS / 1000} s after) ${ok(v.loadLongestTask)} and while playing ${ok(v.playLongestTask)} (issue 14); playing at ${SPEED}× at ≥ ${BUDGET.playFps} fps ${ok(v.playFps)}; the clock within ${BUDGET.clockError * 100} % of ${SPEED} × the time played ${ok(v.clock)}.`,
    'A longest task of 0 ms means none over 50 ms (the Long Tasks API reports only those).',
    '',
    '| run | Show → ready (click→request + server + download + client); long tasks | play at 60× | clock | seek: longest task | open by address → ready; longest task / after | JS heap: before → loaded / after GC |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...perRun,
    '',
    '## How it is measured',
    '',
    `- Server: \`bench/live/serve.ts\` in a child process on a fresh temporary data dir (loopback, demo admin, no simulator, offline basemap, serving \`dist/\`). The server attribute \`report.maxPositions\` (${d.reportCapBefore ?? 'unset: the default 50,000'}) is set to ${d.reportCap.toLocaleString('en')} through \`PUT /api/server\`; one device is created through \`POST /api/devices\`; its positions are written straight into the server's SQLite file (bench/reports/history.ts: a second better-sqlite3 connection, one prepared INSERT in one transaction, ${d.insertSeconds} s) — a seeded synthetic drive around Riyadh (drives of 8–25 min at 20–120 km/h with turns, stops of 1–6 min, course jitter every fix), as in the route report benchmark.`,
    "- Chromium headless with the e2e harness's arguments (software WebGL), viewport 1280×800, one context signed in once through the login form, each run a new page in it. Frames are counted with requestAnimationFrame and long tasks with PerformanceObserver (`longtask`, main thread only: the replay worker's parse and preparation are not long tasks of the page) from an init script (`bench/probe.ts`).",
    `- **load**: \`/replay?deviceId=ID&period=custom&from=…&to=…\` (the filter filled); 1.5 s later a click (Playwright's mouse) on Show; from the pointerdown's event time to the first animation frame where \`[data-testid=replay-play]\` has no \`data-disabled\` and the map's container carries \`data-replay-lines="1"\` (the replay layer has handed the line to MapLibre). Split by the Resource Timing entry of \`/api/reports/route\` (the stops and events reports go at the same time). Long tasks from the click to ready, and in the ${SETTLE_MS / 1000} s after it (MapLibre's worker cuts the line into tiles and the first frames draw it): both count as loading for the budget.`,
    `- **memory**: CDP \`Performance.getMetrics\` (\`JSHeapUsedSize\`, the page's main thread) before Show after a forced GC, with the history loaded (as is, after a forced GC). The prepared history is typed arrays (its columns, ≈ 6 MB for 86,400 positions), whose buffers lie outside the V8 heap this counts: the small figure is the objects around them.`,
    `- **play**: the focus taken off, \`+\` on the page until the Speed select says ${SPEED}× (10× → 30× → 60×); a click on Play, ${Math.round((results.runs[0]?.play.durationMs ?? 10_000) / 1000)} s later a click on Pause; between the two pointerdowns: frames, fps, the longest frame gap, long tasks. The follow camera is off (the default): each frame moves the arrow (a Marker) and repaints the line's played part (\`line-gradient\`). The clock: the slider output's time (to the second) when paused less the one before Play, against ${SPEED} × the time between the clicks (the first frame only starts the clock).`,
    `- **seek**: the slider's thumb focused, the keys ${SEEK_KEYS.join(', ')} ${SEEK_GAP_MS} ms apart (paused): long tasks and the longest frame gap over them; after the last End the slider is at its maximum.`,
    '- **open by address**: `page.goto` of the same address with `&show=true` (a full document load, scripts from the HTTP cache); times from navigation start, split the same way.',
    "- The machine's 2 cores are shared by Chromium (its main thread, the replay worker, MapLibre's workers, the GPU process rendering WebGL in software), the server and whatever else runs (see the load average): the figures move with it.",
    '',
    PROFILE_NOTES,
  ].join('\n');
}

/** Written by hand after `--profile` runs; kept in the report when it is regenerated. */
const PROFILE_NOTES = `## What the long tasks are (from \`--profile\` runs)

- **Load.** The route report's 42 MB are fetched as bytes and parsed and prepared in the replay worker: the
  main thread never parses them, and the client's part (last byte → ready) is about 0.35 s. In the profile of
  click → ready (+2 s) at 20:36 UTC (load ≈ 1) there are 270 ms of JavaScript in 5.2 s and one span over 50 ms
  (88 ms): the click on Show itself, which writes \`show=true\` to the address and renders the filter again
  (react-aria's date pickers and selects), then starts the requests — the same render as a report page's Show,
  not the history. The worst run's 102 ms is that task. After ready, MapLibre's first frames with the new line
  (WebGL in software: compiling the line-gradient program, uploading its texture) stay under 100 ms.
- **Play.** A frame moves each arrow (a \`Marker\`: a transform, no source update) and renders no component: the
  slider and the devices' details read the clock ten times a second on their own, and the played part of the
  line (\`line-gradient\` over \`line-progress\`, which makes MapLibre rebuild the gradient texture) is repainted
  at most every 100 ms. Before those two changes (8d370d5; at load 3–4): 54 fps and a 74 ms task at 60×,
  with ≈ 4 ms of JavaScript per frame re-rendering the whole page ten times a second.
- **Not measured here**: the follow camera (off by default; with it every frame moves the camera, a full redraw).
- The server's answer (SQLite, 86,400 rows to 42 MB of JSON) and the download over loopback are most of the
  time to ready: the page waits for them, it is not blocked.
`;

// ---------------------------------------------------------------------------------------------- main

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (options.markdownOnly) return rewriteResults<Results>('replay', options.note, markdown);
  const runs = options.profile ? 1 : options.runs;
  const admin = { email: ADMIN, password: PASSWORD };
  let dataset: Dataset | null = null;
  const { result: results, context: around } = await benchSession({ name: 'replay', password: PASSWORD, limitMs: 180_000 + options.positions + runs * (600_000 + options.playMs) }, async ({ url, dataDir, browser, started, sampleLoad }) => {
    const seeded = await seedDay(url, dataDir, admin, { name: 'Replay bench', uniqueId: 'bench-replay-1' }, { positions: options.positions, intervalMs: options.intervalMs, firstAfterMs: 0 });
    dataset = seeded.dataset;
    const filter = new URLSearchParams({ deviceId: String(seeded.deviceId), period: 'custom', from: dataset.from, to: dataset.to }).toString();
    const context = await signedInContext(browser, url, admin, STEP_TIMEOUT_MS);
    if (options.profile) mkdirSync(options.profile, { recursive: true });
    const measured: Run[] = [];
    for (let k = 0; k < runs; k++) {
      const run = await measureRun(context, url, filter, options, options.profile);
      console.log(`run ${k + 1} (+${Math.round((Date.now() - started) / 1000)} s, load ${sampleLoad()}): ${JSON.stringify(run)}`);
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
  const report: Results = {
    date: new Date().toISOString(),
    machine: machineInfo(around.chromium),
    source: around.source,
    loadAverage: around.loadAverage,
    note: options.note,
    dataset: dataset!,
    budget: BUDGET,
    verdicts: verdicts(summary),
    summary,
    runs: results,
  };
  writeResults('replay', report, markdown(report));
}

runMain(main);
