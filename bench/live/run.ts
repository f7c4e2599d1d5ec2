/**
 * Live client benchmark (npm run bench:live): the built client in headless Chromium against the embedded
 * server under a simulated fleet reporting every second.
 *
 *   npm run bench:live -- [--devices 1000] [--window 30] [--client-dist [NAME=]DIR]… [--login form|token]
 *                         [--freshness on|off] [--fresh-positions 200] [--fresh-minutes M] [--fresh-timeout 60] [--fresh-settle 35]
 *                         [--socket-delay MS] [--fresh-debug DIR] [--record on|off] [--page map|fleet]
 *
 * - The server runs in a child process (bench/live/serve.ts) on a temporary data dir with the demo admin
 *   (8 demo devices, simulator off); N devices sim-00001… are created through the REST API (Basic auth).
 * - The simulator CLI (server/simulator/cli.ts) runs as another child process, every device every --interval s.
 * - For each --client-dist (default dist; give it several times to compare clients under the same load), the
 *   server is restarted on the same ports and data with that folder as its clientDir; Chromium signs in
 *   (login form with ?locale=en, or --login token: /?token=… made by POST /api/session/token), waits for
 *   the map (Athar: data-map-ready; another client: its MapLibre canvas and 10 s), warms up, then measures a
 *   steady-state window and a scroll of the device list.
 * - Then, in a page of its own, the freshness window (bench/live/freshness.ts): server push → first frame
 *   with a beacon's marker at its new place, read from the page's pixels, so any client can be measured.
 * - Results are merged into bench/results/live.json (keyed by client and N) and live.md is rewritten.
 * Bounded (a global time limit), stops by itself, kills the children it started (by pid).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { deviceIds } from '../../server/simulator/cli.ts';
import { CHROMIUM_ARGS } from '../../tests/e2e/harness.ts';
import { recordTrace, startProfile } from './profile.ts';
import { REPAINT_KEY } from '../../src/map/repaint.ts';
import { FLEET_FIRST_RENDER_MEASURE as FLEET_FIRST_RENDER } from '../../src/domain/fleetSearch.ts';
import { cpuSeconds } from '../proc.ts';
import { type Machine, type ServerHandle, children, createDevices, freePort, killChildren, machineInfo, runMain, sessionCookie, startServer, stopServer } from '../fleet.ts';
import { pageProbe, probeSlice, scrollThrough, setFrameCounting } from '../probe.ts';
import { routeBlankBasemap, withBlankBasemap } from '../blankBasemap.ts';
import { ANCHORS, BEACON, type Distribution, type FreshnessResult, JUMP_ATTRIBUTE, SPOTS, VIEW, measureFreshness, socketProbe } from './freshness.ts';

const PASSWORD = 'bench-live-password';
const ADMIN = 'admin';
const DEMO_DEVICES = 8;
const PREFIX = 'sim-';
const WARMUP_MS = 5_000;
const SCROLL_MS = 3_000;
/** The frames-per-second window after the steady one (the frame counter runs only in it). */
const FPS_WINDOW_MS = 10_000;
const HEAP_SAMPLE_MS = 2_000;
/** A client without Athar's map attributes: the wait for its data after its map canvas appears. */
const CLIENT_SETTLE_MS = 10_000;
const BUDGET = { busyShare: 0.2, longestTaskMs: 100 };

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
const repo = here('../../');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;

// ---------------------------------------------------------------------------------------------- options

/** A client under test: its built folder and the name its rows are recorded under. */
interface Client {
  name: string;
  dir: string;
  /** `--socket-delay` in force where this client was given (validation), 0 normally */
  socketDelayMs: number;
}

interface Options {
  devices: number;
  windowSeconds: number;
  interval: number;
  /** `--client-dist DIR` or `--client-dist NAME=DIR` (recorded as NAME), in order; default dist */
  clients: Client[];
  login: 'form' | 'token';
  /** Write a CPU profile of the window here and print its summary; the run is then not recorded. */
  profile: string | null;
  /**
   * The rendering mode (`--gl`). `software` (default): the e2e harness's CHROMIUM_ARGS unchanged:
   * `--disable-gpu`, WebGL by SwiftShader through ANGLE (`--use-angle=swiftshader`); the compositor
   * reads every WebGL frame back on the main thread (GLES2::ReadPixels). `gpu`: GPU compositing:
   * without `--disable-gpu` and with `--use-angle=default`, so Chromium uses a GPU when there is
   * one; on a machine without a GPU it falls back to SwiftShader in the GPU process (the WebGL
   * renderer string recorded with each run says which).
   */
  gl: GlMode;
  /** Trace the window with the timeline categories and print what the tasks over 100 ms were made of (not recorded). */
  detail: boolean;
  /**
   * The renderer's floor (`--floor on`): the same map with the devices placed, the simulator stopped
   * before the window (no data changes) and MapLibre repainting every frame (`repaint`, switched on
   * through the page's storage: src/map/repaint.ts REPAINT_KEY). Recorded as the client's name with
   * ` (floor)`.
   */
  floor: boolean;
  /** Rewrite live.md from live.json and stop (no measurement). */
  reportOnly: boolean;
  /** The freshness window after the steady one (`--freshness off` skips it; never with `--floor on`). */
  freshness: boolean;
  /** `--fresh-positions`: jumps timed in the freshness window. */
  freshPositions: number;
  /** `--fresh-minutes`: the timed jumps of one client end after this long even before `--fresh-positions` (null: no limit). */
  freshMinutes: number | null;
  /** `--fresh-timeout` (s): a jump not drawn by then counts as missed. */
  freshTimeoutMs: number;
  /** `--fresh-settle` (s): the wait after each calibration jump (longer than the client's slowest delivery). */
  freshSettleMs: number;
  /**
   * `--socket-delay MS` (validation): in the freshness window, every socket message reaches the clients
   * given after it (`--client-dist`) MS later; their rows are named `… (socket +MS ms)`.
   */
  socketDelayMs: number;
  /** `--record off`: print the results, write nothing to bench/results. */
  record: boolean;
  /** `--fresh-debug DIR`: the calibration frames are written there. */
  freshDebug: string | null;
  /**
   * `--page fleet`: once the map is ready, the fleet overview is opened (the panel's Overview switch,
   * `/fleet`: the overview in the main area, the device list beside it) and the window measures that
   * page; its first render (the page's performance measure) is recorded. Recorded as the client's
   * name with ` /fleet`; no freshness window (the map is not on screen).
   */
  page: 'map' | 'fleet';
}

function parseOptions(argv: string[]): Options {
  const options: Options = {
    devices: 1000,
    windowSeconds: 30,
    interval: 1,
    clients: [],
    login: 'form',
    profile: null,
    gl: 'software',
    detail: false,
    floor: false,
    reportOnly: false,
    freshness: true,
    freshPositions: 200,
    freshMinutes: null,
    freshTimeoutMs: 60_000,
    freshSettleMs: 35_000,
    socketDelayMs: 0,
    freshDebug: null,
    record: true,
    page: 'map',
  };
  for (let k = 0; k < argv.length; k++) {
    const flag = argv[k]!;
    if (flag === '--report') {
      options.reportOnly = true;
      continue;
    }
    const value = argv[++k];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    const positive = (): number => {
      const n = Number(value);
      if (!(n > 0)) throw new Error(`${flag}: a positive number expected, got ${value}`);
      return n;
    };
    if (flag === '--devices') options.devices = Math.round(positive());
    else if (flag === '--window') options.windowSeconds = positive();
    else if (flag === '--interval') options.interval = positive();
    else if (flag === '--client-dist') {
      const eq = value.indexOf('=');
      const [name, dir] = eq > 0 ? [value.slice(0, eq), value.slice(eq + 1)] : [value, value];
      const delay = options.socketDelayMs;
      options.clients.push({ name: delay > 0 ? `${name} (socket +${delay} ms)` : name, dir, socketDelayMs: delay });
    } else if (flag === '--freshness' && (value === 'on' || value === 'off')) options.freshness = value === 'on';
    else if (flag === '--fresh-positions') options.freshPositions = Math.round(positive());
    else if (flag === '--fresh-minutes') options.freshMinutes = positive();
    else if (flag === '--fresh-timeout') options.freshTimeoutMs = positive() * 1000;
    else if (flag === '--fresh-settle') options.freshSettleMs = positive() * 1000;
    else if (flag === '--socket-delay') options.socketDelayMs = value === '0' ? 0 : Math.round(positive());
    else if (flag === '--record' && (value === 'on' || value === 'off')) options.record = value === 'on';
    else if (flag === '--fresh-debug') options.freshDebug = resolve(value);
    else if (flag === '--login' && (value === 'form' || value === 'token')) options.login = value;
    else if (flag === '--profile') options.profile = resolve(value);
    else if (flag === '--detail' && (value === 'on' || value === 'off')) options.detail = value === 'on';
    else if (flag === '--gl' && (value === 'gpu' || value === 'software')) options.gl = value;
    else if (flag === '--floor' && (value === 'on' || value === 'off')) options.floor = value === 'on';
    else if (flag === '--page' && (value === 'map' || value === 'fleet')) options.page = value;
    else if (flag === '--compositing') throw new Error('--compositing is gone: --gl software (the e2e arguments, --disable-gpu) or --gl gpu (GPU compositing, --use-angle=default)');
    else throw new Error(`Unknown option ${flag} ${value}`);
  }
  if (options.clients.length === 0) options.clients.push({ name: 'dist', dir: 'dist', socketDelayMs: options.socketDelayMs });
  for (const { dir } of options.clients) {
    if (!existsSync(join(resolve(repo, dir), 'index.html'))) throw new Error(`${dir}/index.html is missing: build the client first (npm run build); this benchmark builds nothing`);
  }
  if (options.floor || options.page === 'fleet') options.freshness = false;
  return options;
}

