import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { Device, Position, SocketMessage } from '../../contract/models.ts';
import { type TripPoint, DEFAULT_TRIP_CONFIG, advanceTrip, restoreTrip } from '../../server/events/trip.ts';
import { type Area, areaContains, distanceMeters, prepareArea } from '../../server/geo/contains.ts';
import { ADMIN_PASSWORD, type TestServer, basic, createUser, login, openSocket, start } from './helpers.ts';

describe('geometry (pure)', () => {
  it('haversine distance', () => {
    expect(distanceMeters(0, 0, 0, 1)).toBeCloseTo(111_319.5, 0);
    expect(distanceMeters(24.7, 46.7, 24.7, 46.7)).toBe(0);
  });

  it.each([
    [{ type: 'circle', lat: 24.7, lon: 46.7, radius: 100 } as Area, 24.7005, 46.7, true],
    [{ type: 'circle', lat: 24.7, lon: 46.7, radius: 100 } as Area, 24.702, 46.7, false],
    [{ type: 'polygon', points: [[0, 0], [0, 1], [1, 1], [1, 0]] } as Area, 0.5, 0.5, true],
    [{ type: 'polygon', points: [[0, 0], [0, 1], [1, 1], [1, 0]] } as Area, 1.5, 0.5, false],
    [{ type: 'polygon', points: [[0, 179], [0, -179], [1, -179], [1, 179]] } as Area, 0.5, 179.5, true],
    [{ type: 'polygon', points: [[0, 179], [0, -179], [1, -179], [1, 179]] } as Area, 0.5, 0, false],
    [{ type: 'linestring', points: [[0, 0], [0, 0.01]] } as Area, 0.0002, 0.005, true],
    [{ type: 'linestring', points: [[0, 0], [0, 0.01]] } as Area, 0.0003, 0.005, false],
  ])('areaContains and prepareArea %j (%f, %f) = %s', (area, lat, lon, expected) => {
    expect(areaContains(area, lat, lon)).toBe(expected);
    expect(prepareArea(area).contains(lat, lon)).toBe(expected);
  });
});

describe('trip state machine (pure)', () => {
  const at = (minute: number, metres: number): TripPoint => ({ positionId: minute, time: minute * 60_000, lat: 0, lon: metres / 111_195 });

  it('moves after minDistance (backdated to the departure) and stops after minDuration in place', () => {
    let state = restoreTrip(at(0, 0), false);
    const events: Array<[string, number | null]> = [];
    const feed = (p: TripPoint): void => {
      const result = advanceTrip(state, p, DEFAULT_TRIP_CONFIG);
      state = result.state;
      events.push(...result.events.map((e): [string, number | null] => [e.type, e.point.positionId]));
    };
    feed(at(1, 10)); // jitter
    feed(at(2, 20));
    expect(events).toEqual([]);
    feed(at(3, 600)); // 580 m in a minute: moving since minute 2
    expect(events).toEqual([['deviceMoving', 2]]);
    feed(at(4, 1500));
    feed(at(5, 1550));
    feed(at(6, 1560));
    expect(events).toHaveLength(1);
    feed(at(7, 1570)); // all positions of the last 3 minutes (4..7) within 200 m
    expect(events).toEqual([['deviceMoving', 2], ['deviceStopped', 4]]);
    expect(state.moving).toBe(false);
  });

  it('turns a fast jump across a long gap into stop → trip → stop', () => {
    const state = restoreTrip(at(0, 0), false);
    const result = advanceTrip(state, at(120, 200_000), DEFAULT_TRIP_CONFIG);
    expect(result.events.map((e) => [e.type, e.point.positionId])).toEqual([['deviceMoving', 0], ['deviceStopped', 120]]);
  });
});

let server: TestServer;
let osmand: string;
let db: Database.Database;
let clock = Date.UTC(2025, 0, 1, 12);

function send(query: string): Promise<Response> {
  return fetch(`${osmand}/?${query}`);
}

