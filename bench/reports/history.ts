/**
 * A day of one device's history for the browser benchmarks of the route report and the replay
 * (bench/reports/route.ts, bench/replay/run.ts): a seeded synthetic drive around Riyadh written straight
 * into the embedded server's SQLite file, the server's route report cap raised to hold it, and the
 * Resource Timing of the page's `/api/reports/route` request.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import type { Machine } from '../fleet.ts';
import { round, type Stat } from '../probe.ts';

const RIYADH = { lat: 24.7136, lon: 46.6753 };

export interface DayOptions {
  positions: number;
  intervalMs: number;
  /** the first position's time after the day's start (ms) */
  firstAfterMs: number;
}

/** The report's period, yesterday's whole UTC day, and the first position's time: `firstAfterMs` into it. */
export function dayOf(now: number, firstAfterMs: number): { from: number; to: number; first: number } {
  const day = Math.floor(now / 86_400_000) * 86_400_000 - 86_400_000;
  return { from: day, to: day + 86_400_000 - 1, first: day + firstAfterMs };
}

const KNOT = 1.852 / 3.6; // m/s
const EARTH = 6_371_000;

/**
 * `count` positions of one device, one every `intervalMs` from `first`: drives of 8–25 min at 20–120 km/h
 * (the speed eases towards a target that changes every 20–90 s; the course drifts and turns now and then,
 * steered back towards Riyadh when over 30 km away), stops of 1–6 min. Seeded: the same every time.
 */
export function* drive(count: number, first: number, intervalMs: number): Generator<Record<string, unknown>> {
  let seed = 13;
  const random = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const dt = intervalMs / 1000;
  let lat = RIYADH.lat;
  let lon = RIYADH.lon;
  let course = random() * 360;
  let speedKn = 0;
  let target = 0;
  let targetLeft = 0;
  let driving = false;
  let phaseLeft = 0;
  let odometer = 123_456_000;
  let total = 0;
  let battery = 100;
  for (let k = 0; k < count; k++) {
    if (phaseLeft <= 0) {
      driving = !driving;
      phaseLeft = driving ? (8 + random() * 17) * 60 : (1 + random() * 5) * 60;
      targetLeft = 0;
    }
    phaseLeft -= dt;
    if (driving) {
      if (targetLeft <= 0) {
        target = (20 + random() * 100) / 1.852;
        targetLeft = 20 + random() * 70;
        if (random() < 0.3) course += (random() < 0.5 ? -1 : 1) * (60 + random() * 60);
      }
      targetLeft -= dt;
      speedKn += Math.max(-3, Math.min(2, target - speedKn)) * dt * 0.5;
      course += (random() - 0.5) * 4;
      const north = ((lat - RIYADH.lat) * Math.PI * EARTH) / 180;
      const east = ((lon - RIYADH.lon) * Math.PI * EARTH * Math.cos((RIYADH.lat * Math.PI) / 180)) / 180;
      if (Math.hypot(north, east) > 30_000) {
        const home = (Math.atan2(-east, -north) * 180) / Math.PI;
        course += Math.max(-5, Math.min(5, (((home - course + 540) % 360) - 180) * 0.1));
      }
    } else {
      speedKn = Math.max(0, speedKn - 4 * dt);
    }
    course = ((course % 360) + 360) % 360;
    const step = speedKn * KNOT * dt;
    const rad = (course * Math.PI) / 180;
    lat += ((step * Math.cos(rad)) / EARTH) * (180 / Math.PI);
    lon += ((step * Math.sin(rad)) / (EARTH * Math.cos((lat * Math.PI) / 180))) * (180 / Math.PI);
    odometer += step;
    total += step;
    battery = Math.max(20, battery - 0.0005);
    const fixTime = first + k * intervalMs;
    const moving = speedKn > 1;
    yield {
      protocol: 'osmand',
      serverTime: fixTime + 400 + Math.round(random() * 900),
      deviceTime: fixTime,
      fixTime,
      valid: 1,
      latitude: Math.round(lat * 1e7) / 1e7,
      longitude: Math.round(lon * 1e7) / 1e7,
      altitude: Math.round((610 + 25 * Math.sin(k / 5_000) + random() * 4) * 10) / 10,
      speed: Math.round(speedKn * 100) / 100,
      course: Math.round(course * 10) / 10,
      address: null,
      accuracy: Math.round((3 + random() * 7) * 10) / 10,
      network: null,
      geofenceIds: null,
      attributes: JSON.stringify({
        ignition: driving || speedKn > 0,
        motion: moving,
        sat: 7 + Math.floor(random() * 7),
        hdop: Math.round((0.7 + random()) * 10) / 10,
        distance: Math.round(step * 100) / 100,
        totalDistance: Math.round(total * 100) / 100,
        odometer: Math.round(odometer),
        batteryLevel: Math.round(battery),
      }),
    };
  }
}