// ---------------------------------------------------------------------------------------------- processes

/** Whole-machine busy and total jiffies (/proc/stat). */
function machineJiffies(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const total = values.reduce((a, b) => a + b, 0);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

interface SimulatorHandle {
  child: ChildProcess;
  /** answered-200 rates of the simulator's 5 s progress lines, with their arrival time */
  rates: Array<{ at: number; rate: number }>;
  lastLine: string;
}

function startSimulator(osmandPort: number, devices: number, interval: number): SimulatorHandle {
  const args = ['--url', `http://127.0.0.1:${osmandPort}`, '--devices', String(devices), '--interval', String(interval), '--prefix', PREFIX];
  const child = fork(join(repo, 'server/simulator/cli.ts'), args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  children.add(child);
  const handle: SimulatorHandle = { child, rates: [], lastLine: '' };
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      handle.lastLine = line;
      const match = /200: \d+ \(([\d.]+)\/s\)/.exec(line);
      if (match) handle.rates.push({ at: Date.now(), rate: Number(match[1]) });
    }
  });
  return handle;
}

// ---------------------------------------------------------------------------------------------- page probes

type Metrics = Record<string, number>;

/**
 * Flat: the retained heap (after GC) at the end within 5 % + 2 MB of the start; over ten minutes
 * or more also a least-squares slope of at most 1 MB/min (over a short window the slope is the GC
 * sawtooth, not a trend, and is not judged).
 */
function heapFlat(retainedStart: number, retainedEnd: number, slope: number, seconds: number): boolean {
  return retainedEnd <= retainedStart * 1.05 + 2 && (seconds < 600 || slope <= 1);
}

/** The JS heap in MB after a forced full garbage collection: what the page really holds. */
async function retainedHeap(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 2 ** 20;
}

async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

interface Breakdown {
  /** share of wall time */
  busy: number;
  script: number;
  layout: number;
  recalcStyle: number;
  /** TaskDuration − script − layout − style: paint, compositing commits, GC outside scripts, parsing… */
  other: number;
}

function breakdown(a: Metrics, b: Metrics, wallSeconds: number): Breakdown {
  const d = (name: string): number => ((b[name] ?? 0) - (a[name] ?? 0)) / wallSeconds;
  const busy = d('TaskDuration');
  const script = d('ScriptDuration');
  const layout = d('LayoutDuration');
  const recalcStyle = d('RecalcStyleDuration');
  return { busy: round(busy, 4), script: round(script, 4), layout: round(layout, 4), recalcStyle: round(recalcStyle, 4), other: round(Math.max(0, busy - script - layout - recalcStyle), 4) };
}

interface TraceSummary {
  /** longest top-level task on the renderer main thread (ms) */
  maxRunTaskMs: number;
  /** tasks over 50 ms / over 100 ms on that thread */
  tasksOver50: number;
  tasksOver100: number;
  /** busy share of wall time per thread name (top threads, all processes) */
  threads: Array<{ thread: string; busy: number }>;
  /** With `--profile`: what the renderer main thread's tasks over 100 ms were made of (nested events, by name). */
  longTasks?: Array<{ ms: number; parts: string }>;
  /** With `--detail on`: the renderer main thread's events by name over the whole window (count, total ms; nested events counted in their parents too). */
  mainEvents?: string;
}

async function startTrace(cdp: CDPSession, detailed: boolean): Promise<() => Promise<TraceSummary>> {
  const stop = await recordTrace(cdp, detailed ? 'toplevel,__metadata,devtools.timeline,v8,gpu,cc,blink' : 'toplevel,__metadata');
  const begin = Date.now();
  return async () => {
    const events = await stop();
    const wallUs = (Date.now() - begin) * 1000;
    const names = new Map<string, string>();
    for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name) names.set(`${e.pid}:${e.tid}`, e.args.name);
    // top-level tasks per thread (nested run loops not double-counted)
    const perThread = new Map<string, Array<{ ts: number; dur: number }>>();
    for (const e of events) {
      if (e.ph !== 'X' || e.dur === undefined || (e.name !== 'ThreadControllerImpl::RunTask' && e.name !== 'RunTask')) continue;
      const key = `${e.pid}:${e.tid}`;
      let list = perThread.get(key);
      if (!list) perThread.set(key, (list = []));
      list.push({ ts: e.ts, dur: e.dur });
    }
    const threads: Array<{ key: string; thread: string; busyUs: number; tasks: number[] }> = [];
    for (const [key, list] of perThread) {
      list.sort((x, y) => x.ts - y.ts);
      let end = -Infinity;
      let busyUs = 0;
      const tasks: number[] = [];
      for (const t of list) {
        if (t.ts >= end) {
          busyUs += t.dur;
          tasks.push(t.dur / 1000);
          end = t.ts + t.dur;
        }
      }
      threads.push({ key, thread: names.get(key) ?? key, busyUs, tasks });
    }
    threads.sort((x, y) => y.busyUs - x.busyUs);
    const main = threads.find((t) => t.thread === 'CrRendererMain');
    const tasks = main?.tasks ?? [];
    let longTasks: TraceSummary['longTasks'];
    let mainEvents: string | undefined;
    if (detailed && main) {
      const [pid, tid] = main.key.split(':').map(Number);
      const own = events.filter((e) => e.ph === 'X' && e.dur !== undefined && e.pid === pid && e.tid === tid);
      const byName = new Map<string, { count: number; us: number }>();
      for (const e of own) {
        const entry = byName.get(e.name) ?? { count: 0, us: 0 };
        entry.count += 1;
        entry.us += e.dur!;
        byName.set(e.name, entry);
      }
      mainEvents = [...byName]
        .sort((a, b) => b[1].us - a[1].us)
        .slice(0, 25)
        .map(([name, { count, us }]) => `${name} ×${count} ${round(us / 1000, 0)} ms`)
        .join('\n');
      longTasks = (perThread.get(main.key) ?? [])
        .filter((t) => t.dur > 100_000)
        .map((t) => {
          const parts = new Map<string, number>();
          for (const e of own) {
            if (e.ts < t.ts || e.ts + e.dur! > t.ts + t.dur || e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') continue;
            parts.set(e.name, (parts.get(e.name) ?? 0) + e.dur!);
          }
          const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 10);
          return { ms: round(t.dur / 1000, 1), parts: top.map(([name, us]) => `${name} ${round(us / 1000, 1)}`).join(', ') };
        });
    }
    return {
      ...(longTasks ? { longTasks } : {}),
      ...(mainEvents ? { mainEvents } : {}),
      maxRunTaskMs: round(tasks.reduce((m, v) => Math.max(m, v), 0), 1),
      tasksOver50: tasks.filter((v) => v > 50).length,
      tasksOver100: tasks.filter((v) => v > 100).length,
      threads: threads.slice(0, 6).map((t) => ({ thread: t.thread, busy: round(t.busyUs / wallUs, 4) })),
    };
  };
}

/** Least-squares slope of (seconds, bytes) samples, in MB per minute. */
function slopeMbPerMinute(samples: Array<{ t: number; bytes: number }>): number {
  const n = samples.length;
  if (n < 2) return 0;
  const mt = samples.reduce((s, p) => s + p.t, 0) / n;
  const mb = samples.reduce((s, p) => s + p.bytes, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of samples) {
    num += (p.t - mt) * (p.bytes - mb);
    den += (p.t - mt) ** 2;
  }
  return den === 0 ? 0 : round(((num / den) * 60) / 2 ** 20, 2);
}

