import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server, User } from '../../contract/models.ts';
import { ADMIN_PASSWORD, type TestServer, basic, createUser, form, json, login, start } from './helpers.ts';

const JSON_HEADERS = { 'Content-Type': 'application/json' };

describe('registration on a fresh (non-demo) server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await start({ demo: false });
  });
  afterAll(() => server.close());

  it('makes the first user an administrator and then closes registration', async () => {
    const before = await json<Server>(await fetch(`${server.url}/api/server`));
    expect(before.newServer).toBe(true);
    expect(before.version).toBeTruthy();

    const first = await fetch(`${server.url}/api/users`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ name: 'First', email: 'first@example.com', password: 'first-pass' }),
    });
    const firstUser = await json<User>(first);
    expect(firstUser.administrator).toBe(true);
    expect(firstUser.password).toBeNull();

    const after = await json<Server>(await fetch(`${server.url}/api/server`));
    expect(after.newServer).toBe(false);
    expect(after.storageSpace).toBeNull();

    const second = await fetch(`${server.url}/api/users`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ name: 'Second', email: 'second@example.com', password: 'second-pass' }),
    });
    expect(second.status).toBe(400);
    expect(await second.text()).toMatch(/registration/i);

    // The admin opens registration; anonymous users may register, but not as administrators.
    const adminAuth = { Authorization: basic('first@example.com', 'first-pass') };
    const adminView = await json<Server>(await fetch(`${server.url}/api/server`, { headers: adminAuth }));
    expect(adminView.newServer).toBe(false);
    expect(Array.isArray(adminView.storageSpace)).toBe(true);
    const put = await fetch(`${server.url}/api/server`, {
      method: 'PUT',
      headers: { ...adminAuth, ...JSON_HEADERS },
      body: JSON.stringify({ ...adminView, registration: true }),
    });
    expect((await json<Server>(put)).registration).toBe(true);

    const sneaky = await fetch(`${server.url}/api/users`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ name: 'Sneaky', email: 'sneaky@example.com', password: 'x-pass', administrator: true }),
    });
    expect(sneaky.status).toBe(400);

    const registered = await fetch(`${server.url}/api/users`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ name: 'Second', email: 'second@example.com', password: 'second-pass' }),
    });
    expect((await json<User>(registered)).administrator).toBe(false);

    const duplicate = await fetch(`${server.url}/api/users`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ name: 'Again', email: 'SECOND@example.com', password: 'x-pass' }),
    });
    expect(duplicate.status).toBe(400);

    const noPassword = await fetch(`${server.url}/api/users`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ name: 'NoPass', email: 'nopass@example.com' }),
    });
    expect(noPassword.status).toBe(400);
  });
});

