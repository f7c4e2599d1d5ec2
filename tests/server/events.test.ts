import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { Event, SocketMessage } from '../../contract/models.ts';
import { type TestServer, createUser, login, openSocket, start } from './helpers.ts';
import { LIVE_FRAME_GAP_MS } from '../../server/live.ts';

let server: TestServer;
let osmand: string;
let db: Database.Database;
let clock = Date.UTC(2025, 2, 1, 8);
let watcherWs: WebSocket;
let bystanderWs: WebSocket;
const watcherEvents: Event[] = [];
const bystanderEvents: Event[] = [];
let depot = 0;

function collect(ws: WebSocket, into: Event[]): void {
  ws.on('message', (data) => into.push(...((JSON.parse(data.toString()) as SocketMessage).events ?? [])));
}

/** Sends a position one minute after the previous one and waits for the socket pushes. */
async function send(query: string, minutes = 1): Promise<void> {
  clock += minutes * 60_000;
  const response = await fetch(`${osmand}/?id=car-1&timestamp=${Math.floor(clock / 1000)}&${query}`);
  expect(response.status, await response.text()).toBe(200);
  // the push's frame: on the hub's next turn, or once its gap since the last frame is over
  await new Promise((r) => setTimeout(r, LIVE_FRAME_GAP_MS + 60));
}

function stored(type: string): Array<{ type: string; geofenceId: number | null; positionId: number | null; attributes: string; eventTime: number }> {
  return db.prepare('SELECT * FROM events WHERE deviceId = 300 AND type = ? ORDER BY id').all(type) as never;
}

function notification(type: string, options: { always?: boolean; attributes?: object; notificators?: string; device?: boolean } = {}): number {
  const id = Number(
    db
      .prepare('INSERT INTO notifications (type, always, notificators, attributes) VALUES (?, ?, ?, ?)')
      .run(type, options.always ? 1 : 0, options.notificators ?? 'web,mail', JSON.stringify(options.attributes ?? {})).lastInsertRowid,
  );
  return id;
}

let watcherId = 0;
function linkTo(owner: 'user' | 'device' | 'group', ownerId: number, id: number): void {
  db.prepare("INSERT INTO links (ownerType, ownerId, propertyType, propertyId) VALUES (?, ?, 'notification', ?)").run(owner, ownerId, id);
}

beforeAll(async () => {
  server = await start({ now: () => clock, demo: true });
  osmand = `http://127.0.0.1:${server.osmandPort}`;
  db = new Database(join(server.dataDir, 'athar.db'));
  db.prepare("INSERT INTO device_groups (id, name, attributes) VALUES (30, 'Fleet', '{}')").run();
  db.prepare("INSERT INTO devices (id, name, uniqueId, groupId) VALUES (300, 'Car 1', 'car-1', 30)").run();
  depot = Number(db.prepare("INSERT INTO geofences (name, area, attributes) VALUES ('Depot', 'CIRCLE (10 10, 300)', '{}')").run().lastInsertRowid);
  db.prepare("INSERT INTO links (ownerType, ownerId, propertyType, propertyId) VALUES ('device', 300, 'geofence', ?)").run(depot);
  watcherId = await createUser(server.url, { name: 'Watcher', email: 'watcher@example.com', password: 'watch-pass' });
  const bystanderId = await createUser(server.url, { name: 'Bystander', email: 'by@example.com', password: 'by-pass' });
  db.prepare('INSERT INTO user_device (userId, deviceId) VALUES (?, 300), (?, 300)').run(watcherId, bystanderId);
  // Watcher: geofence and ignition through the device link, alarms (sos only) via the group, overspeed always.
  for (const type of ['geofenceEnter', 'geofenceExit', 'ignitionOn', 'deviceMoving', 'deviceStopped', 'commandResult', 'deviceOnline']) {
    const id = notification(type);
    linkTo('user', watcherId, id);
    linkTo('device', 300, id);
  }
  const sos = notification('alarm', { attributes: { alarms: 'sos' } });
  linkTo('user', watcherId, sos);
  linkTo('group', 30, sos);
  const overspeed = notification('deviceOverspeed', { always: true });
  linkTo('user', watcherId, overspeed);
  // Not delivered: mail only; and linked to the user but neither always nor to the device.
  const mailOnly = notification('ignitionOff', { notificators: 'mail' });
  linkTo('user', watcherId, mailOnly);
  linkTo('device', 300, mailOnly);
  const unlinked = notification('alarm');
  linkTo('user', watcherId, unlinked);
  // Bystander sees the device but has no notification of its own.
  watcherWs = (await openSocket(`${server.url}/api/socket`, { Cookie: await login(server.url, 'watcher@example.com', 'watch-pass') })).ws;
  bystanderWs = (await openSocket(`${server.url}/api/socket`, { Cookie: await login(server.url, 'by@example.com', 'by-pass') })).ws;
  collect(watcherWs, watcherEvents);
  collect(bystanderWs, bystanderEvents);
});
afterAll(async () => {
  watcherWs.close();
  bystanderWs.close();
  db.close();
  await server.close();
});