// ---------------------------------------------------------------------------------------------- one client

/**
 * `software` and `gpu` as in `Options.gl`. `swiftshader-gpu-process` is what the benchmark called
 * `gpu` compositing before `--gl` existed (the harness's arguments without `--disable-gpu`, still
 * `--use-angle=swiftshader`): software WebGL in the GPU process; kept for the rows recorded so.
 */
type GlMode = 'software' | 'gpu';
type RecordedGl = GlMode | 'swiftshader-gpu-process';

interface ClientResult {
  client: string;
  gl: RecordedGl;
  /** The WebGL renderer Chromium reports (UNMASKED_RENDERER_WEBGL), read in the page; null when not recorded. */
  webglRenderer: string | null;
  devices: number;
  totalDevices: number;
  date: string;
  windowSeconds: number;
  loadAverage: { start: number; end: number };
  timeToMapReadyMs: number;
  /** `--page fleet`: the overview's first render (ms, its performance measure: render, commit, style and layout to the next frame) */
  overviewFirstRenderMs?: number;
  /** Athar's device features on the map (null: a client that does not say) */
  mapFeatures: { atStart: number | null; atEnd: number | null };
  steady: {
    breakdown: Breakdown;
    fps: number;
    maxFrameGapMs: number;
    longtasks: { count: number; maxMs: number; totalMs: number };
    trace: TraceSummary | null;
    heapMb: {
      start: number;
      end: number;
      slopeMbPerMinute: number;
      samples: number;
      /** After a forced garbage collection just before and just after the window (outside it). */
      retainedStart: number;
      retainedEnd: number;
    };
    machineCpuBusy: number | null;
    serverCpuPercentOfOneCore: number | null;
    simulatorCpuPercentOfOneCore: number | null;
    positionsPerSecond: number | null;
  };
  scroll: {
    durationMs: number;
    scrollHeightPx: number;
    frames: number;
    fps: number;
    maxFrameGapMs: number;
    longtasks: { count: number; maxMs: number };
    breakdown: Breakdown;
  } | null;
  budgets: {
    busy: boolean;
    longestTask: boolean;
    /** See `heapFlat`. */
    heapFlat: boolean;
    /** The window lasted ten minutes or more (otherwise the heap verdict is only indicative). */
    heapTenMinutes: boolean;
    /** Freshness p95 ≤ 1.5 s and maximum ≤ 3 s (absent: not measured). */
    freshness?: boolean;
  };
  /** The freshness window (absent in rows recorded before it, null when skipped). */
  freshness?: FreshnessResult | null;
}

/** The issue's freshness budget (Athar at 100, 1,500 and 10,000 devices). */
const FRESHNESS_BUDGET = { p95Ms: 1_500, maxMs: 3_000 };

function freshnessMet(result: FreshnessResult): boolean {
  const { p95Ms, maxMs } = result.delay;
  return p95Ms !== null && maxMs !== null && p95Ms <= FRESHNESS_BUDGET.p95Ms && maxMs <= FRESHNESS_BUDGET.maxMs;
}

/**
 * Athar's basemap is offline (the server's `map` attribute is `offline`); other clients get a blank
 * one through the server's settings (bench/blankBasemap.ts).
 */
async function offlineBasemapForOthers(url: string): Promise<void> {
  const cookie = await sessionCookie(url, { email: ADMIN, password: PASSWORD });
  const headers = { Cookie: cookie, Accept: 'application/json', 'Content-Type': 'application/json' };
  const settings = (await (await fetch(`${url}/api/server`, { headers })).json()) as { attributes?: Record<string, unknown> } & Record<string, unknown>;
  const response = await fetch(`${url}/api/server`, { method: 'PUT', headers, body: JSON.stringify(withBlankBasemap(settings)) });
  if (!response.ok) throw new Error(`PUT /api/server: ${response.status} ${await response.text()}`);
}

/**
 * The freshness window, after the steady one, in a page of its own (bench/live/freshness.ts): the
 * beacon and two anchors are created and placed, the admin's default view is set to `VIEW`, the
 * server is asked to report the pushes of the beacon's jumps, the client is opened again with the
 * socket probe, and the jumps are timed. The beacon, the anchors and the view are undone afterwards,
 * so the next client's steady window sees the same fleet as this one's.
 */
