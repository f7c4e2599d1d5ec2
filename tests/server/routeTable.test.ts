/**
 * The route table (issue 32): every route of the web port declares its access, and a
 * representative request per route answers as the table says for every role.
 *
 * A row states the route's access level (checked against its declaration) and the status a
 * caller the level lets through gets (per role where the handler differs). Callers the level
 * refuses must get the gate's refusal: 401 anonymous, else 400 (or the route's 403) with the
 * gate's message; a caller let through must never get the gate's message. Adding a route fails
 * this test until it has a row, and a route without a declaration stops the server from starting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device, User } from '../../contract/models.ts';
import Fastify from 'fastify';
import { type Access, ACCESS_LEVELS, access, authorization, isAccess } from '../../server/auth/authorize.ts';
import type { AppContext } from '../../server/auth/context.ts';
import { ADMIN_PASSWORD, type TestServer, createUser, form, json, login, start } from './helpers.ts';

const ROLES = ['anonymous', 'plain', 'readonly', 'deviceReadonly', 'limited', 'manager', 'readonlyManager', 'admin', 'share'] as const;
type Role = (typeof ROLES)[number];

/** Who each level lets through (administrators pass every level). */
const ALLOWED: Record<string, readonly Role[]> = {
  public: ROLES,
  user: ROLES.filter((r) => r !== 'anonymous'),
  writable: ['plain', 'deviceReadonly', 'limited', 'manager', 'admin'],
  deviceWritable: ['plain', 'limited', 'manager', 'admin'],
  manager: ['manager', 'readonlyManager', 'admin'],
  admin: ['admin'],
};
const GATE_MESSAGES = ['Account is readonly', 'Devices are readonly for this account', 'Manager access required', 'Administrator access required'];

interface Caller {
  role: Role;
  headers: Record<string, string>;
  id: number;
  user: User | null;
}

interface Row {
  method: string;
  /** the route as registered */
  route: string;
  access: Access;
  /** the request's path (default: the route) */
  path?: string | ((c: Caller) => string);
  body?: unknown | ((c: Caller) => unknown);
  form?: Record<string, string> | (() => Record<string, string>);
  /** the status of callers the level lets through */
  ok: number;
  /** per-role status where the handler differs */
  roles?: Partial<Record<Role, number>>;
  deny?: 403;
}

let server: TestServer;
let url: string;
let device: Device;
const callers = {} as Record<Role, Caller>;
const from = '2000-01-01T00:00:00Z';
const to = '2100-01-01T00:00:00Z';
const span = (): string => `deviceId=${device.id}&from=${from}&to=${to}`;
let unique = 0;
const fresh = (prefix: string): string => `${prefix}-${++unique}`;

// the reboot route calls this (main.ts exits for its supervisor; tests/server/reboot.test.ts runs that)
let reboots = 0;

beforeAll(async () => {
  server = await start({ reboot: () => void reboots++ });
  url = server.url;
  const adminCookie = await login(url, 'admin', ADMIN_PASSWORD);
  const admin = { Cookie: adminCookie };
  device = (await json<Device[]>(await fetch(`${url}/api/devices`, { headers: admin }))).find((d) => d.uniqueId === 'demo-001')!;
  const adminUser = await json<User>(await fetch(`${url}/api/session`, { headers: admin }));
  callers.admin = { role: 'admin', headers: admin, id: adminUser.id, user: adminUser };
  callers.anonymous = { role: 'anonymous', headers: {}, id: 0, user: null };
  const flags: Partial<Record<Role, Record<string, unknown>>> = {
    plain: {},
    readonly: { readonly: true },
    deviceReadonly: { deviceReadonly: true },
    limited: { deviceLimit: 0, userLimit: 0 },
    manager: { userLimit: 5 },
    readonlyManager: { userLimit: 5, readonly: true },
  };
  for (const [role, extra] of Object.entries(flags) as Array<[Role, Record<string, unknown>]>) {
    const email = `${role}@example.com`;
    const id = await createUser(url, { name: role, email, password: `${role}-pass`, ...extra });
    const linked = await fetch(`${url}/api/permissions`, {
      method: 'POST',
      headers: { ...admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: id, deviceId: device.id }),
    });
    expect(linked.status).toBe(204);
    const headers = { Cookie: await login(url, email, `${role}-pass`) };
    callers[role] = { role, headers, id, user: await json<User>(await fetch(`${url}/api/session`, { headers })) };
  }
  const shared = await fetch(`${url}/api/share/device`, {
    method: 'POST',
    headers: callers.plain.headers,
    body: form({ deviceId: String(device.id), expiration: new Date(Date.now() + 3600_000).toISOString() }),
  });
  const headers = { Authorization: `Bearer ${await shared.text()}` };
  const shareUser = await json<User>(await fetch(`${url}/api/session`, { headers }));
  callers.share = { role: 'share', headers, id: shareUser.id, user: shareUser };
});
afterAll(() => server.close());

