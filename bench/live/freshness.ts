/**
 * Freshness for bench:live: how late a position is drawn. A beacon device jumps between two far-apart
 * spots A and B on empty ground, one OsmAnd report a jump; each jump is timed from the server's push of
 * that position (bench/live/serve.ts reports when the live hub wrote it to the sockets) to the first
 * frame the browser composited with the marker at its new spot.
 *
 * Nothing is asked of the client: the frames are the page's own, captured by Chromium (CDP
 * `Page.startScreencast`, PNG, every frame acknowledged at once) and read at the two spots. Where
 * the spots are on screen is learnt, not assumed: the beacon is toggled A, B, A, B with a long settle
 * after each, and the pixels that follow the toggle (the marker and its label, at A and at B) form
 * the two masks. A frame shows the marker at a spot when its pixels there have moved at least half
 * way from their "away" values to their "present" values.
 *
 * Clocks: the server's push time is `Date.now()` in the server process; a screencast frame's
 * timestamp is `base::Time::Now()` in Chromium's browser process when the captured frame arrived
 * from the compositor. Both read the same real-time clock of this machine (CLOCK_REALTIME), so they
 * are compared as they are, with no offset to estimate. The page also notes (`Date.now()`, the same
 * clock) when a socket frame with a jump reaches it, which splits the delay into transport and client.
 */
import type { CDPSession, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { RIYADH, Random } from '../../server/simulator/model.ts';

/** The OsmAnd parameter, hence position attribute, that numbers the beacon's jumps. */
export const JUMP_ATTRIBUTE = 'benchjump';

/**
 * Where the beacon jumps: 0.22° of longitude (22 km) west and east of the simulated city, whose
 * streets reach about 9.5 km from its centre, so at any fleet size the two spots are empty ground.
 * Two still anchor devices, further out at opposite corners, make a client that fits its first view
 * to all devices (Athar) take in both spots; a client that opens on the user's default position (the
 * official client) is given `VIEW` as the admin's latitude, longitude and zoom.
 */
export const SPOTS = {
  a: { lat: RIYADH.lat, lon: RIYADH.lon - 0.22 },
  b: { lat: RIYADH.lat, lon: RIYADH.lon + 0.22 },
} as const;
export const ANCHORS = [
  { uniqueId: 'bench-anchor-w', name: 'Bench anchor W', lat: RIYADH.lat + 0.12, lon: RIYADH.lon - 0.35 },
  { uniqueId: 'bench-anchor-e', name: 'Bench anchor E', lat: RIYADH.lat - 0.12, lon: RIYADH.lon + 0.35 },
] as const;
export const BEACON = { uniqueId: 'bench-beacon', name: 'Bench beacon' } as const;
export const VIEW = { latitude: RIYADH.lat, longitude: RIYADH.lon, zoom: 10 } as const;

/** Screencast frames are scaled to this width (the marker stays about a dozen pixels wide): decoding costs less. */
const FRAME_WIDTH = 480;
/** A pixel changed: the sum of its R, G and B differences over this. */
const CHANGED = 60;
/** Present at a spot: at least this share of the way from the away pixels to the present ones. */
const PRESENT = 0.5;
/** Clear (away) before a jump: at most this share. */
const CLEAR = 0.25;

/** How often the latest frame is read while a jump is awaited. */
const POLL_MS = 100;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------- page side

/**
 * Injected before the client's scripts (page.addInitScript, with the delay as argument): wraps the
 * WebSocket class so that a message carrying a jump is noted with `Date.now()` on arrival
 * (`window.__benchSockets`) before the client's own handler sees it. With a delay > 0 every message
 * reaches the client that much later (the validation's deliberately late client). Cheap otherwise:
 * one substring search per message.
 */
export function socketProbe(options: { attribute: string; delayMs: number }): void {
  const Native = window.WebSocket;
  const log: Array<[number, number]> = [];
  (window as unknown as { __benchSockets: typeof log }).__benchSockets = log;
  const key = `"${options.attribute}":`;
  const pattern = new RegExp(`"${options.attribute}":(\\d+)`, 'g');
  const replayed = new WeakSet<Event>();
  class ProbedSocket extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (event: MessageEvent) => {
        if (replayed.has(event)) return;
        const data: unknown = event.data;
        if (typeof data === 'string' && data.includes(key)) {
          const at = Date.now();
          for (const match of data.matchAll(pattern)) log.push([Number(match[1]), at]);
        }
        if (options.delayMs > 0) {
          event.stopImmediatePropagation();
          setTimeout(() => {
            const copy = new MessageEvent('message', { data, origin: event.origin });
            replayed.add(copy);
            this.dispatchEvent(copy);
          }, options.delayMs);
        }
      });
    }
  }
  window.WebSocket = ProbedSocket;
}