async function freshnessWindow(context: BrowserContext, server: ServerHandle, osmandPort: number, options: Options, client: Client): Promise<FreshnessResult> {
  const cookie = await sessionCookie(server.url, { email: ADMIN, password: PASSWORD });
  const api = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { Cookie: cookie, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
  const osmand = async (uniqueId: string, lat: number, lon: number, extra: Record<string, string> = {}): Promise<void> => {
    const query = new URLSearchParams({ id: uniqueId, lat: String(lat), lon: String(lon), timestamp: String(Date.now()), speed: '0', ...extra });
    const response = await fetch(`http://127.0.0.1:${osmandPort}/?${query}`);
    if (!response.ok) throw new Error(`OsmAnd report of ${uniqueId}: ${response.status} ${await response.text()}`);
  };
  const pushes = new Map<number, number>();
  const onMessage = (message: { type?: string; seq?: number; at?: number }): void => {
    if (message.type === 'push' && typeof message.seq === 'number' && typeof message.at === 'number') pushes.set(message.seq, message.at);
  };
  server.child.on('message', onMessage);
  server.child.send({ type: 'watch', attribute: JUMP_ATTRIBUTE });

  const created: number[] = [];
  const user = (await api('GET', '/api/session')) as { id: number; latitude: number; longitude: number; zoom: number } & Record<string, unknown>;
  const page = await context.newPage();
  try {
    for (const device of [BEACON, ...ANCHORS]) {
      const { id } = (await api('POST', '/api/devices', { name: device.name, uniqueId: device.uniqueId, category: 'car' })) as { id: number };
      created.push(id);
    }
    for (const anchor of ANCHORS) await osmand(anchor.uniqueId, anchor.lat, anchor.lon);
    await osmand(BEACON.uniqueId, SPOTS.a.lat, SPOTS.a.lon);
    await api('PUT', `/api/users/${user.id}`, { ...user, latitude: VIEW.latitude, longitude: VIEW.longitude, zoom: VIEW.zoom });

    page.on('pageerror', (error) => console.error('[page error]', error.message));
    await page.addInitScript('window.__name = (f) => f;');
    await page.addInitScript(socketProbe, { attribute: JUMP_ATTRIBUTE, delayMs: client.socketDelayMs });
    await signIn(page, server.url, options.login);
    await mapReady(page, options.devices);
    // the first view drawn, and the beacon (placed before the page) on it
    await sleep(options.freshSettleMs);
    const cdp = await context.newCDPSession(page);
    try {
      return await measureFreshness(
        {
          page,
          cdp,
          jump: (spot, seq) => osmand(BEACON.uniqueId, SPOTS[spot].lat, SPOTS[spot].lon, { [JUMP_ATTRIBUTE]: String(seq) }),
          pushOf: async (seq, ms) => {
            const until = Date.now() + ms;
            while (!pushes.has(seq) && Date.now() < until) await sleep(5);
            return pushes.get(seq) ?? null;
          },
          log: (line) => console.log(line),
        },
        { positions: options.freshPositions, ...(options.freshMinutes === null ? {} : { maxMs: options.freshMinutes * 60_000 }), timeoutMs: options.freshTimeoutMs, settleMs: options.freshSettleMs, socketDelayMs: client.socketDelayMs, debugDir: options.freshDebug && join(options.freshDebug, client.name.replace(/[^\w.-]+/g, '_')) },
      );
    } finally {
      await cdp.detach().catch(() => {});
    }
  } finally {
    await page.close().catch(() => {});
    server.child.off('message', onMessage);
    for (const id of created) await api('DELETE', `/api/devices/${id}`).catch((error: unknown) => console.error(error));
    await api('PUT', `/api/users/${user.id}`, user).catch((error: unknown) => console.error(error));
  }
}

/** Signs in: Athar's login form (`form`), or `/?token=…` (`token`, any client that takes Traccar's token sign-in). */
async function signIn(page: Page, url: string, login: Options['login']): Promise<void> {
  if (login === 'token') {
    const response = await fetch(`${url}/api/session/token`, {
      method: 'POST',
      headers: { Authorization: 'Basic ' + Buffer.from(`${ADMIN}:${PASSWORD}`).toString('base64'), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ expiration: new Date(Date.now() + 3600_000).toISOString() }).toString(),
    });
    if (!response.ok) throw new Error(`POST /api/session/token: ${response.status}`);
    await page.goto(`${url}/?locale=en&token=${encodeURIComponent((await response.text()).trim())}`);
  } else {
    await page.goto(`${url}/?locale=en`);
    // a context that is signed in already (the steady window's) opens the map, with no form to fill
    const email = page.getByLabel('Email', { exact: true });
    await email.or(page.locator('canvas.maplibregl-canvas')).first().waitFor({ timeout: 60_000 });
    if (!(await email.isVisible())) return;
    await email.fill(ADMIN);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
}

/**
 * Waits for the map and its devices. Athar says when it is ready (`data-map-ready`) and how many device
 * features it has (`data-device-features`): until (nearly) every device has one, or 60 s. Another
 * client says nothing: its MapLibre canvas, then CLIENT_SETTLE_MS plus 2 ms a device for the data.
 */
async function mapReady(page: Page, devices: number): Promise<{ features: (() => Promise<number>) | null }> {
  await page.locator('canvas.maplibregl-canvas').first().waitFor({ state: 'attached', timeout: 120_000 });
  if ((await page.locator('[data-testid="map"]').count()) === 0) {
    await sleep(CLIENT_SETTLE_MS + devices * 2);
    return { features: null };
  }
  const map = page.locator('[data-testid="map"][data-map-ready="true"]');
  await map.waitFor({ state: 'attached', timeout: 120_000 });
  const features = async (): Promise<number> => Number((await map.getAttribute('data-device-features')) ?? 0);
  const until = Date.now() + 60_000;
  while ((await features()) < devices * 0.95 && Date.now() < until) await sleep(500);
  return { features };
}

async function measureClient(
  context: BrowserContext,
  url: string,
  client: string,
  options: Options,
  pids: { server: number | undefined; simulator: SimulatorHandle },
): Promise<ClientResult> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  // tsx (esbuild keepNames) wraps named functions in __name(): give the page a no-op one
  await page.addInitScript('window.__name = (f) => f;');
  await page.addInitScript(pageProbe);
  if (options.floor) await page.addInitScript((key) => window.localStorage.setItem(key, '1'), REPAINT_KEY);
  const loadStart = os.loadavg()[0] ?? 0;
  const t0 = Date.now();
  await signIn(page, url, options.login);
  const ready = await mapReady(page, options.devices);
  // on /fleet there is no map to count features on
  const features = options.page === 'fleet' ? null : ready.features;
  const timeToMapReadyMs = Date.now() - t0;
  // what Chromium renders WebGL with in this mode (chrome://gpu's "GL_RENDERER"), from a canvas of its own
  const webglRenderer = await page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return 'no WebGL';
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
  });
  console.log(`WebGL renderer (--gl ${options.gl}): ${webglRenderer}`);
  if (options.floor && pids.simulator.child.pid !== undefined && pids.simulator.child.exitCode === null) {
    // no more positions: what the window measures is the map repainting the same data
    process.kill(pids.simulator.child.pid, 'SIGTERM');
    await new Promise((r) => pids.simulator.child.once('exit', r));
  }
  let overviewFirstRenderMs: number | undefined;
  if (options.page === 'fleet') {
    // the fleet in the store: the overview opened as a person does, from the panel's switch
    await page.getByRole('radio', { name: 'Overview', exact: true }).click({ force: true });
    await page.waitForURL((address) => address.pathname === '/fleet');
    await page.getByTestId('fleet-overview').waitFor();
    const measure = await page.waitForFunction(
      (name) => performance.getEntriesByName(name, 'measure')[0]?.duration ?? null,
      FLEET_FIRST_RENDER,
      { timeout: 30_000 },
    );
    overviewFirstRenderMs = round(Number(await measure.jsonValue()), 1);
    console.log(`fleet overview first render: ${overviewFirstRenderMs} ms`);
  }
  await sleep(WARMUP_MS);

  const cdp = await context.newCDPSession(page);
  // wall-clock task durations (timeTicks), not thread CPU time: the budget is a share of wall time
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
  const featuresStart = features ? await features() : null;
  // started before the window: starting the profiler is itself a task of a few hundred ms
  const stopProfile = options.profile ? await startProfile(cdp, options.profile) : null;
  const retainedStart = await retainedHeap(cdp);
  // the main thread's own time, without the frame counter driving a frame at every vsync (the
  // frames per second are counted in a window of their own after this one)
  await setFrameCounting(page, false);
  const m0 = await metrics(cdp);
  const heap: Array<{ t: number; bytes: number }> = [{ t: 0, bytes: m0['JSHeapUsedSize'] ?? 0 }];
  const stopTrace = await startTrace(cdp, options.profile !== null || options.detail).catch((error: unknown) => {
    console.error('tracing unavailable:', error);
    return null;
  });
  const cpu0 = { server: cpuSeconds(pids.server), sim: cpuSeconds(pids.simulator.child.pid), machine: machineJiffies() };
  const wall0 = Date.now();
  const pageT0 = await page.evaluate(() => performance.now());
  while (Date.now() - wall0 < options.windowSeconds * 1000) {
    await sleep(Math.min(HEAP_SAMPLE_MS, options.windowSeconds * 1000 - (Date.now() - wall0)));
    const m = await metrics(cdp);
    heap.push({ t: (Date.now() - wall0) / 1000, bytes: m['JSHeapUsedSize'] ?? 0 });
  }
  const pageT1 = await page.evaluate(() => performance.now());
  const m1 = await metrics(cdp);
  const wallSeconds = (Date.now() - wall0) / 1000;
  const cpu1 = { server: cpuSeconds(pids.server), sim: cpuSeconds(pids.simulator.child.pid), machine: machineJiffies() };
  const trace = stopTrace ? await stopTrace() : null;
  if (trace?.mainEvents) console.log(`main thread, by event (--detail on):\n${trace.mainEvents}`);
  if (stopProfile) console.log(await stopProfile());
  const retainedEnd = await retainedHeap(cdp);
  const slice = await probeSlice(page, pageT0, pageT1);
  // frames per second, in a window of their own with the counter asking for every frame
  await setFrameCounting(page, true);
  const fpsT0 = await page.evaluate(() => performance.now());
  await sleep(FPS_WINDOW_MS);
  const fpsT1 = await page.evaluate(() => performance.now());
  const counted = await probeSlice(page, fpsT0, fpsT1);
  const featuresEnd = features ? await features() : null;
  const rates = pids.simulator.rates.filter((r) => r.at >= wall0 + 5_000 && r.at <= wall0 + wallSeconds * 1000 + 1_000).map((r) => r.rate);
  const pct = (a: number | null, b: number | null): number | null => (a !== null && b !== null ? Math.round(((b - a) / wallSeconds) * 100) : null);

  // device list scroll, top to bottom over SCROLL_MS
  let scroll: ClientResult['scroll'] = null;
  const list = page.locator('[data-testid="device-list"]');
  if ((await list.count()) > 0) {
    await list.evaluate((element) => (element.scrollTop = 0));
    await sleep(500);
    const s0 = await metrics(cdp);
    const run = await scrollThrough(list, SCROLL_MS);
    const s1 = await metrics(cdp);
    const scrolled = await probeSlice(page, run.from, run.to);
    const seconds = (run.to - run.from) / 1000;
    scroll = {
      durationMs: Math.round(run.to - run.from),
      scrollHeightPx: run.height,
      frames: scrolled.frames,
      fps: round(scrolled.frames / seconds, 1),
      maxFrameGapMs: round(scrolled.maxFrameGapMs, 1),
      longtasks: { count: scrolled.longtasks.length, maxMs: round(Math.max(0, ...scrolled.longtasks), 1) },
      breakdown: breakdown(s0, s1, seconds),
    };
  }
  await cdp.detach().catch(() => {});
  await page.close();

  const steadyBreakdown = breakdown(m0, m1, wallSeconds);
  const longestMs = Math.max(0, ...slice.longtasks, trace?.maxRunTaskMs ?? 0);
  const heapSlope = slopeMbPerMinute(heap);
  const heapStart = (m0['JSHeapUsedSize'] ?? 0) / 2 ** 20;
  return {
    client: options.floor ? `${client} (floor)` : options.page === 'fleet' ? `${client} /fleet` : client,
    ...(overviewFirstRenderMs === undefined ? {} : { overviewFirstRenderMs }),
    gl: options.gl,
    webglRenderer,
    devices: options.devices,
    totalDevices: options.devices + DEMO_DEVICES,
    date: new Date().toISOString(),
    windowSeconds: round(wallSeconds, 1),
    loadAverage: { start: round(loadStart), end: round(os.loadavg()[0] ?? 0) },
    timeToMapReadyMs,
    mapFeatures: { atStart: featuresStart, atEnd: featuresEnd },
    steady: {
      breakdown: steadyBreakdown,
      fps: round(counted.frames / ((fpsT1 - fpsT0) / 1000), 1),
      maxFrameGapMs: round(counted.maxFrameGapMs, 1),
      longtasks: { count: slice.longtasks.length, maxMs: round(Math.max(0, ...slice.longtasks), 1), totalMs: Math.round(slice.longtasks.reduce((a, b) => a + b, 0)) },
      trace,
      heapMb: {
        start: round(heapStart, 1),
        end: round((m1['JSHeapUsedSize'] ?? 0) / 2 ** 20, 1),
        slopeMbPerMinute: heapSlope,
        samples: heap.length,
        retainedStart: round(retainedStart, 1),
        retainedEnd: round(retainedEnd, 1),
      },
      machineCpuBusy: cpu0.machine && cpu1.machine ? round((cpu1.machine.busy - cpu0.machine.busy) / (cpu1.machine.total - cpu0.machine.total), 3) : null,
      serverCpuPercentOfOneCore: pct(cpu0.server, cpu1.server),
      simulatorCpuPercentOfOneCore: pct(cpu0.sim, cpu1.sim),
      positionsPerSecond: rates.length ? Math.round(rates.reduce((a, b) => a + b, 0) / rates.length) : null,
    },
    scroll,
    budgets: {
      busy: steadyBreakdown.busy <= BUDGET.busyShare,
      longestTask: longestMs <= BUDGET.longestTaskMs,
      heapFlat: heapFlat(retainedStart, retainedEnd, heapSlope, wallSeconds),
      heapTenMinutes: wallSeconds >= 600,
    },
  };
}