const NONE = 999999;
const shareForm = (): Record<string, string> => ({ deviceId: String(device.id), expiration: to });

/** Generic CRUD objects: list, read, create, update and delete (missing ids for the last two). */
function crud(path: string, type: string, body: (c: Caller) => unknown, write: Access = 'writable', create = 200): Row[] {
  return [
    { method: 'GET', route: path, access: 'user', ok: 200 },
    { method: 'GET', route: `${path}/:id`, path: `${path}/${NONE}`, access: `object:${type}`, ok: 404 },
    { method: 'POST', route: path, access: write, body, ok: create },
    { method: 'PUT', route: `${path}/:id`, path: `${path}/${NONE}`, access: write, body: { id: NONE, name: 'x' }, ok: 404 },
    { method: 'DELETE', route: `${path}/:id`, path: `${path}/${NONE}`, access: write, ok: 404 },
  ];
}

const REPORT_KINDS = ['route', 'events', 'trips', 'stops', 'summary'];

function table(): Row[] {
  return [
    // public
    { method: 'OPTIONS', route: '/api/*', path: '/api/devices', access: 'public', ok: 200 },
    { method: 'GET', route: '/announcements.json', access: 'public', ok: 200 },
    { method: 'GET', route: '/api/health', access: 'public', ok: 200 },
    { method: 'GET', route: '/api/server', access: 'public', ok: 200 },
    { method: 'GET', route: '/api/session', access: 'public', ok: 200, roles: { anonymous: 404 } },
    { method: 'POST', route: '/api/session', access: 'public', form: { email: 'nobody@example.com' }, ok: 401 },
    { method: 'GET', route: '/api/session/openid/auth', access: 'public', ok: 400 },
    { method: 'GET', route: '/api/session/openid/callback', access: 'public', ok: 400 },
    { method: 'POST', route: '/api/password/reset', access: 'public', form: { email: 'nobody@example.com' }, ok: 200 },
    { method: 'POST', route: '/api/password/update', access: 'public', form: { token: 'bogus', password: 'x' }, ok: 404 },
    { method: 'POST', route: '/api/users', access: 'public', body: {}, ok: 400 },
    { method: 'POST', route: '/api/users/totp', access: 'public', ok: 400 },
    { method: 'POST', route: '/', access: 'public', form: { lat: '1' }, ok: 400 },
    // server
    { method: 'PUT', route: '/api/server', access: 'admin', body: {}, ok: 200 },
    { method: 'POST', route: '/api/server/reboot', access: 'admin', ok: 200 },
    { method: 'GET', route: '/api/server/timezones', access: 'user', ok: 200 },
    { method: 'GET', route: '/api/server/geocode', path: '/api/server/geocode?latitude=1&longitude=2', access: 'user', ok: 400 },
    { method: 'GET', route: '/api/statistics', path: `/api/statistics?from=${from}&to=${to}`, access: 'admin', ok: 200 },
    { method: 'GET', route: '/api/audit', path: `/api/audit?from=${from}&to=${to}`, access: 'admin', ok: 200 },
    { method: 'GET', route: '/api/announcements', access: 'admin', deny: 403, ok: 200 },
    { method: 'PUT', route: '/api/announcements', access: 'admin', deny: 403, body: { announcements: [] }, ok: 200 },
    // session
    { method: 'POST', route: '/api/session/token', access: 'user', ok: 200 },
    { method: 'POST', route: '/api/session/token/revoke', access: 'user', form: { token: 'bogus' }, ok: 400 },
    { method: 'GET', route: '/api/socket', access: 'user', ok: 404 },
    // users
    { method: 'GET', route: '/api/users', access: 'user', ok: 200 },
    { method: 'GET', route: '/api/users/:id', path: (c) => `/api/users/${c.id || 1}`, access: 'object:user', ok: 200 },
    { method: 'PUT', route: '/api/users/:id', path: (c) => `/api/users/${c.id || 1}`, body: (c: Caller) => c.user ?? {}, access: 'object:user', ok: 200 },
    { method: 'DELETE', route: '/api/users/:id', path: `/api/users/${NONE}`, access: 'writable', ok: 400, roles: { admin: 404 } },
    // devices
    { method: 'GET', route: '/api/devices', access: 'user', ok: 200 },
    { method: 'GET', route: '/api/devices/:id', path: () => `/api/devices/${device.id}`, access: 'object:device', ok: 200 },
    { method: 'POST', route: '/api/devices', access: 'deviceWritable', body: () => ({ name: 'D', uniqueId: fresh('rt') }), ok: 200, roles: { limited: 400 } },
    { method: 'PUT', route: '/api/devices/:id', path: `/api/devices/${NONE}`, access: 'deviceWritable', body: { id: NONE, name: 'x', uniqueId: 'x' }, ok: 404 },
    { method: 'DELETE', route: '/api/devices/:id', path: `/api/devices/${NONE}`, access: 'deviceWritable', ok: 404 },
    // a manager's declaration; the handler refuses a readonly manager (Athar is stricter than Traccar)
    { method: 'PUT', route: '/api/devices/:id/accumulators', path: () => `/api/devices/${device.id}/accumulators`, body: () => ({ deviceId: device.id, hours: 0 }), access: 'manager', ok: 204, roles: { readonlyManager: 400 } },
    { method: 'POST', route: '/api/devices/:id/image', path: `/api/devices/${NONE}/image`, access: 'deviceWritable', body: {}, ok: 404 },
    { method: 'GET', route: '/api/media/:uniqueId/:file', path: '/api/media/demo-001/none.png', access: 'object:device', ok: 404 },
    // a share session is temporary: it shares nothing
    { method: 'POST', route: '/api/share/device', access: 'object:device', form: () => shareForm(), ok: 200, roles: { share: 400 } },
    { method: 'POST', route: '/api/devices/share', access: 'object:device', form: () => shareForm(), ok: 200, roles: { share: 400 } },
    { method: 'POST', route: '/api/share/group', access: 'object:group', form: { groupId: String(NONE), expiration: to }, ok: 400 },
    // positions and exports
    { method: 'GET', route: '/api/positions', access: 'user', ok: 200 },
    { method: 'DELETE', route: '/api/positions', path: () => `/api/positions?deviceId=${device.id}&from=1990-01-01T00:00:00Z&to=1990-01-02T00:00:00Z`, access: 'deviceWritable', ok: 204 },
    { method: 'DELETE', route: '/api/positions/:id', path: `/api/positions/${NONE}`, access: 'deviceWritable', ok: 404 },
    ...['kml', 'kmz', 'csv', 'gpx'].map((f): Row => ({ method: 'GET', route: `/api/positions/${f}`, path: () => `/api/positions/${f}?${span()}`, access: 'object:device', ok: 200 })),
    { method: 'GET', route: '/api/events/:id', path: `/api/events/${NONE}`, access: 'object:event', ok: 404 },
    // commands
    { method: 'GET', route: '/api/commands/types', access: 'object:device', ok: 200 },
    { method: 'GET', route: '/api/commands/send', path: () => `/api/commands/send?deviceId=${device.id}`, access: 'object:device', ok: 200 },
    // queued for the offline device: 202
    { method: 'POST', route: '/api/commands/send', access: 'writable', body: () => ({ deviceId: device.id, type: 'custom', attributes: { data: 'x' } }), ok: 202 },
    // notifications and computed attributes
    { method: 'GET', route: '/api/notifications/types', access: 'user', ok: 200 },
    { method: 'GET', route: '/api/notifications/notificators', access: 'user', ok: 200 },
    { method: 'POST', route: '/api/notifications/test', access: 'user', ok: 204 },
    { method: 'POST', route: '/api/notifications/test/:notificator', path: '/api/notifications/test/web', access: 'user', ok: 204 },
    { method: 'POST', route: '/api/attributes/computed/test', path: () => `/api/attributes/computed/test?deviceId=${device.id}`, access: 'admin', body: { attribute: 'a', expression: '1', type: 'number' }, ok: 200 },
    // permissions
    { method: 'GET', route: '/api/permissions', path: () => `/api/permissions?userId=1&deviceId=${device.id}`, access: 'admin', ok: 200 },
    { method: 'POST', route: '/api/permissions', access: 'writable', body: (c: Caller) => ({ userId: c.id, deviceId: device.id }), ok: 204 },
    { method: 'POST', route: '/api/permissions/bulk', access: 'writable', body: (c: Caller) => [{ userId: c.id, deviceId: device.id }], ok: 204 },
    { method: 'DELETE', route: '/api/permissions', access: 'writable', body: () => ({ deviceId: device.id, geofenceId: NONE }), ok: 400 },
    { method: 'DELETE', route: '/api/permissions/bulk', access: 'writable', body: () => [{ deviceId: device.id, geofenceId: NONE }], ok: 400 },
    // generic objects
    ...crud('/api/geofences', 'geofence', () => ({ name: 'G', area: 'CIRCLE (1 2, 3)' })),
    ...crud('/api/groups', 'group', () => ({ name: 'G' })),
    ...crud('/api/drivers', 'driver', () => ({ name: 'D', uniqueId: fresh('driver') })),
    ...crud('/api/notifications', 'notification', () => ({ type: 'alarm', notificators: 'web' })),
    ...crud('/api/maintenance', 'maintenance', () => ({ name: 'M', type: 'totalDistance', start: 0, period: 1000 })),
    ...crud('/api/commands', 'command', () => ({ type: 'custom', description: 'C', attributes: { data: 'x' } })),
    // a calendar's content is checked by its own tests; here an empty one, refused by the handler
    ...crud('/api/calendars', 'calendar', () => ({}), 'writable', 400),
    ...crud('/api/attributes/computed', 'attribute', () => ({ description: 'A', attribute: 'a', expression: '1', type: 'number' }), 'admin'),
    // reports
    ...[...REPORT_KINDS, 'combined', 'geofences'].map((k): Row => ({ method: 'GET', route: `/api/reports/${k}`, path: () => `/api/reports/${k}?${span()}`, access: 'user', ok: 200 })),
    ...[...REPORT_KINDS, 'devices'].flatMap((k): Row[] => [
      { method: 'GET', route: `/api/reports/${k}/xlsx`, path: () => `/api/reports/${k}/xlsx?${span()}`, access: 'user', ok: 200 },
      { method: 'GET', route: `/api/reports/${k}/mail`, path: () => `/api/reports/${k}/mail?${span()}`, access: 'user', ok: 204 },
    ]),
    { method: 'GET', route: '/api/reports', access: 'user', ok: 200 },
    { method: 'POST', route: '/api/reports', access: 'writable', body: { type: 'route', description: 'R' }, ok: 200 },
    { method: 'GET', route: '/api/reports/:id', path: `/api/reports/${NONE}`, access: 'object:report', ok: 404 },
    { method: 'PUT', route: '/api/reports/:id', path: `/api/reports/${NONE}`, access: 'writable', body: { id: NONE, type: 'route' }, ok: 404 },
    { method: 'DELETE', route: '/api/reports/:id', path: `/api/reports/${NONE}`, access: 'writable', ok: 404 },
    // last: it ends each caller's session
    { method: 'DELETE', route: '/api/session', access: 'user', ok: 204 },
  ];
}

