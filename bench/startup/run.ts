/**
 * Startup benchmark (npm run bench:startup): the first map on a slow network, cold, from the embedded server.
 *
 *   npm run bench:startup -- [--down-kbps 1600] [--up-kbps 750] [--rtt-ms 150] [--typing-ms 3000] [--locale ar] [--client-dist dist] [--note TEXT]
 *   npm run bench:startup -- --markdown-only [--note TEXT]
 *
 * - The server runs in a child process (bench/live/serve.ts) on a temporary data dir with the demo admin
 *   (its 8 demo devices, simulator off, offline basemap), serving dist/ with its precompressed copies;
 *   each demo device gets one position around Riyadh through the OsmAnd port before the run.
 * - Between Chromium and the server, a slow link (link.ts, a TCP proxy): one shared downlink of --down-kbps
 *   and uplink of --up-kbps kbit/s, --rtt-ms of round trip (half each way, and one before a new connection
 *   carries data): Lighthouse's "slow 4G". It throttles and counts everything the browser fetches, the
 *   page's workers and a service worker included (CDP's network emulation and events see the page only).
 * - Chromium (the e2e harness's arguments: software WebGL) with a new browser context: empty HTTP cache,
 *   no service worker, no cookies. One run, as a person meets the app the first time:
 *   1. `/login?locale=…` opened → the sign-in form usable: the email field on screen and enabled, the
 *      page's clock at that frame (navigation start = 0);
 *   2. --typing-ms of typing: the email, then the password a key at a time, spread over that time (what a
 *      person does while the app may fetch what comes next);
 *   3. Sign in pressed → the map drawn and on screen (`data-map-ready="true"`: style, basemap and devices
 *      on the map; the page clock at the start of the frame after the one that shows it);
 *   4. the bytes the link carried down from navigation to that moment (all of it: headers, bodies,
 *      WebSocket, workers), and the page's own responses by type and the largest (CDP Network.loadingFinished,
 *      encoded sizes), and whether a service worker was registered by then;
 *   5. a signed-in cold load: a second new context with the session cookie opens `/` → the map drawn.
 * - STARTUP_PROFILE=file (diagnostic; profiling slows the page): a CPU profile from Sign in to the drawn map, and its summary.
 * - STARTUP_TIMELINE=file (diagnostic): the first visit's responses with their start and end times, priority
 *   and wait for a connection, as JSON.
 * - STARTUP_TRACE=file (diagnostic): Chromium's trace events from Sign in to the drawn map, as JSON.
 * - bench/results/startup.json and startup.md. The frame (time limit, server, Chromium, clean-up) is bench/session.ts.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { machineInfo, parseFlags, requireDist, rewriteResults, runMain, sessionCookie, writeResults } from '../fleet.ts';
import { round, sleep } from '../probe.ts';
import { benchSession } from '../session.ts';
import { type Link, startLink } from './link.ts';
import { recordTrace, startProfile } from '../live/profile.ts';

const PASSWORD = 'bench-startup-password';
const ADMIN = 'admin';
const LIMIT_MS = 240_000;
const STEP_MS = 60_000;

/** The goals of issue 16. */
const GOALS = { formUsableMs: 2_500, signInToMapMs: 1_000, bytesToMap: 500 * 1024 };

interface Options {
  downKbps: number;
  upKbps: number;
  rttMs: number;
  typingMs: number;
  locale: string;
  /** The client folder the server serves (default dist/; another build to compare with). */
  clientDist: string;
  note: string | null;
}

interface Transfer {
  url: string;
  type: string;
  bytes: number;
  /** ms after the page's first request: when the request was sent, and when the response ended */
  startMs: number;
  endMs: number;
  encoding: string;
  /** Chromium's priority for it, and how long it waited before it was sent (a free connection: six per host) */
  priority: string;
  waitedMs: number;
}

interface Traffic {
  /** everything the link carried down (the page, its workers, a service worker) */
  linkBytes: number;
  /** the page's own responses (encoded) and WebSocket frames */
  bytes: number;
  requests: number;
  byType: Record<string, number>;
  largest: Array<{ path: string; kb: number; encoding: string; endMs: number }>;
  webSocketBytes: number;
}