// ---------------------------------------------------------------------------------------------- report

interface Results {
  machine: Machine;
  budget: { busyShare: number; longestTaskMs: number; heap: string };
  runs: ClientResult[];
}

/** Before/after figures of changes to the live map, measured A/B in one run (two --client-dist under the same load). */
const CHANGES = `## Changes measured (before → after, one run each, both clients under the same load)

Rows \`dist before fade\` are the build of 0c9716d; \`dist\` has the live map created with \`fadeDuration: 0\` (no
300 ms symbol fade, which repainted for 300 ms after every update). \`--gl software\` unless said. Rows \`dist@0c9716d\` are
an earlier baseline of the same build, each client run alone, under more load from elsewhere (machine CPU 82–83 %):

| devices | gl | load avg | busy | longest task | tasks > 50 ms | fps | machine CPU |
| --- | --- | --- | --- | --- | --- | --- | --- |
| 100 | software | 2.19 → 1.59 / 1.59 → 1.92 | 8.8 → **6.3 %** | 76 → **54 ms** | 8 → **1** | 58.5 → **59.5** | 18.0 → 13.8 % |
| 1,500 | software | 2.09 → 1.47 / 1.47 → 2.49 | 13.9 → **10.1 %** | 61 → 63 ms | 7 → **2** | 58.8 → **59.4** | 40.6 → 31.0 % |
| 1,500 | gpu (SwiftShader fallback) | 1.86 → 1.6 / 1.6 → 2.43 | 16.9 → **15.4 %** | 99 → 99 ms | 7 → **3** | 58.6 → **59.2** | 47.9 → 43.9 % |
| 10,000 (about 8,500 positions/s) | software | 2.04 → 2.92 / 2.92 → 3.43 | 16.2 → **15.6 %** | 129 → **100 ms** | 6 → 5 | 58.6 → 58.9 | 88.5 → 87.2 % |

A CPU profile of the 1,500-device window after the change (\`--profile\`) finds no readback on the update path
(no \`queryRenderedFeatures\`, canvas read or \`project\` loop): JavaScript is about 1.2 s of 18 s, most of it
under the socket's \`onmessage\` (the message's parse and check, its delivery into the live store); MapLibre's \`_render\` about 34 ms; the two spans
over 50 ms are the garbage collector. The rest of the main thread's busy time ("other") is software compositing's
frame readback (\`--gl software\`), not the page's code.

The \`dist\` rows above were measured at 00:12–00:16. Measured again at 01:54–01:59 on a quieter machine (load
0.2–1.2 at the start) with the same update path (the later builds changed the first map, not the updates): 100
devices 8.0 % busy, longest 78 ms, 4 tasks > 50 ms; 1,500: 15.5 %, 70 ms, 6; 10,000 (8,636 positions/s): 16.7 %,
94 ms, 7; GPU mode at 1,500: 16.1 %, 97 ms, 6 (those are the rows in the table). An A/B in one run at 02:01 (the
build of f658ab3, then this one, 1,500 devices): 14.8 → 11.2 % busy, longest 70 → 90 ms, tasks > 50 ms 2 → 5, fps
59.4 → 59.0. One run's longest task moves by ±20 ms from run to run here: it is the one frame that waited longest.

## The renderer's floor (\`--floor on\`)

The same map with the devices placed, no update at all, and MapLibre repainting every frame (rows "dist (floor)"):

| devices | busy | fps | longest task | tasks > 50 ms |
| --- | --- | --- | --- | --- |
| 100 | 100.7 % | 20.2 | 77 ms | 88 in 15 s |
| 1,500 | 100.8 % | 20.1 | 120 ms | 77 in 20 s |
| 10,000 | 100.1 % | 19.1 | 106 ms | 116 in 20 s |

One frame of this map costs the main thread about 50 ms whatever the number of devices: 20 frames a second
fill it. A trace of the 1,500-device floor (\`--floor on --detail on\`) says what such a frame is made of: of its
107 ms task, 94 ms are \`GLES2::ReadPixels\` (\`LayerTreeHost::DoUpdateLayers\` → \`CommandBufferHelper::Finish\`:
software compositing waiting for SwiftShader to finish the WebGL frame and reading it back) and 13 ms are
JavaScript (MapLibre's render). So with \`--gl software\` on this 2-core machine, every frame the map draws is a
task of 40–110 ms, and a live map that draws one frame per update batch (one a second) cannot keep every task
under 50 ms (1,500 devices) or 60 ms (10,000): those goals are below the cost of one frame. The update path sits
close to that floor: 1–2 s of script in a 20 s window at 1,500 devices (socket parse, live store, GeoJSON diff),
one repaint per batch, no symbol fade, no readback of its own; its long tasks are the frames' readback.`;

