import { inflateRawSync } from 'node:zlib';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device, Position } from '../../contract/models.ts';
import { ADMIN_PASSWORD, type TestServer, basic, createUser, json, login, nextMessage, openSocket, start } from './helpers.ts';

let server: TestServer;
let url: string;
let device: Device;
let userCookie: string;
const admin = { Authorization: basic('admin', ADMIN_PASSWORD) };
const from = '2020-01-01T00:00:00Z';
const to = '2020-01-02T00:00:00Z';
let ids: number[] = [];

/** The single entry of a ZIP archive, read independently from its local header. */
function unzipFirst(buffer: Buffer): { name: string; data: Buffer } {
  expect(buffer.readUInt32LE(0)).toBe(0x04034b50);
  const method = buffer.readUInt16LE(8);
  const size = buffer.readUInt32LE(18);
  const nameLength = buffer.readUInt16LE(26);
  const extra = buffer.readUInt16LE(28);
  const name = buffer.subarray(30, 30 + nameLength).toString();
  const body = buffer.subarray(30 + nameLength + extra, 30 + nameLength + extra + size);
  return { name, data: method === 8 ? inflateRawSync(body) : body };
}

beforeAll(async () => {
  server = await start();
  url = server.url;
  device = (await json<Device[]>(await fetch(`${url}/api/devices?uniqueId=demo-003`, { headers: admin })))[0]!;
  const db = new Database(join(server.dataDir, 'athar.db'));
  db.prepare('UPDATE devices SET name = ? WHERE id = ?').run('Bus <3> & "Co"', device.id);
  const insert = db.prepare(
    `INSERT INTO positions (deviceId, protocol, serverTime, deviceTime, fixTime, latitude, longitude, address, attributes)
     VALUES (?, 'osmand', ?, ?, ?, ?, ?, ?, ?)`,
  );
  const base = Date.parse('2020-01-01T10:00:00Z');
  ids = [0, 1, 2].map((i) =>
    Number(
      insert.run(device.id, base + i * 60_000, base + i * 60_000, base + i * 60_000, 24.7 + i * 0.01, -46.6, i === 1 ? '=HYPERLINK("x")' : `Street ${i}`, JSON.stringify({ note: i === 2 ? '@SUM(A1)' : 'ok', totalDistance: i * 100 })).lastInsertRowid,
    ),
  );
  db.close();
  const userId = await createUser(url, { name: 'Other', email: 'other@example.com', password: 'other-pass' });
  expect(userId).toBeGreaterThan(0);
  userCookie = await login(url, 'other@example.com', 'other-pass');
});
afterAll(() => server.close());

const q = (extra = ''): string => `deviceId=${device.id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${extra}`;