// ---------------------------------------------------------------------------------------------- frames

interface Frame {
  /** ms since the epoch: the screencast frame's timestamp */
  t: number;
  width: number;
  height: number;
  rgba: Buffer;
}

interface Encoded {
  t: number;
  data: string;
}

/**
 * The page's composited frames (CDP screencast, PNG at FRAME_WIDTH). Each frame is acknowledged as it
 * arrives; frames are decoded only while someone reads them (`from`), so between jumps the bench costs
 * Chromium its encoding only.
 */
export class Screencast {
  private readonly cdp: CDPSession;
  private encoded: Encoded[] = [];
  private latestEncoded: Encoded | null = null;
  frames = 0;
  decoded = 0;
  decodeMs = 0;
  private keepFrom = Infinity;
  private firstAt = 0;
  private lastAt = 0;

  constructor(cdp: CDPSession) {
    this.cdp = cdp;
  }

  async start(): Promise<void> {
    this.cdp.on('Page.screencastFrame', (event) => {
      void this.cdp.send('Page.screencastFrameAck', { sessionId: event.sessionId }).catch(() => {});
      const t = (event.metadata.timestamp ?? Date.now() / 1000) * 1000;
      const frame = { t, data: event.data };
      if (this.frames === 0) this.firstAt = t;
      this.lastAt = t;
      this.frames++;
      this.latestEncoded = frame;
      if (t >= this.keepFrom) this.encoded.push(frame);
    });
    await this.cdp.send('Page.startScreencast', { format: 'png', maxWidth: FRAME_WIDTH, maxHeight: 2000, everyNthFrame: 1 });
  }

  async stop(): Promise<void> {
    await this.cdp.send('Page.stopScreencast').catch(() => {});
  }

  /** Frames per second over the screencast's life. */
  get rate(): number {
    return this.lastAt > this.firstAt ? (this.frames - 1) / ((this.lastAt - this.firstAt) / 1000) : 0;
  }

  private decode(frame: Encoded): Frame {
    const started = performance.now();
    const png = PNG.sync.read(Buffer.from(frame.data, 'base64'));
    this.decodeMs += performance.now() - started;
    this.decoded++;
    return { t: frame.t, width: png.width, height: png.height, rgba: png.data };
  }

  /** The latest frame, decoded (waits for a first one). */
  async latest(): Promise<Frame> {
    const until = Date.now() + 10_000;
    while (!this.latestEncoded) {
      if (Date.now() > until) throw new Error('no screencast frame in 10 s');
      await sleep(50);
    }
    return this.decode(this.latestEncoded);
  }

  /** Keep the frames stamped from `t` on (older ones are dropped). */
  keep(t: number): void {
    this.keepFrom = t;
    this.encoded = this.encoded.filter((f) => f.t >= t);
  }

  /** Stop keeping frames. */
  release(): void {
    this.keepFrom = Infinity;
    this.encoded = [];
  }