interface Results {
  date: string;
  note: string | null;
  machine: ReturnType<typeof machineInfo>;
  source: string;
  loadAverage: { start: number; end: number };
  network: { downKbps: number; upKbps: number; rttMs: number };
  typingMs: number;
  locale: string;
  formUsableMs: number;
  signInToMapMs: number;
  navigationToMapMs: number;
  /** navigation start → map drawn, the whole first visit */
  firstVisitToMapMs: number;
  toFirstMap: Traffic;
  /** the signed-in cold load's bytes to its map */
  signedInLoad: Traffic;
  serviceWorkerBeforeMap: boolean;
  goals: typeof GOALS;
}

/** Encoded sizes of the responses that ended before `untilMs` (page clock), and the WebSocket frames. */
function traffic(linkBytes: number, transfers: Transfer[], webSocketBytes: number, untilMs: number): Traffic {
  const done = transfers.filter((t) => t.endMs <= untilMs);
  const byType: Record<string, number> = {};
  for (const t of done) byType[t.type] = (byType[t.type] ?? 0) + t.bytes;
  const bytes = done.reduce((sum, t) => sum + t.bytes, 0) + webSocketBytes;
  const largest = [...done]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 12)
    .map((t) => ({ path: new URL(t.url).pathname, kb: round(t.bytes / 1024), encoding: t.encoding, endMs: Math.round(t.endMs) }));
  return { linkBytes, bytes, requests: done.length, byType, largest, webSocketBytes };
}

/**
 * Records each of the page's responses: its encoded size, the time it ended (ms after the page's first
 * request) and the WebSocket bytes received. Its workers' requests are not among them (the link counts those).
 */
async function watchNetwork(page: Page): Promise<{ cdp: CDPSession; transfers: Transfer[]; webSocketBytes: () => number; timeOrigin: () => number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map<string, { url: string; type: string; encoding: string; startMs: number; priority: string; waitedMs: number }>();
  const transfers: Transfer[] = [];
  let origin = NaN;
  let ws = 0;
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string; initialPriority?: string }; type?: string; timestamp: number }) => {
    if (Number.isNaN(origin)) origin = e.timestamp;
    requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', encoding: '', startMs: (e.timestamp - origin) * 1000, priority: e.request.initialPriority ?? '', waitedMs: 0 });
  });
  cdp.on('Network.resourceChangedPriority', (e: { requestId: string; newPriority: string }) => {
    const r = requests.get(e.requestId);
    if (r) r.priority = `${r.priority}→${e.newPriority}`;
  });
  cdp.on('Network.responseReceived', (e: { requestId: string; response: { headers: Record<string, string>; timing?: { requestTime: number; sendStart: number } } }) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.encoding = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? 'identity';
    const timing = e.response.timing;
    if (timing) r.waitedMs = Math.round((timing.requestTime - origin) * 1000 + timing.sendStart - r.startMs);
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number; timestamp: number }) => {
    const r = requests.get(e.requestId);
    if (r) transfers.push({ ...r, bytes: e.encodedDataLength, endMs: (e.timestamp - origin) * 1000 });
  });
  cdp.on('Network.webSocketFrameReceived', (e: { response: { payloadData: string } }) => (ws += e.response.payloadData.length));
  return { cdp, transfers, webSocketBytes: () => ws, timeOrigin: () => origin };
}

/** STARTUP_TRACE: Chromium's trace (timeline, GPU, compositor, V8) from Sign in to the drawn map, as the raw events. */
async function startRawTrace(cdp: CDPSession, file: string): Promise<() => Promise<void>> {
  const stop = await recordTrace(cdp, 'toplevel,__metadata,devtools.timeline,disabled-by-default-devtools.timeline,v8,gpu,cc,blink,viz');
  return async () => writeFileSync(file, JSON.stringify(await stop()));
}

const MAP_READY = '[data-testid="map"][data-map-ready="true"]';