/** Writes the positions straight into the server's database (a second connection; WAL, so the server reads them at once). */
function insertPositions(dataDir: string, deviceId: number, options: DayOptions, first: number): { seconds: number; lastFix: string } {
  const started = Date.now();
  const db = new Database(join(dataDir, 'athar.db'));
  try {
    db.pragma('busy_timeout = 10000');
    const insert = db.prepare(
      `INSERT INTO positions (deviceId, protocol, serverTime, deviceTime, fixTime, valid, latitude, longitude,
         altitude, speed, course, address, accuracy, network, geofenceIds, attributes)
       VALUES (@deviceId, @protocol, @serverTime, @deviceTime, @fixTime, @valid, @latitude, @longitude,
         @altitude, @speed, @course, @address, @accuracy, @network, @geofenceIds, @attributes)`,
    );
    let lastId = 0;
    let lastFix = 0;
    db.transaction(() => {
      for (const position of drive(options.positions, first, options.intervalMs)) {
        lastId = Number(insert.run({ ...position, deviceId }).lastInsertRowid);
        lastFix = position.fixTime as number;
      }
      db.prepare('UPDATE devices SET positionId = ?, lastUpdate = ? WHERE id = ?').run(lastId, lastFix, deviceId);
    })();
    const stored = (db.prepare('SELECT COUNT(*) AS n FROM positions WHERE deviceId = ?').get(deviceId) as { n: number }).n;
    if (stored !== options.positions) throw new Error(`${stored} positions stored, ${options.positions} expected`);
    return { seconds: round((Date.now() - started) / 1000), lastFix: new Date(lastFix).toISOString() };
  } finally {
    db.close();
  }
}