describe('position exports', () => {
  it('KML: attachment, escaped device name, coordinates in order', async () => {
    const response = await fetch(`${url}/api/positions/kml?${q()}`, { headers: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/vnd\.google-earth\.kml\+xml/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=positions.kml');
    const text = await response.text();
    expect(text).toContain('<name>Bus &lt;3&gt; &amp; &quot;Co&quot;</name>');
    expect(text).not.toContain('<3>');
    expect(text).toContain('<coordinates>-46.6,24.7,0 -46.6,24.71,0 -46.6,24.72,0</coordinates>');
  });

  it('KMZ is a zip holding doc.kml', async () => {
    const response = await fetch(`${url}/api/positions/kmz?${q()}`, { headers: admin });
    expect(response.headers.get('content-type')).toBe('application/vnd.google-earth.kmz');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=positions.kmz');
    const entry = unzipFirst(Buffer.from(await response.arrayBuffer()));
    expect(entry.name).toBe('doc.kml');
    expect(entry.data.toString()).toContain('<kml xmlns="http://www.opengis.net/kml/2.2">');
  });

  it('CSV escapes formulas and quotes cells, keeps negative numbers', async () => {
    const response = await fetch(`${url}/api/positions/csv?${q()}`, { headers: admin });
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=positions.csv');
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^id,deviceId,protocol,serverTime,deviceTime,fixTime,valid,latitude,longitude,altitude,speed,course,address,accuracy,/);
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toContain(',-46.6,');
    expect(lines[3]).toContain(`'@SUM(A1)`);
    expect(lines.join('\n')).not.toMatch(/(^|,)[=@]/m);
  });

  it('GPX lists track points with times', async () => {
    const response = await fetch(`${url}/api/positions/gpx?${q()}`, { headers: admin });
    expect(response.headers.get('content-type')).toMatch(/^application\/gpx\+xml/);
    const text = await response.text();
    expect(text.match(/<trkpt /g)).toHaveLength(3);
    expect(text).toContain('<time>2020-01-01T10:00:00.000Z</time>');
    expect(text).toContain('<name>Bus &lt;3&gt; &amp; &quot;Co&quot;</name>');
  });

  it('filters by geofence', async () => {
    const db = new Database(join(server.dataDir, 'athar.db'));
    const geofenceId = Number(db.prepare("INSERT INTO geofences (name, area) VALUES ('g', 'CIRCLE (24.71 -46.6, 300)')").run().lastInsertRowid);
    db.close();
    const text = await (await fetch(`${url}/api/positions/gpx?${q(`&geofenceId=${geofenceId}`)}`, { headers: admin })).text();
    expect(text.match(/<trkpt /g)).toHaveLength(1);
  });

  it('refuses inaccessible devices (400), anonymous (401) and bad input (400)', async () => {
    for (const format of ['kml', 'kmz', 'csv', 'gpx']) {
      expect((await fetch(`${url}/api/positions/${format}?${q()}`, { headers: { Cookie: userCookie } })).status).toBe(400);
      expect((await fetch(`${url}/api/positions/${format}?${q()}`)).status).toBe(401);
    }
    expect((await fetch(`${url}/api/positions/csv?deviceId=${device.id}`, { headers: admin })).status).toBe(400);
    expect((await fetch(`${url}/api/positions/csv?deviceId=x&from=${from}&to=${to}`, { headers: admin })).status).toBe(400);
    expect((await fetch(`${url}/api/positions/csv?${q('&geofenceId=abc')}`, { headers: admin })).status).toBe(400);
  });
});

describe('position deletion and accumulators', () => {
  it('deletes one position and keeps the latest pointer valid', async () => {
    const before = (await json<Device[]>(await fetch(`${url}/api/devices?id=${device.id}`, { headers: admin })))[0]!;
    expect((await fetch(`${url}/api/positions/${before.positionId}`, { method: 'DELETE', headers: { Cookie: userCookie } })).status).toBe(400);
    expect((await fetch(`${url}/api/positions/${before.positionId}`, { method: 'DELETE', headers: admin })).status).toBe(204);
    const after = (await json<Device[]>(await fetch(`${url}/api/devices?id=${device.id}`, { headers: admin })))[0]!;
    expect(after.positionId).toBe(ids[2]);
    expect((await fetch(`${url}/api/positions/${before.positionId}`, { method: 'DELETE', headers: admin })).status).toBe(404);
  });

  it('updates accumulators with a copied latest position and pushes it', async () => {
    const { ws } = await openSocket(`${url}/api/socket`, admin);
    const pushed = nextMessage(ws);
    const response = await fetch(`${url}/api/devices/999999/accumulators`, {
      method: 'PUT',
      headers: { ...admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ deviceId: device.id, totalDistance: 12345.5, hours: 3_600_000 }),
    });
    expect(response.status).toBe(204);
    const message = (await pushed) as { positions: Position[] };
    ws.close();
    const latest = (await json<Position[]>(await fetch(`${url}/api/positions?deviceId=${device.id}`, { headers: admin })))[0]!;
    expect(message.positions[0]!.id).toBe(latest.id);
    expect(latest.id).not.toBe(ids[2]);
    expect(latest.attributes.totalDistance).toBe(12345.5);
    expect(latest.attributes.hours).toBe(3_600_000);
    expect(latest.latitude).toBe(24.72);
    const bad = await fetch(`${url}/api/devices/1/accumulators`, {
      method: 'PUT',
      headers: { ...admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ deviceId: device.id, totalDistance: 'far' }),
    });
    expect(bad.status).toBe(400);
    const denied = await fetch(`${url}/api/devices/1/accumulators`, {
      method: 'PUT',
      headers: { Cookie: userCookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ deviceId: device.id, totalDistance: 1 }),
    });
    expect(denied.status).toBe(400);
  });

  it('deletes a range by fixTime; with no position left, accumulators are refused', async () => {
    const all = encodeURIComponent('1970-01-01T00:00:00Z');
    const end = encodeURIComponent('2100-01-01T00:00:00Z');
    expect((await fetch(`${url}/api/positions?deviceId=${device.id}&from=${all}&to=${end}`, { method: 'DELETE', headers: admin })).status).toBe(204);
    const after = (await json<Device[]>(await fetch(`${url}/api/devices?id=${device.id}`, { headers: admin })))[0]!;
    expect(after.positionId).toBe(0);
    const response = await fetch(`${url}/api/devices/${device.id}/accumulators`, {
      method: 'PUT',
      headers: { ...admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ deviceId: device.id, totalDistance: 1 }),
    });
    expect(response.status).toBe(400);
    expect((await fetch(`${url}/api/positions?deviceId=${device.id}`, { method: 'DELETE', headers: admin })).status).toBe(400);
  });
});
