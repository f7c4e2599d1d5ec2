import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device, Geofence, User } from '../../contract/models.ts';
import { ADMIN_PASSWORD, type TestServer, createUser, json, login, start } from './helpers.ts';

let server: TestServer;
let url: string;
const admin: Record<string, string> = {};
const manager: Record<string, string> = {};
const plain: Record<string, string> = {};
const ro: Record<string, string> = {};
let managerId: number;
let plainId: number;
let roId: number;

beforeAll(async () => {
  server = await start();
  url = server.url;
  admin.Cookie = await login(url, 'admin', ADMIN_PASSWORD);
  managerId = await createUser(url, { name: 'Manager', email: 'm@example.com', password: 'pw-m', userLimit: 1, deviceLimit: 2 });
  plainId = await createUser(url, { name: 'Plain', email: 'p@example.com', password: 'pw-p', deviceLimit: 0 });
  roId = await createUser(url, { name: 'RO', email: 'ro@example.com', password: 'pw-r', readonly: true, limitCommands: true });
  manager.Cookie = await login(url, 'm@example.com', 'pw-m');
  plain.Cookie = await login(url, 'p@example.com', 'pw-p');
  ro.Cookie = await login(url, 'ro@example.com', 'pw-r');
});
afterAll(() => server.close());

function call(who: Record<string, string>, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { ...who };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

describe('devices', () => {
  it('creates within the device limit, validates uniqueId, updates and deletes', async () => {
    for (const uniqueId of ['../etc', 'a/b', 'a\\b', 'x'.repeat(129), 'a..b', '']) {
      expect((await call(manager, 'POST', '/api/devices', { name: 'D', uniqueId })).status, uniqueId).toBe(400);
    }
    const d1 = await json<Device>(await call(manager, 'POST', '/api/devices', { name: 'M1', uniqueId: 'm-1:a@b.c_d' }));
    expect(d1.uniqueId).toBe('m-1:a@b.c_d');
    expect((await call(manager, 'POST', '/api/devices', { name: 'Dup', uniqueId: 'm-1:a@b.c_d' })).status).toBe(400);
    expect((await call(manager, 'POST', '/api/devices', { name: 'Dup', uniqueId: 'demo-001' })).status).toBe(400);
    const d2 = await json<Device>(await call(manager, 'POST', '/api/devices', { name: 'M2', uniqueId: 'm-2' }));
    const over = await call(manager, 'POST', '/api/devices', { name: 'M3', uniqueId: 'm-3' });
    expect(over.status).toBe(400);
    expect(await over.text()).toMatch(/limit/i);
    expect((await call(plain, 'POST', '/api/devices', { name: 'P', uniqueId: 'p-1' })).status).toBe(400);
    const renamed = await json<Device>(await call(manager, 'PUT', `/api/devices/${d2.id}`, { id: d2.id, name: 'M2b' }));
    expect(renamed.name).toBe('M2b');
    expect(renamed.uniqueId).toBe('m-2');
    expect((await call(manager, 'PUT', `/api/devices/${d2.id}`, { id: d2.id, uniqueId: 'm-1:a@b.c_d' })).status).toBe(400);
    expect((await call(manager, 'PUT', '/api/devices/1', { id: 1, name: 'x' })).status).toBe(404);
    expect((await call(manager, 'DELETE', `/api/devices/${d2.id}`)).status).toBe(204);
    expect((await call(admin, 'GET', `/api/devices/${d2.id}`)).status).toBe(404);
  });

  it('enforces deviceReadonly', async () => {
    const id = await createUser(url, { name: 'DR', email: 'dr@example.com', password: 'pw-d', deviceReadonly: true });
    expect((await call(admin, 'POST', '/api/permissions', { userId: id, deviceId: 4 })).status).toBe(204);
    const cookie = { Cookie: await login(url, 'dr@example.com', 'pw-d') };
    expect((await call(cookie, 'PUT', '/api/devices/4', { id: 4, name: 'hacked' })).status).toBe(400);
    expect((await call(cookie, 'DELETE', '/api/devices/4')).status).toBe(400);
    expect((await call(cookie, 'POST', '/api/devices', { name: 'n', uniqueId: 'dr-1' })).status).toBe(400);
  });
});

describe('visibility and permissions', () => {
  it('shows users only their linked objects, managers also their managed users objects', async () => {
    const mine = await json<Geofence>(await call(plain, 'POST', '/api/geofences', { name: 'Plain fence', area: 'CIRCLE (1 2, 3)' }));
    const other = await json<Geofence>(await call(admin, 'POST', '/api/geofences', { name: 'Admin fence', area: 'CIRCLE (1 2, 3)' }));
    const list = await json<Geofence[]>(await call(plain, 'GET', '/api/geofences'));
    expect(list.map((g) => g.id)).toEqual([mine.id]);
    expect((await call(plain, 'GET', `/api/geofences/${other.id}`)).status).toBe(404);
    expect((await call(plain, 'PUT', `/api/geofences/${other.id}`, { id: other.id, name: 'x' })).status).toBe(404);
    expect((await call(plain, 'GET', `/api/geofences?userId=${managerId}`)).status).toBe(400);
    // all=true reaches objects linked to the user's devices
    expect((await call(admin, 'POST', '/api/permissions', { userId: plainId, deviceId: 5 })).status).toBe(204);
    expect((await call(admin, 'POST', '/api/permissions', { deviceId: 5, geofenceId: other.id })).status).toBe(204);
    const reach = await json<Geofence[]>(await call(plain, 'GET', '/api/geofences?all=true'));
    expect(reach.map((g) => g.id).sort()).toEqual([mine.id, other.id].sort());
    expect((await call(plain, 'GET', `/api/geofences/${other.id}`)).status).toBe(200);
    expect((await call(plain, 'DELETE', `/api/geofences/${other.id}`)).status).toBe(400);
    // a manager sees a managed user's objects
    expect((await call(admin, 'POST', '/api/permissions', { userId: managerId, managedUserId: plainId })).status).toBe(204);
    const managed = await json<Geofence[]>(await call(manager, 'GET', '/api/geofences'));
    expect(managed.map((g) => g.id)).toContain(mine.id);
    const direct = await json<Geofence[]>(await call(manager, 'GET', `/api/geofences?userId=${plainId}`));
    expect(direct.map((g) => g.id)).toEqual([mine.id]);
    expect((await call(admin, 'DELETE', '/api/permissions', { userId: managerId, managedUserId: plainId })).status).toBe(204);
  });

  it('validates permission pairs and requires access to both objects', async () => {
    const fence = await json<Geofence>(await call(admin, 'POST', '/api/geofences', { name: 'Secret', area: 'CIRCLE (1 2, 3)' }));
    for (const body of [{ geofenceId: 1, userId: 1 }, { userId: 1 }, { userId: 1, deviceId: 1, groupId: 1 }, { deviceId: 1, managedUserId: 2 }, { userId: 'a', deviceId: 1 }]) {
      expect((await call(admin, 'POST', '/api/permissions', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(admin, 'POST', '/api/permissions', { userId: 1, geofenceId: 999999 })).status).toBe(400);
    // not reachable: the plain user cannot link the admin's geofence to their device, nor a foreign device
    expect((await call(plain, 'POST', '/api/permissions', { deviceId: 5, geofenceId: fence.id })).status).toBe(400);
    expect((await call(plain, 'POST', '/api/permissions', { userId: plainId, deviceId: 1 })).status).toBe(400);
    const own = await json<Geofence>(await call(plain, 'POST', '/api/geofences', { name: 'Own', area: 'CIRCLE (1 2, 3)' }));
    expect((await call(plain, 'POST', '/api/permissions', { deviceId: 5, geofenceId: own.id })).status).toBe(204);
    // readonly users are refused
    expect((await call(ro, 'POST', '/api/permissions', { userId: roId, geofenceId: own.id })).status).toBe(400);
    // bulk: same keys everywhere
    expect((await call(admin, 'POST', '/api/permissions/bulk', [{ groupId: 1, geofenceId: own.id }, { deviceId: 1, geofenceId: own.id }])).status).toBe(400);
    const grp = await json<{ id: number }>(await call(admin, 'POST', '/api/groups', { name: 'G' }));
    expect((await call(admin, 'POST', '/api/permissions/bulk', [{ groupId: grp.id, geofenceId: own.id }, { groupId: grp.id, geofenceId: fence.id }])).status).toBe(204);
    const listed = await json<Array<Record<string, number>>>(await call(admin, 'GET', `/api/permissions?geofenceId=0&groupId=${grp.id}`));
    expect(listed).toEqual([{ groupId: grp.id, geofenceId: Math.min(own.id, fence.id) }, { groupId: grp.id, geofenceId: Math.max(own.id, fence.id) }]);
    expect(Object.keys(listed[0]!)).toEqual(['groupId', 'geofenceId']);
    expect((await call(plain, 'GET', `/api/permissions?groupId=${grp.id}&geofenceId=0`)).status).toBe(400);
    expect((await call(admin, 'DELETE', '/api/permissions/bulk', [{ groupId: grp.id, geofenceId: own.id }])).status).toBe(204);
    expect(await json(await call(admin, 'GET', `/api/permissions?groupId=${grp.id}&geofenceId=${own.id}`))).toEqual([]);
    // group-linked geofences are reachable through the group's devices' users with all=true
    expect((await call(admin, 'POST', '/api/permissions', { userId: 1, deviceId: 1, extra: 1 })).status).toBe(400);
  });
});

describe('restrictions and users', () => {
  it('readonly and limitCommands block writes; computed attributes are admin-only', async () => {
    expect((await call(ro, 'POST', '/api/geofences', { name: 'x', area: 'CIRCLE (1 2, 3)' })).status).toBe(400);
    expect((await call(plain, 'POST', '/api/attributes/computed', { attribute: 'a', expression: '1', type: 'number' })).status).toBe(400);
    expect((await call(plain, 'POST', '/api/attributes/computed/test?deviceId=5', { attribute: 'a', expression: '1', type: 'number' })).status).toBe(400);
    const limited = await createUser(url, { name: 'LC', email: 'lc@example.com', password: 'pw-l', limitCommands: true });
    expect(limited).toBeGreaterThan(0);
    const lc = { Cookie: await login(url, 'lc@example.com', 'pw-l') };
    expect((await call(lc, 'POST', '/api/commands', { type: 'custom', description: 'x' })).status).toBe(400);
    // readonly users may change only their password, notification tokens and terms acceptance (Traccar 6)
    const me = await json<User>(await call(ro, 'GET', `/api/users/${roId}`));
    expect((await call(ro, 'PUT', `/api/users/${roId}`, { ...me, name: 'RO 2' })).status).toBe(400);
    expect((await call(ro, 'PUT', `/api/users/${roId}`, { ...me, password: 'pw-r' })).status).toBe(200);
    expect((await call(ro, 'PUT', `/api/users/${roId}`, { ...me, readonly: false })).status).toBe(400);
  });

  it('managers create up to userLimit users, cannot grant admin-only fields, list device users and delete', async () => {
    const bad = await call(manager, 'POST', '/api/users', { name: 'X', email: 'x@example.com', password: 'pw', administrator: true });
    expect(bad.status).toBe(400);
    expect((await call(manager, 'POST', '/api/users', { name: 'X', email: 'x@example.com', password: 'pw', userLimit: 5 })).status).toBe(400);
    const created = await json<User>(await call(manager, 'POST', '/api/users', { name: 'Sub', email: 'sub@example.com', password: 'pw' }));
    expect((await call(manager, 'POST', '/api/users', { name: 'Sub2', email: 'sub2@example.com', password: 'pw' })).status).toBe(400);
    const mine = await json<User[]>(await call(manager, 'GET', '/api/users'));
    expect(mine.map((u) => u.id)).toEqual([created.id]);
    const dev = await json<Device[]>(await call(manager, 'GET', '/api/devices'));
    expect((await call(manager, 'POST', '/api/permissions', { userId: created.id, deviceId: dev[0]!.id })).status).toBe(204);
    const onDevice = await json<User[]>(await call(manager, 'GET', `/api/users?deviceId=${dev[0]!.id}`));
    expect(onDevice.map((u) => u.id)).toEqual([created.id]);
    expect((await call(plain, 'GET', `/api/users?deviceId=5`)).status).toBe(400);
    expect((await call(manager, 'PUT', `/api/users/${created.id}`, { ...created, disabled: true })).status).toBe(200);
    expect((await call(manager, 'PUT', `/api/users/${created.id}`, { ...created, deviceLimit: 50 })).status).toBe(400);
    expect((await call(manager, 'DELETE', `/api/users/${plainId}`)).status).toBe(400);
    expect((await call(manager, 'DELETE', `/api/users/${created.id}`)).status).toBe(204);
    expect((await call(admin, 'GET', `/api/users/${created.id}`)).status).toBe(404);
  });
});
