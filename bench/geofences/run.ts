/**
 * Geofences benchmark (npm run bench:geofences): the built client in headless Chromium draws geofences on
 * the main map.
 *
 *   npm run bench:geofences -- [--runs 3] [--vertices 100000] [--count 1000] [--pages map] [--profile DIR]
 *
 * - The server runs in a child process (bench/live/serve.ts) on a temporary data dir with the demo admin,
 *   simulator off, offline basemap, serving dist/. The demo's own geofences are deleted first, so each
 *   dataset is alone on the map.
 * - Datasets, created through the REST API (`POST /api/geofences`, one session cookie):
 *   a. `large`: one polygon of --vertices vertices (a wavy ring around Riyadh, 7 decimals, not crossing
 *      itself). When the server refuses it (its request body limit), the refusal is recorded and the same
 *      row is written straight into the server's database (linked to the admin like a POST would), so the
 *      client's drawing is still measured; the report says so.
 *   b. `many`: --count geofences around Riyadh (24.7136, 46.6753): circles, polygons and lines in turn,
 *      with colour / line width / opacity attributes.
 * - For each dataset and page (PAGES: the main map `/`; the /geofences editor is a prepared third case,
 *   GEOFENCES_EDITOR_PAGE, off until that page shows the map), each run is a fresh browser context: sign
 *   in through the login form, then measure
 *   1. open: page.goto(path) → the first animation frame where the map's `data-geofence-features` equals
 *      the number of geofences (features drawn into the source), and the first where, after that, the
 *      map is idle with them (`data-map-ready="true"`); long tasks from navigation start until then;
 *   2. pan/zoom: 3 s of input on the map with the geofences shown (a mouse drag for half, wheel zoom in and
 *      out for the other half, through Playwright's mouse): frames, fps, longest frame gap, long tasks.
 * - Median and worst of the runs are written to bench/results/geofences.json and geofences.md.
 * - --profile DIR (diagnostic, nothing recorded): one run per case with a CPU profile of the open and the
 *   pan/zoom into DIR, with a summary of where the main thread's time goes.
 * Bounded (a global time limit), stops by itself, kills the server it started (by pid).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/e2e/harness.ts';
import { type Machine, type ServerHandle, freePort, killChildren, machineInfo, runMain, startServer, stopServer } from '../fleet.ts';
import { pageProbe, probeSlice } from '../probe.ts';
import { startProfile } from '../live/profile.ts';

const PASSWORD = 'bench-geofences-password';
const ADMIN = 'admin';
const RIYADH = { lat: 24.7136, lon: 46.6753 };
const PAN_ZOOM_MS = 3_000;
const STEP_TIMEOUT_MS = 120_000;
const MAP = '[data-testid="map"]';
const BUDGET = { openMs: 3_000, longestTaskMs: 500, panZoomFps: 30 };

/** A page that shows the one map with the geofences; `ready` is checked on top of the map's own hooks. */
interface PageCase {
  id: string;
  title: string;
  path: string;
}

const MAIN_MAP_PAGE: PageCase = { id: 'map', title: 'main map `/`', path: '/' };
/**
 * The third case, prepared: the /geofences editor page (the same map with the geofence list). Turn it on
 * with `--pages map,editor` once that page renders MapView with a geofence feed (it must carry the same
 * data-testid="map", data-geofence-features and data-map-ready hooks).
 */
const GEOFENCES_EDITOR_PAGE: PageCase = { id: 'editor', title: 'geofences editor `/geofences`', path: '/geofences' };
const PAGES: Record<string, PageCase> = { map: MAIN_MAP_PAGE, editor: GEOFENCES_EDITOR_PAGE };

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
const repo = here('../../');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;