const NOTES = `## How it is measured

- Server (\`bench/live/serve.ts\`) and simulator (\`server/simulator/cli.ts\`, every device every second, OsmAnd GET) in
  two child processes; N devices \`sim-…\` created through the REST API (one admin session cookie, 16 requests in flight), plus the 8 demo devices.
- Chromium headless, viewport 1280×800, in one of two rendering modes (column gl; the WebGL renderer string,
  \`UNMASKED_RENDERER_WEBGL\` read in the page, is recorded beside it):
  - \`--gl software\` (the default): the e2e harness's arguments unchanged: \`--disable-gpu\`, WebGL by SwiftShader
    through ANGLE (\`--use-angle=swiftshader\`). Chromium composites in software and, to do so, reads every WebGL
    frame back on the renderer's main thread (\`LayerTreeHost::DoUpdateLayers\` → \`GLES2::ReadPixels\`, waiting for
    SwiftShader to finish the frame). That wait is a cost of this setting, not of the page's code, and it is counted
    here as the main thread's time: it is where these rows' long tasks come from (see \`--profile\`).
  - \`--gl gpu\`: GPU compositing: without \`--disable-gpu\` and with \`--use-angle=default\`, so a GPU is used
    when there is one. On a machine without one Chromium falls back to SwiftShader in the GPU process: the
    renderer string says which.
  - \`swiftshader-gpu-process\` (rows recorded before \`--gl\`, then called "gpu compositing"): the harness's
    arguments without \`--disable-gpu\`, still \`--use-angle=swiftshader\`: software WebGL, composited in the GPU
    process. Rows recorded as "software compositing" had exactly today's \`--gl software\` arguments.
- \`--floor on\`: the renderer's floor. The devices are placed, then the simulator stops before the window and
  MapLibre repaints every frame with nothing changed (its \`repaint\` switch, set through the page's storage). Rows
  named "… (floor)" are what drawing this map costs by itself on this machine, with no update to process.
- Signed in as the admin through the login form (\`/?locale=en\`, Email / Password / Sign in). \`--login token\` opens
  \`/?token=…\` (a token from \`POST /api/session/token\`) instead: our client signs in with it, another
  Traccar-compatible client may not — a client with another login form needs its own login step here.
- \`--detail on\` (diagnostic, nothing recorded) traces the window with the timeline categories and prints what
  the main thread's tasks over 100 ms were made of. \`--profile FILE\` (diagnostic, nothing recorded) writes a CPU profile of the window and prints where the long
  busy spans go, and what the main thread's tasks over 100 ms were made of (trace events by name).
- After \`data-map-ready="true"\`, the run waits until the map has a feature for ≥ 95 % of the devices (at most 60 s)
  and 5 s more, then measures the window:
  - **busy** = Δ\`TaskDuration\` / wall time (CDP \`Performance.getMetrics\`, renderer main thread); split into script
    (\`ScriptDuration\`), layout, style recalculation and the rest (paint, compositing commits, GC outside scripts,
    HTML parsing…). Measured with the in-page frame counter stopped (from 28 Nov): a counter that asks for every
    frame makes the renderer run a frame at every vsync, changed or not (its lifecycle and commit, about 1.4 ms a
    frame here at 10,000 devices: about 5 % of the main thread), a cost of the measurement that a person watching the
    map does not pay. Rows before 28 Nov include it;
  - **longest task**: the longest \`longtask\` entry (PerformanceObserver, which only reports tasks > 50 ms) and the
    longest top-level \`RunTask\` on \`CrRendererMain\` in a CDP trace (category \`toplevel\`) of the same window;
  - **fps**: requestAnimationFrame callbacks over a 10 s window of their own right after the busy one (the counter
    running; before 28 Nov, over the busy window itself); **heap**: \`JSHeapUsedSize\` every 2 s, with its
    least-squares slope from the start of the window, and the **retained heap**: the heap after a forced full garbage
    collection (CDP \`HeapProfiler.collectGarbage\`) just before and just after the window, outside it. The issue's
    budget is "flat over ten minutes": met when the retained heap at the end is within 5 % + 2 MB of the start and the
    slope is at most 1 MB/min, judged on a run with \`--window 600\` or more; shorter windows are indicative and
    judged on the retained heap alone. \`--report\` rewrites live.md from live.json.
  - **scroll**: the device list (\`[data-testid="device-list"]\`, the scrolling element of the virtualised GridList)
    scrolled programmatically from top to bottom over 3 s, one step per frame; frames, long tasks and busy share
    during it.
- The 2 cores are shared by Chromium (renderer, GPU process rasterising WebGL in software), the server and the
  simulator: "machine CPU" is the whole machine's busy share over the window. Figures move with the load average.
- The load is what the simulator achieved, not what was asked: with 10,000 devices every second the 2 cores
  (Chromium, server, simulator) delivered about a third of 10,000 positions/s (column positions/s, the simulator's
  answered-200 rate during the window). The 10,000-device figures are for that lower rate.
- The map's basemap: Athar's offline style (the server's \`map\` attribute, \`offline\`). The official client's styles are
  on the internet, unreachable here: its map then never finishes loading and draws no device. The server's \`mapUrl\`
  (\`/bench/blank-style.json\`) and \`activeMapStyles\` attribute (\`custom\`) give it a blank style, one light
  background layer, served by the browser context (Playwright route); its \`glyphs\` URL answers 404, so MapLibre draws
  the labels with local fonts, as on Athar's style, which has no glyph server either. Athar reads neither setting.
  Service workers are blocked for every client (the official one would precache 7 MB during the windows).
- A client other than Athar (the official one, \`--login token\`: it signs in with \`/?token=…\`) says nothing about its
  map: the run waits for its MapLibre canvas, then 10 s plus 2 ms a device, and has no device-feature count.
- **Freshness** (\`bench/live/freshness.ts\`), in a window of its own after the steady one and the scroll, in a new page
  (reading pixels costs frames, so the steady window is measured without it):
  - A beacon device and two still anchors are created; the beacon jumps between A and B, 0.22° of longitude
    (22 km) west and east of the simulated city, whose streets reach about 9.5 km from its centre: empty ground at any
    fleet size. Athar fits its first view to all devices: the anchors (0.35° out, at opposite corners) make that view
    take in A and B. The official client opens on the user's default position: the admin's latitude, longitude and
    zoom are set to the city's centre and zoom 10 for this window. Both are undone afterwards, so the next client's
    steady window has the same fleet.
  - Each jump is one OsmAnd report carrying \`benchjump=N\`. **Start**: the server's push. \`bench/live/serve.ts\`
    wraps the live hub (in the bench's server process only; server/ is unchanged) and, once asked, reports
    \`Date.now()\` when the hub is given jump N to push (the position stored, its events made). The hub writes its
    frame on the next turn of its event loop, or, within 70 ms of its last frame, once those 70 ms are over
    (\`LIVE_FRAME_GAP_MS\`: under a stream of positions at most 14 frames a second, each a task, a parse and a pass
    through the socket machine for the browser); that wait counts in the delay and in "push → page socket". (Before
    that gap, 1,500 devices made 150–300 frames a second and the stamp was taken after the frame was written.)
  - **End**: the first frame the page composited with the marker at its new place. Chromium captures the page's
    frames (CDP \`Page.startScreencast\`, PNG, scaled to 480 px wide, every frame acknowledged at once); nothing is
    asked of the client. Where A and B are on screen is learnt: the beacon is toggled A, B, A, B with a settle after
    each (\`--fresh-settle\`, 35 s: longer than either client's longest delivery interval, 15 s for Athar's batching
    and 30 s for the official client's throttle); the pixels that change with every toggle and agree between the two
    frames of a state form groups, and the spots are the pair of groups on one row, of the same shape, that look alike
    (the marker at A in the A frames against the marker at B in the B frames), with the pairs of the same offset
    beside them (a label apart from its icon): a toast that came and went with a toggle is not such a pair.
    \`--fresh-debug DIR\` writes the four calibration frames there. A frame shows the marker at a spot when its pixels there have
    moved at least half way from their "away" values to their "present" ones. While a jump is awaited the latest
    frame is read ten times a second and, once it shows the marker, the frames since the last one that did not are
    bisected: the first frame that does is the end.
  - **Clocks**: a screencast frame's timestamp is \`base::Time::Now()\` in Chromium's browser process when the captured
    frame arrived from the compositor, at most a few ms after it was displayed; the push time is \`Date.now()\` in the
    server's process. Both read the machine's real-time clock (CLOCK_REALTIME), so they are compared as they are, with
    no offset to estimate. (The in-page alternative, \`performance.timeOrigin + performance.now()\` of
    requestAnimationFrame, would have to be mapped to that clock, and reading a WebGL canvas in the page needs
    \`preserveDrawingBuffer\` and a readback every frame on the page's own main thread.) Checked: the earliest frames
    reach the bench 0–1 ms after their timestamp; the page's socket receives a jump 0–6 ms (median) after its push
    time; no frame stamped before a push ever showed the marker (\`anomalies.early\`).
  - The page's socket is probed (an init script wraps \`WebSocket\`; one substring search per message): the time a
    frame with a jump arrives, \`Date.now()\` in the page, splits each delay into push → page socket (the server and
    a busy main thread) and page socket → frame (the client's own delivery and drawing).
  - Each jump is sent once the previous one was drawn (or not within \`--fresh-timeout\`, 60 s: counted as not drawn
    and as longer than the timeout in p95 and max), so each position is the newest until drawn and no jump is taken
    for another; then a random pause of 0.25 s plus up to the longest of the last ten delays (at least 1 s), so that a
    client delivering on a period is caught at a uniformly random phase of it. \`--fresh-positions\` jumps (200), or as many
    as \`--fresh-minutes\` allows a client (the column positions says how many were timed).
  - The screencast costs Chromium a PNG encoding per composited frame (more for a client that draws more often) and
    the bench a few PNG decodings a second; both are on the same 2 cores, in this window only.
  - Validation of the method (indicative, a busy machine, before 5ed9323, the build that still doubled its batching
    interval up to 15 s): that Athar measured median 5.5–6.3 s, max 14.1–14.9 s, the page socket receiving each jump
    within 1 ms of the push: the delay was the client's own, and its maximum the 15 s period. The same build with the
    interval held at 1 s, then with \`--socket-delay 1000\` (every socket message reaching the client 1 s late), in one
    run: median 839 → 2,121 ms, p95 1,612 → 3,008 ms, max 1,880 → 3,048 ms over 60 jumps each: a client made late
    measures late. A run measures each jump in about one of the client's delivery periods: 200 jumps take minutes for
    a client that delivers every second and much longer for one that stretches its period (the official client
    flushes every clamp(its last flush's ms × 1,000, 1.5 s, 30 s) once more than 3 updates a second arrive).
- The heap slope of a short window is dominated by the GC sawtooth (it can be negative while end > start); the
  retained figures are the ones to read. The measurement itself costs some time (CDP tracing, \`getMetrics\` every 2 s:
  DevToolsPipeHandlerWriteThread in the thread list).`;