function collect(ws: WebSocket): SocketMessage[] {
  const messages: SocketMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as SocketMessage));
  return messages;
}

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  server = await start({ now: () => clock });
  osmand = `http://127.0.0.1:${server.osmandPort}`;
  db = new Database(join(server.dataDir, 'athar.db'));
  db.prepare("INSERT INTO devices (id, name, uniqueId) VALUES (200, 'Van', 'van-1'), (201, 'Bike', 'bike-1')").run();
});
afterAll(async () => {
  db.close();
  await server.close();
});

describe('position processing', () => {
  it('accumulates distance, sets motion, device status, lastUpdate and positionId', async () => {
    const t = (s: number): number => Math.floor(clock / 1000) + s;
    expect((await send(`id=van-1&lat=0&lon=0&speed=0&timestamp=${t(0)}`)).status).toBe(200);
    expect((await send(`id=van-1&lat=0&lon=0.01&speed=20&timestamp=${t(60)}`)).status).toBe(200);
    expect((await send(`id=van-1&lat=0&lon=0.02&speed=20&distance=5&timestamp=${t(120)}`)).status).toBe(200);
    const rows = db.prepare('SELECT * FROM positions WHERE deviceId = 200 ORDER BY id').all() as Array<{ id: number; attributes: string; serverTime: number }>;
    const attrs = rows.map((r) => JSON.parse(r.attributes) as Record<string, unknown>);
    expect(attrs[0]).toMatchObject({ distance: 0, totalDistance: 0, motion: false });
    expect(attrs[1]!.distance as number).toBeCloseTo(1113.19, 1);
    expect(attrs[1]).toMatchObject({ motion: true });
    expect(attrs[2]!.distance).toBe(5);
    expect(attrs[2]!.totalDistance as number).toBeCloseTo(1118.19, 1);
    expect(rows[2]!.serverTime).toBe(clock);
    const device = db.prepare('SELECT status, lastUpdate, positionId FROM devices WHERE id = 200').get();
    expect(device).toEqual({ status: 'online', lastUpdate: clock, positionId: rows[2]!.id });
  });

  it('keeps the latest position when an older fix arrives', async () => {
    const before = db.prepare('SELECT positionId FROM devices WHERE id = 200').get() as { positionId: number };
    expect((await send(`id=van-1&lat=0&lon=0.005&timestamp=${Math.floor(clock / 1000) - 3600}`)).status).toBe(200);
    expect(db.prepare('SELECT positionId FROM devices WHERE id = 200').get()).toEqual(before);
  });

  it('computes geofenceIds from device, group and user links and follows link changes', async () => {
    const insert = db.prepare("INSERT INTO geofences (name, area, attributes) VALUES (?, ?, '{}')");
    const near = Number(insert.run('Near', 'CIRCLE (0 0.02, 500)').lastInsertRowid);
    const viaGroup = Number(insert.run('Box', 'POLYGON ((-1 -1, -1 1, 1 1, 1 -1))').lastInsertRowid);
    const viaUser = Number(insert.run('Road', 'LINESTRING (0 0, 0 1)').lastInsertRowid);
    const unrelated = Number(insert.run('Other', 'CIRCLE (0 0.02, 500)').lastInsertRowid);
    db.prepare("INSERT INTO device_groups (id, name) VALUES (20, 'Fleet'), (21, 'Sub')").run();
    db.prepare('UPDATE device_groups SET groupId = 20 WHERE id = 21').run();
    db.prepare('UPDATE devices SET groupId = 21 WHERE id = 200').run();
    const userId = await createUser(server.url, { name: 'Owner', email: 'owner@example.com', password: 'owner-pass' });
    db.prepare('INSERT INTO user_device (userId, deviceId) VALUES (?, 200)').run(userId);
    const link = db.prepare('INSERT INTO links (ownerType, ownerId, propertyType, propertyId) VALUES (?, ?, ?, ?)');
    link.run('device', 200, 'geofence', near);
    link.run('group', 20, 'geofence', viaGroup);
    link.run('user', userId, 'geofence', viaUser);
    link.run('device', 201, 'geofence', unrelated);
    clock += 60_000;
    await send(`id=van-1&lat=0&lon=0.02&timestamp=${Math.floor(clock / 1000)}`);
    const ids = (): number[] | null =>
      JSON.parse((db.prepare('SELECT geofenceIds FROM positions WHERE deviceId = 200 ORDER BY id DESC LIMIT 1').get() as { geofenceIds: string }).geofenceIds) as number[] | null;
    expect(ids()).toEqual([near, viaGroup, viaUser].sort((a, b) => a - b));
    db.prepare("DELETE FROM links WHERE ownerType = 'group'").run();
    clock += 60_000;
    await send(`id=van-1&lat=0&lon=0.02&timestamp=${Math.floor(clock / 1000)}`);
    expect(ids()).toEqual([near, viaUser].sort((a, b) => a - b));
    clock += 60_000;
    await send(`id=van-1&lat=5&lon=5&timestamp=${Math.floor(clock / 1000)}`);
    expect(ids()).toBeNull();
  });

  it('pushes positions, devices and (opted-in) logs to the users who can see the device', async () => {
    const admin = await login(server.url, 'admin', ADMIN_PASSWORD);
    const { ws: adminWs } = await openSocket(`${server.url}/api/socket`, { Cookie: admin });
    await createUser(server.url, { name: 'Outsider', email: 'out@example.com', password: 'out-pass' });
    const outsider = await login(server.url, 'out@example.com', 'out-pass');
    const { ws: outsiderWs } = await openSocket(`${server.url}/api/socket`, { Cookie: outsider });
    const adminMessages = collect(adminWs);
    const outsiderMessages = collect(outsiderWs);
    adminWs.send(JSON.stringify({ logs: true }));
    adminWs.send('not json');
    await new Promise((r) => setTimeout(r, 50));
    clock += 60_000;
    expect((await send(`id=van-1&lat=1&lon=2&speed=3&timestamp=${Math.floor(clock / 1000)}`)).status).toBe(200);
    await until(() => adminMessages.some((m) => m.logs));
    const positions = adminMessages.flatMap((m) => m.positions ?? []) as Position[];
    expect(positions).toHaveLength(1);
    expect(positions[0]).toMatchObject({ deviceId: 200, latitude: 1, longitude: 2, speed: 3 });
    const devices = adminMessages.flatMap((m) => m.devices ?? []) as Device[];
    expect(devices[0]).toMatchObject({ id: 200, status: 'online', lastUpdate: new Date(clock).toISOString().replace('Z', '+00:00'), positionId: positions[0]!.id });
    const logs = adminMessages.flatMap((m) => m.logs ?? []);
    expect(logs[0]).toMatchObject({ protocol: 'osmand', uniqueId: 'van-1', deviceId: 200 });
    expect(logs[0]!.data).toContain('id=van-1&lat=1&lon=2');
    // Logs stop after {logs:false}
    adminWs.send(JSON.stringify({ logs: false }));
    await new Promise((r) => setTimeout(r, 50));
    clock += 60_000;
    await send(`id=van-1&lat=1&lon=2&timestamp=${Math.floor(clock / 1000)}`);
    await until(() => adminMessages.filter((m) => m.positions).length === 2);
    await new Promise((r) => setTimeout(r, 50));
    expect(adminMessages.filter((m) => m.logs)).toHaveLength(1);
    expect(outsiderMessages).toEqual([]);
    adminWs.close();
    outsiderWs.close();
  });

  it('a new device is pushed online with its first position, in the same frame (not on a later status check)', async () => {
    const created = (await (
      await fetch(`${server.url}/api/devices`, {
        method: 'POST',
        headers: { Authorization: basic('admin', ADMIN_PASSWORD), 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'New phone', uniqueId: 'new-phone-1' }),
      })
    ).json()) as Device;
    expect(created.status).toBe('offline');
    const admin = await login(server.url, 'admin', ADMIN_PASSWORD);
    const { ws } = await openSocket(`${server.url}/api/socket`, { Cookie: admin });
    const messages = collect(ws);
    await new Promise((r) => setTimeout(r, 50));
    // (the clock stays: the next test counts from the van's last update)
    const sent = Date.now();
    expect((await send(`id=new-phone-1&lat=24.76&lon=46.69&timestamp=${Math.floor(clock / 1000)}`)).status).toBe(200);
    await until(() => messages.some((m) => m.positions?.some((p) => p.deviceId === created.id)), 1000);
    const frame = messages.find((m) => m.positions?.some((p) => p.deviceId === created.id))!;
    expect(frame.devices?.find((d) => d.id === created.id)).toMatchObject({ status: 'online', positionId: frame.positions![0]!.id });
    // well under the spec's one-second delivery interval: nothing waits for a periodic check
    expect(Date.now() - sent).toBeLessThan(1000);
    ws.close();
  });

  it('marks silent devices unknown after status.timeout (server attribute), pushing the device', async () => {
    db.prepare(`UPDATE server SET attributes = '{"status.timeout":1}' WHERE id = 1`).run();
    const admin = await login(server.url, 'admin', ADMIN_PASSWORD);
    const { ws } = await openSocket(`${server.url}/api/socket`, { Cookie: admin });
    const messages = collect(ws);
    clock += 500;
    await new Promise((r) => setTimeout(r, 400));
    expect((db.prepare('SELECT status FROM devices WHERE id = 200').get() as { status: string }).status).toBe('online');
    clock += 1000;
    await until(() => (db.prepare('SELECT status FROM devices WHERE id = 200').get() as { status: string }).status === 'unknown', 2000);
    await until(() => messages.some((m) => m.devices?.some((d) => d.id === 200 && d.status === 'unknown')));
    // No status events unless event.status.enable
    expect(db.prepare("SELECT COUNT(*) AS n FROM events WHERE deviceId = 200 AND type IN ('deviceOnline', 'deviceUnknown', 'deviceOffline')").get()).toEqual({ n: 0 });
    ws.close();
  });
});