interface Options {
  runs: number;
  vertices: number;
  count: number;
  pages: PageCase[];
  profile: string | null;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { runs: 3, vertices: 100_000, count: 1_000, pages: [MAIN_MAP_PAGE], profile: null };
  for (let k = 0; k < argv.length; k += 2) {
    const flag = argv[k]!;
    const value = argv[k + 1];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--runs' && Number(value) > 0) options.runs = Math.round(Number(value));
    else if (flag === '--vertices' && Number(value) >= 3) options.vertices = Math.round(Number(value));
    else if (flag === '--count' && Number(value) > 0) options.count = Math.round(Number(value));
    else if (flag === '--profile') options.profile = value;
    else if (flag === '--pages') {
      options.pages = value.split(',').map((id) => {
        const page = PAGES[id.trim()];
        if (!page) throw new Error(`Unknown page ${id} (known: ${Object.keys(PAGES).join(', ')})`);
        return page;
      });
    } else throw new Error(`Unknown option ${flag} ${value}`);
  }
  if (!existsSync(join(repo, 'dist/index.html'))) throw new Error('dist/index.html is missing: build the client first (npm run build); this benchmark builds nothing');
  return options;
}

// ---------------------------------------------------------------------------------------------- data

interface NewGeofence {
  name: string;
  description: string;
  area: string;
  attributes: Record<string, unknown>;
}

const fixed = (value: number, decimals: number): string => value.toFixed(decimals);

/** A wavy ring of `n` vertices around Riyadh (radius 5 km ± 20 %, by angle: star-shaped, so it never crosses itself). */
export function largePolygon(n: number): NewGeofence {
  const points: string[] = [];
  for (let k = 0; k < n; k++) {
    const a = (2 * Math.PI * k) / n;
    const r = 0.045 * (1 + 0.2 * Math.sin(24 * a) + 0.05 * Math.sin(397 * a));
    points.push(`${fixed(RIYADH.lat + r * Math.sin(a), 7)} ${fixed(RIYADH.lon + (r * Math.cos(a)) / Math.cos((RIYADH.lat * Math.PI) / 180), 7)}`);
  }
  return { name: `Large ${n}`, description: `${n} vertices`, area: `POLYGON ((${points.join(', ')}))`, attributes: { color: '#f59e0b', mapLineWidth: 2 } };
}

/** `count` geofences within ~35 km of Riyadh: circles, polygons and lines in turn (seeded, the same every time). */
export function manyGeofences(count: number): NewGeofence[] {
  let seed = 42;
  const random = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const colors = ['#ef4444', '#22c55e', '#3b82f6', '#a855f7', '#f59e0b', '#14b8a6'];
  const list: NewGeofence[] = [];
  for (let k = 0; k < count; k++) {
    const lat = RIYADH.lat + (random() - 0.5) * 0.6;
    const lon = RIYADH.lon + (random() - 0.5) * 0.6;
    const attributes = { color: colors[k % colors.length], mapLineWidth: 1 + (k % 4), mapLineOpacity: 0.6 + (k % 5) * 0.1 };
    const kind = k % 3;
    let area: string;
    if (kind === 0) {
      area = `CIRCLE (${fixed(lat, 6)} ${fixed(lon, 6)}, ${Math.round(100 + random() * 900)})`;
    } else if (kind === 1) {
      // a convex polygon of 5–10 vertices, 300 m–1.5 km across
      const n = 5 + Math.floor(random() * 6);
      const r = 0.003 + random() * 0.01;
      const ring = Array.from({ length: n }, (_, j) => {
        const a = (2 * Math.PI * j) / n;
        return `${fixed(lat + r * Math.sin(a), 6)} ${fixed(lon + r * Math.cos(a), 6)}`;
      });
      area = `POLYGON ((${ring.join(', ')}))`;
    } else {
      // a line of 3–8 points heading one way
      const n = 3 + Math.floor(random() * 6);
      const heading = random() * 2 * Math.PI;
      const line = Array.from({ length: n }, (_, j) => {
        const d = j * 0.004;
        return `${fixed(lat + d * Math.sin(heading + j * 0.2), 6)} ${fixed(lon + d * Math.cos(heading + j * 0.2), 6)}`;
      });
      area = `LINESTRING (${line.join(', ')})`;
    }
    list.push({ name: `Zone ${k + 1}`, description: '', area, attributes });
  }
  return list;
}

async function session(url: string): Promise<{ cookie: string; userId: number }> {
  const login = await fetch(`${url}/api/session`, { method: 'POST', body: new URLSearchParams({ email: ADMIN, password: PASSWORD }) });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('JSESSIONID='))?.split(';')[0];
  if (!cookie) throw new Error(`login failed: ${login.status}`);
  const user = (await login.json()) as { id: number };
  return { cookie, userId: user.id };
}

