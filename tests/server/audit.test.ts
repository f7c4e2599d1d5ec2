import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Action } from '../../contract/models.ts';
import { ADMIN_PASSWORD, type TestServer, createUser, json, login, start } from './helpers.ts';

let server: TestServer;
let url: string;
let cookie: string;

beforeAll(async () => {
  server = await start();
  url = server.url;
  cookie = await login(url, 'admin', ADMIN_PASSWORD);
});
afterAll(() => server.close());

describe('audit', () => {
  it('records create, edit, link, unlink, remove, login and logout with the user email', async () => {
    const from = new Date(Date.now() - 60_000).toISOString();
    const h = { Cookie: cookie, 'Content-Type': 'application/json' };
    const g = await json<{ id: number }>(await fetch(`${url}/api/groups`, { method: 'POST', headers: h, body: JSON.stringify({ name: 'A' }) }));
    await fetch(`${url}/api/groups/${g.id}`, { method: 'PUT', headers: h, body: JSON.stringify({ id: g.id, name: 'B' }) });
    await fetch(`${url}/api/permissions`, { method: 'POST', headers: h, body: JSON.stringify({ userId: 1, groupId: g.id }) });
    await fetch(`${url}/api/permissions`, { method: 'DELETE', headers: h, body: JSON.stringify({ userId: 1, groupId: g.id }) });
    await fetch(`${url}/api/groups/${g.id}`, { method: 'DELETE', headers: { Cookie: cookie } });
    const other = await login(url, 'admin', ADMIN_PASSWORD);
    await fetch(`${url}/api/session`, { method: 'DELETE', headers: { Cookie: other } });
    const to = new Date(Date.now() + 60_000).toISOString();
    const actions = await json<Action[]>(await fetch(`${url}/api/audit?from=${from}&to=${to}`, { headers: { Cookie: cookie } }));
    const kinds = actions.map((a) => `${a.actionType}:${a.objectType}`);
    for (const k of ['create:group', 'edit:group', 'link:user', 'unlink:user', 'remove:group', 'login:user', 'logout:user']) expect(kinds).toContain(k);
    const create = actions.find((a) => a.actionType === 'create')!;
    expect(create).toMatchObject({ objectId: g.id, userId: 1, userEmail: 'admin' });
    expect(create.address).toBeTruthy();
    expect(create.actionTime).toMatch(/\+00:00$/);
  });

  it('requires an administrator and zoned from/to', async () => {
    const range = 'from=2020-01-01T00:00:00Z&to=2030-01-01T00:00:00Z';
    expect((await fetch(`${url}/api/audit?${range}`)).status).toBe(401);
    expect((await fetch(`${url}/api/audit?from=2020-01-01T00:00:00&to=2030-01-01T00:00:00Z`, { headers: { Cookie: cookie } })).status).toBe(400);
    expect((await fetch(`${url}/api/audit?from=2020-01-01T00:00:00Z`, { headers: { Cookie: cookie } })).status).toBe(400);
    await createUser(url, { name: 'U', email: 'u@example.com', password: 'pw-u' });
    const user = await login(url, 'u@example.com', 'pw-u');
    expect((await fetch(`${url}/api/audit?${range}`, { headers: { Cookie: user } })).status).toBe(400);
  });
});