  /**
   * The first kept frame for which `test` holds, given that once it holds it holds for every later frame
   * (the marker stays at its spot until the next jump). The latest frame is decoded every POLL_MS; when
   * it passes, the frames between the last one that failed and it are bisected. So a frame is decoded
   * a few times a second, not every frame: the bench's own CPU time stays small beside the client's.
   * Null when none passed by `until` (ms, the clock of `Date.now()`).
   */
  async firstWhere(test: (frame: Frame) => boolean, until: number): Promise<Frame | null> {
    for (;;) {
      const last = this.encoded.length - 1;
      if (last >= 0) {
        const frame = this.decode(this.encoded[last]!);
        if (test(frame)) {
          let lo = 0;
          let hi = last;
          let found = frame;
          while (lo < hi) {
            const mid = (lo + hi) >> 1;
            const candidate = this.decode(this.encoded[mid]!);
            if (test(candidate)) {
              hi = mid;
              found = candidate;
            } else lo = mid + 1;
          }
          return found;
        }
        // every frame up to this one failed: they need not be kept
        this.encoded.splice(0, last + 1);
      }
      if (Date.now() > until) return null;
      await sleep(POLL_MS);
    }
  }

  /** The kept frames in order, each decoded (diagnostics), until `until`. */
  async *kept(until: number): AsyncGenerator<Frame> {
    for (;;) {
      const next = this.encoded.shift();
      if (next) {
        yield this.decode(next);
        continue;
      }
      if (Date.now() > until) return;
      await sleep(10);
    }
  }
}

// ---------------------------------------------------------------------------------------------- spots

/** A spot's pixels in the frame: where the beacon's marker or label shows when it is there. */
export interface SpotMask {
  /** byte offsets (RGBA) of the pixels */
  offsets: Int32Array;
  /** their R, G, B with the marker away and with it present */
  away: Float32Array;
  present: Float32Array;
  /** Σ|present − away| */
  span: number;
  /** centre and size, in CSS pixels of the page */
  x: number;
  y: number;
  pixels: number;
}

/** How far a frame's pixels at a spot have moved from away (0) to present (1). */
export function presence(frame: Frame, mask: SpotMask): number {
  let moved = 0;
  for (let k = 0; k < mask.offsets.length; k++) {
    const o = mask.offsets[k]!;
    for (let c = 0; c < 3; c++) moved += Math.abs(frame.rgba[o + c]! - mask.away[k * 3 + c]!);
  }
  return mask.span > 0 ? moved / mask.span : 0;
}

function difference(a: Frame, b: Frame, o: number): number {
  return Math.abs(a.rgba[o]! - b.rgba[o]!) + Math.abs(a.rgba[o + 1]! - b.rgba[o + 1]!) + Math.abs(a.rgba[o + 2]! - b.rgba[o + 2]!);
}

interface Blob {
  pixels: number[];
  cx: number;
  cy: number;
}

/** Groups of changed pixels, joining pixels up to `gap` apart (a marker's icon and its label are apart). */
function blobs(hits: Uint8Array, width: number, height: number, gap: number): Blob[] {
  const seen = new Uint8Array(hits.length);
  const found: Blob[] = [];
  for (let start = 0; start < hits.length; start++) {
    if (!hits[start] || seen[start]) continue;
    const pixels: number[] = [];
    const queue = [start];
    seen[start] = 1;
    while (queue.length) {
      const p = queue.pop()!;
      pixels.push(p);
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -gap; dy <= gap; dy++) {
        for (let dx = -gap; dx <= gap; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const q = ny * width + nx;
          if (hits[q] && !seen[q]) {
            seen[q] = 1;
            queue.push(q);
          }
        }
      }
    }
    const cx = pixels.reduce((sum, p) => sum + (p % width), 0) / pixels.length;
    const cy = pixels.reduce((sum, p) => sum + Math.floor(p / width), 0) / pixels.length;
    found.push({ pixels, cx, cy });
  }
  return found;
}

/**
 * The masks of A and B from four settled frames: beacon at A, at B, at A, at B. A pixel follows the
 * beacon when it changes with every jump and is the same in both frames of the same state; such pixels
 * form groups. Other things can toggle with the jumps by chance (a toast that came and went), so the
 * spots are the pair of groups that only the beacon makes: on one row (A and B are at one latitude on a
 * north-up map, A to the west, so on the left), of the same shape, and alike — the marker at A in the A
 * frames looks like the marker at B in the B frames. Of such pairs, the largest, with the pairs of the
 * same offset beside it (a label apart from its icon).
 */