const headers = (cookie: string): Record<string, string> => ({ Cookie: cookie, 'Content-Type': 'application/json', Accept: 'application/json' });

async function listGeofences(url: string, cookie: string): Promise<Array<{ id: number; name: string }>> {
  const response = await fetch(`${url}/api/geofences`, { headers: headers(cookie) });
  if (!response.ok) throw new Error(`GET /api/geofences: ${response.status}`);
  return (await response.json()) as Array<{ id: number; name: string }>;
}

async function deleteAllGeofences(url: string, cookie: string): Promise<void> {
  for (const { id } of await listGeofences(url, cookie)) {
    const response = await fetch(`${url}/api/geofences/${id}`, { method: 'DELETE', headers: { Cookie: cookie } });
    if (!response.ok) throw new Error(`DELETE /api/geofences/${id}: ${response.status} ${await response.text()}`);
  }
}

/** POSTs the geofences, 16 in flight; the refusals (status and text) of those the server did not take. */
async function createGeofences(url: string, cookie: string, list: NewGeofence[]): Promise<Array<{ index: number; status: number; text: string }>> {
  const refused: Array<{ index: number; status: number; text: string }> = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < list.length) {
      const index = next++;
      const response = await fetch(`${url}/api/geofences`, { method: 'POST', headers: headers(cookie), body: JSON.stringify(list[index]) });
      if (!response.ok) refused.push({ index, status: response.status, text: (await response.text()).slice(0, 200) });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return refused;
}

