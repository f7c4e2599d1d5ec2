/**
 * Geofences benchmark (npm run bench:geofences): the built client in headless Chromium draws geofences on
 * the main map and on the /geofences editor, and opens a large polygon in the editor.
 *
 *   npm run bench:geofences -- [--runs 3] [--vertices 100000] [--compare 1000] [--count 1000]
 *                              [--pages map,editor] [--profile DIR] [--note TEXT]
 *
 * - The server runs in a child process (bench/live/serve.ts) on a temporary data dir with the demo admin,
 *   simulator off, offline basemap, serving dist/. The demo's own geofences are deleted first, so each
 *   dataset is alone on the map.
 * - Datasets, each created through the REST API (`POST /api/geofences`, one session cookie, 16 requests in
 *   flight) and deleted after its runs:
 *   a. `large`: one polygon of --vertices vertices (a wavy ring around Riyadh, 7 decimals, not crossing
 *      itself, closed: the first point repeated last; 2.3 MB of WKT for 100,000);
 *   b. `compare`: one polygon of --compare vertices made the same way (only for the editor: the opening of
 *      the large polygon, compared);
 *   c. `many`: --count geofences around Riyadh (24.7136, 46.6753): circles, polygons and lines in turn,
 *      with colour / line width / opacity attributes.
 * - Pages (--pages, both by default): `map`, the main map `/`; `editor`, the geofences editor `/geofences`
 *   (the list of geofences, a react-aria ListBox, beside the same map with terra-draw). One browser context,
 *   signed in once through the login form before the datasets are made; each run is a new page in it:
 *   1. open: page.goto(path) → the first animation frame where the map's `data-geofence-features` equals
 *      the number of geofences (features drawn into the source) and, on the editor, its list shows them all
 *      (one option each), and the first where, after that, the map is idle with them
 *      (`data-map-ready="true"`); long tasks from navigation start until then;
 *   2. main map: pan/zoom: 3 s of input on the map with the geofences shown (a mouse drag for half, wheel
 *      zoom in and out for the other half, through Playwright's mouse): frames, fps, longest frame gap,
 *      long tasks;
 *   3. editor, the one-polygon datasets: edit: a click on the polygon's option in the list (Playwright's
 *      mouse) → the editor form visible (`data-testid="geofence-editor"`) and the map idle again (the
 *      polygon on terra-draw and hidden from the geofences layer; the map's last WebGL draw call, or the end
 *      of the last long task, before QUIET_MS without either): times from the pointerdown, long tasks and
 *      the longest frame gap in that window.
 * - Median and worst of the runs are written to bench/results/geofences.json and geofences.md.
 * - --profile DIR (diagnostic, nothing recorded): one run per case with a CPU profile of each phase into
 *   DIR, with a summary of where the main thread's time goes.
 * - --note TEXT: a line for the report (e.g. how long the machine was waited for to be quiet).
 * Bounded (a global time limit), stops by itself, kills the server it started (by pid).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/e2e/harness.ts';
import { type Machine, type ServerHandle, freePort, killChildren, machineInfo, runMain, sourceState, startServer, stopServer } from '../fleet.ts';
import { awaitInPage, pageProbe, probeSlice, round, signInToMap, sleep, stat, tasks, type Stat, type Tasks } from '../probe.ts';
import { startProfile } from '../live/profile.ts';

const PASSWORD = 'bench-geofences-password';
const ADMIN = 'admin';
const RIYADH = { lat: 24.7136, lon: 46.6753 };
const PAN_ZOOM_MS = 3_000;
/** the map counts as idle after an edit once it has drawn nothing and no task has run over 50 ms for this long */
const QUIET_MS = 2_000;
const STEP_TIMEOUT_MS = 90_000;
const MAP = '[data-testid="map"]';
const LIST = '[data-testid="geofence-list"]';
const EDITOR_FORM = '[data-testid="geofence-editor"]';
const BUDGET = { openMs: 3_000, editMs: 3_000, longestTaskMs: 500, panZoomFps: 30 };

/** A page that shows the one map with the geofences. */
interface PageCase {
  id: 'map' | 'editor';
  title: string;
  path: string;
  /** the page lists the geofences (a virtualised ListBox: `data-count` says how many, the rows in view are options) */
  list: boolean;
  /** pan/zoom is measured on it */
  panZoom: boolean;
}

const MAIN_MAP_PAGE: PageCase = { id: 'map', title: 'main map `/`', path: '/', list: false, panZoom: true };
/** The /geofences editor: the geofence list beside the same map (same data-testid="map" hooks) with terra-draw. */
const GEOFENCES_EDITOR_PAGE: PageCase = { id: 'editor', title: 'geofences editor `/geofences`', path: '/geofences', list: true, panZoom: false };
const PAGES: Record<string, PageCase> = { map: MAIN_MAP_PAGE, editor: GEOFENCES_EDITOR_PAGE };

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
const repo = here('../../');