export function spotMasks(atA1: Frame, atB1: Frame, atA2: Frame, atB2: Frame, cssScale: number, log: (line: string) => void = () => {}): { a: SpotMask; b: SpotMask } {
  const { width, height } = atA1;
  for (const f of [atB1, atA2, atB2]) if (f.width !== width || f.height !== height) throw new Error('calibration frames differ in size');
  const hits = new Uint8Array(width * height);
  for (let p = 0; p < width * height; p++) {
    const o = p * 4;
    hits[p] = Number(
      difference(atA1, atB1, o) > CHANGED &&
        difference(atA2, atB1, o) > CHANGED &&
        difference(atA2, atB2, o) > CHANGED &&
        difference(atA1, atA2, o) <= CHANGED / 2 &&
        difference(atB1, atB2, o) <= CHANGED / 2,
    );
  }
  const groups = blobs(hits, width, height, 3).filter((b) => b.pixels.length >= 3);
  const owner = new Int32Array(width * height).fill(-1);
  groups.forEach((g, k) => g.pixels.forEach((p) => (owner[p] = k)));
  const pairs: Array<{ west: Blob; east: Blob; dx: number; dy: number }> = [];
  for (const [i, west] of groups.entries()) {
    for (const [j, east] of groups.entries()) {
      if (east.cx <= west.cx + 10 || Math.abs(east.cy - west.cy) > 3) continue;
      const dx = Math.round(east.cx - west.cx);
      const dy = Math.round(east.cy - west.cy);
      let overlap = 0;
      let looks = 0;
      for (const p of west.pixels) {
        const x = (p % width) + dx;
        const y = Math.floor(p / width) + dy;
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const q = y * width + x;
        if (owner[q] === j) overlap++;
        // the marker at A (A frame) against the marker at B (B frame), pixel by pixel
        looks += Math.abs(atA1.rgba[p * 4]! - atB1.rgba[q * 4]!) + Math.abs(atA1.rgba[p * 4 + 1]! - atB1.rgba[q * 4 + 1]!) + Math.abs(atA1.rgba[p * 4 + 2]! - atB1.rgba[q * 4 + 2]!);
      }
      const shape = overlap / (west.pixels.length + east.pixels.length - overlap);
      looks /= west.pixels.length;
      log(`freshness: candidate pair (${Math.round(west.cx)}, ${Math.round(west.cy)}) ${west.pixels.length} px / (${Math.round(east.cx)}, ${Math.round(east.cy)}) ${east.pixels.length} px: shape ${shape.toFixed(2)}, looks ${looks.toFixed(0)}`);
      if (shape >= 0.3 && looks <= 90) pairs.push({ west, east, dx, dy });
    }
  }
  const size = (pair: (typeof pairs)[number]): number => pair.west.pixels.length + pair.east.pixels.length;
  const best = pairs.sort((x, y) => size(y) - size(x))[0];
  if (!best) {
    const changed = hits.reduce((n, h) => n + h, 0);
    throw new Error(`calibration: the beacon's marker was not found (${changed} pixels follow its jumps in ${groups.length} groups, none a pair alike at A and B): are both spots on screen and drawn?`);
  }
  const build = (group: Blob, west: boolean): SpotMask => {
    const [present1, present2, away1, away2] = west ? [atA1, atA2, atB1, atB2] : [atB1, atB2, atA1, atA2];
    const offsets = Int32Array.from(group.pixels, (p) => p * 4);
    const away = new Float32Array(group.pixels.length * 3);
    const present = new Float32Array(group.pixels.length * 3);
    let span = 0;
    group.pixels.forEach((p, k) => {
      const o = p * 4;
      for (let c = 0; c < 3; c++) {
        away[k * 3 + c] = (away1.rgba[o + c]! + away2.rgba[o + c]!) / 2;
        present[k * 3 + c] = (present1.rgba[o + c]! + present2.rgba[o + c]!) / 2;
        span += Math.abs(present[k * 3 + c]! - away[k * 3 + c]!);
      }
    });
    return { offsets, away, present, span, x: Math.round(group.cx * cssScale), y: Math.round(group.cy * cssScale), pixels: group.pixels.length };
  };
  // the marker's other parts (its label, when it stands apart from the icon): pairs with the same offset nearby
  const parts = pairs.filter((pair) => Math.abs(pair.dx - best.dx) <= 1 && Math.abs(pair.dy - best.dy) <= 1 && Math.hypot(pair.west.cx - best.west.cx, pair.west.cy - best.west.cy) <= 40);
  const union = (groups: Blob[]): Blob => {
    const pixels = [...new Set(groups.flatMap((g) => g.pixels))];
    return { pixels, cx: pixels.reduce((sum, p) => sum + (p % width), 0) / pixels.length, cy: pixels.reduce((sum, p) => sum + Math.floor(p / width), 0) / pixels.length };
  };
  return { a: build(union(parts.map((pair) => pair.west)), true), b: build(union(parts.map((pair) => pair.east)), false) };
}