/** Writes a geofence straight into the server's database (as POST would: the row and its link to the user). */
function insertIntoDatabase(dataDir: string, userId: number, geofence: NewGeofence): void {
  const db = new Database(join(dataDir, 'athar.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const id = Number(
      db.prepare('INSERT INTO geofences (name, description, area, attributes) VALUES (?, ?, ?, ?)').run(geofence.name, geofence.description, geofence.area, JSON.stringify(geofence.attributes))
        .lastInsertRowid,
    );
    db.prepare('INSERT OR IGNORE INTO links (ownerType, ownerId, propertyType, propertyId) VALUES (?, ?, ?, ?)').run('user', userId, 'geofence', id);
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------------- page probes

/**
 * Watches the map (one check per animation frame, from the page's start) for `data-geofence-features` equal
 * to `expected`, then for `data-map-ready="true"` with them; `window.__geofences` resolves with the page
 * times. Only on `path` (as an init script, before the page's own scripts).
 */
function watchGeofences({ expected, path, selector }: { expected: number; path: string; selector: string }): void {
  if (location.pathname !== path) return;
  const seen: { featuresAt?: number; readyAt?: number } = {};
  (window as unknown as { __geofences: Promise<typeof seen> }).__geofences = new Promise((done) => {
    const check = (): void => {
      const now = performance.now();
      const map = document.querySelector<HTMLElement>(selector);
      if (seen.featuresAt === undefined && map?.dataset.geofenceFeatures === String(expected)) seen.featuresAt = now;
      if (seen.featuresAt !== undefined && map?.dataset.geofenceFeatures === String(expected) && map.dataset.mapReady === 'true') {
        seen.readyAt = now;
        done(seen);
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

async function watched(page: Page, what: string): Promise<{ featuresAt: number; readyAt: number }> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  for (;;) {
    const result = page.evaluate(() => (window as unknown as { __geofences: Promise<{ featuresAt: number; readyAt: number }> }).__geofences);
    const timeout = sleep(Math.max(0, deadline - Date.now())).then(() => {
      throw new Error(`${what}: geofences not drawn within ${STEP_TIMEOUT_MS / 1000} s`);
    });
    try {
      return await Promise.race([result, timeout]);
    } catch (error) {
      if (!/context was destroyed/.test(String(error)) || Date.now() > deadline) throw error;
      await sleep(50);
    }
  }
}

interface Tasks {
  count: number;
  maxMs: number;
  totalMs: number;
}

function tasks(durations: number[]): Tasks {
  return { count: durations.length, maxMs: round(Math.max(0, ...durations)), totalMs: Math.round(durations.reduce((a, b) => a + b, 0)) };
}

/** Half the time a mouse drag in a circle, half wheel zoom in and out, on the map's centre. */
async function panAndZoom(page: Page, durationMs: number): Promise<{ from: number; to: number; inputs: number }> {
  const box = await page.locator(MAP).boundingBox();
  if (!box) throw new Error('the map has no box');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const now = (): Promise<number> => page.evaluate(() => performance.now());
  const from = await now();
  const start = Date.now();
  let inputs = 0;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  while (Date.now() - start < durationMs / 2) {
    const a = ((Date.now() - start) / 1000) * 2 * Math.PI;
    await page.mouse.move(cx + 150 * Math.cos(a) - 150, cy + 100 * Math.sin(a));
    inputs++;
  }
  await page.mouse.up();
  let zoomIn = true;
  let ticks = 0;
  while (Date.now() - start < durationMs) {
    await page.mouse.wheel(0, zoomIn ? -120 : 120);
    inputs++;
    if (++ticks % 6 === 0) zoomIn = !zoomIn;
    await sleep(40);
  }
  const to = await now();
  return { from, to, inputs };
}

// ---------------------------------------------------------------------------------------------- one run

interface Run {
  open: { featuresMs: number; readyMs: number; longtasks: Tasks };
  panZoom: { durationMs: number; inputs: number; frames: number; fps: number; maxFrameGapMs: number; longtasks: Tasks };
}

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login?locale=en`);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator(`${MAP}[data-map-ready="true"]`).waitFor({ state: 'attached', timeout: STEP_TIMEOUT_MS });
}

async function measureRun(browser: Browser, url: string, target: PageCase, expected: number, profileDir: string | null = null): Promise<Run> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('[page error]', error.message));
    // tsx (esbuild keepNames) wraps named functions in __name(): give the page a no-op one
    await page.addInitScript('window.__name = (f) => f;');
    await page.addInitScript(pageProbe);
    await page.addInitScript(watchGeofences, { expected, path: target.path, selector: MAP });
    await signIn(page, url);
    let cdp: CDPSession | null = null;
    const profiled = async <T>(phase: string, body: () => Promise<T>): Promise<T> => {
      if (!profileDir) return body();
      cdp ??= await context.newCDPSession(page);
      const stop = await startProfile(cdp, join(profileDir, `${target.id}-${expected}-${phase}.cpuprofile`));
      const result = await body();
      console.log(`--- ${target.id} ${expected} ${phase}\n${await stop()}`);
      return result;
    };

    // 1. open: a full document load of the page (scripts from the HTTP cache), the geofences fetched by it
    const opened = await profiled('open', async () => {
      await page.goto(`${url}${target.path}`, { waitUntil: 'domcontentloaded', timeout: STEP_TIMEOUT_MS });
      return watched(page, `${target.id} open`);
    });
    const openSlice = await probeSlice(page, 0, opened.readyAt);
    await sleep(1_000);

    // 2. pan and zoom with the geofences shown
    const moved = await profiled('panzoom', () => panAndZoom(page, PAN_ZOOM_MS));
    const slice = await probeSlice(page, moved.from, moved.to);
    const shown = await page.locator(MAP).getAttribute('data-geofence-features');
    if (shown !== String(expected)) throw new Error(`after pan/zoom the map shows ${shown} geofence features, ${expected} expected`);
    await page.close();
    return {
      open: { featuresMs: round(opened.featuresAt), readyMs: round(opened.readyAt), longtasks: tasks(openSlice.longtasks) },
      panZoom: {
        durationMs: Math.round(moved.to - moved.from),
        inputs: moved.inputs,
        frames: slice.frames,
        fps: round(slice.frames / ((moved.to - moved.from) / 1000)),
        maxFrameGapMs: round(slice.maxFrameGapMs),
        longtasks: tasks(slice.longtasks),
      },
    };
  } finally {
    await context.close().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------- report

interface Stat {
  median: number;
  worst: number;
}

function stat(values: number[], higherIsBetter = false): Stat {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor((sorted.length - 1) / 2)]!, worst: higherIsBetter ? sorted[0]! : sorted.at(-1)! };
}

interface CaseResult {
  dataset: 'large' | 'many';
  page: string;
  pagePath: string;
  geofences: number;
  /** total vertices in the areas as stored (circles count 1) */
  vertices: number;
  areaChars: number;
  createdThrough: 'REST' | 'database (REST refused)';
  restRefusal: string | null;
  setupSeconds: number;
  summary: Record<string, Stat>;
  verdicts: { open: boolean; longestTask: boolean; panZoom: boolean };
  runs: Run[];
}

function summarize(runs: Run[]): Record<string, Stat> {
  const of = (pick: (r: Run) => number, higherIsBetter = false): Stat => stat(runs.map(pick), higherIsBetter);
  return {
    openFeaturesMs: of((r) => r.open.featuresMs),
    openReadyMs: of((r) => r.open.readyMs),
    openLongTasks: of((r) => r.open.longtasks.count),
    openLongTasksTotalMs: of((r) => r.open.longtasks.totalMs),
    openLongestTaskMs: of((r) => r.open.longtasks.maxMs),
    panZoomFps: of((r) => r.panZoom.fps, true),
    panZoomMaxFrameGapMs: of((r) => r.panZoom.maxFrameGapMs),
    panZoomLongTasks: of((r) => r.panZoom.longtasks.count),
    panZoomLongestTaskMs: of((r) => r.panZoom.longtasks.maxMs),
  };
}

interface Results {
  date: string;
  machine: Machine;
  loadAverage: { start: number; end: number };
  budget: typeof BUDGET;
  cases: CaseResult[];
}

function markdown(results: Results): string {
  const { machine } = results;
  const date = results.date.slice(0, 16).replace('T', ' ');
  const ok = (met: boolean): string => (met ? 'met' : '**not met**');
  const sections = results.cases.map((c) => {
    const s = c.summary;
    const row = (label: string, key: string, unit = ' ms'): string => `| ${label} | ${s[key]!.median}${unit} | ${s[key]!.worst}${unit} | ${c.runs.length} |`;
    const what =
      c.dataset === 'large'
        ? `one polygon of ${c.vertices.toLocaleString('en')} vertices (${(c.areaChars / 1e6).toFixed(2)} M characters of area)`
        : `${c.geofences.toLocaleString('en')} geofences (circles, polygons and lines in turn; ${c.vertices.toLocaleString('en')} vertices in all)`;
    return [
      `## ${c.dataset === 'large' ? 'a. One large polygon' : `b. ${c.geofences.toLocaleString('en')} geofences`} — ${c.page}`,
      '',
      `${what}; created through ${c.createdThrough === 'REST' ? `\`POST /api/geofences\` in ${c.setupSeconds} s` : `the server's database: the REST API refused it (${c.restRefusal})`}.`,
      '',
      '| measure | median | worst | runs |',
      '| --- | --- | --- | --- |',
      row('open: navigation → all geofence features in the source', 'openFeaturesMs'),
      row('open: navigation → map idle with them (`data-map-ready`)', 'openReadyMs'),
      row('open: long tasks (> 50 ms)', 'openLongTasks', ''),
      row('open: long tasks, total', 'openLongTasksTotalMs'),
      row('open: longest task', 'openLongestTaskMs'),
      row(`pan/zoom ${PAN_ZOOM_MS / 1000} s: fps (worst = lowest)`, 'panZoomFps', ''),
      row('pan/zoom: longest frame gap', 'panZoomMaxFrameGapMs'),
      row('pan/zoom: long tasks (> 50 ms)', 'panZoomLongTasks', ''),
      row('pan/zoom: longest task', 'panZoomLongestTaskMs'),
      '',
      `Budget (worst of the runs): open ≤ ${BUDGET.openMs / 1000} s ${ok(c.verdicts.open)}; no task > ${BUDGET.longestTaskMs} ms ${ok(c.verdicts.longestTask)}; pan/zoom ≥ ${BUDGET.panZoomFps} fps ${ok(c.verdicts.panZoom)}.`,
      '',
      '| run | features | idle | long tasks (open) | pan/zoom fps | longest frame gap | inputs | long tasks (pan/zoom) |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      ...c.runs.map(
        (r, k) =>
          `| ${k + 1} | ${r.open.featuresMs} ms | ${r.open.readyMs} ms | ${r.open.longtasks.count} (${r.open.longtasks.totalMs} ms, longest ${r.open.longtasks.maxMs}) | ${r.panZoom.fps} | ${r.panZoom.maxFrameGapMs} ms | ${r.panZoom.inputs} | ${r.panZoom.longtasks.count} (longest ${r.panZoom.longtasks.maxMs}) |`,
      ),
      '',
    ].join('\n');
  });
  return [
    '# Geofences benchmark',
    '',
    `${date} UTC; ${machine.cpus} × ${machine.cpuModel.split(' ').slice(0, 2).join(' ')}, ${machine.memoryGb} GB, ${machine.platform}, Node ${machine.node}, ${machine.chromium}; load average ${results.loadAverage.start} → ${results.loadAverage.end}.`,
    '`npm run bench:geofences`: geofences drawn on the one map; median and worst of the runs; raw figures in `geofences.json`.',
    '',
    ...sections,
    'A longest task of 0 ms means none over 50 ms (the Long Tasks API reports only those).',
    '',
    '## How it is measured',
    '',
    "- Server (`bench/live/serve.ts`, loopback, demo admin, no simulator, offline basemap) in a child process on a temporary data dir; the demo's geofences deleted, then each dataset created (and deleted after its runs).",
    '- Chromium headless with the e2e harness\'s arguments, viewport 1280×800, a fresh context per run, signed in through the login form (`/login?locale=en`) and the map ready before each measurement.',
    "- **open**: `page.goto(path)` (a full document load, scripts from the HTTP cache, the geofences fetched by the page's query); page times (from navigation start) of the first animation frame where the map's `data-geofence-features` equals the number of geofences (the FeatureCollection built and handed to MapLibre's `setData`), and of the first after it where `data-map-ready` is true (the controller turns it false when a new geofence list is set and true on MapLibre's next `idle`: worker tiling, labels placed, drawn). Long tasks: PerformanceObserver `longtask` entries from navigation start until then.",
    `- **pan/zoom**: ${PAN_ZOOM_MS / 1000} s of input through Playwright's mouse on the map's centre (the camera over Riyadh, zoom 11, the geofences in view): half a drag in circles, half wheel ticks (±120, 40 ms apart, 6 in then 6 out); frames counted with requestAnimationFrame.`,
    '- Pages: the main map `/`. The /geofences editor page (the same map with the geofence list) is prepared as a third case (`GEOFENCES_EDITOR_PAGE` in `bench/geofences/run.ts`, `--pages map,editor`), off until that page shows the map.',
    "- The machine's cores are shared by Chromium and the server (and whatever else runs: see the load average); figures move with it.",
    '',
    PROFILE_NOTES,
  ].join('\n');
}

/** Written by hand after a `--profile` run; kept in the report when it is regenerated. */
const PROFILE_NOTES = `## What the profile said (\`--profile DIR\`, 2026-11-25, load average 14 → 11)

- Open, one large polygon: 7.3 s wall, 2.6 s of it in the page's JavaScript; the largest part (≈ 1 s) is
  MapLibre's own transfer of the source data to its worker (\`GeoJSONSource._sendWorkerUpdate\` →
  \`Actor.sendAsync\` → \`serialize\`, which walks every coordinate array on the main thread before
  \`postMessage\`), then shader compilation (\`getProgramParameter\`), rendering and garbage collection. Parsing
  the area and building the FeatureCollection (\`wkt\`, the layer) is under 100 ms. A blob/data URL would not
  avoid it: for a URL source the worker sends the parsed data back, to be deserialised on the main thread.
- Open, 1,000 geofences: 12.8 s wall, 3.8 s in JavaScript: rendering 0.9 s, the worker transfer 0.7 s,
  garbage collection 0.6 s.
- Pan/zoom with the large polygon: 0.33 s of JavaScript in 4.6 s and no span over 50 ms: the low fps is the
  machine (software WebGL with \`--disable-gpu\` on 2 shared cores under a load average of 10–20), not the page's
  scripts.
- Next step, if the open time matters: simplify very long rings on the main thread before \`setData\` (to about
  a pixel at the map's maximum zoom) so fewer arrays cross to the worker, or measure on an unloaded machine first.
`;

// ---------------------------------------------------------------------------------------------- main

function countVertices(list: NewGeofence[]): number {
  return list.reduce((sum, g) => sum + (g.area.startsWith('CIRCLE') ? 1 : g.area.split(',').length), 0);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const limitMs = 240_000 + options.count * 30 + options.runs * options.pages.length * 2 * 150_000;
  const timer = setTimeout(() => {
    console.error(`benchmark timed out after ${limitMs / 1000} s`);
    killChildren();
    process.exit(1);
  }, limitMs);
  const dataDir = mkdtempSync(join(os.tmpdir(), 'athar-bench-geofences-'));
  const loadStart = round(os.loadavg()[0] ?? 0, 2);
  let server: ServerHandle | null = null;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const chromiumVersion = browser.version();
  const cases: CaseResult[] = [];
  try {
    server = await startServer({
      BENCH_DATA_DIR: dataDir,
      BENCH_PORT: String(await freePort()),
      BENCH_OSMAND_PORT: String(await freePort()),
      BENCH_PASSWORD: PASSWORD,
      BENCH_CLIENT_DIR: join(repo, 'dist'),
    });
    const { cookie, userId } = await session(server.url);
    await deleteAllGeofences(server.url, cookie);

    const datasets: Array<{ dataset: 'large' | 'many'; list: NewGeofence[] }> = [
      { dataset: 'large', list: [largePolygon(options.vertices)] },
      { dataset: 'many', list: manyGeofences(options.count) },
    ];
    for (const { dataset, list } of datasets) {
      const t = Date.now();
      const refused = await createGeofences(server.url, cookie, list);
      let createdThrough: CaseResult['createdThrough'] = 'REST';
      let restRefusal: string | null = null;
      if (refused.length > 0) {
        if (dataset !== 'large') throw new Error(`${refused.length} geofences refused, e.g. ${JSON.stringify(refused[0])}`);
        restRefusal = `HTTP ${refused[0]!.status}: ${refused[0]!.text.replace(/\s+/g, ' ').trim()}`;
        console.log(`the large polygon was refused (${restRefusal}); writing it into the database`);
        insertIntoDatabase(dataDir, userId, list[0]!);
        createdThrough = 'database (REST refused)';
      }
      const setupSeconds = round((Date.now() - t) / 1000);
      const stored = (await listGeofences(server.url, cookie)).length;
      if (stored !== list.length) throw new Error(`${stored} geofences listed, ${list.length} expected`);
      console.log(`${dataset}: ${list.length} geofences in ${setupSeconds} s`);
      for (const target of options.pages) {
        const runs: Run[] = [];
        if (options.profile) mkdirSync(options.profile, { recursive: true });
        for (let k = 0; k < (options.profile ? 1 : options.runs); k++) {
          const run = await measureRun(browser, server.url, target, list.length, options.profile);
          console.log(`${dataset} ${target.id} run ${k + 1}: ${JSON.stringify(run)}`);
          runs.push(run);
        }
        const summary = summarize(runs);
        cases.push({
          dataset,
          page: target.title,
          pagePath: target.path,
          geofences: list.length,
          vertices: countVertices(list),
          areaChars: list.reduce((sum, g) => sum + g.area.length, 0),
          createdThrough,
          restRefusal,
          setupSeconds,
          summary,
          verdicts: {
            open: summary.openReadyMs!.worst <= BUDGET.openMs,
            longestTask: Math.max(summary.openLongestTaskMs!.worst, summary.panZoomLongestTaskMs!.worst) <= BUDGET.longestTaskMs,
            panZoom: summary.panZoomFps!.worst >= BUDGET.panZoomFps,
          },
          runs,
        });
      }
      await deleteAllGeofences(server.url, cookie);
    }
  } finally {
    clearTimeout(timer);
    await browser.close().catch(() => {});
    if (server) await stopServer(server);
    killChildren();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (options.profile) {
    console.log(`diagnostic run (--profile): profiles in ${options.profile}, results not recorded`);
    return;
  }
  const results: Results = {
    date: new Date().toISOString(),
    machine: machineInfo(chromiumVersion),
    loadAverage: { start: loadStart, end: round(os.loadavg()[0] ?? 0, 2) },
    budget: BUDGET,
    cases,
  };
  const dir = here('../results/');
  mkdirSync(dir, { recursive: true });
  writeFileSync(dir + 'geofences.json', JSON.stringify(results, null, 2) + '\n');
  const md = markdown(results);
  writeFileSync(dir + 'geofences.md', md);
  console.log(md);
}

runMain(main);