/** The status a role must get, and whether from the gate (true), a handler (false) or either (null: a per-role row). */
function expected(row: Row, role: Role): { status: number; gate: boolean | null } {
  if (ALLOWED[row.access.startsWith('object:') ? 'user' : row.access]!.includes(role)) {
    const status = row.roles?.[role];
    return status === undefined ? { status: row.ok, gate: false } : { status, gate: null };
  }
  return { status: role === 'anonymous' ? 401 : (row.deny ?? 400), gate: true };
}

async function send(row: Row, c: Caller): Promise<{ status: number; text: string }> {
  const path = typeof row.path === 'function' ? row.path(c) : (row.path ?? row.route);
  const headers: Record<string, string> = { ...c.headers };
  let body: string | URLSearchParams | undefined;
  if (row.form) {
    body = form(typeof row.form === 'function' ? row.form() : row.form);
  } else if (row.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(typeof row.body === 'function' ? (row.body as (c: Caller) => unknown)(c) : row.body);
  }
  const response = await fetch(url + path, { method: row.method, headers, body });
  return { status: response.status, text: await response.text() };
}

describe('the route table', () => {
  it('covers every registered route, each with a declaration the table states', () => {
    const rows = table();
    const declared = server.routes.filter((r) => r.method !== 'HEAD');
    for (const route of server.routes) {
      expect(isAccess(route.access), `${route.method} ${route.url}`).toBe(true);
      if (route.method === 'HEAD') {
        // Fastify's HEAD twin of a GET keeps the GET's declaration
        expect(declared.find((r) => r.method === 'GET' && r.url === route.url)?.access, route.url).toBe(route.access);
      }
    }
    const key = (method: string, path: string): string => `${method} ${path}`;
    expect(rows.map((r) => key(r.method, r.route)).sort()).toEqual(declared.map((r) => key(r.method, r.url)).sort());
    for (const row of rows) {
      const route = declared.find((r) => r.method === row.method && r.url === row.route)!;
      expect(route.access, key(row.method, row.route)).toBe(row.access);
      expect(route.deny, key(row.method, row.route)).toBe(row.deny);
    }
    expect(ACCESS_LEVELS.every((level) => rows.some((r) => r.access === level))).toBe(true);
  });

  it('answers each representative request as the table says, for every role', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const row of table()) {
      for (const role of ROLES) {
        const want = expected(row, role);
        const got = await send(row, callers[role]);
        requests++;
        const gateText = GATE_MESSAGES.some((m) => got.text.startsWith(m));
        const gateOk = role === 'anonymous' || want.gate === null || want.gate === gateText;
        if (got.status !== want.status || !gateOk) {
          failures.push(`${row.method} ${row.route} as ${role}: ${got.status} ${got.text.slice(0, 60)} (want ${want.status}${want.gate ? ', refused by the gate' : ''})`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBe(table().length * ROLES.length);
    // the administrator's reboot, and only that one, asked for a restart
    expect(reboots).toBe(1);
  }, 120_000);

  it('refuses, at startup, a route that declares nothing', async () => {
    const app = Fastify();
    authorization(app, {} as AppContext);
    app.get('/api/declared', access('user'), async () => 'ok');
    expect(() => app.get('/api/undeclared', async () => 'open')).toThrow(/declares no access/);
    expect(() => app.get('/api/misdeclared', { config: { access: 'everyone' as Access } }, async () => 'open')).toThrow(/declares no access/);
    await app.close();
  });
});