describe('engine hours at ingest (as Traccar: hours grow while the ignition is on at both fixes)', () => {
  it('accumulates `hours`, and the summary derives engine hours and average speed from them', async () => {
    db.prepare("INSERT INTO devices (id, name, uniqueId) VALUES (300, 'Generator', 'gen-1')").run();
    const base = Math.floor(clock / 1000) - 600;
    // ignition off, on, on, on (moved 0.01° of longitude on the equator), off, off; a minute apart
    const fixes: Array<[number, boolean]> = [[0, false], [0, true], [0, true], [0.01, true], [0.01, false], [0.01, false]];
    for (const [i, [lon, ignition]] of fixes.entries()) {
      expect((await send(`id=gen-1&lat=0&lon=${lon}&ignition=${ignition}&timestamp=${base + i * 60}`)).status).toBe(200);
    }
    // a device that reports it (hours=…) keeps its own figure
    expect((await send(`id=gen-1&lat=0&lon=0.01&ignition=true&hours=999000&timestamp=${base + 6 * 60}`)).status).toBe(200);
    // an older fix arriving late adds nothing
    expect((await send(`id=gen-1&lat=0&lon=0.01&ignition=true&timestamp=${base + 5 * 60 + 30}`)).status).toBe(200);
    const rows = db.prepare('SELECT attributes FROM positions WHERE deviceId = 300 ORDER BY id').all() as Array<{ attributes: string }>;
    const hours = rows.map((row) => (JSON.parse(row.attributes) as { hours?: number }).hours ?? null);
    // none before there is anything to carry; +60 s for each minute on at both ends; carried while off
    expect(hours).toEqual([null, null, 60_000, 120_000, 120_000, 120_000, 999_000, 999_000]);

    // the summary from the third fix to the sixth: 60 s of engine (120,000 − 60,000 ms) over 1,113.19 m
    const from = new Date((base + 2 * 60 - 30) * 1000).toISOString();
    const to = new Date((base + 5 * 60 + 10) * 1000).toISOString();
    const response = await fetch(`${server.url}/api/reports/summary?deviceId=300&from=${from}&to=${to}`, {
      headers: { Authorization: basic('admin', ADMIN_PASSWORD), Accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    const [summary] = (await response.json()) as Array<{ engineHours: number; startHours: number; endHours: number; averageSpeed: number; distance: number }>;
    expect(summary).toMatchObject({ startHours: 60_000, endHours: 120_000, engineHours: 60_000 });
    expect(summary!.distance).toBeCloseTo(1113.19, 1);
    // 1,113.19 m in 60 s = 18.553 m/s = 36.07 knots
    expect(summary!.averageSpeed).toBeCloseTo((1113.19 / 60) * (3600 / 1852), 1);
  });
});
