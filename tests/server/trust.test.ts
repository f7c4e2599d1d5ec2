/**
 * Issue 32's medium and low findings: each test here failed on the code before its fix.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device, User } from '../../contract/models.ts';
import { ADMIN_PASSWORD, type TestServer, basic, createUser, form, json, linkedUser, login, nextMessage, openSocket, start } from './helpers.ts';

let server: TestServer;
let url: string;
let device: Device;
const admin = { Authorization: basic('admin', ADMIN_PASSWORD) };
const expiration = (): string => new Date(Date.now() + 3600_000).toISOString();
const DAY = '2000-01-01T00:00:00Z';
const LATER = '2100-01-01T00:00:00Z';

beforeAll(async () => {
  server = await start();
  url = server.url;
  const devices = await json<Device[]>(await fetch(`${url}/api/devices`, { headers: admin }));
  device = devices.find((d) => d.uniqueId === 'demo-001')!;
});
afterAll(() => server.close());

function call(who: Record<string, string>, method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { ...who };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), ...(signal ? { signal } : {}) });
}

async function shareSession(sharer: Record<string, string>): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/share/device`, {
    method: 'POST',
    headers: sharer,
    body: form({ deviceId: String(device.id), expiration: expiration() }),
  });
  expect(response.status).toBe(200);
  return { Authorization: `Bearer ${await response.text()}` };
}

describe('share sessions are readonly and temporary (finding 1)', () => {
  it('a share session cannot make itself permanent, and so cannot mint share links', async () => {
    const { cookie } = await linkedUser(url, admin, { name: 'Sharer', email: 'sharer@example.com', password: 'sharer-pass' }, device.id);
    const shared = await shareSession({ Cookie: cookie });
    const me = await json<User>(await call(shared, 'GET', '/api/session'));
    expect(me.temporary).toBe(true);
    expect((await call(shared, 'PUT', `/api/users/${me.id}`, { ...me, temporary: false })).status).toBe(400);
    expect((await call(shared, 'PUT', `/api/users/${me.id}`, { ...me, name: 'Renamed' })).status).toBe(400);
    const after = await json<User>(await call(admin, 'GET', `/api/users/${me.id}`));
    expect(after).toMatchObject({ temporary: true, name: me.name });
    const again = await fetch(`${url}/api/share/device`, { method: 'POST', headers: shared, body: form({ deviceId: String(device.id), expiration: expiration() }) });
    expect(again.status).toBe(400);
  });

  it('temporary is a protected field: a user cannot set it on itself', async () => {
    const id = await createUser(url, { name: 'Temp', email: 'temp@example.com', password: 'temp-pass', temporary: true });
    const cookie = { Cookie: await login(url, 'temp@example.com', 'temp-pass') };
    const me = await json<User>(await call(cookie, 'GET', `/api/users/${id}`));
    expect((await call(cookie, 'PUT', `/api/users/${id}`, { ...me, temporary: false })).status).toBe(400);
  });
});

describe('readonly users and readonly managers (finding 3)', () => {
  it('a readonly user may change only its password, notification tokens and terms acceptance', async () => {
    const id = await createUser(url, { name: 'RO', email: 'ro3@example.com', password: 'ro-pass', readonly: true });
    const cookie = { Cookie: await login(url, 'ro3@example.com', 'ro-pass') };
    const me = await json<User>(await call(cookie, 'GET', `/api/users/${id}`));
    expect((await call(cookie, 'PUT', `/api/users/${id}`, { ...me, name: 'RO renamed' })).status).toBe(400);
    expect((await call(cookie, 'PUT', `/api/users/${id}`, { ...me, attributes: { speedUnit: 'kmh' } })).status).toBe(400);
    const accepted = { ...me, attributes: { ...me.attributes, termsAccepted: true, notificationTokens: 'tok-1' } };
    expect((await call(cookie, 'PUT', `/api/users/${id}`, accepted)).status).toBe(200);
    expect((await call(cookie, 'PUT', `/api/users/${id}`, { ...accepted, password: 'ro-pass-2' })).status).toBe(200);
    expect(await login(url, 'ro3@example.com', 'ro-pass-2')).toMatch(/^JSESSIONID=/);
    expect((await json<User>(await call(admin, 'GET', `/api/users/${id}`))).name).toBe('RO');
  });

  it('the server-wide readonly stops a plain user renaming itself', async () => {
    const id = await createUser(url, { name: 'Plain', email: 'plain3@example.com', password: 'plain-pass' });
    const cookie = { Cookie: await login(url, 'plain3@example.com', 'plain-pass') };
    const me = await json<User>(await call(cookie, 'GET', `/api/users/${id}`));
    const settings = await json<Record<string, unknown>>(await call(admin, 'GET', '/api/server'));
    expect((await call(admin, 'PUT', '/api/server', { ...settings, readonly: true })).status).toBe(200);
    try {
      expect((await call(cookie, 'PUT', `/api/users/${id}`, { ...me, name: 'Plain renamed' })).status).toBe(400);
    } finally {
      expect((await call(admin, 'PUT', '/api/server', { ...settings, readonly: false })).status).toBe(200);
    }
    expect((await call(cookie, 'PUT', `/api/users/${id}`, { ...me, name: 'Plain renamed' })).status).toBe(200);
  });

  it('a readonly manager can neither edit nor delete the users it manages', async () => {
    const managerId = await createUser(url, { name: 'RM', email: 'rm@example.com', password: 'rm-pass', userLimit: 5, readonly: true });
    const subId = await createUser(url, { name: 'Sub', email: 'rm-sub@example.com', password: 'sub-pass' });
    expect((await call(admin, 'POST', '/api/permissions', { userId: managerId, managedUserId: subId })).status).toBe(204);
    const cookie = { Cookie: await login(url, 'rm@example.com', 'rm-pass') };
    const sub = await json<User>(await call(cookie, 'GET', `/api/users/${subId}`));
    expect((await call(cookie, 'PUT', `/api/users/${subId}`, { ...sub, name: 'Hijacked' })).status).toBe(400);
    expect((await call(cookie, 'PUT', `/api/users/${subId}`, { ...sub, password: 'taken-over' })).status).toBe(400);
    expect((await call(cookie, 'DELETE', `/api/users/${subId}`)).status).toBe(400);
    expect((await call(cookie, 'POST', '/api/users', { name: 'New', email: 'rm-new@example.com', password: 'x' })).status).toBe(400);
    expect(await login(url, 'rm-sub@example.com', 'sub-pass')).toMatch(/^JSESSIONID=/);
  });
});

describe('a demoted manager (finding 4)', () => {
  it('loses its users when its user limit is set to 0', async () => {
    const managerId = await createUser(url, { name: 'DM', email: 'dm@example.com', password: 'dm-pass', userLimit: 2 });
    const cookie = { Cookie: await login(url, 'dm@example.com', 'dm-pass') };
    const sub = await json<User>(await call(cookie, 'POST', '/api/users', { name: 'DM sub', email: 'dm-sub@example.com', password: 'sub-pass' }));
    expect((await call(admin, 'POST', '/api/permissions', { userId: sub.id, deviceId: device.id })).status).toBe(204);
    expect((await json<User[]>(await call(cookie, 'GET', '/api/users'))).map((u) => u.id)).toEqual([sub.id]);
    expect((await json<Device[]>(await call(cookie, 'GET', '/api/devices'))).map((d) => d.id)).toEqual([device.id]);

    const manager = await json<User>(await call(admin, 'GET', `/api/users/${managerId}`));
    expect((await call(admin, 'PUT', `/api/users/${managerId}`, { ...manager, userLimit: 0 })).status).toBe(200);
    expect(await json<User[]>(await call(cookie, 'GET', '/api/users'))).toEqual([]);
    expect((await call(cookie, 'GET', `/api/users/${sub.id}`)).status).toBe(400);
    expect((await call(cookie, 'PUT', `/api/users/${sub.id}`, { ...sub, password: 'taken-over' })).status).toBe(400);
    expect((await call(cookie, 'DELETE', `/api/users/${sub.id}`)).status).toBe(400);
    expect(await json<Device[]>(await call(cookie, 'GET', '/api/devices'))).toEqual([]);
    expect(await login(url, 'dm-sub@example.com', 'sub-pass')).toMatch(/^JSESSIONID=/);
  });
});

describe('disableReports hides history (finding 5)', () => {
  const history = [
    `/api/positions?deviceId=DEVICE&from=${DAY}&to=${LATER}`,
    `/api/positions/csv?deviceId=DEVICE&from=${DAY}&to=${LATER}`,
    `/api/positions/kml?deviceId=DEVICE&from=${DAY}&to=${LATER}`,
    `/api/positions/kmz?deviceId=DEVICE&from=${DAY}&to=${LATER}`,
    `/api/positions/gpx?deviceId=DEVICE&from=${DAY}&to=${LATER}`,
    `/api/reports/route?deviceId=DEVICE&from=${DAY}&to=${LATER}`,
  ];

  it('refuses positions over a period and every export, for the user and its share sessions', async () => {
    const { cookie } = await linkedUser(url, admin, { name: 'NoRep', email: 'norep@example.com', password: 'norep-pass' }, device.id);
    const plainCookie = (await linkedUser(url, admin, { name: 'Rep', email: 'rep@example.com', password: 'rep-pass' }, device.id)).cookie;
    for (const path of history) expect((await call({ Cookie: plainCookie }, 'GET', path.replace('DEVICE', String(device.id)))).status, path).toBe(200);

    const me = await json<User>(await call({ Cookie: cookie }, 'GET', '/api/session'));
    expect((await call(admin, 'PUT', `/api/users/${me.id}`, { ...me, disableReports: true })).status).toBe(200);
    const shared = await shareSession({ Cookie: cookie });
    for (const who of [{ Cookie: cookie }, shared]) {
      for (const path of history) expect((await call(who, 'GET', path.replace('DEVICE', String(device.id)))).status, path).toBe(400);
      // the latest position (the map) stays
      expect((await call(who, 'GET', `/api/positions?deviceId=${device.id}`)).status).toBe(200);
    }
  });
});

describe('notification tokens from the unauthenticated OsmAnd port (finding 6)', () => {
  it('keeps only the latest token, and ignores one that is too long', async () => {
    const osmand = `http://127.0.0.1:${server.osmandPort}`;
    const send = async (token: string): Promise<void> => {
      const body = form({ id: 'demo-001', lat: '10', lon: '20', timestamp: String(Math.floor(Date.now() / 1000)), notificationToken: token });
      expect((await fetch(`${osmand}/`, { method: 'POST', body })).status).toBe(200);
    };
    const tokenOf = async (): Promise<unknown> => (await json<Device>(await call(admin, 'GET', `/api/devices/${device.id}`))).attributes.notificationTokens;
    for (let i = 0; i < 5; i++) await send(`token-${i}-${'x'.repeat(200)}`);
    expect(await tokenOf()).toBe(`token-4-${'x'.repeat(200)}`);
    await send('y'.repeat(5000));
    expect(await tokenOf()).toBe(`token-4-${'x'.repeat(200)}`);
  });
});

describe('low findings', () => {
  it('the server-wide readonly and deviceReadonly stop device pictures and position deletes', async () => {
    const { cookie } = await linkedUser(url, admin, { name: 'Pic', email: 'pic@example.com', password: 'pic-pass' }, device.id);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const upload = (): Promise<Response> =>
      fetch(`${url}/api/devices/${device.id}/image`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'image/png' }, body: png });
    const remove = (): Promise<Response> =>
      call({ Cookie: cookie }, 'DELETE', `/api/positions?deviceId=${device.id}&from=1990-01-01T00:00:00Z&to=1990-01-02T00:00:00Z`);
    const settings = await json<Record<string, unknown>>(await call(admin, 'GET', '/api/server'));
    for (const flag of ['readonly', 'deviceReadonly']) {
      expect((await call(admin, 'PUT', '/api/server', { ...settings, [flag]: true })).status).toBe(200);
      try {
        expect((await upload()).status, flag).toBe(400);
        expect((await remove()).status, flag).toBe(400);
      } finally {
        expect((await call(admin, 'PUT', '/api/server', settings)).status).toBe(200);
      }
    }
    expect((await remove()).status).toBe(204);
  });

  it('the reset link takes the configured public address, never the request Host', async () => {
    const sendReset = (email: string): Promise<number> =>
      new Promise((resolve, reject) => {
        const body = form({ email }).toString();
        const req = httpRequest(`${url}/api/password/reset`, {
          method: 'POST',
          headers: { Host: 'evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
        }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end(body);
      });
    await createUser(url, { name: 'Reset', email: 'reset@example.com', password: 'reset-pass' });
    expect(await sendReset('reset@example.com')).toBe(200);
    const links = (dir: string): string[] => [...readFileSync(join(dir, 'mail.log'), 'utf8').matchAll(/link=(\S+)/g)].map((m) => m[1]!);
    expect(links(server.dataDir).at(-1)).toMatch(new RegExp(`^${url}/reset-password\\?passwordReset=`));

    const configured = await start({ webUrl: 'https://fleet.example.com/' });
    try {
      await createUser(configured.url, { name: 'Reset', email: 'reset@example.com', password: 'reset-pass' });
      const status = await fetch(`${configured.url}/api/password/reset`, { method: 'POST', body: form({ email: 'reset@example.com' }) });
      expect(status.status).toBe(200);
      expect(links(configured.dataDir).at(-1)).toMatch(/^https:\/\/fleet\.example\.com\/reset-password\?passwordReset=/);
    } finally {
      await configured.close();
    }
  });

  it('refuses an email with a line break, and a login another user has (as login or email)', async () => {
    for (const email of ['a@example.com\r\nBcc: x@example.com', 'b@exa\nmple.com', 'c @example.com']) {
      expect((await call(admin, 'POST', '/api/users', { name: 'E', email, password: 'x' })).status, JSON.stringify(email)).toBe(400);
    }
    await createUser(url, { name: 'L1', email: 'l1@example.com', password: 'l1-pass', login: 'fleet-boss' });
    expect((await call(admin, 'POST', '/api/users', { name: 'L2', email: 'l2@example.com', password: 'x', login: 'Fleet-Boss' })).status).toBe(400);
    expect((await call(admin, 'POST', '/api/users', { name: 'L3', email: 'l3@example.com', password: 'x', login: 'l1@example.com' })).status).toBe(400);
    expect((await call(admin, 'POST', '/api/users', { name: 'L4', email: 'fleet-boss', password: 'x' })).status).toBe(400);
    const l5 = await createUser(url, { name: 'L5', email: 'l5@example.com', password: 'l5-pass' });
    const cookie = { Cookie: await login(url, 'l5@example.com', 'l5-pass') };
    const me = await json<User>(await call(cookie, 'GET', `/api/users/${l5}`));
    expect((await call(cookie, 'PUT', `/api/users/${l5}`, { ...me, login: 'FLEET-BOSS' })).status).toBe(400);
    expect((await call(cookie, 'PUT', `/api/users/${l5}`, { ...me, login: 'l5-own' })).status).toBe(200);
    expect(await login(url, 'fleet-boss', 'l1-pass')).toMatch(/^JSESSIONID=/);
  });

  it("a scheduled report refuses another user's calendar", async () => {
    const db = new Database(join(server.dataDir, 'athar.db'));
    const calendarId = Number(db.prepare("INSERT INTO calendars (name, data, attributes) VALUES ('Theirs', X'00', '{}')").run().lastInsertRowid);
    db.close();
    await createUser(url, { name: 'Rep', email: 'sched@example.com', password: 'sched-pass' });
    const cookie = { Cookie: await login(url, 'sched@example.com', 'sched-pass') };
    expect((await call(cookie, 'POST', '/api/reports', { type: 'route', description: 'R', calendarId })).status).toBe(400);
    const own = await json<{ id: number }>(await call(cookie, 'POST', '/api/reports', { type: 'route', description: 'R' }));
    expect((await call(cookie, 'PUT', `/api/reports/${own.id}`, { id: own.id, type: 'route', calendarId })).status).toBe(400);
  });

  it("logout closes that session's socket, and only that one", async () => {
    await createUser(url, { name: 'Sock', email: 'sock@example.com', password: 'sock-pass' });
    const first = await login(url, 'sock@example.com', 'sock-pass');
    const second = await login(url, 'sock@example.com', 'sock-pass');
    const a = await openSocket(`${url}/api/socket`, { Cookie: first });
    const b = await openSocket(`${url}/api/socket`, { Cookie: second });
    const closed = new Promise<number>((resolve) => a.ws.once('close', (code) => resolve(code)));
    expect((await call({ Cookie: first }, 'DELETE', '/api/session')).status).toBe(204);
    expect(await closed).toBe(4000);
    expect(b.ws.readyState).toBe(b.ws.OPEN);
    const next = nextMessage(b.ws);
    expect((await call({ Cookie: second }, 'POST', '/api/notifications/test/web')).status).toBe(204);
    expect(await next).toMatchObject({ events: [{ type: 'test' }] });
    b.ws.close();
  });

  it('answers GET /api/devices with 2,000 id parameters', async () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `id=${i + 1}`).join('&');
    const response = await call(admin, 'GET', `/api/devices?${ids}`);
    expect(response.status).toBe(200);
    expect((await response.json() as Device[]).map((d) => d.id)).toContain(device.id);
    const positions = await call(admin, 'GET', `/api/positions?${ids}`);
    expect(positions.status).toBe(200);
  });

  it('refuses an expression nested deeper than the bound; a value with then (not reproduced as a hang) still answers', async () => {
    const deep = '('.repeat(2000) + '1' + ')'.repeat(2000);
    const attribute = { description: 'A', attribute: 'a', type: 'number' };
    const created = await call(admin, 'POST', '/api/attributes/computed', { ...attribute, expression: deep });
    expect(created.status).toBe(400);
    expect(await created.text()).toMatch(/nested/i);
    const tested = await call(admin, 'POST', `/api/attributes/computed/test?deviceId=${device.id}`, { ...attribute, expression: deep });
    expect(tested.status).toBe(400);
    const ok = '('.repeat(30) + '1' + ')'.repeat(30);
    expect((await call(admin, 'POST', `/api/attributes/computed/test?deviceId=${device.id}`, { ...attribute, expression: ok })).status).toBe(200);
    const thenable = await call(admin, 'POST', `/api/attributes/computed/test?deviceId=${device.id}`, {
      ...attribute,
      type: 'string',
      expression: '{then: 1}',
    }, AbortSignal.timeout(5000));
    expect(thenable.status).toBe(200);
  });

  it("a token's expiry closes the socket it opened", async () => {
    const cookie = { Cookie: await login(url, 'admin', ADMIN_PASSWORD) };
    const expiration = new Date(Date.now() + 1500).toISOString();
    const token = await (await fetch(`${url}/api/session/token`, { method: 'POST', headers: cookie, body: form({ expiration }) })).text();
    const { ws } = await openSocket(`${url}/api/socket?token=${encodeURIComponent(token)}`);
    const code = await new Promise<number>((resolve) => ws.once('close', (c) => resolve(c)));
    expect(code).toBe(4001);
  });
});

