import Database from 'better-sqlite3';
import { knotsFromMps } from '../../contract/units.ts';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event, Position } from '../../contract/models.ts';
import { DecodeError, attributeValue, decodeJson, decodeParams, parseTimestamp } from '../../server/ingest/osmand.ts';
import { ADMIN_PASSWORD, type TestServer, basic, json, start } from './helpers.ts';

const params = (query: string): ReturnType<typeof decodeParams> => decodeParams(new URLSearchParams(query));

describe('OsmAnd decoding (pure)', () => {
  it.each([
    ['1700000000', Date.UTC(2023, 10, 14, 22, 13, 20)],
    ['1700000000123', 1700000000123],
    ['2147483647', 2147483647000],
    ['2147483648', 2147483648],
    ['2023-11-14T22:13:20Z', Date.UTC(2023, 10, 14, 22, 13, 20)],
    ['2023-11-14T22:13:20.5+02:00', Date.UTC(2023, 10, 14, 20, 13, 20, 500)],
    ['2023-11-14 22:13:20', Date.UTC(2023, 10, 14, 22, 13, 20)],
  ])('timestamp %s', (text, expected) => {
    expect(parseTimestamp(text)).toBe(expected);
  });

  it.each(['2023-11-14T22:13:20', 'yesterday', '2023-02-30 10:00:00', '12:00'])('rejects timestamp %s', (text) => {
    expect(() => parseTimestamp(text)).toThrow(DecodeError);
  });

  it.each([
    ['12', 12],
    ['-3.5', -3.5],
    ['1e3', 1000],
    ['true', true],
    ['false', false],
    ['abc', 'abc'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['0x10', '0x10'],
  ])('attribute value %s', (text, expected) => {
    expect(attributeValue(text)).toEqual(expected);
  });

  it('decodes the query variant with every special key', () => {
    const m = params(
      'id=car1&timestamp=1700000000&lat=24.5&lon=46.25&speed=12.5&bearing=90&altitude=600&accuracy=7&hdop=1.2&batt=88' +
        '&charge=true&valid=0&driverUniqueId=D7&cell=420,1,100,2000,-70&cell=420,1,100,2001&wifi=aa-bb-cc-dd-ee-ff,-50' +
        '&notificationToken=tok&ignition=true&temp1=21.5&note=hello',
    );
    expect(m).toEqual({
      uniqueId: 'car1',
      fixTime: 1700000000000,
      latitude: 24.5,
      longitude: 46.25,
      speed: 12.5,
      course: 90,
      altitude: 600,
      accuracy: 7,
      valid: false,
      notificationToken: 'tok',
      network: {
        radioType: 'gsm',
        considerIp: false,
        cellTowers: [
          { mobileCountryCode: 420, mobileNetworkCode: 1, locationAreaCode: 100, cellId: 2000, signalStrength: -70 },
          { mobileCountryCode: 420, mobileNetworkCode: 1, locationAreaCode: 100, cellId: 2001 },
        ],
        wifiAccessPoints: [{ macAddress: 'aa:bb:cc:dd:ee:ff', signalStrength: -50 }],
      },
      attributes: { hdop: 1.2, batteryLevel: 88, charge: true, driverUniqueId: 'D7', ignition: true, temp1: 21.5, note: 'hello' },
    });
  });

  it('accepts deviceid, location=lat,lon and heading; leaves absent fields out', () => {
    expect(params('deviceid=x&location=1.5,-2.25&heading=45')).toEqual({
      uniqueId: 'x',
      latitude: 1.5,
      longitude: -2.25,
      course: 45,
      valid: true,
      attributes: {},
    });
    expect(params('id=x&valid=true')).toEqual({ uniqueId: 'x', valid: true, attributes: {} });
  });

  it.each([
    ['lat=1&lon=2', 'Missing device id'],
    ['id=x&lat=abc&lon=2', 'Invalid lat'],
    ['id=x&lat=1', 'Missing lon'],
    ['id=x&location=1', 'Invalid location'],
    ['id=x&cell=1,2', 'Invalid cell'],
    ['id=x&wifi=aa', 'Invalid wifi'],
    ['id=x&speed=fast', 'Invalid speed'],
    ['id=x&timestamp=soon', 'Invalid timestamp'],
  ])('rejects %s', (query, message) => {
    expect(() => params(query)).toThrow(message);
  });

  it('ignores prototype keys', () => {
    const m = params('id=x&__proto__=1&constructor=2');
    expect(Object.keys(m.attributes)).toEqual([]);
    expect(Object.getPrototypeOf(m.attributes)).toBe(Object.prototype);
  });

  it('decodes the Traccar Client JSON body', () => {
    const [m] = decodeJson({
      device_id: 'phone',
      location: {
        timestamp: '2024-05-01T10:00:00.000Z',
        coords: { latitude: 24.1, longitude: 46.2, speed: 10, heading: -1, accuracy: 12, altitude: 500 },
        is_moving: true,
        odometer: 1234.5,
        event: 'motionchange',
        activity: { type: 'in_vehicle' },
        battery: { level: 0.47, is_charging: false },
        extras: { trip: 7, label: 'x', nested: { a: 1 } },
      },
    });
    expect(m).toEqual({
      uniqueId: 'phone',
      fixTime: Date.UTC(2024, 4, 1, 10),
      latitude: 24.1,
      longitude: 46.2,
      speed: knotsFromMps(10),
      accuracy: 12,
      altitude: 500,
      valid: true,
      attributes: {
        motion: true,
        odometer: 1234.5,
        event: 'motionchange',
        activity: 'in_vehicle',
        batteryLevel: 47,
        charge: false,
        trip: 7,
        label: 'x',
        nested: '{"a":1}',
      },
    });
    // negative speed and heading are ignored
    const [n] = decodeJson({ device_id: 'p', location: { coords: { latitude: 1, longitude: 2, speed: -1, heading: 10 } } });
    expect(n!.speed).toBeUndefined();
    expect(n!.course).toBe(10);
  });

  it.each([
    [[], 'JSON object expected'],
    [{ location: {} }, 'Missing device_id'],
    [{ device_id: 'p', location: 'x' }, 'Invalid location'],
    [{ device_id: 'p', location: { coords: { latitude: '1', longitude: 2 } } }, 'Invalid coords.latitude'],
  ])('rejects JSON %j', (body, message) => {
    expect(() => decodeJson(body)).toThrow(message);
  });
});

let server: TestServer;
let osmand: string;
let db: Database.Database;
const auth = { Authorization: basic('admin', ADMIN_PASSWORD) };

async function latest(deviceId: number): Promise<Position> {
  const list = await json<Position[]>(await fetch(`${server.url}/api/positions?deviceId=${deviceId}`, { headers: auth }));
  return list[0]!;
}

function count(deviceId: number): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM positions WHERE deviceId = ?').get(deviceId) as { n: number }).n;
}