/**
 * Installed in every page of a context before its scripts: the page clock once the map is marked drawn
 * (a mutation observer runs right after the attribute changes) and the frame that shows it has been
 * made (the start of the frame after it). A busy main thread after that moment (the fine basemap
 * decoding) does not count, as it would for a later `evaluate`.
 */
function watchMapReady(selector: string): void {
  const state = window as unknown as { athar_mapReadyAt?: number; athar_mapReadyEpoch?: number };
  let seen = false;
  const observer = new MutationObserver(() => {
    if (seen || !document.querySelector(selector)) return;
    seen = true;
    observer.disconnect();
    // the frame that puts it on screen: the next one starts once that one has been committed
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        state.athar_mapReadyAt = performance.now();
        state.athar_mapReadyEpoch = performance.timeOrigin + state.athar_mapReadyAt;
      }),
    );
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-map-ready'] });
}

/**
 * Waits for the drawn map; returns the page clock when it was marked drawn (`watchMapReady`) and the
 * same moment as epoch ms (the link's clock: what it had carried down by then is what the first map took;
 * the fine basemap, asked for once the map is drawn, is not).
 */
async function mapDrawnAt(page: Page): Promise<{ mapAt: number; epochMs: number }> {
  await page.locator(MAP_READY).waitFor({ state: 'attached', timeout: STEP_MS });
  const handle = await page.waitForFunction(
    () => {
      const state = window as unknown as { athar_mapReadyAt?: number; athar_mapReadyEpoch?: number };
      return state.athar_mapReadyAt === undefined ? null : { mapAt: state.athar_mapReadyAt, epochMs: state.athar_mapReadyEpoch ?? 0 };
    },
    undefined,
    { timeout: STEP_MS },
  );
  return (await handle.jsonValue()) as { mapAt: number; epochMs: number };
}

/** Polls every animation frame until `selector` matches an enabled element; returns the page clock then. */
function frameWhen(page: Page, selector: string): Promise<number> {
  return page
    .waitForFunction(
      (s) => {
        const el = document.querySelector(s) as HTMLInputElement | null;
        return el && !el.disabled && el.getBoundingClientRect().height > 0 ? performance.now() : null;
      },
      selector,
      { polling: 'raf', timeout: STEP_MS },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);
}

