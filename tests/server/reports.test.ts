import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CombinedReportItem, Event, GeofenceReportItem, Position, Report, StopReportItem, SummaryReportItem, TripReportItem } from '../../contract/models.ts';
import { readWorkbook } from '../../server/reports/xlsx.ts';
import { ADMIN_PASSWORD, type TestServer, basic, createUser, json, start } from './helpers.ts';

const admin = { Authorization: basic('admin', ADMIN_PASSWORD) };
const user = { Authorization: basic('rep@example.com', 'rep-pass') };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const T0 = Date.parse('2024-03-01T08:00:00Z');
const MIN = 60000;
const M_PER_DEG = (6378137 * Math.PI) / 180;
const FROM = '2024-03-01T07:00:00Z';
const TO = '2024-03-01T10:00:00Z';

let server: TestServer;
let url: string;
let userId: number;
let deviceA: number;
let deviceB: number;

/** Writes a device with a drive between two stops (and some events) straight into the data dir. */
function seed(dataDir: string): void {
  const db = new Database(join(dataDir, 'athar.db'));
  const insertDevice = db.prepare('INSERT INTO devices (name, uniqueId, attributes) VALUES (?, ?, ?)');
  deviceA = Number(insertDevice.run('=HYPERLINK("http://x")', 'rep-a', '{}').lastInsertRowid);
  deviceB = Number(insertDevice.run('Van B', 'rep-b', '{}').lastInsertRowid);
  const insertPosition = db.prepare(
    `INSERT INTO positions (deviceId, protocol, serverTime, deviceTime, fixTime, valid, latitude, longitude, speed, attributes)
     VALUES (?, 'osmand', ?, ?, ?, 1, ?, ?, ?, ?)`,
  );
  const ids: number[] = [];
  let total = 0;
  let prevEast = 0;
  for (let m = 0; m <= 75; m++) {
    const east = m <= 30 ? 0 : m <= 45 ? ((m - 30) * 5000) / 15 : 5000;
    const speed = m > 30 && m <= 45 ? 18 : 0;
    total += Math.abs(east - prevEast);
    const t = T0 + m * MIN;
    const attributes = { distance: Math.abs(east - prevEast), totalDistance: total, motion: speed > 0, hours: m * MIN };
    ids.push(Number(insertPosition.run(deviceA, t, t, t, 24.7, 46.6 + east / M_PER_DEG, speed, JSON.stringify(attributes)).lastInsertRowid));
    prevEast = east;
  }
  insertPosition.run(deviceB, T0, T0, T0, 24.8, 46.7, 0, '{"totalDistance":0}');
  const insertEvent = db.prepare('INSERT INTO events (type, eventTime, deviceId, positionId, geofenceId, attributes) VALUES (?, ?, ?, ?, ?, ?)');
  insertEvent.run('deviceMoving', T0 + 30 * MIN, deviceA, ids[30], null, '{}');
  insertEvent.run('alarm', T0 + 40 * MIN, deviceA, ids[40], null, '{"alarm":"sos"}');
  insertEvent.run('alarm', T0 + 41 * MIN, deviceA, ids[41], null, '{"alarm":"overspeed"}');
  insertEvent.run('deviceOnline', T0, deviceA, null, null, '{}');
  insertEvent.run('geofenceEnter', T0 + 46 * MIN, deviceA, ids[46], 1, '{}');
  insertEvent.run('geofenceExit', T0 + 70 * MIN, deviceA, ids[70], 1, '{}');
  db.close();
}

async function get<T>(path: string, headers: Record<string, string> = admin): Promise<T> {
  return json<T>(await fetch(`${url}${path}`, { headers }));
}

const range = `from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`;

beforeAll(async () => {
  const first = await start();
  const dataDir = first.dataDir;
  await first.close();
  seed(dataDir);
  server = await start({ dataDir });
  url = server.url;
  userId = await createUser(url, { name: 'Rep', email: 'rep@example.com', password: 'rep-pass' });
  const link = await fetch(`${url}/api/permissions`, {
    method: 'POST',
    headers: { ...admin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId, deviceId: deviceA }),
  });
  expect(link.status).toBe(204);
});
afterAll(() => server.close());