export async function session(url: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${url}/api/session`, { method: 'POST', body: new URLSearchParams({ email, password }) });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('JSESSIONID='))?.split(';')[0];
  if (!cookie) throw new Error(`login failed: ${login.status}`);
  return cookie;
}

export async function rest<T>(url: string, cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { Cookie: cookie, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Raises the server's route report cap (report.maxPositions) to `max`; the cap it had before. */
async function raiseReportCap(url: string, cookie: string, max: number): Promise<number | null> {
  const server = await rest<{ attributes: Record<string, unknown> }>(url, cookie, 'GET', '/api/server');
  const before = server.attributes['report.maxPositions'];
  const saved = await rest<{ attributes: Record<string, unknown> }>(url, cookie, 'PUT', '/api/server', { ...server, attributes: { ...server.attributes, 'report.maxPositions': max } });
  if (saved.attributes['report.maxPositions'] !== max) throw new Error('report.maxPositions not saved');
  return typeof before === 'number' ? before : null;
}

/** What `seedDay` made: the route report's period and its answer, as recorded in the results. */
export interface Dataset {
  positions: number;
  intervalMs: number;
  from: string;
  to: string;
  firstFix: string;
  lastFix: string;
  insertSeconds: number;
  reportCapBefore: number | null;
  reportCap: number;
  responseMb: number;
}

/**
 * Through the REST API (one session cookie): the server's `report.maxPositions` raised to the number of
 * positions and one device created; its positions written into the database (`insertPositions`); the
 * route report of the day fetched once from Node to check that it returns them all.
 */
export async function seedDay(url: string, dataDir: string, admin: { email: string; password: string }, device: { name: string; uniqueId: string }, options: DayOptions): Promise<{ deviceId: number; dataset: Dataset }> {
  const day = dayOf(Date.now(), options.firstAfterMs);
  if (day.first + (options.positions - 1) * options.intervalMs > day.to) throw new Error('the positions do not fit in one day at that interval');
  const cookie = await session(url, admin.email, admin.password);
  const capBefore = await raiseReportCap(url, cookie, options.positions);
  const { id } = await rest<{ id: number }>(url, cookie, 'POST', '/api/devices', { ...device, category: 'car' });
  const inserted = insertPositions(dataDir, id, options, day.first);
  console.log(`${options.positions} positions for device ${id} in ${inserted.seconds} s (report.maxPositions was ${capBefore ?? 'unset'})`);
  const from = new Date(day.from).toISOString();
  const to = new Date(day.to).toISOString();
  // the server's own answer, outside the browser: the rows it returns and the size
  const t = Date.now();
  const check = await fetch(`${url}/api/reports/route?deviceId=${id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { headers: { Cookie: cookie, Accept: 'application/json' } });
  const text = await check.text();
  const count = (JSON.parse(text) as unknown[]).length;
  if (count !== options.positions) throw new Error(`the route report returns ${count} positions, ${options.positions} expected`);
  console.log(`GET /api/reports/route from Node: ${count} rows, ${(text.length / 1e6).toFixed(1)} MB in ${Date.now() - t} ms`);
  return {
    deviceId: id,
    dataset: {
      positions: options.positions,
      intervalMs: options.intervalMs,
      from,
      to,
      firstFix: new Date(day.first).toISOString(),
      lastFix: inserted.lastFix,
      insertSeconds: inserted.seconds,
      reportCapBefore: capBefore,
      reportCap: options.positions,
      responseMb: text.length / 1e6,
    },
  };
}

export interface Fetched {
  startTime: number;
  requestStart: number;
  responseStart: number;
  responseEnd: number;
  decodedBodySize: number;
}

/** The last Resource Timing entry of /api/reports/route started after `after`. */
export function reportRequest(page: Page, after: number): Promise<Fetched> {
  return page.evaluate((since) => {
    const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.name.includes('/api/reports/route') && e.startTime >= since);
    const e = entries.at(-1);
    if (!e) throw new Error('no resource timing of /api/reports/route');
    return { startTime: e.startTime, requestStart: e.requestStart || e.startTime, responseStart: e.responseStart, responseEnd: e.responseEnd, decodedBodySize: e.decodedBodySize };
  }, after);
}

/** A load of the route report split by its Resource Timing entry (ms, from `start` to `end`, page times). */
export interface RequestSplit {
  /** start → the request's start (the page's own work before it) */
  beforeRequestMs: number;
  /** request start → first byte: the server */
  serverMs: number;
  /** first byte → last byte */
  downloadMs: number;
  /** last byte → end: the client */
  clientMs: number;
  responseMb: number;
}

export function requestSplit(fetched: Fetched, start: number, end: number): RequestSplit {
  return {
    beforeRequestMs: round(fetched.startTime - start),
    serverMs: round(fetched.responseStart - fetched.requestStart),
    downloadMs: round(fetched.responseEnd - fetched.responseStart),
    clientMs: round(end - fetched.responseEnd),
    responseMb: round(fetched.decodedBodySize / 1e6),
  };
}

/** What bench/results/<name>.json holds for a benchmark on a day of history: the context, the budget and its verdicts, the runs. */
export interface DayResults<Budget, Verdicts, Run> {
  date: string;
  machine: Machine;
  source: string;
  loadAverage: { start: number; max: number; end: number };
  note: string | null;
  dataset: Dataset;
  budget: Budget;
  verdicts: Verdicts;
  summary: Record<string, Stat>;
  runs: Run[];
}
