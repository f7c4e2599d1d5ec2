/**
 * Contract suite: a realistic session over real HTTP against a server on a temp data dir; every
 * response is checked by `expectContract` against Traccar's OpenAPI description, as corrected in
 * corrections.ts (status documented, 2xx JSON bodies valid against the response schema, errors as
 * plain text).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type TestServer, createUser, form, login, start } from '../helpers.ts';
import { PERMISSION_KEYS, isObject } from './corrections.ts';
import { checked, corrected, documentedTemplates, expectContract, findOperation, loadOriginal } from './openapi.ts';

let server: TestServer;
let adminCookie: string;
let userCookie: string;
let userId: number;

const FROM = new Date(Date.now() - 7 * 86_400_000).toISOString();
const TO = new Date(Date.now() + 86_400_000).toISOString();
const RANGE = `from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`;

interface CallOptions {
  json?: unknown;
  form?: Record<string, string>;
  cookie?: string | null;
  headers?: Record<string, string>;
}

/** One request through `expectContract`; the admin session by default. */
async function call(method: string, path: string, options: CallOptions = {}): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const cookie = options.cookie === undefined ? adminCookie : options.cookie;
  if (cookie) headers.Cookie = cookie;
  let body: string | URLSearchParams | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) body = form(options.form);
  const response = await fetch(`${server.url}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  return expectContract(method, path, response);
}

function objectOf(value: unknown): Record<string, unknown> {
  expect(isObject(value), JSON.stringify(value)).toBe(true);
  return value as Record<string, unknown>;
}
function arrayOf(value: unknown): unknown[] {
  expect(Array.isArray(value), JSON.stringify(value)).toBe(true);
  return value as unknown[];
}
function idOf(value: unknown): number {
  const id = objectOf(value).id;
  expect(typeof id).toBe('number');
  return id as number;
}

let reboots = 0;

beforeAll(async () => {
  server = await start({ reboot: () => void reboots++ });
  adminCookie = await login(server.url, 'admin', ADMIN_PASSWORD);
  userId = await createUser(server.url, { name: 'Contract user', email: 'contract@example.com', password: 'contract-pass' });
  userCookie = await login(server.url, 'contract@example.com', 'contract-pass');
});
afterAll(() => server.close());

describe('the corrected OpenAPI document', () => {
  it('parses, and the corrections of api-notes §0 are applied', () => {
    const original = loadOriginal();
    expect((original.info as Record<string, unknown>).version).toBe('6.14.5');
    const text = JSON.stringify(corrected.document);
    expect(text).not.toContain('"refresh"');
    expect(text).not.toContain('"403"');
    const schemas = (corrected.document.components as Record<string, Record<string, { properties: Record<string, unknown> }>>).schemas!;
    expect(Object.keys(schemas.ReportStops!.properties)).toEqual(expect.arrayContaining(['latitude', 'longitude']));
    expect(Object.keys(schemas.ReportStops!.properties)).not.toContain('lat');
    expect(Object.keys(schemas.Permission!.properties)).toEqual(PERMISSION_KEYS);
    expect(Object.keys(schemas.ReportSummary!.properties)).toEqual(
      expect.arrayContaining(['startTime', 'endTime', 'startOdometer', 'endOdometer', 'startHours', 'endHours']),
    );
    expect(Object.keys(schemas.User!.properties)).not.toContain('hashedPassword');
    expect(findOperation('GET', '/api/commands/send')?.template).toBe('/commands/send');
    expect(findOperation('GET', '/api/commands/7')?.template).toBe('/commands/{id}');
  });

  it('the only YAML/Java type disagreement is the known one (a new one must be looked at)', () => {
    expect(corrected.typeOverrides).toEqual(['DeviceAccumulators.hours: YAML number → Java Long']);
  });

  it('expectContract rejects bodies that break the corrected schemas', async () => {
    const device = {
      id: 1, attributes: {}, groupId: 0, calendarId: 0, name: 'd', uniqueId: 'u', status: 'online', lastUpdate: null,
      positionId: 0, phone: null, model: null, contact: null, category: null, disabled: false, expirationTime: null,
    };
    const reply = (body: unknown): Response => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    await expectContract('GET', '/api/devices', reply([device]));
    const { phone: _phone, ...missing } = device;
    for (const bad of [{ ...device, id: 'x' }, missing, { ...device, motionStreak: true }, { ...device, status: null }, { ...device, lastUpdate: 'yesterday' }]) {
      await expect(expectContract('GET', '/api/devices', reply([bad]))).rejects.toThrow(/schema errors/);
    }
    await expect(expectContract('GET', '/api/devices', new Response('boom', { status: 500 }))).rejects.toThrow();
    await expect(expectContract('GET', '/api/nowhere', reply([]))).rejects.toThrow(/not a documented operation/);
  });
});

describe('a realistic session', () => {
  it('health, server, session', async () => {
    expect((await call('GET', '/api/health', { cookie: null })).body).toBe('OK');
    const anonymous = objectOf((await call('GET', '/api/server', { cookie: null })).body);
    expect(anonymous.storageSpace).toBeNull();
    const settings = objectOf((await call('GET', '/api/server')).body);
    await call('PUT', '/api/server', { json: { ...settings, announcement: 'Contract run' } });
    arrayOf((await call('GET', '/api/server/timezones')).body);
    // the reboot (the restart itself is main.ts's: tests/server/reboot.test.ts)
    expect((await call('POST', '/api/server/reboot', { cookie: userCookie })).status).toBe(400);
    expect(reboots).toBe(0);
    expect((await call('POST', '/api/server/reboot')).status).toBe(200);
    // once the answer has gone out
    await expect.poll(() => reboots).toBe(1);
    expect((await call('GET', '/api/session', { cookie: null })).status).toBe(404);
    const me = objectOf((await call('GET', '/api/session')).body);
    expect(me.password).toBeNull();
    expect(me.administrator).toBe(true);
    // login as a form post
    const loginResponse = await call('POST', '/api/session', { cookie: null, form: { email: 'admin', password: ADMIN_PASSWORD } });
    expect(objectOf(loginResponse.body).email).toBe('admin');
    const token = (await call('POST', '/api/session/token', { form: { expiration: TO } })).body;
    expect(typeof token).toBe('string');
    const byToken = await fetch(`${server.url}/api/session?token=${encodeURIComponent(String(token))}`);
    await expectContract('GET', '/api/session', byToken);
    expect((await call('POST', '/api/session/token/revoke', { form: { token: String(token) } })).status).toBe(204);
    expect((await call('POST', '/api/session', { cookie: null, form: { email: 'admin', password: 'wrong' } })).status).toBe(401);
  });

  it('users', async () => {
    const users = arrayOf((await call('GET', '/api/users')).body);
    expect(users.length).toBeGreaterThanOrEqual(2);
    const created = (await call('POST', '/api/users', { json: { name: 'Temp', email: 'temp@example.com', password: 'temp-pass' } })).body;
    const id = idOf(created);
    expect(objectOf(created).password).toBeNull();
    const fetched = objectOf((await call('GET', `/api/users/${id}`)).body);
    await call('PUT', `/api/users/${id}`, { json: { ...fetched, name: 'Temp 2', password: null } });
    expect((await call('DELETE', `/api/users/${id}`)).status).toBe(204);
    expect((await call('GET', `/api/users/${id}`)).status).toBe(404);
    // a plain user (no userLimit) lists the users it manages: none, and never the administrator
    const managed = arrayOf((await call('GET', '/api/users', { cookie: userCookie })).body);
    expect(managed.map((u) => objectOf(u).administrator)).not.toContain(true);
  });

  let deviceId = 0;
  let groupId = 0;

  it('groups and devices (create, update, delete)', async () => {
    groupId = idOf((await call('POST', '/api/groups', { json: { name: 'Contract fleet' } })).body);
    arrayOf((await call('GET', '/api/groups')).body);
    await call('PUT', `/api/groups/${groupId}`, { json: { id: groupId, name: 'Contract fleet 2', groupId: 0, attributes: {} } });
    await call('GET', `/api/groups/${groupId}`);

    const devices = arrayOf((await call('GET', '/api/devices')).body);
    expect(devices.length).toBeGreaterThan(0);
    await call('GET', '/api/devices?all=true');
    await call('GET', '/api/devices?uniqueId=demo-001');
    const created = (await call('POST', '/api/devices', { json: { name: 'Contract car', uniqueId: 'contract-001', groupId } })).body;
    deviceId = idOf(created);
    expect(objectOf(created).lastUpdate).toBeNull();
    const device = objectOf((await call('GET', `/api/devices/${deviceId}`)).body);
    await call('PUT', `/api/devices/${deviceId}`, { json: { ...device, phone: '+966500000000', attributes: { speedLimit: 60 } } });
    const temp = idOf((await call('POST', '/api/devices', { json: { name: 'Temp car', uniqueId: 'contract-temp' } })).body);
    expect((await call('DELETE', `/api/devices/${temp}`)).status).toBe(204);
    // the plain user cannot see the admin's device: 404 or 400, plain text either way
    expect([400, 404]).toContain((await call('GET', `/api/devices/${deviceId}`, { cookie: userCookie })).status);
  });

  it('drivers, geofences, maintenance, calendars, computed attributes, saved commands, notifications', async () => {
    const ical = Buffer.from('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Athar//Contract//EN\r\nBEGIN:VEVENT\r\nUID:1\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240101T000000Z\r\nDTEND:20240101T235959Z\r\nRRULE:FREQ=DAILY\r\nSUMMARY:Day\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n').toString('base64');
    const bodies: Record<string, Record<string, unknown>> = {
      '/api/drivers': { name: 'Contract driver', uniqueId: 'driver-contract' },
      '/api/geofences': { name: 'Contract zone', area: 'CIRCLE (24.7136 46.6753, 500)', description: 'centre' },
      '/api/maintenance': { name: 'Oil', type: 'totalDistance', start: 10000, period: 5000 },
      '/api/calendars': { name: 'Every day', data: ical },
      '/api/attributes/computed': { description: 'Fast', attribute: 'fast', expression: 'speed > 50', type: 'boolean' },
      '/api/commands': { description: 'Ping', type: 'custom', attributes: { data: 'ping' } },
      '/api/notifications': { type: 'alarm', notificators: 'web', always: false, attributes: { alarms: 'sos' } },
    };
    for (const [path, body] of Object.entries(bodies)) {
      const created = objectOf((await call('POST', path, { json: body })).body);
      const id = idOf(created);
      arrayOf((await call('GET', path)).body);
      await call('GET', `${path}?all=true`);
      await call('GET', `${path}?deviceId=${deviceId}`);
      const fetched = objectOf((await call('GET', `${path}/${id}`)).body);
      await call('PUT', `${path}/${id}`, { json: fetched });
      if (path !== '/api/notifications' && path !== '/api/commands') {
        const key = `${path.split('/').pop()!.replace(/s$/, '').replace('computed', 'attribute').replace('maintenance', 'maintenance')}Id`;
        const permission = key === 'calendarId' ? { userId, calendarId: id } : { deviceId, [key]: id };
        expect((await call('POST', '/api/permissions', { json: permission })).status).toBe(204);
      }
      // not linked to the plain user (the calendar is, above): refused. Traccar checks the permission first
      // (400); Athar answers 404 for an object the caller cannot reach, as for devices.
      const asUser = (await call('GET', `${path}/${id}`, { cookie: userCookie })).status;
      if (path === '/api/calendars') expect(asUser).toBe(200);
      else expect([400, 404], path).toContain(asUser);
      if (path === '/api/commands') {
        expect((await call('POST', '/api/permissions', { json: { deviceId, commandId: id } })).status).toBe(204);
        arrayOf((await call('GET', `/api/commands/send?deviceId=${deviceId}`)).body);
      }
      if (path === '/api/drivers') expect((await call('DELETE', `${path}/${id}`)).status).toBe(204);
    }
    const test = await call('POST', `/api/attributes/computed/test?deviceId=${deviceId}`, {
      json: { description: 't', attribute: 't', expression: '1 + 1', type: 'number' },
    });
    expect([200, 204, 400]).toContain(test.status);
  });

  it('commands: types, send (queued → 202)', async () => {
    const all = arrayOf((await call('GET', '/api/commands/types')).body);
    expect(all).toContainEqual({ type: 'custom' });
    expect(arrayOf((await call('GET', `/api/commands/types?deviceId=${deviceId}`)).body)).toContainEqual({ type: 'custom' });
    const sent = await call('POST', '/api/commands/send', { json: { deviceId, type: 'custom', attributes: { data: 'hello' } } });
    expect(sent.status).toBe(202);
    expect(objectOf(sent.body).deviceId).toBe(deviceId);
    const group = await call('POST', `/api/commands/send?groupId=${groupId}`, { json: { type: 'custom', attributes: { data: 'all' } } });
    expect(group.status).toBe(202);
    expect(arrayOf(group.body).length).toBe(1);
  });

  it('notifications: types, notificators, test', async () => {
    expect(arrayOf((await call('GET', '/api/notifications/types')).body)).toContainEqual({ type: 'alarm' });
    expect(arrayOf((await call('GET', '/api/notifications/notificators')).body)).toContainEqual({ type: 'web' });
    expect(arrayOf((await call('GET', '/api/notifications/notificators?announcement=true')).body)).not.toContainEqual({ type: 'web' });
    expect((await call('POST', '/api/notifications/test')).status).toBe(204);
    expect((await call('POST', '/api/notifications/test/web')).status).toBe(204);
  });

  it('permissions (single, bulk, list) and the 400 of a denial', async () => {
    expect((await call('POST', '/api/permissions', { json: { userId, deviceId } })).status).toBe(204);
    const listed = arrayOf((await call('GET', `/api/permissions?userId=${userId}&deviceId=0`)).body);
    expect(listed).toContainEqual({ userId, deviceId });
    const bulk = [{ userId, groupId }];
    expect((await call('POST', '/api/permissions/bulk', { json: bulk })).status).toBe(204);
    expect((await call('DELETE', '/api/permissions/bulk', { json: bulk })).status).toBe(204);
    // the plain user now sees the device
    await call('GET', `/api/devices/${deviceId}`, { cookie: userCookie });
    // and cannot link itself to a device it does not have: 400 (api-notes §5), not 403
    const demo = idOf(arrayOf((await call('GET', '/api/devices?uniqueId=demo-001')).body)[0]);
    expect((await call('POST', '/api/permissions', { cookie: userCookie, json: { userId, deviceId: demo } })).status).toBe(400);
  });

  let eventId = 0;

  it('positions and an alarm event from the OsmAnd endpoint', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const [i, extra] of [[0, ''], [1, '&alarm=sos']] as const) {
      const query = `id=contract-001&lat=${24.7 + i * 0.01}&lon=46.67&timestamp=${now - 60 + i * 30}&speed=${20 + i}&batt=80${extra}`;
      const response = await fetch(`http://127.0.0.1:${server.osmandPort}/?${query}`, { method: 'POST' });
      expect(response.status).toBe(200);
    }
    const latest = arrayOf((await call('GET', '/api/positions')).body);
    expect(latest.length).toBeGreaterThan(0);
    const mine = arrayOf((await call('GET', `/api/positions?deviceId=${deviceId}`)).body);
    expect(mine).toHaveLength(1);
    const positionId = idOf(mine[0]);
    expect(arrayOf((await call('GET', `/api/positions?id=${positionId}`)).body)).toHaveLength(1);
    expect(arrayOf((await call('GET', `/api/positions?deviceId=${deviceId}&${RANGE}`)).body)).toHaveLength(2);
    await call('GET', `/api/positions?deviceId=${deviceId}`, { cookie: userCookie });

    const events = arrayOf((await call('GET', `/api/reports/events?deviceId=${deviceId}&type=alarm&${RANGE}`)).body);
    expect(events.length).toBeGreaterThan(0);
    eventId = idOf(events[0]);
    const event = objectOf((await call('GET', `/api/events/${eventId}`)).body);
    expect(event).toMatchObject({ type: 'alarm', attributes: { alarm: 'sos' }, deviceId });
    expect((await call('GET', '/api/events/999999')).status).toBe(404);
  });

  it('accumulators', async () => {
    expect((await call('PUT', `/api/devices/${deviceId}/accumulators`, { json: { deviceId, totalDistance: 1000, hours: 3_600_000 } })).status).toBe(204);
    const latest = objectOf(arrayOf((await call('GET', `/api/positions?deviceId=${deviceId}`)).body)[0]);
    expect(objectOf(latest.attributes).totalDistance).toBe(1000);
  });

  it('reports: route, events, trips, stops, summary, combined, geofences', async () => {
    for (const kind of ['route', 'events', 'trips', 'stops', 'summary', 'combined', 'geofences']) {
      await call('GET', `/api/reports/${kind}?deviceId=${deviceId}&${RANGE}`);
      await call('GET', `/api/reports/${kind}?groupId=${groupId}&${RANGE}`);
      await call('GET', `/api/reports/${kind}?${RANGE}`);
    }
    const summary = arrayOf((await call('GET', `/api/reports/summary?deviceId=${deviceId}&${RANGE}`)).body);
    expect(summary).toHaveLength(1);
    await call('GET', `/api/reports/summary?deviceId=${deviceId}&daily=true&${RANGE}`);
    const combined = arrayOf((await call('GET', `/api/reports/combined?deviceId=${deviceId}&${RANGE}`)).body);
    expect(objectOf(combined[0]).deviceId).toBe(deviceId);
    await call('GET', `/api/reports/events?deviceId=${deviceId}&type=allEvents&${RANGE}`);
  });

  it('traccar-web calls of api-notes §9: /reports/events?type=deviceMoving&type=deviceStopped without a device', async () => {
    const response = await call('GET', `/api/reports/events?type=deviceMoving&type=deviceStopped&${RANGE}`);
    expect(response.status).toBe(200);
    for (const event of arrayOf(response.body)) expect(['deviceMoving', 'deviceStopped']).toContain(objectOf(event).type);
    // traccar-web's device list and socket fallback
    await call('GET', '/api/devices', { cookie: userCookie });
    await call('GET', '/api/positions', { cookie: userCookie });
    await call('GET', '/api/server', { cookie: userCookie });
    await call('GET', '/api/session', { cookie: userCookie });
  });

  it('statistics, audit (admin only: 400 for a plain user)', async () => {
    arrayOf((await call('GET', `/api/statistics?${RANGE}`)).body);
    const actions = arrayOf((await call('GET', `/api/audit?${RANGE}`)).body);
    expect(actions.length).toBeGreaterThan(0);
    expect((await call('GET', `/api/audit?${RANGE}`, { cookie: userCookie })).status).toBe(400);
    expect((await call('GET', `/api/statistics?${RANGE}`, { cookie: userCookie })).status).toBe(400);
  });

  it('share/device gives a token that opens a read-only session', async () => {
    const token = (await call('POST', '/api/share/device', { form: { deviceId: String(deviceId), expiration: TO } })).body;
    expect(typeof token).toBe('string');
    const session = await expectContract('GET', '/api/session', await fetch(`${server.url}/api/session?token=${encodeURIComponent(String(token))}`));
    expect(objectOf(session.body)).toMatchObject({ readonly: true, temporary: true });
  });

  it('deleting positions, devices and groups', async () => {
    const [position] = arrayOf((await call('GET', `/api/positions?deviceId=${deviceId}&${RANGE}`)).body);
    expect((await call('DELETE', `/api/positions/${idOf(position)}`)).status).toBe(204);
    expect((await call('DELETE', `/api/positions?deviceId=${deviceId}&${RANGE}`)).status).toBe(204);
    expect((await call('DELETE', `/api/devices/${deviceId}`)).status).toBe(204);
    expect((await call('DELETE', `/api/groups/${groupId}`)).status).toBe(204);
    expect((await call('DELETE', '/api/session')).status).toBe(204);
    expect((await call('GET', '/api/session')).status).toBe(404);
  });

  it('covered the operations listed in the brief', () => {
    const must = [
      'GET /session', 'POST /session', 'DELETE /session', 'POST /session/token', 'POST /session/token/revoke',
      'GET /server', 'PUT /server', 'GET /server/timezones', 'POST /server/reboot', 'GET /health',
      'GET /users', 'POST /users', 'GET /users/{id}', 'PUT /users/{id}', 'DELETE /users/{id}',
      'GET /devices', 'POST /devices', 'GET /devices/{id}', 'PUT /devices/{id}', 'DELETE /devices/{id}', 'PUT /devices/{id}/accumulators',
      'GET /groups', 'POST /groups', 'PUT /groups/{id}', 'DELETE /groups/{id}',
      'GET /drivers', 'POST /drivers', 'GET /geofences', 'POST /geofences', 'GET /maintenance', 'POST /maintenance',
      'GET /calendars', 'POST /calendars', 'GET /attributes/computed', 'POST /attributes/computed', 'POST /attributes/computed/test',
      'GET /commands', 'POST /commands', 'GET /commands/send', 'POST /commands/send', 'GET /commands/types',
      'GET /notifications', 'POST /notifications', 'GET /notifications/types', 'GET /notifications/notificators', 'POST /notifications/test',
      'GET /permissions', 'POST /permissions', 'POST /permissions/bulk', 'DELETE /permissions/bulk',
      'GET /positions', 'DELETE /positions', 'DELETE /positions/{id}', 'GET /events/{id}',
      'GET /reports/route', 'GET /reports/events', 'GET /reports/trips', 'GET /reports/stops', 'GET /reports/summary', 'GET /reports/combined',
      'GET /statistics', 'GET /audit', 'POST /share/device',
    ];
    const documented = new Set(documentedTemplates().map((o) => `${o.method} ${o.template}`));
    for (const key of must) {
      expect(documented.has(key), key).toBe(true);
      expect(checked.has(key), `not exercised: ${key}`).toBe(true);
    }
  });
});