describe('reports over HTTP', () => {
  it('trips, stops and summary for one device', async () => {
    const trips = await get<TripReportItem[]>(`/api/reports/trips?deviceId=${deviceA}&${range}`);
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({ deviceId: deviceA, deviceName: '=HYPERLINK("http://x")', startTime: '2024-03-01T08:30:00.000+00:00' });
    expect(trips[0]!.distance).toBeCloseTo(5000, 0);
    const stops = await get<StopReportItem[]>(`/api/reports/stops?deviceId=${deviceA}&${range}`, { ...user, Accept: 'application/json' });
    expect(stops.map((s) => s.startTime)).toEqual(['2024-03-01T08:00:00.000+00:00', '2024-03-01T08:49:00.000+00:00']);
    const summary = await get<SummaryReportItem[]>(`/api/reports/summary?deviceId=${deviceA}&${range}`);
    expect(summary).toHaveLength(1);
    expect(summary[0]).toMatchObject({ maxSpeed: 18, engineHours: 75 * MIN, startHours: 0 });
    expect(summary[0]!.distance).toBeCloseTo(5000, 0);
    const daily = await get<SummaryReportItem[]>(
      `/api/reports/summary?deviceId=${deviceA}&daily=true&from=${encodeURIComponent('2024-02-29T00:00:00Z')}&to=${encodeURIComponent('2024-03-02T00:00:00Z')}`,
    );
    expect(daily).toHaveLength(1);
  });

  it('route, events (type/alarm filters), combined, geofences', async () => {
    const route = await get<Position[]>(`/api/reports/route?deviceId=${deviceA}&${range}`);
    expect(route).toHaveLength(76);
    const all = await get<Event[]>(`/api/reports/events?deviceId=${deviceA}&${range}`);
    expect(all).toHaveLength(6);
    const alarms = await get<Event[]>(`/api/reports/events?deviceId=${deviceA}&type=alarm&alarm=sos&${range}`);
    expect(alarms.map((e) => e.attributes.alarm)).toEqual(['sos']);
    const two = await get<Event[]>(`/api/reports/events?deviceId=${deviceA}&type=deviceOnline&type=deviceMoving&${range}`);
    expect(two.map((e) => e.type).sort()).toEqual(['deviceMoving', 'deviceOnline']);
    const [item] = await get<CombinedReportItem[]>(`/api/reports/combined?deviceId=${deviceA}&${range}`);
    expect(item!.route).toHaveLength(76);
    expect(item!.route[0]).toEqual([46.6, 24.7]);
    expect(item!.events.map((e) => e.type)).toEqual(['alarm', 'alarm', 'geofenceEnter', 'geofenceExit']);
    expect(item!.positions).toHaveLength(4);
    const visits = await get<GeofenceReportItem[]>(`/api/reports/geofences?deviceId=${deviceA}&geofenceId=1&${range}`);
    expect(visits).toEqual([
      expect.objectContaining({ geofenceId: 1, startTime: '2024-03-01T08:46:00.000+00:00', endTime: '2024-03-01T09:10:00.000+00:00' }),
    ]);
  });

  it('without deviceId/groupId covers every accessible device', async () => {
    const adminSummary = await get<SummaryReportItem[]>(`/api/reports/summary?${range}`);
    expect(adminSummary.map((s) => s.deviceId)).toEqual(expect.arrayContaining([deviceA, deviceB]));
    const userSummary = await get<SummaryReportItem[]>(`/api/reports/summary?${range}`, user);
    expect(userSummary.map((s) => s.deviceId)).toEqual([deviceA]);
  });

  it('refuses unlinked devices, bad dates and over-long periods with 400', async () => {
    const denied = await fetch(`${url}/api/reports/trips?deviceId=${deviceB}&${range}`, { headers: user });
    expect(denied.status).toBe(400);
    expect(await denied.text()).toMatch(/denied/i);
    for (const query of ['', `from=${FROM}`, `from=2024-03-01T07:00:00&to=${TO}`, `from=${TO}&to=${FROM}`, `from=yesterday&to=${TO}`]) {
      const response = await fetch(`${url}/api/reports/route?deviceId=${deviceA}&${query}`, { headers: admin });
      expect(response.status, query).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/text\/plain/);
    }
    expect((await fetch(`${url}/api/reports/route?${range}`)).status).toBe(401);
  });

  it('honours disableReports and report.periodLimit', async () => {
    const setUser = async (disableReports: boolean): Promise<void> => {
      const response = await fetch(`${url}/api/users/${userId}`, {
        method: 'PUT',
        headers: { ...admin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: userId, name: 'Rep', email: 'rep@example.com', disableReports }),
      });
      expect(response.status).toBe(200);
    };
    await setUser(true);
    const refused = await fetch(`${url}/api/reports/trips?${range}`, { headers: user });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/disabled/i);
    await setUser(false);
    expect((await fetch(`${url}/api/reports/trips?${range}`, { headers: user })).status).toBe(200);

    const db = new Database(join(server.dataDir, 'athar.db'));
    db.prepare(`UPDATE server SET attributes = json_set(attributes, '$."report.periodLimit"', 3600) WHERE id = 1`).run();
    const tooLong = await fetch(`${url}/api/reports/route?deviceId=${deviceA}&${range}`, { headers: admin });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toMatch(/exceeds the limit/);
    db.prepare(`UPDATE server SET attributes = json_remove(attributes, '$."report.periodLimit"') WHERE id = 1`).run();
    db.close();
  });

  it('produces xlsx with escaped formulas, by Accept header and /xlsx paths; /mail is 204', async () => {
    const byAccept = await fetch(`${url}/api/reports/trips?deviceId=${deviceA}&${range}`, { headers: { ...admin, Accept: XLSX } });
    expect(byAccept.status).toBe(200);
    expect(byAccept.headers.get('content-type')).toBe(XLSX);
    expect(byAccept.headers.get('content-disposition')).toBe('attachment; filename=report.xlsx');
    const rows = await readWorkbook(Buffer.from(await byAccept.arrayBuffer()));
    expect(rows[0]![0]).toBe('Device');
    expect(rows[1]![0]).toBe('\'=HYPERLINK("http://x")');
    for (const kind of ['route', 'events', 'trips', 'stops', 'summary']) {
      const response = await fetch(`${url}/api/reports/${kind}/xlsx?deviceId=${deviceA}&${range}`, { headers: admin });
      expect(response.status, kind).toBe(200);
      expect(response.headers.get('content-disposition')).toBe('attachment; filename=report.xlsx');
      const sheet = await readWorkbook(Buffer.from(await response.arrayBuffer()));
      expect(sheet.length, kind).toBeGreaterThan(1);
      expect(sheet.flat().some((v) => typeof v === 'string' && v.startsWith('='))).toBe(false);
    }
    const devices = await fetch(`${url}/api/reports/devices/xlsx`, { headers: admin });
    expect(devices.status).toBe(200);
    const deviceRows = await readWorkbook(Buffer.from(await devices.arrayBuffer()));
    expect(deviceRows.some((r) => r[0] === '\'=HYPERLINK("http://x")')).toBe(true);
    expect((await fetch(`${url}/api/reports/summary/mail?${range}`, { headers: admin })).status).toBe(204);
    expect((await fetch(`${url}/api/reports/summary?mail=true&${range}`, { headers: { ...admin, Accept: XLSX } })).status).toBe(204);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(join(server.dataDir, 'mail.log'), 'utf8')).toMatch(/Report: summary/);
  });

  it('scheduled reports CRUD with per-user visibility', async () => {
    const create = await fetch(`${url}/api/reports`, {
      method: 'POST',
      headers: { ...user, 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'trips', description: 'Weekly trips', attributes: { period: 'weekly' } }),
    });
    const report = await json<Report>(create);
    expect(report).toMatchObject({ type: 'trips', description: 'Weekly trips', calendarId: 0, attributes: { period: 'weekly' } });
    expect((await get<Report[]>('/api/reports', user)).map((r) => r.id)).toEqual([report.id]);
    expect(await get<Report>(`/api/reports/${report.id}`, user)).toEqual(report);
    expect((await get<Report[]>('/api/reports?all=true', admin)).map((r) => r.id)).toContain(report.id);

    const put = await fetch(`${url}/api/reports/${report.id}`, {
      method: 'PUT',
      headers: { ...user, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...report, description: 'Daily', type: 'summary' }),
    });
    expect(await json<Report>(put)).toMatchObject({ id: report.id, description: 'Daily', type: 'summary' });
    const bad = await fetch(`${url}/api/reports`, {
      method: 'POST',
      headers: { ...user, 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'nonsense' }),
    });
    expect(bad.status).toBe(400);

    const otherId = await createUser(url, { name: 'Other', email: 'other@example.com', password: 'other-pass' });
    expect(otherId).toBeGreaterThan(0);
    const other = { Authorization: basic('other@example.com', 'other-pass') };
    expect((await fetch(`${url}/api/reports/${report.id}`, { headers: other })).status).toBe(404);
    expect(await get<Report[]>('/api/reports', other)).toEqual([]);
    expect((await fetch(`${url}/api/reports/abc`, { headers: other })).status).toBe(400);

    expect((await fetch(`${url}/api/reports/${report.id}`, { method: 'DELETE', headers: user })).status).toBe(204);
    expect((await fetch(`${url}/api/reports/${report.id}`, { headers: user })).status).toBe(404);
  });
});