describe('users and server settings', () => {
  let server: TestServer;
  let url: string;
  let userId: number;
  let userCookie: string;
  const admin = { Authorization: basic('admin', ADMIN_PASSWORD) };

  beforeAll(async () => {
    server = await start();
    url = server.url;
    userId = await createUser(url, { name: 'Plain', email: 'plain@example.com', password: 'plain-pass' });
    userCookie = await login(url, 'plain@example.com', 'plain-pass');
  });
  afterAll(() => server.close());

  async function putUser(headers: Record<string, string>, id: number, body: Record<string, unknown>): Promise<Response> {
    return fetch(`${url}/api/users/${id}`, { method: 'PUT', headers: { ...headers, ...JSON_HEADERS }, body: JSON.stringify(body) });
  }

  it('lets a user edit their own profile but not privileged fields', async () => {
    const me = await json<User>(await fetch(`${url}/api/users/${userId}`, { headers: { Cookie: userCookie } }));
    const renamed = await json<User>(await putUser({ Cookie: userCookie }, userId, { ...me, name: 'Renamed', zoom: 7 }));
    expect(renamed.name).toBe('Renamed');
    expect(renamed.zoom).toBe(7);

    for (const change of [{ administrator: true }, { readonly: true }, { userLimit: 5 }, { deviceLimit: 3 }, { disabled: true }]) {
      const response = await putUser({ Cookie: userCookie }, userId, { ...me, ...change });
      expect(response.status, JSON.stringify(change)).toBe(400);
    }
    const stored = await json<User>(await fetch(`${url}/api/users/${userId}`, { headers: admin }));
    expect(stored.administrator).toBe(false);
    expect(stored.readonly).toBe(false);
  });

  it('requires the body id to match and hides other users', async () => {
    const mismatch = await putUser({ Cookie: userCookie }, userId, { id: userId + 1, name: 'X', email: 'plain@example.com' });
    expect(mismatch.status).toBe(400);
    const other = await fetch(`${url}/api/users/1`, { headers: { Cookie: userCookie } });
    expect(other.status).toBe(400);
    const list = await json<User[]>(await fetch(`${url}/api/users`, { headers: { Cookie: userCookie } }));
    expect(list).toEqual([]);
    const all = await json<User[]>(await fetch(`${url}/api/users`, { headers: admin }));
    expect(all.map((u) => u.email)).toContain('plain@example.com');
  });

  it('keeps the password when none is sent and changes it when one is', async () => {
    const me = await json<User>(await fetch(`${url}/api/users/${userId}`, { headers: admin }));
    expect((await putUser(admin, userId, { ...me, password: null })).status).toBe(200);
    await login(url, 'plain@example.com', 'plain-pass');
    expect((await putUser(admin, userId, { ...me, password: 'new-pass' })).status).toBe(200);
    await login(url, 'plain@example.com', 'new-pass');
    const old = await fetch(`${url}/api/session`, { method: 'POST', body: form({ email: 'plain@example.com', password: 'plain-pass' }) });
    expect(old.status).toBe(401);
  });

  it('lets an admin change privileged fields', async () => {
    const me = await json<User>(await fetch(`${url}/api/users/${userId}`, { headers: admin }));
    const updated = await json<User>(await putUser(admin, userId, { ...me, deviceLimit: 10, readonly: true }));
    expect(updated.deviceLimit).toBe(10);
    expect(updated.readonly).toBe(true);
  });

  it('allows PUT /api/server only to administrators', async () => {
    const server = await json<Server>(await fetch(`${url}/api/server`));
    const anonymous = await fetch(`${url}/api/server`, { method: 'PUT', headers: JSON_HEADERS, body: JSON.stringify(server) });
    expect(anonymous.status).toBe(401);
    const nonAdmin = await fetch(`${url}/api/server`, {
      method: 'PUT',
      headers: { Cookie: userCookie, ...JSON_HEADERS },
      body: JSON.stringify(server),
    });
    expect(nonAdmin.status).toBe(400);
    const byAdmin = await fetch(`${url}/api/server`, {
      method: 'PUT',
      headers: { ...admin, ...JSON_HEADERS },
      body: JSON.stringify({ ...server, mapUrl: 'https://tiles.example/{z}/{x}/{y}.png', attributes: { totpEnable: true } }),
    });
    expect((await json<Server>(byAdmin)).mapUrl).toContain('tiles.example');
  });

  it('issues TOTP secrets only when enabled', async () => {
    const enabled = await fetch(`${url}/api/users/totp`, { method: 'POST' });
    expect(enabled.status).toBe(200);
    expect(await enabled.text()).toMatch(/^[A-Z2-7]{16,}$/);
    const server = await json<Server>(await fetch(`${url}/api/server`));
    await fetch(`${url}/api/server`, {
      method: 'PUT',
      headers: { ...admin, ...JSON_HEADERS },
      body: JSON.stringify({ ...server, attributes: {} }),
    });
    expect((await fetch(`${url}/api/users/totp`, { method: 'POST' })).status).toBe(400);
  });

  it('requires a TOTP key at registration when totpForce is set', async () => {
    const server = await json<Server>(await fetch(`${url}/api/server`));
    await json<Server>(
      await fetch(`${url}/api/server`, {
        method: 'PUT',
        headers: { ...admin, ...JSON_HEADERS },
        body: JSON.stringify({ ...server, registration: true, attributes: { totpEnable: true, totpForce: true } }),
      }),
    );
    const user = { name: 'Forced', email: 'forced@example.com', password: 'forced-pass' };
    const without = await fetch(`${url}/api/users`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(user) });
    expect(without.status).toBe(400);
    const totpKey = await (await fetch(`${url}/api/users/totp`, { method: 'POST' })).text();
    const withKey = await fetch(`${url}/api/users`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ ...user, totpKey }) });
    expect((await json<User>(withKey)).totpKey).toBe(totpKey);
  });

  it('lets a manager create users that they then manage', async () => {
    const managerId = await createUser(url, { name: 'Manager', email: 'manager@example.com', password: 'manager-pass', userLimit: 2 });
    const manager = { Authorization: basic('manager@example.com', 'manager-pass') };
    const created = await json<User>(
      await fetch(`${url}/api/users`, {
        method: 'POST',
        headers: { ...manager, ...JSON_HEADERS },
        body: JSON.stringify({ name: 'Managed', email: 'managed@example.com', password: 'managed-pass' }),
      }),
    );
    const managed = await json<User[]>(await fetch(`${url}/api/users`, { headers: manager }));
    expect(managed.map((u) => u.id)).toEqual([created.id]);
    // A manager may restrict a managed user, but not raise their own limits.
    const restricted = await putUser(manager, created.id, { ...created, readonly: true });
    expect((await json<User>(restricted)).readonly).toBe(true);
    const self = await json<User>(await fetch(`${url}/api/users/${managerId}`, { headers: manager }));
    expect((await putUser(manager, managerId, { ...self, userLimit: 100 })).status).toBe(400);
  });
});