async function firstVisit(browser: Browser, link: Link, options: Options) {
  const url = link.url;
  const before = link.down();
  const context = await browser.newContext({ locale: options.locale === 'ar' ? 'ar-SA' : 'en-US', viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
  await context.addInitScript(watchMapReady, MAP_READY);
  const page = await context.newPage();
  const net = await watchNetwork(page);
  await page.goto(`${url}/login?locale=${options.locale}`, { waitUntil: 'commit', timeout: STEP_MS });
  const formUsableMs = await frameWhen(page, 'input[type="email"], input[name="email"]');
  // typing: the email at once-a-key pace, then the password, over typingMs in all
  const email = page.locator('input[type="email"], input[name="email"]').first();
  const password = page.locator('input[type="password"]').first();
  const keys = ADMIN.length + PASSWORD.length;
  const delay = Math.floor(options.typingMs / keys);
  await email.click();
  await email.pressSequentially(ADMIN, { delay });
  await password.click();
  await password.pressSequentially(PASSWORD, { delay });
  const stopProfile = process.env.STARTUP_PROFILE ? await startProfile(net.cdp, process.env.STARTUP_PROFILE) : null;
  const stopTrace = process.env.STARTUP_TRACE ? await startRawTrace(net.cdp, process.env.STARTUP_TRACE) : null;
  const submitAt = await page.evaluate(() => performance.now());
  await password.press('Enter');
  const { mapAt, epochMs } = await mapDrawnAt(page);
  if (stopProfile) console.log(await stopProfile());
  if (stopTrace) await stopTrace();
  const linkBytes = link.downAt(epochMs) - before;
  const serviceWorkerBeforeMap = await page.evaluate(async () => (await navigator.serviceWorker?.getRegistration()) !== undefined);
  await sleep(200);
  const cookies = await context.cookies();
  if (process.env.STARTUP_TIMELINE) writeFileSync(process.env.STARTUP_TIMELINE, JSON.stringify({ submitAt, mapAt, link: link.byRequest(), transfers: net.transfers.map((t) => ({ ...t, startMs: Math.round(t.startMs), endMs: Math.round(t.endMs), url: new URL(t.url).pathname })) }, null, 1));
  const toFirstMap = traffic(linkBytes, net.transfers, net.webSocketBytes(), mapAt);
  await context.close();
  return { formUsableMs, signInToMapMs: mapAt - submitAt, firstVisitToMapMs: mapAt, toFirstMap, serviceWorkerBeforeMap, cookies };
}

async function signedInLoad(browser: Browser, link: Link, options: Options, cookies: Awaited<ReturnType<BrowserContext['cookies']>>) {
  const context = await browser.newContext({ locale: options.locale === 'ar' ? 'ar-SA' : 'en-US', viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
  await context.addCookies(cookies);
  await context.addInitScript(watchMapReady, MAP_READY);
  const page = await context.newPage();
  const net = await watchNetwork(page);
  const url = link.url;
  const before = link.down();
  await page.goto(`${url}/?locale=${options.locale}`, { waitUntil: 'commit', timeout: STEP_MS });
  const { mapAt, epochMs } = await mapDrawnAt(page);
  const linkBytes = link.downAt(epochMs) - before;
  const result = { navigationToMapMs: mapAt, traffic: traffic(linkBytes, net.transfers, net.webSocketBytes(), mapAt) };
  await context.close();
  return result;
}

/** One position for each demo device, around Riyadh, through the OsmAnd port. */
async function placeDevices(url: string, osmandPort: number): Promise<number> {
  const cookie = await sessionCookie(url, { email: ADMIN, password: PASSWORD });
  const devices = (await (await fetch(`${url}/api/devices`, { headers: { Cookie: cookie, Accept: 'application/json' } })).json()) as Array<{ uniqueId: string }>;
  let k = 0;
  for (const { uniqueId } of devices) {
    const lat = 24.7136 + 0.02 * Math.sin(k);
    const lon = 46.6753 + 0.02 * Math.cos(k++);
    const query = new URLSearchParams({ id: uniqueId, lat: String(lat), lon: String(lon), timestamp: String(Math.floor(Date.now() / 1000)), speed: '20', bearing: String(k * 40) });
    const response = await fetch(`http://127.0.0.1:${osmandPort}/?${query}`, { method: 'POST' });
    if (!response.ok) throw new Error(`OsmAnd ${uniqueId}: ${response.status}`);
  }
  return devices.length;
}

const kb = (bytes: number): string => `${round(bytes / 1024)} KB`;
const s = (ms: number): string => `${round(ms / 1000, 2)} s`;
const mark = (ok: boolean): string => (ok ? 'met' : '**not met**');

function markdown(r: Results): string {
  const row = (t: Traffic) => Object.entries(t.byType).sort((a, b) => b[1] - a[1]).map(([type, bytes]) => `${type} ${kb(bytes)}`).join(', ');
  return `# Startup: the first map on a slow network

\`npm run bench:startup\` (bench/startup/run.ts): cold (a new browser context: empty cache, no service worker),
one run, from the embedded server (precompressed assets), Chromium with software WebGL, the page's network
on a slow link (a throttling proxy, bench/startup/link.ts): ${r.network.downKbps} kbit/s down, ${r.network.upKbps} kbit/s up, ${r.network.rttMs} ms round trip. Locale \`${r.locale}\`.

${r.date.slice(0, 16).replace('T', ' ')} UTC · ${r.machine.cpus} × ${r.machine.cpuModel} · ${r.machine.chromium} · load ${r.loadAverage.start} → ${r.loadAverage.end}
${r.source}
${r.note ? `\n> ${r.note}\n` : ''}
| | measured | goal | |
|---|---|---|---|
| sign-in form usable (navigation → email field on screen) | ${s(r.formUsableMs)} | ≤ ${s(r.goals.formUsableMs)} | ${mark(r.formUsableMs <= r.goals.formUsableMs)} |
| sign-in to map, after ${s(r.typingMs)} of typing (Enter → map drawn and on screen) | ${s(r.signInToMapMs)} | ≤ ${s(r.goals.signInToMapMs)} | ${mark(r.signInToMapMs <= r.goals.signInToMapMs)} |
| transferred to the first map (navigation → map on screen, all the link carried down by then) | ${kb(r.toFirstMap.linkBytes)}; the page's own ${r.toFirstMap.requests} responses ${kb(r.toFirstMap.bytes)} | ≤ ${kb(r.goals.bytesToMap)} | ${mark(r.toFirstMap.linkBytes <= r.goals.bytesToMap)} |
| the whole first visit (navigation → map drawn) | ${s(r.firstVisitToMapMs)} | | |
| signed-in cold load (navigation to \`/\` → map drawn) | ${s(r.navigationToMapMs)}, ${kb(r.signedInLoad.linkBytes)} | | |
| a service worker registered before the first map | ${r.serviceWorkerBeforeMap ? 'yes' : 'no'} | | |

The page's own responses to the first map, by type (the rest of the link's bytes: its workers, a service worker, headers): ${row(r.toFirstMap)}; WebSocket ${kb(r.toFirstMap.webSocketBytes)}.

The largest responses to the first map (ms: when each ended, after navigation start):

| file | on the wire | encoding | ended |
|---|---|---|---|
${r.toFirstMap.largest.map((t) => `| \`${t.path}\` | ${t.kb} KB | ${t.encoding} | ${t.endMs} ms |`).join('\n')}
`;
}

async function main(): Promise<void> {
  const options: Options = { downKbps: 1600, upKbps: 750, rttMs: 150, typingMs: 3000, locale: 'ar', clientDist: 'dist', note: null };
  const num = (set: (n: number) => void) => (v: string) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) return false;
    set(n);
    return true;
  };
  const { markdownOnly } = parseFlags(process.argv.slice(2), {
    '--down-kbps': num((n) => (options.downKbps = n)),
    '--up-kbps': num((n) => (options.upKbps = n)),
    '--rtt-ms': num((n) => (options.rttMs = n)),
    '--typing-ms': num((n) => (options.typingMs = n)),
    '--locale': (v) => (v === 'ar' || v === 'en') && Boolean((options.locale = v)),
    '--note': (v) => Boolean((options.note = v)),
    '--client-dist': (v) => Boolean((options.clientDist = v)),
  });
  if (markdownOnly) return rewriteResults<Results>('startup', options.note, markdown);
  requireDist();
  const { result, context } = await benchSession({ name: 'startup', password: PASSWORD, limitMs: LIMIT_MS, clientDir: options.clientDist }, async ({ url, osmandPort, browser }) => {
    const devices = await placeDevices(url, osmandPort);
    console.log(`${devices} devices placed; first visit, throttled…`);
    const link = await startLink(new URL(url), options);
    try {
      const first = await firstVisit(browser, link, options);
      // nothing of the first visit (its context closed) is still on the link
      await link.drained();
      console.log('signed-in cold load…');
      const again = await signedInLoad(browser, link, options, first.cookies);
      return { first, again };
    } finally {
      await link.close();
    }
  });
  const { first, again } = result;
  const results: Results = {
    date: new Date().toISOString(),
    note: options.note,
    machine: machineInfo(context.chromium),
    source: context.source,
    loadAverage: { start: context.loadAverage.start, end: context.loadAverage.end },
    network: { downKbps: options.downKbps, upKbps: options.upKbps, rttMs: options.rttMs },
    typingMs: options.typingMs,
    locale: options.locale,
    formUsableMs: Math.round(first.formUsableMs),
    signInToMapMs: Math.round(first.signInToMapMs),
    navigationToMapMs: Math.round(again.navigationToMapMs),
    firstVisitToMapMs: Math.round(first.firstVisitToMapMs),
    toFirstMap: first.toFirstMap,
    signedInLoad: again.traffic,
    serviceWorkerBeforeMap: first.serviceWorkerBeforeMap,
    goals: GOALS,
  };
  writeResults('startup', results, markdown(results));
}

runMain(main);