interface Options {
  runs: number;
  vertices: number;
  compare: number;
  count: number;
  pages: PageCase[];
  profile: string | null;
  note: string | null;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { runs: 3, vertices: 100_000, compare: 1_000, count: 1_000, pages: [MAIN_MAP_PAGE, GEOFENCES_EDITOR_PAGE], profile: null, note: null };
  for (let k = 0; k < argv.length; k += 2) {
    const flag = argv[k]!;
    const value = argv[k + 1];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--runs' && Number(value) > 0) options.runs = Math.round(Number(value));
    else if (flag === '--vertices' && Number(value) >= 3) options.vertices = Math.round(Number(value));
    else if (flag === '--compare' && Number(value) >= 3) options.compare = Math.round(Number(value));
    else if (flag === '--count' && Number(value) > 0) options.count = Math.round(Number(value));
    else if (flag === '--profile') options.profile = value;
    else if (flag === '--note') options.note = value;
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

/**
 * A wavy ring of `n` vertices around Riyadh (radius 5 km ± 20 %, by angle: star-shaped, so it never crosses
 * itself), closed: the first point repeated last (n + 1 points in the WKT).
 */
export function largePolygon(n: number, name = `Large ${n}`): NewGeofence {
  const points: string[] = [];
  for (let k = 0; k < n; k++) {
    const a = (2 * Math.PI * k) / n;
    const r = 0.045 * (1 + 0.2 * Math.sin(24 * a) + 0.05 * Math.sin(397 * a));
    points.push(`${fixed(RIYADH.lat + r * Math.sin(a), 7)} ${fixed(RIYADH.lon + (r * Math.cos(a)) / Math.cos((RIYADH.lat * Math.PI) / 180), 7)}`);
  }
  points.push(points[0]!);
  return { name, description: `${n} vertices`, area: `POLYGON ((${points.join(', ')}))`, attributes: { color: '#f59e0b', mapLineWidth: 2 } };
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


// ---------------------------------------------------------------------------------------------- page probes

interface Opened {
  listAt?: number;
  featuresAt: number;
  readyAt: number;
}

/**
 * Watches the map (one check per animation frame, from the page's start) for `data-geofence-features` equal
 * to `expected` (and, with `list`, that many options in the list), then for `data-map-ready="true"` with
 * them; `window.__geofences` resolves with the page times. Only on `path` (as an init script, before the
 * page's own scripts).
 */
function watchGeofences({ expected, path, selector, list }: { expected: number; path: string; selector: string; list: string | null }): void {
  if (location.pathname !== path) return;
  const seen: { listAt?: number; featuresAt?: number; readyAt?: number } = {};
  (window as unknown as { __geofences: Promise<typeof seen> }).__geofences = new Promise((done) => {
    const check = (): void => {
      const now = performance.now();
      const map = document.querySelector<HTMLElement>(selector);
      if (list && seen.listAt === undefined && document.querySelector(list)?.getAttribute('data-count') === String(expected) && document.querySelector(`${list} [role="option"]`)) seen.listAt = now;
      if (seen.featuresAt === undefined && map?.dataset.geofenceFeatures === String(expected)) seen.featuresAt = now;
      const listed = !list || seen.listAt !== undefined;
      if (listed && seen.featuresAt !== undefined && map?.dataset.geofenceFeatures === String(expected) && map.dataset.mapReady === 'true') {
        seen.readyAt = now;
        done(seen);
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}


interface Edited {
  clickAt: number;
  formAt: number;
  idleAt: number;
  draws: number;
}

/**
 * Injected before the client's scripts: the page time of the last WebGL draw call and the number of them
 * (wrapping drawElements / drawArrays and their instanced forms), to tell when the map has stopped drawing.
 * The map gives no hook of its own for "idle" after an edit: the open geofence is hidden by a layer filter
 * and terra-draw draws it, neither of which sends a new geofence list (so `data-map-ready` stays true).
 */
function glProbe(): void {
  const gl = { lastDraw: 0, draws: 0 };
  (window as unknown as { __gl: typeof gl }).__gl = gl;
  const names = ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced', 'drawRangeElements'];
  for (const proto of [globalThis.WebGL2RenderingContext?.prototype, globalThis.WebGLRenderingContext?.prototype]) {
    if (!proto) continue;
    const table = proto as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const name of names) {
      const original = table[name];
      if (typeof original !== 'function') continue;
      table[name] = function (this: unknown, ...args: unknown[]) {
        gl.lastDraw = performance.now();
        gl.draws++;
        return original.apply(this, args);
      };
    }
  }
}

/**
 * Installed just before the click that opens a geofence for editing: `window.__edit` resolves with the page
 * times of the pointerdown (its event time), of the first animation frame with the editor form laid out,
 * and of the map's last activity before it went quiet: the later of the last WebGL draw and the end of the
 * last long task, once neither has happened for `quietMs` (and the map has drawn at least once since the
 * click), with the number of draw calls since the click.
 */
function watchEdit({ form: formSelector, quietMs }: { form: string; quietMs: number }): void {
  const w = window as unknown as { __gl: { lastDraw: number; draws: number }; __bench: { longtasks: Array<{ start: number; duration: number }> }; __edit: Promise<unknown> };
  const gl = w.__gl;
  const seen: { clickAt?: number; formAt?: number; idleAt?: number; draws?: number } = {};
  let drawsBefore = 0;
  w.__edit = new Promise((done) => {
    document.addEventListener(
      'pointerdown',
      (event) => {
        seen.clickAt ??= event.timeStamp;
        drawsBefore = gl.draws;
      },
      { capture: true, once: true },
    );
    const check = (): void => {
      const now = performance.now();
      const clickAt = seen.clickAt;
      if (clickAt !== undefined) {
        if (seen.formAt === undefined) {
          const form = document.querySelector(formSelector);
          if (form && form.getBoundingClientRect().height > 0) seen.formAt = now;
        }
        let activity = Math.max(clickAt, gl.lastDraw);
        for (const task of w.__bench.longtasks) if (task.start + task.duration > clickAt) activity = Math.max(activity, task.start + task.duration);
        if (seen.formAt !== undefined && gl.lastDraw > clickAt && now - activity >= quietMs) {
          seen.idleAt = activity;
          seen.draws = gl.draws - drawsBefore;
          done(seen);
          return;
        }
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/**
 * The longest gap between animation frames over [from, to], counting from the last frame before `from` to
 * the first after `to` (a frozen page shows as one gap across the window).
 */
function frameGap(page: Page, from: number, to: number): Promise<number> {
  return page.evaluate(
    ([a, b]) => {
      const frames = (window as unknown as { __bench: { frames: number[] } }).__bench.frames;
      const before = frames.filter((t) => t < a!).at(-1) ?? a!;
      const after = frames.find((t) => t > b!) ?? b!;
      const inside = [before, ...frames.filter((t) => t >= a! && t <= b!), after];
      let gap = 0;
      for (let k = 1; k < inside.length; k++) gap = Math.max(gap, inside[k]! - inside[k - 1]!);
      return gap;
    },
    [from, to],
  );
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
  open: { listMs?: number; featuresMs: number; readyMs: number; longtasks: Tasks };
  panZoom?: { durationMs: number; inputs: number; frames: number; fps: number; maxFrameGapMs: number; longtasks: Tasks };
  /** times from the pointerdown on the geofence's option */
  edit?: {
    formMs: number;
    /** the map's last draw (or the end of the last long task) before QUIET_MS of quiet */
    idleMs: number;
    /** WebGL draw calls from the click to idle */
    draws: number;
    maxFrameGapMs: number;
    longtasks: Tasks;
    /** the editor's note that the shape has too many points to edit vertex by vertex */
    tooLargeToEdit: boolean;
  };
}


const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One browser context for the whole benchmark, signed in once through the login form (the main map ready after it). */
async function signedInContext(browser: Browser, url: string): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  // tsx (esbuild keepNames) wraps named functions in __name(): give the page a no-op one
  await context.addInitScript('window.__name = (f) => f;');
  await context.addInitScript(pageProbe);
  await context.addInitScript(glProbe);
  const login = await context.newPage();
  await signInToMap(login, url, ADMIN, PASSWORD, STEP_TIMEOUT_MS);
  await login.close();
  return context;
}

/**
 * One run: a new page (a new document: the app, the map and its worker made afresh; the client's scripts
 * from the context's HTTP cache) that opens the page, then pans/zooms (main map) or, with `edit` (the name
 * of a geofence), opens that geofence in the editor by a click on its list option.
 */
async function measureRun(context: BrowserContext, url: string, target: PageCase, expected: number, edit: string | null, profileDir: string | null): Promise<Run> {
  const page = await context.newPage();
  try {
    await page.addInitScript(watchGeofences, { expected, path: target.path, selector: MAP, list: target.list ? LIST : null });
    page.on('pageerror', (error) => console.error('[page error]', error.message));
    let cdp: CDPSession | null = null;
    const profiled = async <T>(phase: string, body: () => Promise<T>): Promise<T> => {
      if (!profileDir) return body();
      cdp ??= await context.newCDPSession(page);
      const stop = await startProfile(cdp, join(profileDir, `${target.id}-${expected}${edit ? `-${edit.replace(/\W+/g, '_')}` : ''}-${phase}.cpuprofile`));
      const result = await body();
      console.log(`--- ${target.id} ${expected} ${phase}\n${await stop()}`);
      return result;
    };

    // 1. open: a full document load of the page (scripts from the HTTP cache), the geofences fetched by it
    const opened = await profiled('open', async () => {
      await page.goto(`${url}${target.path}`, { waitUntil: 'domcontentloaded', timeout: STEP_TIMEOUT_MS });
      return awaitInPage<Opened>(page, '__geofences', `${target.id} open`, STEP_TIMEOUT_MS);
    });
    const openSlice = await probeSlice(page, 0, opened.readyAt);
    const run: Run = {
      open: {
        ...(opened.listAt !== undefined ? { listMs: round(opened.listAt) } : {}),
        featuresMs: round(opened.featuresAt),
        readyMs: round(opened.readyAt),
        longtasks: tasks(openSlice.longtasks),
      },
    };
    await sleep(1_000);

    // 2. pan and zoom with the geofences shown
    if (target.panZoom) {
      const moved = await profiled('panzoom', () => panAndZoom(page, PAN_ZOOM_MS));
      const slice = await probeSlice(page, moved.from, moved.to);
      const shown = await page.locator(MAP).getAttribute('data-geofence-features');
      if (shown !== String(expected)) throw new Error(`after pan/zoom the map shows ${shown} geofence features, ${expected} expected`);
      run.panZoom = {
        durationMs: Math.round(moved.to - moved.from),
        inputs: moved.inputs,
        frames: slice.frames,
        fps: round(slice.frames / ((moved.to - moved.from) / 1000)),
        maxFrameGapMs: round(slice.maxFrameGapMs),
        longtasks: tasks(slice.longtasks),
      };
    }

    // 3. open one geofence for editing: a click on its option → the form, and the map idle again
    if (edit) {
      const option = page.locator(LIST).getByRole('option', { name: new RegExp(`^${escapeRegExp(edit)}\\b`) });
      await option.scrollIntoViewIfNeeded();
      await page.evaluate(watchEdit, { form: EDITOR_FORM, quietMs: QUIET_MS });
      const edited = await profiled('edit', async () => {
        await option.click();
        return awaitInPage<Edited>(page, '__edit', `${target.id} edit ${edit}`, STEP_TIMEOUT_MS);
      });
      const end = Math.max(edited.formAt, edited.idleAt);
      const slice = await probeSlice(page, edited.clickAt, end);
      const gap = await frameGap(page, edited.clickAt, end);
      const name = await page.locator(EDITOR_FORM).getByLabel('Name').inputValue();
      if (name !== edit) throw new Error(`the editor shows “${name}”, “${edit}” expected`);
      const tooLargeToEdit = await page.locator(EDITOR_FORM).getByText('too many points').isVisible();
      run.edit = {
        formMs: round(edited.formAt - edited.clickAt),
        idleMs: round(end - edited.clickAt),
        draws: edited.draws,
        maxFrameGapMs: round(gap),
        longtasks: tasks(slice.longtasks),
        tooLargeToEdit,
      };
    }
    return run;
  } finally {
    await page.close().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------- report



type DatasetId = 'large' | 'compare' | 'many';

interface CaseResult {
  dataset: DatasetId;
  page: string;
  pagePath: string;
  geofences: number;
  /** total vertices in the areas (circles count 1, a closed ring's repeated point not counted) */
  vertices: number;
  areaChars: number;
  /** the geofence opened in the editor (edit phase), if any */
  edited: string | null;
  setupSeconds: number;
  summary: Record<string, Stat>;
  /** null: not measured in this case */
  verdicts: { open: boolean; longestTask: boolean; panZoom: boolean | null; edit: boolean | null };
  runs: Run[];
}

/** The summary's measures: key, label, unit, how to read it from a run, higher is better. */
const MEASURES: Array<{ key: string; label: string; unit: string; pick: (r: Run) => number | undefined; higher?: boolean }> = [
  { key: 'openListMs', label: 'open: navigation → every geofence in the list', unit: ' ms', pick: (r) => r.open.listMs },
  { key: 'openFeaturesMs', label: 'open: navigation → all geofence features in the source', unit: ' ms', pick: (r) => r.open.featuresMs },
  { key: 'openReadyMs', label: 'open: navigation → map idle with them (`data-map-ready`)', unit: ' ms', pick: (r) => r.open.readyMs },
  { key: 'openLongTasks', label: 'open: long tasks (> 50 ms)', unit: '', pick: (r) => r.open.longtasks.count },
  { key: 'openLongTasksTotalMs', label: 'open: long tasks, total', unit: ' ms', pick: (r) => r.open.longtasks.totalMs },
  { key: 'openLongestTaskMs', label: 'open: longest task', unit: ' ms', pick: (r) => r.open.longtasks.maxMs },
  { key: 'panZoomFps', label: `pan/zoom ${PAN_ZOOM_MS / 1000} s: fps (worst = lowest)`, unit: '', pick: (r) => r.panZoom?.fps, higher: true },
  { key: 'panZoomMaxFrameGapMs', label: 'pan/zoom: longest frame gap', unit: ' ms', pick: (r) => r.panZoom?.maxFrameGapMs },
  { key: 'panZoomLongTasks', label: 'pan/zoom: long tasks (> 50 ms)', unit: '', pick: (r) => r.panZoom?.longtasks.count },
  { key: 'panZoomLongestTaskMs', label: 'pan/zoom: longest task', unit: ' ms', pick: (r) => r.panZoom?.longtasks.maxMs },
  { key: 'editFormMs', label: 'edit: click on the option → editor form shown', unit: ' ms', pick: (r) => r.edit?.formMs },
  { key: 'editIdleMs', label: `edit: click → map idle again (its last draw before ${QUIET_MS / 1000} s of quiet)`, unit: ' ms', pick: (r) => r.edit?.idleMs },
  { key: 'editLongestTaskMs', label: 'edit: **longest task** (click → idle)', unit: ' ms', pick: (r) => r.edit?.longtasks.maxMs },
  { key: 'editLongTasksTotalMs', label: 'edit: long tasks, total (click → idle)', unit: ' ms', pick: (r) => r.edit?.longtasks.totalMs },
  { key: 'editLongTasks', label: 'edit: long tasks (> 50 ms)', unit: '', pick: (r) => r.edit?.longtasks.count },
  { key: 'editMaxFrameGapMs', label: 'edit: longest frame gap (click → idle)', unit: ' ms', pick: (r) => r.edit?.maxFrameGapMs },
];

function summarize(runs: Run[]): Record<string, Stat> {
  const summary: Record<string, Stat> = {};
  for (const { key, pick, higher } of MEASURES) {
    const values = runs.map(pick);
    if (values.every((v): v is number => v !== undefined)) summary[key] = stat(values, higher);
  }
  return summary;
}

interface Results {
  date: string;
  machine: Machine;
  /** when dist/ was built, the commit that was HEAD then, and whether src/ or contract/ had uncommitted changes */
  source: string;
  loadAverage: { start: number; max: number; end: number };
  note: string | null;
  budget: typeof BUDGET;
  cases: CaseResult[];
}

function describeDataset(c: CaseResult): string {
  if (c.dataset === 'many') return `${c.geofences.toLocaleString('en')} geofences (circles, polygons and lines in turn; ${c.vertices.toLocaleString('en')} vertices in all)`;
  return `one polygon of ${c.vertices.toLocaleString('en')} vertices (${(c.areaChars / 1e6).toFixed(2)} M characters of area, closed)`;
}

function markdown(results: Results): string {
  const { machine } = results;
  const date = results.date.slice(0, 16).replace('T', ' ');
  const ok = (met: boolean): string => (met ? 'met' : '**not met**');
  const sections = results.cases.map((c, index) => {
    const s = c.summary;
    const rows = MEASURES.filter(({ key }) => s[key]).map(({ key, label, unit }) => `| ${label} | ${s[key]!.median}${unit} | ${s[key]!.worst}${unit} | ${c.runs.length} |`);
    const title = c.dataset === 'many' ? `${c.geofences.toLocaleString('en')} geofences` : `One polygon of ${c.vertices.toLocaleString('en')} vertices`;
    const budget = [
      `open ≤ ${BUDGET.openMs / 1000} s ${ok(c.verdicts.open)}`,
      ...(c.verdicts.edit === null ? [] : [`edit (click → idle) ≤ ${BUDGET.editMs / 1000} s ${ok(c.verdicts.edit)}`]),
      `no task > ${BUDGET.longestTaskMs} ms ${ok(c.verdicts.longestTask)}`,
      ...(c.verdicts.panZoom === null ? [] : [`pan/zoom ≥ ${BUDGET.panZoomFps} fps ${ok(c.verdicts.panZoom)}`]),
    ];
    const columns = [
      'run',
      ...(c.runs[0]?.open.listMs !== undefined ? ['list'] : []),
      'features',
      'idle',
      'long tasks (open)',
      ...(c.runs[0]?.panZoom ? ['pan/zoom fps', 'longest frame gap', 'inputs', 'long tasks (pan/zoom)'] : []),
      ...(c.runs[0]?.edit ? ['edit: form', 'edit: idle', 'edit: long tasks', 'edit: longest frame gap', 'edit: draw calls', 'vertex handles'] : []),
    ];
    const cells = (r: Run, k: number): string[] => [
      String(k + 1),
      ...(r.open.listMs !== undefined ? [`${r.open.listMs} ms`] : []),
      `${r.open.featuresMs} ms`,
      `${r.open.readyMs} ms`,
      `${r.open.longtasks.count} (${r.open.longtasks.totalMs} ms, longest ${r.open.longtasks.maxMs})`,
      ...(r.panZoom ? [String(r.panZoom.fps), `${r.panZoom.maxFrameGapMs} ms`, String(r.panZoom.inputs), `${r.panZoom.longtasks.count} (longest ${r.panZoom.longtasks.maxMs})`] : []),
      ...(r.edit
        ? [
            `${r.edit.formMs} ms`,
            `${r.edit.idleMs} ms`,
            `${r.edit.longtasks.count} (${r.edit.longtasks.totalMs} ms, longest ${r.edit.longtasks.maxMs})`,
            `${r.edit.maxFrameGapMs} ms`,
            String(r.edit.draws),
            r.edit.tooLargeToEdit ? 'none (too many points)' : 'shown',
          ]
        : []),
    ];
    return [
      `## ${String.fromCharCode(97 + index)}. ${title} — ${c.page}`,
      '',
      `${describeDataset(c)}; created through \`POST /api/geofences\` in ${c.setupSeconds} s.${c.edited ? ` Opened in the editor: “${c.edited}”.` : ''}`,
      '',
      '| measure | median | worst | runs |',
      '| --- | --- | --- | --- |',
      ...rows,
      '',
      `Budget (worst of the runs): ${budget.join('; ')}.`,
      '',
      `| ${columns.join(' | ')} |`,
      `| ${columns.map(() => '---').join(' | ')} |`,
      ...c.runs.map((r, k) => `| ${cells(r, k).join(' | ')} |`),
      '',
    ].join('\n');
  });
  const load = results.loadAverage;
  return [
    '# Geofences benchmark',
    '',
    `${date} UTC; ${machine.cpus} × ${machine.cpuModel.split(' ').slice(0, 2).join(' ')}, ${machine.memoryGb} GB, ${machine.platform}, Node ${machine.node}, ${machine.chromium}; load average (1 min) ${load.start} at the start, ${load.max} at most, ${load.end} at the end.`,
    `Client: ${results.source}.`,
    ...(results.note ? ['', results.note] : []),
    '',
    '`npm run bench:geofences`: geofences drawn on the one map (main map and editor), a polygon opened in the editor; median and worst of the runs; raw figures in `geofences.json`.',
    '',
    ...sections,
    'A longest task of 0 ms means none over 50 ms (the Long Tasks API reports only those).',
    '',
    '## How it is measured',
    '',
    "- Server (`bench/live/serve.ts`, loopback, demo admin, no simulator, offline basemap) in a child process on a temporary data dir; the demo's geofences deleted, then each dataset created through `POST /api/geofences` (16 in flight) and deleted after its runs. The polygons are closed rings (the first point repeated last).",
    '- Chromium headless with the e2e harness\'s arguments, viewport 1280×800; one context, signed in once through the login form (`/login?locale=en`, the main map ready after it, so the client scripts are in its HTTP cache) before the datasets are made; each run a new page in it (a new document: the app, the map and its worker made afresh).',
    "- **open**: `page.goto(path)` (a full document load, scripts from the HTTP cache, the geofences fetched by the page's query); page times (from navigation start) of the first animation frame where the map's `data-geofence-features` equals the number of geofences (the FeatureCollection built and handed to MapLibre's `setData`), on `/geofences` also where the list (`data-testid=\"geofence-list\"`) has one option per geofence, and of the first after both where `data-map-ready` is true (the controller turns it false when a new geofence list is set and true on MapLibre's next `idle`: worker tiling, labels placed, drawn). Long tasks: PerformanceObserver `longtask` entries from navigation start until then.",
    `- **pan/zoom** (main map): ${PAN_ZOOM_MS / 1000} s of input through Playwright's mouse on the map's centre (the camera over Riyadh, zoom 11, the geofences in view): half a drag in circles, half wheel ticks (±120, 40 ms apart, 6 in then 6 out); frames counted with requestAnimationFrame.`,
    `- **edit** (\`/geofences\`, the one-polygon datasets): 1 s after the open, a click (Playwright's mouse) on the polygon's option in the list: the page parses the area, fits the camera to it, the geofence machine puts the shape on terra-draw (over 5,000 vertices: shown without vertex handles) and the geofences layer hides it (a filter). Times from the pointerdown's event time to the first animation frame with the editor form (\`data-testid="geofence-editor"\`) laid out, and to the map idle again: the map gives no hook for it here (no new geofence list is sent, so \`data-map-ready\` stays true), so an init script wraps WebGL's draw calls, and idle is the later of the last draw call and the end of the last long task once neither has happened for ${QUIET_MS / 1000} s (the map drew at least once after the click). Long tasks overlapping that window, and the longest gap between animation frames across it (from the last frame before the click). The editor's name field is checked to show the polygon's name.`,
    "- The machine's cores are shared by Chromium and the server (and whatever else runs: see the load average); figures move with it.",
    '',
    PROFILE_NOTES,
  ].join('\n');
}

/** Written by hand after `--profile` runs (and a Chrome trace of the edit); kept in the report when it is regenerated. */
const PROFILE_NOTES = `## What the profiles said

**Opening the 100,000-vertex polygon in the editor** (\`--pages editor --profile DIR\` and a Chrome trace of the
click, 2026-11-25 ~10:00 UTC, load average 3–5 on 2 cores; a second profile at 10:10, load 0.7, after the
layer began hiding the open geofence by a filter, showed the same three parts at about half the size). The
click's window is a handful of long tasks:

1. The click itself (≈ 0.5 s in the trace, 0.6 s profiled): the list's \`onSelectionChange\` → \`open()\` runs
   synchronously in the pointer handler: \`parseArea\` of the 2.3 MB WKT (≈ 65 ms), the camera fit's \`bounds\`
   and \`toFeature\`'s rounding to terra-draw's precision (≈ 40 ms), then terra-draw's \`addFeatures\` →
   \`GeoJSONStore.load\` (≈ 320 ms), which deep-copies the features with \`JSON.parse(JSON.stringify(...))\`
   (\`clone\`, ≈ 270 ms) and indexes the bounding box (\`toBBox\`, ≈ 45 ms), plus young-generation GC (≈ 50 ms).
   The polygon is shown in terra-draw's static mode (no vertex handles), so selection costs nothing more.
2. Terra-draw's source update (≈ 0.35–0.47 s): MapLibre's \`GeoJSONSource._sendWorkerUpdate\` serialises the
   100,000 coordinates on the main thread for \`postMessage\` (≈ 230 ms) and the garbage collector follows
   (≈ 100–200 ms). (The geofences layer sends nothing: it hides the polygon with a filter.)
3. The first frames with the polygon on terra-draw's layers (up to ≈ 1 s in the trace, ≈ 0.4 s of JavaScript
   profiled): compiling terra-draw's layer programs (\`getProgramParameter\`, ≈ 200 ms) and uploading the
   polygon's fill/line buffers (\`bufferData\`, ≈ 195 ms); the trace shows most of such tasks as waits on the GPU
   process (\`CommandBufferProxyImpl::WaitForGetOffset\`): WebGL here is software (\`--disable-gpu\`).

For comparison, the 1,000-vertex polygon's click is ≈ 0.14–0.27 s (terra-draw selects it and makes its vertex
and midpoint handles: \`createGuidancePoints\`, ≈ 100 ms) and its longest task 0.25–0.27 s in the 10:15 run (in
the 09:54 run, before the layer hid the open geofence by a filter, it was 0.29–0.68 s, tasks that the trace shows
as nearly all waits on the GPU process: software WebGL). What the 100,000 vertices add is steps 1 and 2
(≈ 0.5–0.8 s of main-thread JavaScript and GC) and step 3's buffer upload.
Ways to remove them (not done here): do not hand shapes over \`MAX_EDITABLE_VERTICES\` to terra-draw at all
(leave them in the geofences layer, highlighted by a filter or a feature-state: no clone, no spatial index, no
second serialisation and upload of the same coordinates), or hand terra-draw a simplified copy for display; and
parse the area after the pointer handler has returned (a frame later, or in a worker) so the form shows at once.

**The editor with 1,000 geofences**: its longest task while opening (≈ 1 s) is React rendering the list's
1,000 react-aria options in one commit (≈ 0.75 s of the 0.86 s span profiled at 10:10, load 0.7); a virtualised
list (react-aria's \`Virtualizer\`) would render only the visible rows.

**Main map** (\`--profile\`, 2026-11-25 09:12 UTC, load average 14 → 11):

- Open, one large polygon: 7.3 s wall, 2.6 s of it in the page's JavaScript; the largest part (≈ 1 s) is
  MapLibre's own transfer of the source data to its worker (\`GeoJSONSource._sendWorkerUpdate\` →
  \`Actor.sendAsync\` → \`serialize\`, which walks every coordinate array on the main thread before
  \`postMessage\`), then shader compilation (\`getProgramParameter\`), rendering and garbage collection. Parsing
  the area and building the FeatureCollection (\`wkt\`, the layer) is under 100 ms. A blob/data URL would not
  avoid it: for a URL source the worker sends the parsed data back, to be deserialised on the main thread.
- Open, 1,000 geofences: 12.8 s wall, 3.8 s in JavaScript: rendering 0.9 s, the worker transfer 0.7 s,
  garbage collection 0.6 s.
- Pan/zoom with the large polygon: 0.33 s of JavaScript in 4.6 s and no span over 50 ms: the low fps is the
  machine (software WebGL with \`--disable-gpu\` on 2 shared cores), not the page's scripts.
- Done since: rings and lines over 2,000 points are simplified to 1 m before \`setData\` (\`@turf/simplify\`), so a
  100,000-vertex ring of a real place crosses to the worker as a few hundred or thousand points.
`;

// ---------------------------------------------------------------------------------------------- main

function countVertices(list: NewGeofence[]): number {
  return list.reduce((sum, g) => {
    if (g.area.startsWith('CIRCLE')) return sum + 1;
    const points = g.area.replace(/^[A-Z]+\s*\(+|\)+$/g, '').split(/\s*,\s*/);
    return sum + points.length - (points.length > 3 && points[0] === points.at(-1) ? 1 : 0);
  }, 0);
}

interface Dataset {
  id: DatasetId;
  list: NewGeofence[];
  pages: PageCase[];
  /** the geofence opened in the editor */
  edit: string | null;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const large = largePolygon(options.vertices);
  const compare = largePolygon(options.compare, `Polygon ${options.compare}`);
  const editor = options.pages.includes(GEOFENCES_EDITOR_PAGE);
  const datasets: Dataset[] = [
    { id: 'large', list: [large], pages: options.pages, edit: editor ? large.name : null },
    ...(editor ? [{ id: 'compare' as const, list: [compare], pages: [GEOFENCES_EDITOR_PAGE], edit: compare.name }] : []),
    { id: 'many', list: manyGeofences(options.count), pages: options.pages, edit: null },
  ];
  const cases = datasets.reduce((n, d) => n + d.pages.length, 0);
  // ~10 s for a run on a quiet machine; the bound leaves room for a loaded one, not for a hang
  const limitMs = 60_000 + options.count * 30 + (options.profile ? 1 : options.runs) * cases * 40_000;
  const timer = setTimeout(() => {
    console.error(`benchmark timed out after ${limitMs / 1000} s`);
    killChildren();
    process.exit(1);
  }, limitMs);
  const loads: number[] = [];
  const sampleLoad = (): number => {
    const load = round(os.loadavg()[0] ?? 0, 2);
    loads.push(load);
    return load;
  };
  const loadStart = sampleLoad();
  const source = sourceState();
  const loadTimer = setInterval(sampleLoad, 5_000);
  const dataDir = mkdtempSync(join(os.tmpdir(), 'athar-bench-geofences-'));
  let server: ServerHandle | null = null;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const chromiumVersion = browser.version();
  const results: CaseResult[] = [];
  const started = Date.now();
  try {
    server = await startServer({
      BENCH_DATA_DIR: dataDir,
      BENCH_PORT: String(await freePort()),
      BENCH_OSMAND_PORT: String(await freePort()),
      BENCH_PASSWORD: PASSWORD,
      BENCH_CLIENT_DIR: join(repo, 'dist'),
    });
    const { cookie } = await session(server.url);
    await deleteAllGeofences(server.url, cookie);
    const context = await signedInContext(browser, server.url);
    if (options.profile) mkdirSync(options.profile, { recursive: true });

    for (const { id: dataset, list, pages, edit } of datasets) {
      const t = Date.now();
      const refused = await createGeofences(server.url, cookie, list);
      if (refused.length > 0) throw new Error(`${dataset}: ${refused.length} geofences refused by POST /api/geofences, e.g. ${JSON.stringify(refused[0])}`);
      const setupSeconds = round((Date.now() - t) / 1000);
      const stored = await listGeofences(server.url, cookie);
      if (stored.length !== list.length) throw new Error(`${stored.length} geofences listed, ${list.length} expected`);
      console.log(`${dataset}: ${list.length} geofences in ${setupSeconds} s`);
      for (const target of pages) {
        const editing = target === GEOFENCES_EDITOR_PAGE ? edit : null;
        const runs: Run[] = [];
        for (let k = 0; k < (options.profile ? 1 : options.runs); k++) {
          const run = await measureRun(context, server.url, target, list.length, editing, options.profile);
          console.log(`${dataset} ${target.id} run ${k + 1} (+${Math.round((Date.now() - started) / 1000)} s): ${JSON.stringify(run)}`);
          runs.push(run);
        }
        const summary = summarize(runs);
        const worst = (key: string): number => summary[key]?.worst ?? 0;
        results.push({
          dataset,
          page: target.title,
          pagePath: target.path,
          geofences: list.length,
          vertices: countVertices(list),
          areaChars: list.reduce((sum, g) => sum + g.area.length, 0),
          edited: editing,
          setupSeconds,
          summary,
          verdicts: {
            open: worst('openReadyMs') <= BUDGET.openMs,
            longestTask: Math.max(worst('openLongestTaskMs'), worst('panZoomLongestTaskMs'), worst('editLongestTaskMs')) <= BUDGET.longestTaskMs,
            panZoom: summary.panZoomFps ? summary.panZoomFps.worst >= BUDGET.panZoomFps : null,
            edit: summary.editIdleMs ? Math.max(worst('editIdleMs'), worst('editFormMs')) <= BUDGET.editMs : null,
          },
          runs,
        });
      }
      await deleteAllGeofences(server.url, cookie);
    }
  } finally {
    clearTimeout(timer);
    clearInterval(loadTimer);
    await browser.close().catch(() => {});
    if (server) await stopServer(server);
    killChildren();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`done in ${Math.round((Date.now() - started) / 1000)} s`);
  if (options.profile) {
    console.log(`diagnostic run (--profile): profiles in ${options.profile}, results not recorded`);
    return;
  }
  const loadEnd = sampleLoad();
  const report: Results = {
    date: new Date().toISOString(),
    machine: machineInfo(chromiumVersion),
    source,
    loadAverage: { start: loadStart, max: Math.max(...loads), end: loadEnd },
    note: options.note,
    budget: BUDGET,
    cases: results,
  };
  const dir = here('../results/');
  mkdirSync(dir, { recursive: true });
  writeFileSync(dir + 'geofences.json', JSON.stringify(report, null, 2) + '\n');
  const md = markdown(report);
  writeFileSync(dir + 'geofences.md', md);
  console.log(md);
}

runMain(main);