/** A Markdown table's header row and separator. */
function tableHead(columns: string[]): string[] {
  return [`| ${columns.join(' | ')} |`, `|${' --- |'.repeat(columns.length)}`];
}

/** A delay for the tables: ms under 10 s, seconds above; null: not drawn within the timeout. */
function delayText(ms: number | null, timeoutMs: number): string {
  if (ms === null) return `> ${timeoutMs / 1000} s`;
  return Math.abs(ms) < 10_000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The issue's whole budget for a run: freshness, and the steady state's busy ≤ 20 % and ≥ 55 fps; what missed it is named. */
function issueBudget(r: ClientResult): string {
  const missed = [
    ...(r.budgets.freshness ? [] : ['freshness']),
    ...(r.steady.breakdown.busy <= 0.2 ? [] : ['busy']),
    ...(r.steady.fps >= 55 ? [] : ['fps']),
  ];
  return missed.length === 0 ? 'met' : `**missed** (${missed.join(', ')})`;
}

/** The freshness rows beside the steady state's busy and fps of the same run (bench/live/freshness.ts). */
function freshnessTable(rows: ClientResult[]): string[] {
  const pct = (v: number | null | undefined): string => (v === null || v === undefined ? '?' : `${(v * 100).toFixed(1)} %`);
  const measured = rows.filter((r) => r.freshness !== undefined);
  return [
    '## Freshness: server push → first frame with the marker at its new place',
    '',
    `Budget (the issue, Athar at 100, 1,500 and 10,000 devices, \`--gl software\`): p95 ≤ ${FRESHNESS_BUDGET.p95Ms / 1000} s and maximum ≤ ${FRESHNESS_BUDGET.maxMs / 1000} s, with the steady state's busy ≤ 20 % and ≥ 55 fps (its own window, before this one; columns "steady"). Measured in its own window after the steady one (see "How it is measured"); every client in a run under the same load.`,
    '',
    ...tableHead(['client', 'gl', 'devices', 'date', 'load avg', 'positions/s', 'machine CPU', 'positions', 'not drawn in time', '**median**', '**p95**', '**max**', 'push → page socket (median / p95)', 'page socket → frame (median / p95)', 'frames/s', 'steady busy', 'steady fps', 'budget']),
    ...(measured.length === 0
      ? ['| (none recorded yet: the recorded runs at 100, 1,500 and 10,000 devices are taken on a quiet machine; indicative figures in "How it is measured") | | | | | | | | | | | | | | | | | |']
      : measured.map((r) => {
          const f = r.freshness;
          if (!f) return `| ${r.client} | ${r.gl} | ${r.devices} (+8 demo) | ${r.date.slice(0, 16).replace('T', ' ')} | not measured (the run's log says why) | | | | | | | | | | | | | |`;
          const d = (ms: number | null): string => delayText(ms, f.timeoutMs);
          const split = (x: Distribution | null): string => (x ? `${d(x.medianMs)} / ${d(x.p95Ms)}` : '?');
          return `| ${r.client} | ${r.gl} | ${r.devices} (+8 demo) | ${r.date.slice(0, 16).replace('T', ' ')} | ${f.loadAverage ? `${f.loadAverage.start} → ${f.loadAverage.end}` : '?'} | ${f.positionsPerSecond ?? '?'} | ${pct(f.machineCpuBusy)} | ${f.positions} | ${f.missed} | **${d(f.delay.medianMs)}** | **${d(f.delay.p95Ms)}** | **${d(f.delay.maxMs)}** | ${split(f.transport)} | ${split(f.client)} | ${f.screencast.fps} | ${pct(r.steady.breakdown.busy)} | ${r.steady.fps} | ${issueBudget(r)} |`;
        })),
  ];
}

function markdown(results: Results): string {
  const pct = (v: number): string => `${(v * 100).toFixed(1)} %`;
  const ok = (v: boolean): string => (v ? 'met' : '**missed**');
  const rows = [...results.runs].sort(
    (a, b) => a.devices - b.devices || a.client.localeCompare(b.client) || a.gl.localeCompare(b.gl) || a.windowSeconds - b.windowSeconds,
  );
  const lines = [
    '# Live client benchmark',
    '',
    `${results.machine.cpus} × ${results.machine.cpuModel}, ${results.machine.memoryGb} GB, ${results.machine.platform}, Node ${results.machine.node}, ${results.machine.chromium}.`,
    '`npm run bench:live -- --devices N --window S --gl software|gpu --login token --client-dist [NAME=]DIR…`; raw figures in `live.json` (the latest run of each client, N, rendering mode and window kind: under or over ten minutes).',
    '',
    `Budget (the issue, at 10,000 devices): main thread busy ≤ ${BUDGET.busyShare * 100} % of wall time, no task over ${BUDGET.longestTaskMs} ms in the steady state, heap flat over ten minutes (the ten-minute runs; shorter windows are indicative).`,
    '',
    '## Steady state',
    '',
    ...tableHead(['client', 'gl', 'WebGL renderer', 'devices', 'date', 'load avg', 'window', 'positions/s', 'busy', 'script', 'layout', 'style', 'other', 'longest task (longtask / RunTask)', 'tasks > 50 ms', 'fps', 'heap start → end', 'heap slope', 'retained heap (after GC)', 'machine CPU', 'server CPU']),
    ...rows.map((r) => {
      const s = r.steady;
      const b = s.breakdown;
      return `| ${r.client} | ${r.gl} | ${r.webglRenderer ?? 'not recorded'} | ${r.devices} (+8 demo) | ${r.date.slice(0, 16).replace('T', ' ')} | ${r.loadAverage.start} → ${r.loadAverage.end} | ${r.windowSeconds} s | ${s.positionsPerSecond ?? '?'} | **${pct(b.busy)}** | ${pct(b.script)} | ${pct(b.layout)} | ${pct(b.recalcStyle)} | ${pct(b.other)} | **${s.longtasks.maxMs} / ${s.trace?.maxRunTaskMs ?? '?'} ms** | ${s.trace?.tasksOver50 ?? s.longtasks.count} | ${s.fps} | ${s.heapMb.start} → ${s.heapMb.end} MB | ${s.heapMb.slopeMbPerMinute} MB/min | ${s.heapMb.retainedStart} → ${s.heapMb.retainedEnd} MB | ${s.machineCpuBusy === null ? '?' : pct(s.machineCpuBusy)} | ${s.serverCpuPercentOfOneCore ?? '?'} % |`;
    }),
    '',
    ...freshnessTable(rows),
    '',
    '## Device list scroll (top to bottom in 3 s)',
    '',
    ...tableHead(['client', 'gl', 'devices', 'scroll height', 'frames', 'fps', 'longest frame gap', 'long tasks', 'longest', 'busy', 'script', 'layout', 'style', 'other']),
    ...rows.map((r) => {
      const s = r.scroll;
      if (!s) return `| ${r.client} | ${r.gl} | ${r.devices} | no device list found | | | | | | | | | | |`;
      const b = s.breakdown;
      return `| ${r.client} | ${r.gl} | ${r.devices} | ${s.scrollHeightPx} px | ${s.frames} | ${s.fps} | ${s.maxFrameGapMs} ms | ${s.longtasks.count} | ${s.longtasks.maxMs} ms | ${pct(b.busy)} | ${pct(b.script)} | ${pct(b.layout)} | ${pct(b.recalcStyle)} | ${pct(b.other)} |`;
    }),
    '',
    '## Budgets',
    '',
    ...rows.map(
      (r) =>
        `- ${r.client}, gl ${r.gl}, ${r.devices} devices, ${r.windowSeconds} s: busy ≤ 20 % ${ok(r.budgets.busy)} (${pct(r.steady.breakdown.busy)}); no task > 100 ms ${ok(r.budgets.longestTask)} (longest ${Math.max(r.steady.longtasks.maxMs, r.steady.trace?.maxRunTaskMs ?? 0)} ms, ${r.steady.trace?.tasksOver100 ?? '?'} over 100 ms); heap flat ${r.budgets.heapTenMinutes ? 'over ten minutes' : '(indicative: under ten minutes)'} ${ok(r.budgets.heapFlat)} (retained ${r.steady.heapMb.retainedStart} → ${r.steady.heapMb.retainedEnd} MB, slope ${r.steady.heapMb.slopeMbPerMinute} MB/min)` +
        (r.overviewFirstRenderMs !== undefined ? `; the fleet overview's first render ≤ 300 ms ${ok(r.overviewFirstRenderMs <= 300)} (${r.overviewFirstRenderMs} ms)` : '') +
        (r.freshness ? `; freshness p95 ≤ 1.5 s and max ≤ 3 s ${ok(r.budgets.freshness === true)} (p95 ${delayText(r.freshness.delay.p95Ms, r.freshness.timeoutMs)}, max ${delayText(r.freshness.delay.maxMs, r.freshness.timeoutMs)} over ${r.freshness.positions} positions).` : '.') +
        (r.budgets.busy && r.budgets.longestTask
          ? ''
          : ` Main-thread time: script ${pct(r.steady.breakdown.script)}, layout ${pct(r.steady.breakdown.layout)}, style ${pct(r.steady.breakdown.recalcStyle)}, other (paint, commits, GC…) ${pct(r.steady.breakdown.other)} of wall time. Busiest threads (trace): ${(r.steady.trace?.threads ?? []).map((t) => `${t.thread} ${pct(t.busy)}`).join(', ')}.`),
    ),
    '',
    CHANGES,
    '',
    NOTES,
    '',
  ];
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------- main

/** `software`: the e2e harness's arguments as they are. `gpu`: GPU compositing, ANGLE's default backend (see `Options.gl`). */
function chromiumArgs(gl: GlMode): string[] {
  if (gl === 'software') return CHROMIUM_ARGS;
  return CHROMIUM_ARGS.filter((arg) => arg !== '--disable-gpu').map((arg) => (arg.startsWith('--use-angle=') ? '--use-angle=default' : arg));
}

/** A run as recorded before `--gl`: `compositing` instead of `gl`, no renderer string. */
type LegacyRun = Omit<ClientResult, 'gl' | 'webglRenderer'> & { compositing?: 'gpu' | 'software'; gl?: RecordedGl; webglRenderer?: string | null };

/**
 * The recorded runs, those from before `--gl` renamed: `compositing: software` had the same
 * arguments as `--gl software`; `compositing: gpu` was SwiftShader in the GPU process
 * (`swiftshader-gpu-process`), not today's `--gl gpu`. Runs without the retained heap are dropped.
 */
function readRuns(file: string): ClientResult[] {
  const runs = (JSON.parse(readFileSync(file, 'utf8')) as { runs: LegacyRun[] }).runs;
  return runs
    .filter((r) => (r.gl !== undefined || r.compositing !== undefined) && r.steady.heapMb.retainedStart !== undefined)
    .map(({ compositing, gl, webglRenderer, ...rest }) => ({
      ...rest,
      gl: gl ?? (compositing === 'software' ? 'software' : 'swiftshader-gpu-process'),
      webglRenderer: webglRenderer ?? null,
    }));
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (options.reportOnly) {
    const dir = here('../results/');
    const results = JSON.parse(readFileSync(dir + 'live.json', 'utf8')) as Results;
    results.runs = readRuns(dir + 'live.json');
    for (const r of results.runs) {
      const h = r.steady.heapMb;
      r.budgets.heapFlat = heapFlat(h.retainedStart, h.retainedEnd, h.slopeMbPerMinute, r.windowSeconds);
    }
    writeFileSync(dir + 'live.json', JSON.stringify(results, null, 2) + '\n');
    writeFileSync(dir + 'live.md', markdown(results));
    return;
  }
  // the freshness window: calibration (five settles), then each jump's delay (at most the timeout) and pause (on average half the longest recent delay)
  const freshnessMs = options.freshness ? options.freshSettleMs * 5 + options.freshPositions * (options.freshTimeoutMs * 0.6 + 1_500) + 120_000 : 0;
  const limitMs = 240_000 + options.devices * 15 + options.clients.length * (options.windowSeconds * 1000 + 180_000 + freshnessMs);
  const timer = setTimeout(() => {
    console.error(`benchmark timed out after ${limitMs / 1000} s`);
    killChildren();
    process.exit(1);
  }, limitMs);
  const dataDir = mkdtempSync(join(os.tmpdir(), 'athar-bench-live-'));
  const port = await freePort();
  const osmandPort = await freePort();
  const env = (client: Client): Record<string, string> => ({
    BENCH_DATA_DIR: dataDir,
    BENCH_PORT: String(port),
    BENCH_OSMAND_PORT: String(osmandPort),
    BENCH_PASSWORD: PASSWORD,
    BENCH_CLIENT_DIR: resolve(repo, client.dir),
  });
  let server: ServerHandle | null = null;
  let simulator: SimulatorHandle | null = null;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs(options.gl) });
  const chromiumVersion = browser.version();
  const runs: ClientResult[] = [];
  try {
    server = await startServer(env(options.clients[0]!));
    const t = Date.now();
    await createDevices(server.url, { email: ADMIN, password: PASSWORD }, deviceIds(PREFIX, options.devices));
    console.log(`${options.devices} devices created in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    await offlineBasemapForOthers(server.url);
    simulator = startSimulator(osmandPort, options.devices, options.interval);
    await sleep(3_000);
    for (const [index, client] of options.clients.entries()) {
      if (index > 0) {
        await stopServer(server);
        server = await startServer(env(client));
      }
      // no service worker: neither client's install and precache (7 MB for the official one) belongs in a window
      const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
      await routeBlankBasemap(context);
      try {
        console.log(`measuring ${client.name} (${client.dir}) with ${options.devices} devices…`);
        const result = await measureClient(context, server.url, client.name, options, { server: server.child.pid, simulator });
        if (options.freshness) {
          console.log(`freshness of ${client.name}…`);
          const before = { at: Date.now(), load: os.loadavg()[0] ?? 0, machine: machineJiffies() };
          try {
            const freshness = await freshnessWindow(context, server, osmandPort, options, client);
            const after = machineJiffies();
            const rates = simulator.rates.filter((r) => r.at >= before.at + 5_000).map((r) => r.rate);
            freshness.loadAverage = { start: round(before.load), end: round(os.loadavg()[0] ?? 0) };
            freshness.machineCpuBusy = before.machine && after ? round((after.busy - before.machine.busy) / (after.total - before.machine.total), 3) : null;
            freshness.positionsPerSecond = rates.length ? Math.round(rates.reduce((a, b) => a + b, 0) / rates.length) : null;
            result.freshness = freshness;
            result.budgets.freshness = freshnessMet(freshness);
          } catch (error) {
            // the steady figures stand; the row says the freshness was not measured
            console.error(`freshness of ${client.name} not measured:`, error);
            result.freshness = null;
          }
        }
        console.log(JSON.stringify(result, null, 2));
        runs.push(result);
      } finally {
        await context.close().catch(() => {});
      }
    }
  } finally {
    clearTimeout(timer);
    await browser.close().catch(() => {});
    if (simulator?.child.pid !== undefined && simulator.child.exitCode === null) {
      console.log(`simulator: ${simulator.lastLine}`);
      process.kill(simulator.child.pid, 'SIGTERM');
      await Promise.race([new Promise((r) => simulator!.child.once('exit', r)), sleep(5_000)]);
    }
    if (server) await stopServer(server);
    killChildren();
    rmSync(dataDir, { recursive: true, force: true });
  }

  if (options.profile || options.detail || !options.record) {
    console.log(`diagnostic run (--profile / --detail / --record off): results not recorded`);
    return;
  }
  const dir = here('../results/');
  mkdirSync(dir, { recursive: true });
  const file = dir + 'live.json';
  const previous: ClientResult[] = existsSync(file) ? readRuns(file) : [];
  const key = (r: ClientResult): string => `${r.client}@${r.devices}@${r.gl}@${r.windowSeconds >= 600 ? 'long' : 'short'}`;
  const fresh = new Set(runs.map(key));
  const results: Results = {
    machine: machineInfo(chromiumVersion),
    budget: { busyShare: BUDGET.busyShare, longestTaskMs: BUDGET.longestTaskMs, heap: 'flat over ten minutes (retained heap after GC within 5 % + 2 MB, slope ≤ 1 MB/min over the ten minutes)' },
    runs: [...previous.filter((r) => !fresh.has(key(r))), ...runs],
  };
  writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
  const md = markdown(results);
  writeFileSync(dir + 'live.md', md);
  console.log(md);
}

runMain(main);