// ---------------------------------------------------------------------------------------------- the run

export interface Jump {
  seq: number;
  spot: 'a' | 'b';
  /** ms since the epoch */
  sentAt: number;
  answeredAt: number;
  pushedAt: number | null;
  /** the page noted the socket frame carrying it (null: not seen, e.g. a client whose socket was not probed) */
  receivedAt: number | null;
  /** the first frame with the marker at the spot; null: not within the timeout */
  drawnAt: number | null;
  /** the spot was not clear before the jump (the marker or something else was there) */
  unclear: boolean;
  /** a frame stamped before the push already showed the marker there */
  early: boolean;
}

/** Figures in ms; null: longer than the timeout (that share of the jumps was not drawn within it). */
export interface Distribution {
  count: number;
  medianMs: number | null;
  p95Ms: number | null;
  maxMs: number | null;
}

export interface FreshnessResult {
  /** what starts a delay */
  start: 'server push';
  /** jumps measured (drawn or not) */
  positions: number;
  /** not drawn within the timeout: counted in p95 and max as longer than it */
  missed: number;
  timeoutMs: number;
  /** push → first frame with the marker at its new spot (drawn jumps only; see `missed`) */
  delay: Distribution;
  /** push → the page's socket received it */
  transport: Distribution | null;
  /** the page received it → first frame showing it */
  client: Distribution | null;
  /**
   * The OsmAnd answer as the bench received it, less the push: the server answers the report once it is
   * stored and writes the socket frame on the next turn of its event loop, so the two are a few ms apart.
   */
  answerMinusPushMs: { median: number | null; min: number; max: number } | null;
  anomalies: { unclear: number; early: number; noPush: number };
  spots: { a: { x: number; y: number; pixels: number }; b: { x: number; y: number; pixels: number } };
  screencast: { frames: number; fps: number; decoded: number; decodeMsAverage: number };
  /** set by the runner: the machine over the window (load average at its start and end, all cores' busy share) and the simulator's answered rate */
  loadAverage?: { start: number; end: number };
  machineCpuBusy?: number | null;
  positionsPerSecond?: number | null;
  /** the socket delay injected into the page (validation runs), 0 normally */
  socketDelayMs: number;
  windowSeconds: number;
}

export function distribution(values: number[], missed = 0): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length + missed;
  const rank = (q: number): number | null => {
    const index = Math.max(0, Math.ceil(q * n) - 1);
    return index < sorted.length ? Math.round(sorted[index]!) : null;
  };
  return { count: sorted.length, medianMs: rank(0.5), p95Ms: rank(0.95), maxMs: missed > 0 ? null : Math.round(sorted[sorted.length - 1] ?? 0) };
}

export interface FreshnessOptions {
  positions: number;
  /**
   * Ends the timed jumps after this many ms even before `positions` (a client that stretches its
   * delivery period to 30 s would take hours for 200): the result counts the jumps timed.
   */
  maxMs?: number;
  timeoutMs: number;
  /** after each calibration jump */
  settleMs: number;
  socketDelayMs: number;
  /** a folder for the calibration frames (PNG) and the masks, or null */
  debugDir: string | null;
}

