/**
 * Heavy-context part of bench:server (issue 32, section d): OsmAnd ingest while every device is linked
 * to 10 geofences of 100,000 vertices each and 50 web notifications, each limited by a calendar of 20
 * recurring series. The geofences are ragged rings whose bounding boxes hold about half of the positions
 * sent (the central 70 % of the positions' latitudes and longitudes), so that half the positions pass
 * the bounding-box test and reach the edge index. Aim: ingest p99 ≤ 20 ms and ≥ 5,000 positions/s.
 *
 * `prepareHeavy` saves the objects through the REST API (as a user would) and answers what was made;
 * run.ts then drives the same load as section (a) and reports it with `heavyMarkdown`.
 */
import { event, ics, weeklySeries } from './calendar.ts';

export const HEAVY_GEOFENCES = 10;
export const HEAVY_VERTICES = 100_000;
export const HEAVY_CALENDARS = 50;
export const HEAVY_SERIES = 20;

/** Event types the load produces (entering and leaving the rings, moving and stopping) and alarms. */
const TYPES = ['geofenceEnter', 'geofenceExit', 'deviceMoving', 'deviceStopped', 'alarm'];

export interface HeavyResult {
  geofences: number;
  vertices: number;
  calendars: number;
  seriesPerCalendar: number;
  notifications: number;
  /** share of the positions sent that fall in the geofences' common bounding box */
  insideBoxShare: number;
  setupSeconds: number;
  positions: number;
  failures: number;
  seconds: number;
  positionsPerSecond: number;
  latencyMs: { count: number; p50: number; p90: number; p99: number; max: number };
  serverCpuPercentOfOneCore: number | null;
  generatorCpuPercentOfOneCore: number;
}

/** A fixed-seed generator: the same shapes every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 48271) % 2147483647) / 2147483647;
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** A ragged ring of `n` vertices inscribed in a box: each vertex a small random step in or out from the last, as map borders are drawn. */
function ring(n: number, box: { minLat: number; maxLat: number; minLon: number; maxLon: number }, seed: number): string {
  const next = random(seed);
  const cLat = (box.minLat + box.maxLat) / 2;
  const cLon = (box.minLon + box.maxLon) / 2;
  const hLat = (box.maxLat - box.minLat) / 2;
  const hLon = (box.maxLon - box.minLon) / 2;
  let r = 0.9;
  const points: string[] = [];
  for (let i = 0; i < n; i++) {
    const angle = (2 * Math.PI * i) / n;
    r = Math.min(1, Math.max(0.6, r + (next() - 0.5) * 0.002));
    points.push(`${(cLat + r * hLat * Math.sin(angle)).toFixed(6)} ${(cLon + r * hLon * Math.cos(angle)).toFixed(6)}`);
  }
  points.push(points[0]!);
  return `POLYGON ((${points.join(', ')}))`;
}

/** Saves the geofences, calendars and notifications; `positions` are the [lat, lon] of the positions the load will send. */
export async function prepareHeavy(options: { url: string; cookie: string; positions: Array<[number, number]> }): Promise<Pick<HeavyResult, 'geofences' | 'vertices' | 'calendars' | 'seriesPerCalendar' | 'notifications' | 'insideBoxShare' | 'setupSeconds'>> {
  const begin = performance.now();
  const { url, cookie, positions } = options;
  const headers = { Cookie: cookie, 'Content-Type': 'application/json' };
  const post = async (path: string, body: unknown): Promise<{ id: number }> => {
    const response = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number };
  };
  const lats = positions.map((p) => p[0]).sort((a, b) => a - b);
  const lons = positions.map((p) => p[1]).sort((a, b) => a - b);
  const box = { minLat: quantile(lats, 0.15), maxLat: quantile(lats, 0.85), minLon: quantile(lons, 0.15), maxLon: quantile(lons, 0.85) };
  const inside = positions.filter(([lat, lon]) => lat >= box.minLat && lat <= box.maxLat && lon >= box.minLon && lon <= box.maxLon).length;
  // The geofences are linked to the administrator who saves them, who has every device.
  for (let g = 0; g < HEAVY_GEOFENCES; g++) {
    await post('/api/geofences', { name: `Border ${g + 1}`, area: ring(HEAVY_VERTICES, box, 1000 + g), attributes: {} });
  }
  // 18 weekly shifts, a monthly one and a six-hourly one: 20 series, all since 2010
  const calendarText = (k: number) =>
    ics(
      ...weeklySeries(HEAVY_SERIES - 2, `c${k}w`),
      ...event(`c${k}m`, 'DTSTART:20100129T080000Z', 'DURATION:PT2H', 'RRULE:FREQ=MONTHLY;BYDAY=-1FR'),
      ...event(`c${k}h`, 'DTSTART:20100101T000000Z', 'DURATION:PT1H', 'RRULE:FREQ=HOURLY;INTERVAL=6'),
    );
  const series = (calendarText(0).match(/BEGIN:VEVENT/g) ?? []).length;
  for (let c = 0; c < HEAVY_CALENDARS; c++) {
    const calendar = await post('/api/calendars', { name: `Shifts ${c + 1}`, data: Buffer.from(calendarText(c)).toString('base64'), attributes: {} });
    await post('/api/notifications', { type: TYPES[c % TYPES.length], always: true, notificators: 'web', calendarId: calendar.id, attributes: {} });
  }
  return {
    geofences: HEAVY_GEOFENCES,
    vertices: HEAVY_VERTICES,
    calendars: HEAVY_CALENDARS,
    seriesPerCalendar: series,
    notifications: HEAVY_CALENDARS,
    insideBoxShare: Math.round((inside / positions.length) * 100) / 100,
    setupSeconds: Math.round((performance.now() - begin) / 100) / 10,
  };
}

export function heavyMarkdown(heavy: HeavyResult): string[] {
  const met = heavy.latencyMs.p99 <= 20 && heavy.positionsPerSecond >= 5000;
  return [
    '## Ingest with heavy geofences and calendars (issue 32)',
    '',
    `Every device linked to ${heavy.geofences} geofences of ${heavy.vertices.toLocaleString('en')} vertices (ragged rings; ${Math.round(heavy.insideBoxShare * 100)} % of the positions in their bounding box) and ${heavy.notifications} web notifications of moving, stopping, geofence and alarm events, each limited by its own calendar of ${heavy.seriesPerCalendar} recurring series since 2010. Saved through the API in ${heavy.setupSeconds} s; then the load of the first section.`,
    '',
    '| positions | positions/s | p50 | p90 | p99 | max | failures | server CPU |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    `| ${heavy.positions} | **${heavy.positionsPerSecond}** | ${heavy.latencyMs.p50.toFixed(1)} ms | ${heavy.latencyMs.p90.toFixed(1)} ms | **${heavy.latencyMs.p99.toFixed(1)} ms** | ${heavy.latencyMs.max.toFixed(1)} ms | ${heavy.failures} | ${heavy.serverCpuPercentOfOneCore ?? '?'} % |`,
    '',
    `Aim p99 ≤ 20 ms and ≥ 5,000 positions/s: ${met ? 'met' : 'missed'}.`,
  ];
}