beforeAll(async () => {
  server = await start();
  osmand = `http://127.0.0.1:${server.osmandPort}`;
  db = new Database(join(server.dataDir, 'athar.db'));
  db.prepare("INSERT INTO devices (id, name, uniqueId) VALUES (100, 'Phone', 'phone-1'), (101, 'Tracker', 'trk-1')").run();
});
afterAll(async () => {
  db.close();
  await server.close();
});

describe('OsmAnd over HTTP', () => {
  it('listens on its own port and stores a query-string position', async () => {
    expect(server.osmandPort).toBeGreaterThan(0);
    expect(server.osmandPort).not.toBe(server.port);
    const response = await fetch(`${osmand}/?id=phone-1&lat=24.5&lon=46.5&speed=10&timestamp=2024-05-01%2010:00:00&batt=80&wifi=aa-bb,-40`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    const p = await latest(100);
    expect(p).toMatchObject({ latitude: 24.5, longitude: 46.5, speed: 10, protocol: 'osmand', fixTime: '2024-05-01T10:00:00.000+00:00' });
    expect(p.attributes).toMatchObject({ batteryLevel: 80, motion: true, distance: 0, totalDistance: 0 });
    expect(p.network?.wifiAccessPoints).toEqual([{ macAddress: 'aa:bb', signalStrength: -40 }]);
  });

  it('accepts GET and POST on any path of the OsmAnd port, and form posts', async () => {
    expect((await fetch(`${osmand}/anything?id=phone-1&lat=24.6&lon=46.5&timestamp=2024-05-01%2010:01:00`)).status).toBe(200);
    const form = await fetch(osmand, { method: 'POST', body: new URLSearchParams({ id: 'phone-1', lat: '24.7', lon: '46.5', timestamp: '2024-05-01 10:02:00' }) });
    expect(form.status).toBe(200);
    expect((await latest(100)).latitude).toBe(24.7);
  });

  it('accepts POST / on the web port (query, form and JSON)', async () => {
    const query = await fetch(`${server.url}/?id=phone-1&lat=24.8&lon=46.5&timestamp=2024-05-01%2010:03:00`, { method: 'POST' });
    expect(query.status).toBe(200);
    const formPost = await fetch(`${server.url}/`, { method: 'POST', body: new URLSearchParams({ id: 'phone-1', lat: '24.9', lon: '46.5', timestamp: '2024-05-01 10:04:00' }) });
    expect(formPost.status).toBe(200);
    const body = { device_id: 'phone-1', location: { timestamp: '2024-05-01T10:05:00Z', coords: { latitude: 25, longitude: 46.5, speed: 2 }, battery: { level: 0.5 } } };
    const response = await fetch(`${server.url}/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(200);
    const p = await latest(100);
    expect(p.latitude).toBe(25);
    expect(p.speed).toBeCloseTo(3.887688, 5);
    expect(p.attributes.batteryLevel).toBe(50);
    expect(p.attributes.totalDistance as number).toBeGreaterThan(55_000);
  });

  it('answers 400 for an unknown or missing device (404 for JSON), storing nothing', async () => {
    const before = (db.prepare('SELECT COUNT(*) AS n FROM positions').get() as { n: number }).n;
    const unknown = await fetch(`${osmand}/?id=nobody&lat=1&lon=2`);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('Unknown device');
    expect((await fetch(`${osmand}/?lat=1&lon=2`)).status).toBe(400);
    const jsonUnknown = await fetch(osmand, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ device_id: 'nobody', location: { coords: { latitude: 1, longitude: 2 } } }) });
    expect(jsonUnknown.status).toBe(404);
    const broken = await fetch(osmand, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"device_id":' });
    expect(broken.status).toBe(400);
    expect((db.prepare('SELECT COUNT(*) AS n FROM positions').get() as { n: number }).n).toBe(before);
  });

  it.each([
    ['lat=91&lon=0', 'latitude'],
    ['lat=0&lon=-180.5', 'longitude'],
    [`lat=1&lon=2&timestamp=${Math.floor(Date.now() / 1000) + 3 * 86400}`, 'future'],
    ['lat=1&lon=2&timestamp=1999-12-31%2023:59:59', 'before 2000'],
    ['lat=1&lon=2&timestamp=99999999999999999999', 'Invalid time'],
    ['lat=1&lon=2&speed=-5', 'speed'],
    ['lat=1e400&lon=2', 'Invalid lat'],
  ])('refuses an impossible position (%s) with a reason', async (query, reason) => {
    const before = count(101);
    const response = await fetch(`${osmand}/?id=trk-1&${query}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(reason);
    expect(count(101)).toBe(before);
  });

  it('reuses the last known location when lat/lon are missing', async () => {
    await fetch(`${osmand}/?id=trk-1&lat=10&lon=20&timestamp=2024-06-01%2000:00:00`);
    expect((await fetch(`${osmand}/?id=trk-1&timestamp=2024-06-01%2000:01:00&batt=5`)).status).toBe(200);
    const p = await latest(101);
    expect(p).toMatchObject({ latitude: 10, longitude: 20, valid: true });
    expect(p.attributes).toMatchObject({ batteryLevel: 5, distance: 0 });
  });

  it('delivers a queued command as the reply body once, then deletes it', async () => {
    db.prepare(`INSERT INTO queued_commands (deviceId, type, attributes) VALUES (101, 'custom', '{"data":"SETPERIOD 30"}')`).run();
    const first = await fetch(`${osmand}/?id=trk-1&lat=10&lon=20`);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('SETPERIOD 30');
    expect(db.prepare('SELECT COUNT(*) AS n FROM queued_commands WHERE deviceId = 101').get()).toEqual({ n: 0 });
    const second = await fetch(`${osmand}/?id=trk-1&lat=10&lon=20`);
    expect(await second.text()).toBe('');
    const events = db.prepare("SELECT * FROM events WHERE deviceId = 101 AND type = 'queuedCommandSent'").all() as Event[];
    expect(events).toHaveLength(1);
  });

  it('never answers 500 to junk', async () => {
    for (const body of ['\u0000\u0001', '%%%', 'id=trk-1&lat=%zz', '{"device_id":"trk-1","location":[1]}']) {
      for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
        const response = await fetch(osmand, { method: 'POST', headers: { 'Content-Type': type }, body });
        expect(response.status, `${type} ${body}`).toBeLessThan(500);
      }
    }
  });
});