export interface FreshnessContext {
  page: Page;
  cdp: CDPSession;
  /** sends the beacon to a spot with the jump number; resolves when the OsmAnd request is answered */
  jump: (spot: 'a' | 'b', seq: number) => Promise<void>;
  /** resolves with the push time of a jump (or null after `ms`) */
  pushOf: (seq: number, ms: number) => Promise<number | null>;
  log: (line: string) => void;
}

/**
 * Calibrates the spots (the beacon is at A when called), then times `positions` jumps, alternating A,
 * B, …: each jump is sent when the previous one has been drawn (or timed out), so every position is
 * the newest until it is drawn and no jump is ever confused with another, after a random pause. A
 * client that delivers on a period draws the previous jump at a flush; for the next one to land at a
 * uniformly random phase of that period, the pause is uniform over 0.25 s plus a span at least as long
 * as the period: the longest of the last ten delays, at least 1 s (at most the timeout).
 */
export async function measureFreshness(context: FreshnessContext, options: FreshnessOptions): Promise<FreshnessResult> {
  const { page, cdp, jump, pushOf, log } = context;
  const screencast = new Screencast(cdp);
  await screencast.start();
  const started = Date.now();
  try {
    const cssScale = await page.evaluate(() => window.innerWidth) / (await screencast.latest()).width;
    let seq = 0;
    // calibration: A (where the beacon already is), B, A, B
    const settled: Frame[] = [await screencast.latest()];
    for (const spot of ['b', 'a', 'b'] as const) {
      await jump(spot, ++seq);
      await sleep(options.settleMs);
      settled.push(await screencast.latest());
      log(`freshness: calibration jump to ${spot}: ${screencast.frames} frames so far, the latest ${Math.round(Date.now() - settled[settled.length - 1]!.t)} ms old`);
    }
    if (options.debugDir) await writeDebug(options.debugDir, settled);
    const masks = spotMasks(settled[0]!, settled[1]!, settled[2]!, settled[3]!, cssScale, options.debugDir ? log : undefined);
    log(`freshness: spots A (${masks.a.x}, ${masks.a.y}) ${masks.a.pixels} px, B (${masks.b.x}, ${masks.b.y}) ${masks.b.pixels} px (of a ${settled[0]!.width}×${settled[0]!.height} frame)`);
    const check = settled.map((f) => `${presence(f, masks.a).toFixed(2)}/${presence(f, masks.b).toFixed(2)}`).join(' ');
    log(`freshness: presence A/B in the calibration frames (A, B, A, B): ${check}`);

    if (options.debugDir) {
      // the presence at both spots frame by frame while the beacon stays at B
      screencast.keep(Date.now());
      const series: string[] = [];
      for await (const f of screencast.kept(Date.now() + 3_000)) series.push(`${presence(f, masks.a).toFixed(2)}/${presence(f, masks.b).toFixed(2)}`);
      screencast.release();
      log(`freshness: still at B, presence A/B frame by frame: ${series.join(' ')}`);
    }
    const random = new Random('bench-freshness');
    const jumps: Jump[] = [];
    let noPush = 0;
    const until = options.maxMs === undefined ? Infinity : Date.now() + options.maxMs;
    for (let k = 0; k < options.positions && Date.now() < until; k++) {
      const spot = k % 2 === 0 ? 'a' : 'b';
      const mask = masks[spot];
      // the spot is clear: the marker left it with the previous jump (or never came)
      const unclear = presence(await screencast.latest(), mask) > CLEAR;
      const number = ++seq;
      const sentAt = Date.now();
      screencast.keep(sentAt);
      await jump(spot, number);
      const answeredAt = Date.now();
      const pushedAt = await pushOf(number, 5_000);
      if (pushedAt === null) noPush++;
      const from = pushedAt ?? sentAt;
      const frame = await screencast.firstWhere((f) => presence(f, mask) >= PRESENT, from + options.timeoutMs);
      const drawnAt = frame?.t ?? null;
      const early = frame !== null && frame.t < from;
      if (options.debugDir && k < 4) {
        // what follows the first frame that counted, frame by frame (ms after the push: presence)
        const series: string[] = [];
        for await (const f of screencast.kept(from + 1_500)) series.push(`${Math.round(f.t - from)}:${presence(f, mask).toFixed(2)}`);
        log(`freshness: jump ${number} to ${spot} drawn ${drawnAt === null ? 'never' : Math.round(drawnAt - from)} ms after the push, then ${series.join(' ')}`);
      }
      screencast.release();
      jumps.push({ seq: number, spot, sentAt, answeredAt, pushedAt, receivedAt: null, drawnAt, unclear, early });
      if ((k + 1) % 20 === 0 || drawnAt === null) {
        const recent = jumps.slice(-20).filter((j) => j.drawnAt !== null && j.pushedAt !== null).map((j) => j.drawnAt! - j.pushedAt!);
        log(`freshness: ${k + 1}/${options.positions}${drawnAt === null ? ` (jump ${number} not drawn in ${options.timeoutMs / 1000} s)` : ''}, last 20: median ${distribution(recent).medianMs} ms, max ${distribution(recent).maxMs} ms`);
      }
      const recentDelays = jumps.slice(-10).map((j) => (j.drawnAt === null || j.pushedAt === null ? options.timeoutMs : j.drawnAt - j.pushedAt));
      const span = Math.min(options.timeoutMs, Math.max(1_000, ...recentDelays));
      await sleep(250 + random.next() * span);
    }

    // the page's socket notes
    const received = new Map<number, number>(
      await page.evaluate(() => (window as unknown as { __benchSockets?: Array<[number, number]> }).__benchSockets ?? []).catch(() => []),
    );
    for (const j of jumps) j.receivedAt = received.get(j.seq) ?? null;
    const timed = jumps.filter((j) => j.pushedAt !== null);
    const drawn = timed.filter((j) => j.drawnAt !== null);
    const withReceipt = drawn.filter((j) => j.receivedAt !== null);
    const answered = timed.map((j) => j.answeredAt - j.pushedAt!);
    return {
      start: 'server push',
      positions: timed.length,
      missed: timed.length - drawn.length,
      timeoutMs: options.timeoutMs,
      delay: distribution(
        drawn.map((j) => j.drawnAt! - j.pushedAt!),
        timed.length - drawn.length,
      ),
      transport: withReceipt.length ? distribution(withReceipt.map((j) => j.receivedAt! - j.pushedAt!)) : null,
      client: withReceipt.length ? distribution(withReceipt.map((j) => j.drawnAt! - j.receivedAt!)) : null,
      answerMinusPushMs: answered.length ? { median: distribution(answered).medianMs, min: Math.min(...answered), max: Math.max(...answered) } : null,
      anomalies: { unclear: jumps.filter((j) => j.unclear).length, early: jumps.filter((j) => j.early).length, noPush },
      spots: { a: { x: masks.a.x, y: masks.a.y, pixels: masks.a.pixels }, b: { x: masks.b.x, y: masks.b.y, pixels: masks.b.pixels } },
      screencast: { frames: screencast.frames, fps: Math.round(screencast.rate * 10) / 10, decoded: screencast.decoded, decodeMsAverage: Math.round((screencast.decodeMs / Math.max(1, screencast.decoded)) * 10) / 10 },
      socketDelayMs: options.socketDelayMs,
      windowSeconds: Math.round((Date.now() - started) / 1000),
    };
  } finally {
    await screencast.stop();
  }
}

async function writeDebug(dir: string, frames: Frame[]): Promise<void> {
  const { mkdirSync, writeFileSync } = await import('node:fs');
  mkdirSync(dir, { recursive: true });
  frames.forEach((f, k) => {
    const png = new PNG({ width: f.width, height: f.height });
    f.rgba.copy(png.data);
    writeFileSync(`${dir}/calibration-${k}-${k % 2 === 0 ? 'a' : 'b'}.png`, PNG.sync.write(png));
  });
}