describe('event detection and delivery', () => {
  it('stores geofence enter/exit and pushes them with a message to notified users only', async () => {
    await send('lat=0&lon=0');
    await send('lat=10&lon=10');
    await send('lat=10.001&lon=10');
    await send('lat=0&lon=0', 30);
    expect(stored('geofenceEnter').map((e) => e.geofenceId)).toEqual([depot]);
    expect(stored('geofenceExit').map((e) => e.geofenceId)).toEqual([depot]);
    const pushed = watcherEvents.filter((e) => e.type.startsWith('geofence'));
    expect(pushed.map((e) => [e.type, e.geofenceId, e.attributes.message])).toEqual([
      ['geofenceEnter', depot, 'Car 1 entered geofence Depot'],
      ['geofenceExit', depot, 'Car 1 left geofence Depot'],
    ]);
    expect(pushed[0]!.positionId).toBeGreaterThan(0);
    expect(bystanderEvents).toEqual([]);
  });

  it('detects trips: moving (backdated) and stopped', async () => {
    const moving = stored('deviceMoving');
    const stopped = stored('deviceStopped');
    // 0,0 → 10,10 is a fast jump (1500 km per minute): moving from the first position
    expect(moving.length).toBeGreaterThanOrEqual(1);
    await send('lat=0&lon=0');
    await send('lat=0&lon=0');
    await send('lat=0&lon=0');
    await send('lat=0&lon=0');
    expect(stored('deviceStopped').length).toBeGreaterThan(stopped.length);
    const before = stored('deviceMoving').length;
    await send('lat=0&lon=0.001&speed=10');
    await send('lat=0&lon=0.01&speed=30');
    expect(stored('deviceMoving')).toHaveLength(before + 1);
    expect(watcherEvents.filter((e) => e.type === 'deviceMoving').at(-1)?.attributes.message).toBe('Car 1 is moving');
  });

  it('emits ignition changes; ignitionOff is stored but not pushed (mail-only notification)', async () => {
    await send('lat=0&lon=0.01&ignition=false');
    await send('lat=0&lon=0.01&ignition=true');
    await send('lat=0&lon=0.01&ignition=true');
    await send('lat=0&lon=0.01&ignition=false');
    expect(stored('ignitionOn')).toHaveLength(1);
    expect(stored('ignitionOff')).toHaveLength(1);
    expect(watcherEvents.filter((e) => e.type === 'ignitionOn').map((e) => e.attributes.message)).toEqual(['Car 1 ignition on']);
    expect(watcherEvents.filter((e) => e.type === 'ignitionOff')).toEqual([]);
  });

  it('stores one alarm event per value; pushes only those passing the alarms filter', async () => {
    await send('lat=0&lon=0.01&alarm=sos,door');
    expect(stored('alarm').map((e) => JSON.parse(e.attributes) as unknown)).toEqual([{ alarm: 'sos' }, { alarm: 'door' }]);
    expect(watcherEvents.filter((e) => e.type === 'alarm').map((e) => e.attributes)).toEqual([{ alarm: 'sos', message: 'Car 1 alarm: sos' }]);
  });

  it('pushes a notification with a calendar only while the calendar is active at the event time', async () => {
    const ics = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:x', 'DTSTART;TZID=Asia/Riyadh:20250101T110000', 'DTEND;TZID=Asia/Riyadh:20250101T120000', 'RRULE:FREQ=DAILY', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    const calendar = Number(db.prepare("INSERT INTO calendars (name, data, attributes) VALUES ('Late morning', ?, '{}')").run(Buffer.from(ics)).lastInsertRowid);
    const id = Number(
      db.prepare("INSERT INTO notifications (type, always, notificators, attributes, calendarId) VALUES ('alarm', 1, 'web', ?, ?)").run(JSON.stringify({ alarms: 'tow' }), calendar).lastInsertRowid,
    );
    linkTo('user', watcherId, id);
    const tows = () => watcherEvents.filter((e) => e.type === 'alarm' && e.attributes.alarm === 'tow').length;
    clock = Date.UTC(2025, 2, 5, 8, 29); // 11:30 in Riyadh, inside
    await send('lat=0&lon=0.01&alarm=tow');
    expect(tows()).toBe(1);
    clock = Date.UTC(2025, 2, 5, 9, 29); // 12:30, outside
    await send('lat=0&lon=0.01&alarm=tow');
    expect(tows()).toBe(1);
    expect(stored('alarm').filter((e) => (JSON.parse(e.attributes) as { alarm?: string }).alarm === 'tow')).toHaveLength(2);
    // the calendar changed to cover the afternoon: the cache notices, the alarm is pushed
    db.prepare('UPDATE calendars SET data = ? WHERE id = ?').run(Buffer.from(ics.replace('T110000', 'T120000').replace('T120000\r\nRRULE', 'T140000\r\nRRULE')), calendar);
    await send('lat=0&lon=0.01&alarm=tow');
    expect(tows()).toBe(2);
  });

  it('emits deviceOverspeed once per excess, from the device/group speedLimit or the geofence', async () => {
    db.prepare(`UPDATE device_groups SET attributes = '{"speedLimit":50}' WHERE id = 30`).run();
    await send('lat=0&lon=0.02&speed=60');
    await send('lat=0&lon=0.03&speed=70');
    await send('lat=0&lon=0.04&speed=40');
    await send('lat=0&lon=0.05&speed=55');
    const events = stored('deviceOverspeed');
    expect(events.map((e) => JSON.parse(e.attributes) as unknown)).toEqual([
      { speed: 60, speedLimit: 50 },
      { speed: 55, speedLimit: 50 },
    ]);
    // The device's own limit wins over the group's.
    db.prepare(`UPDATE devices SET attributes = '{"speedLimit":80}' WHERE id = 300`).run();
    await send('lat=0&lon=0.06&speed=70');
    expect(stored('deviceOverspeed')).toHaveLength(2);
    // Without device/group limits, the geofence's speedLimit applies.
    db.prepare(`UPDATE devices SET attributes = '{}' WHERE id = 300`).run();
    db.prepare(`UPDATE device_groups SET attributes = '{}' WHERE id = 30`).run();
    db.prepare(`UPDATE geofences SET attributes = '{"speedLimit":20}' WHERE id = ?`).run(depot);
    await send('lat=10&lon=10&speed=25', 120);
    const last = stored('deviceOverspeed').at(-1)!;
    expect(JSON.parse(last.attributes)).toEqual({ speed: 25, speedLimit: 20 });
    expect(last.geofenceId).toBe(depot);
    const pushed = watcherEvents.filter((e) => e.type === 'deviceOverspeed');
    expect(pushed).toHaveLength(3);
    expect(pushed[0]!.attributes.message).toBe('Car 1 exceeds the speed limit: 111 km/h (limit 93 km/h)');
  });

  it('honours event.overspeed.minimalDuration', async () => {
    await send('lat=0&lon=0&speed=0', 120);
    db.prepare(`UPDATE devices SET attributes = '{"speedLimit":50,"event.overspeed.minimalDuration":120}' WHERE id = 300`).run();
    const before = stored('deviceOverspeed').length;
    await send('lat=0&lon=0.01&speed=60');
    await send('lat=0&lon=0.02&speed=60');
    expect(stored('deviceOverspeed')).toHaveLength(before);
    await send('lat=0&lon=0.03&speed=60');
    expect(stored('deviceOverspeed')).toHaveLength(before + 1);
    db.prepare(`UPDATE devices SET attributes = '{}' WHERE id = 300`).run();
  });

  it('stores commandResult with the result', async () => {
    await send('lat=0&lon=0.03&result=OK%20done');
    expect(stored('commandResult').map((e) => JSON.parse(e.attributes) as unknown)).toEqual([{ result: 'OK done' }]);
    expect(watcherEvents.filter((e) => e.type === 'commandResult').map((e) => e.attributes.message)).toEqual(['Car 1 command result: OK done']);
  });

  it('emits deviceOnline/deviceUnknown only with event.status.enable', async () => {
    expect(stored('deviceOnline')).toEqual([]);
    db.prepare(`UPDATE server SET attributes = '{"event.status.enable":true,"status.timeout":1}' WHERE id = 1`).run();
    clock += 5000;
    const deadline = Date.now() + 3000;
    while ((db.prepare('SELECT status FROM devices WHERE id = 300').get() as { status: string }).status !== 'unknown') {
      if (Date.now() > deadline) throw new Error('device did not become unknown');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(stored('deviceUnknown')).toHaveLength(1);
    await send('lat=0&lon=0.03');
    expect(stored('deviceOnline')).toHaveLength(1);
    expect(stored('deviceOnline')[0]!.positionId).toBeNull();
    expect(watcherEvents.filter((e) => e.type === 'deviceOnline').map((e) => e.attributes.message)).toEqual(['Car 1 is online']);
    expect(bystanderEvents).toEqual([]);
  });
});
