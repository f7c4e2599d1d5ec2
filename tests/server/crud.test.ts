import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Geofence } from '../../contract/models.ts';
import { parseArea } from '../../contract/wkt.ts';
import { ADMIN_PASSWORD, type TestServer, json, login, nextMessage, openSocket, start, tempDir } from './helpers.ts';
import { openDatabase } from '../../server/db/database.ts';
import { write } from '../../server/crud/routes.ts';

let server: TestServer;
let url: string;
const admin: Record<string, string> = { 'Content-Type': 'application/json' };

beforeAll(async () => {
  server = await start();
  url = server.url;
  admin.Cookie = await login(url, 'admin', ADMIN_PASSWORD);
});
afterAll(() => server.close());

function call(method: string, path: string, body?: unknown, headers: Record<string, string> = admin): Promise<Response> {
  const h = { ...headers };
  if (body === undefined) delete h['Content-Type'];
  return fetch(url + path, { method, headers: h, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
}

describe('geofence WKT', () => {
  it('parses circles, polygons and linestrings latitude first', () => {
    expect(parseArea('CIRCLE (24.7 46.6, 250)')).toEqual({ type: 'circle', lat: 24.7, lon: 46.6, radius: 250 });
    expect(parseArea('POLYGON ((1 2, 3 4, 5 2))')).toEqual({ type: 'polygon', points: [[1, 2], [3, 4], [5, 2]] });
    expect(parseArea('LINESTRING (1 2, -3.5 4e1)')).toEqual({ type: 'linestring', points: [[1, 2], [-3.5, 40]] });
  });
  it('rejects malformed areas', () => {
    for (const bad of ['', 'CIRCLE (1 2)', 'CIRCLE (1 2, -5)', 'POLYGON ((1 2, 3 4))', 'LINESTRING (1 2)', 'POINT (1 2)', 'CIRCLE (95 2, 5)', 'POLYGON ((1 2, 3 x, 5 6))', 'circle (1 2, 3)']) {
      expect(() => parseArea(bad), bad).toThrow();
    }
  });
});

describe('generic CRUD', () => {
  it('creates, reads, updates, lists and deletes every entity type', async () => {
    const ics = Buffer.from('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n').toString('base64');
    const cases: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
      ['/api/groups', { name: 'Fleet B' }, { name: 'Fleet B2' }],
      ['/api/drivers', { name: 'Sam', uniqueId: 'drv-1' }, { name: 'Samuel' }],
      ['/api/geofences', { name: 'Depot', area: 'CIRCLE (24.7 46.6, 100)' }, { area: 'POLYGON ((1 2, 3 4, 5 2))' }],
      ['/api/maintenance', { name: 'Oil', type: 'totalDistance', start: 0, period: 10000 }, { period: 5000 }],
      ['/api/calendars', { name: 'Work', data: ics }, { name: 'Work 2' }],
      ['/api/attributes/computed', { description: 'Double', attribute: 'x2', expression: 'speed * 2', type: 'number' }, { priority: 3 }],
      ['/api/commands', { description: 'Stop', type: 'engineStop' }, { textChannel: true }],
      ['/api/notifications', { type: 'alarm', notificators: 'web,mail', attributes: { alarms: 'sos' } }, { always: true }],
    ];
    for (const [path, body, change] of cases) {
      const created = await json<Record<string, unknown> & { id: number }>(await call('POST', path, body));
      expect(created.id, path).toBeGreaterThan(0);
      for (const [k, v] of Object.entries(body)) expect(created[k], `${path} ${k}`).toEqual(v);
      expect(await json(await call('GET', `${path}/${created.id}`))).toEqual(created);
      const updated = await json<Record<string, unknown>>(await call('PUT', `${path}/${created.id}`, { ...created, ...change }));
      for (const [k, v] of Object.entries(change)) expect(updated[k], `${path} ${k}`).toEqual(v);
      const list = await json<Array<{ id: number }>>(await call('GET', path));
      expect(list.map((o) => o.id)).toContain(created.id);
      expect((await call('PUT', `${path}/${created.id}`, { ...created, id: created.id + 1000 })).status).toBe(400);
      expect((await call('DELETE', `${path}/${created.id}`)).status).toBe(204);
      expect((await call('GET', `${path}/${created.id}`)).status).toBe(404);
    }
  });

  it('validates bodies with 400 and a message', async () => {
    const bad: Array<[string, unknown]> = [
      ['/api/geofences', { name: 'x', area: 'CIRCLE (1 2)' }],
      ['/api/geofences', { name: 'x' }],
      ['/api/geofences', { name: 5, area: 'CIRCLE (1 2, 3)' }],
      ['/api/calendars', { name: 'c', data: Buffer.from('hello').toString('base64') }],
      ['/api/calendars', { name: 'c', data: '!!!' }],
      ['/api/calendars', { name: 'c', data: Buffer.from('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:2026').toString('base64') }],
      ['/api/attributes/computed', { attribute: 'a', expression: 'speed +* 2', type: 'number' }],
      ['/api/attributes/computed', { attribute: 'a', expression: 'speed', type: 'date' }],
      ['/api/maintenance', { name: 'm', type: 'hours', period: 'often' }],
      ['/api/groups', { name: 'g', groupId: 99999 }],
      ['/api/groups', '[1,2]'],
      ['/api/groups', '{"name":'],
      ['/api/drivers', { name: 'd', uniqueId: 'dup' }],
    ];
    expect((await call('POST', '/api/drivers', { name: 'd', uniqueId: 'dup' })).status).toBe(200);
    for (const [path, body] of bad) {
      const response = await call('POST', path, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect((await response.text()).length).toBeGreaterThan(0);
    }
    expect((await call('GET', '/api/groups/abc')).status).toBe(400);
    expect((await call('GET', '/api/groups', undefined, {})).status).toBe(401);
  });

  it("answers a write the database refuses with Traccar's general message, which the client translates (spec §8)", () => {
    // the checks before a write refuse what they know (an unknown parent group is 'Unknown group …');
    // what only the database knows (here a link to a group that is not there) gets the general message
    const db = openDatabase(tempDir());
    const refused = (() => {
      try {
        write(() => db.prepare("INSERT INTO device_groups (name, groupId, attributes) VALUES ('orphan', 99999, '{}')").run(), { type: 'group' });
      } catch (error) {
        return error as { statusCode?: number; message: string };
      }
      return null;
    })();
    expect(refused?.statusCode).toBe(400);
    expect(refused?.message).toBe('Invalid parameters or constraints violation');
    db.close();
  });

  it('a duplicate says what it duplicates', async () => {
    const duplicate = await call('POST', '/api/drivers', { name: 'd2', uniqueId: 'dup' });
    expect(duplicate.status).toBe(400);
    expect(await duplicate.text()).toMatch(/^Duplicate driver/);
  });

  it('sorts, searches, paginates, excludes attributes and filters by device', async () => {
    for (const name of ['Charlie', 'alpha', 'Bravo']) {
      await call('POST', '/api/geofences', { name, area: 'CIRCLE (1 2, 3)', attributes: { speedLimit: 10 } });
    }
    const all = await json<Geofence[]>(await call('GET', '/api/geofences'));
    const names = all.map((g) => g.name);
    expect(names).toEqual([...names].sort());
    const found = await json<Geofence[]>(await call('GET', '/api/geofences?keyword=ALPH'));
    expect(found.map((g) => g.name)).toEqual(['alpha']);
    const page = await json<Geofence[]>(await call('GET', '/api/geofences?limit=1&offset=1'));
    expect(page.map((g) => g.id)).toEqual([all[1]!.id]);
    const bare = await json<Geofence[]>(await call('GET', '/api/geofences?excludeAttributes=true'));
    expect(bare.every((g) => Object.keys(g.attributes).length === 0)).toBe(true);
    expect((await call('POST', '/api/permissions', { deviceId: 2, geofenceId: all[0]!.id })).status).toBe(204);
    const linked = await json<Geofence[]>(await call('GET', '/api/geofences?deviceId=2'));
    expect(linked.map((g) => g.id)).toEqual([all[0]!.id]);
  });

  it('refuses group cycles', async () => {
    const a = await json<{ id: number }>(await call('POST', '/api/groups', { name: 'A' }));
    const b = await json<{ id: number }>(await call('POST', '/api/groups', { name: 'B', groupId: a.id }));
    expect((await call('PUT', `/api/groups/${a.id}`, { id: a.id, name: 'A', groupId: b.id })).status).toBe(400);
  });
});

describe('notifications and computed attributes extras', () => {
  it('lists types and notificators', async () => {
    const types = await json<Array<{ type: string }>>(await call('GET', '/api/notifications/types'));
    expect(types.map((t) => t.type)).toContain('geofenceEnter');
    const all = await json<Array<{ type: string }>>(await call('GET', '/api/notifications/notificators'));
    expect(all.map((t) => t.type).sort()).toEqual(['command', 'mail', 'web']);
    const announcement = await json<Array<{ type: string }>>(await call('GET', '/api/notifications/notificators?announcement=true'));
    expect(announcement.map((t) => t.type)).toEqual(['mail']);
  });

  it('sends a web test notification over the socket', async () => {
    const { ws } = await openSocket(`${url}/api/socket`, { Cookie: admin.Cookie! });
    try {
      const next = nextMessage(ws);
      expect((await call('POST', '/api/notifications/test/web')).status).toBe(204);
      const message = (await next) as { events?: Array<{ type: string; attributes: { message?: string } }> };
      expect(message.events?.[0]?.type).toBe('test');
      expect(message.events?.[0]?.attributes.message).toBeTruthy();
      expect((await call('POST', '/api/notifications/test')).status).toBe(204);
      expect((await call('POST', '/api/notifications/test/pigeon')).status).toBe(400);
    } finally {
      ws.close();
    }
  });

  it('evaluates a computed attribute against the latest position', async () => {
    const test = (expression: string, type: string): Promise<Response> =>
      call('POST', '/api/attributes/computed/test?deviceId=1', { attribute: 't', expression, type });
    const number = await test('speed * 0 + 42', 'number');
    expect(number.status).toBe(200);
    expect(await number.text()).toBe('42');
    const bool = await test('latitude > -90', 'boolean');
    expect(await bool.text()).toBe('true');
    const str = await test('"v" + 1', 'string');
    expect(await str.text()).toBe('v1');
    expect((await test('missingThing', 'string')).status).toBe(204);
    const bad = await test('1 +* 2', 'number');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/unexpected/i);
  });
});
