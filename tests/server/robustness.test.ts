import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type TestServer, login, start } from './helpers.ts';

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await start();
  cookie = await login(server.url, 'admin', ADMIN_PASSWORD);
});
afterAll(() => server.close());

interface Case {
  name: string;
  method: string;
  path: string;
  type?: string;
  body?: string;
  auth?: boolean;
  expected: number[];
}

const cases: Case[] = [
  { name: 'malformed JSON user', method: 'POST', path: '/api/users', type: 'application/json', body: '{"email": ', expected: [400] },
  { name: 'JSON array as user', method: 'POST', path: '/api/users', type: 'application/json', body: '[1,2]', expected: [400] },
  { name: 'JSON null as user', method: 'POST', path: '/api/users', type: 'application/json', body: 'null', expected: [400] },
  { name: 'empty JSON body', method: 'POST', path: '/api/users', type: 'application/json', body: '', expected: [400] },
  { name: 'wrong types', method: 'POST', path: '/api/users', type: 'application/json', body: '{"email": 5, "password": []}', expected: [400] },
  { name: 'bad attributes', method: 'POST', path: '/api/users', type: 'application/json', body: '{"email":"a@b","password":"x","attributes":{"x":{"y":1}}}', expected: [400] },
  { name: 'wrong type on PUT', method: 'PUT', path: '/api/users/1', type: 'application/json', body: '{"id":1,"email":"admin","zoom":"far"}', auth: true, expected: [400] },
  { name: 'id as string on PUT', method: 'PUT', path: '/api/users/1', type: 'application/json', body: '{"id":"1"}', auth: true, expected: [400] },
  { name: 'non-numeric path id', method: 'GET', path: '/api/users/abc', auth: true, expected: [400] },
  { name: 'huge path id', method: 'GET', path: '/api/devices/99999999999999999999999', auth: true, expected: [400] },
  { name: 'server PUT wrong type', method: 'PUT', path: '/api/server', type: 'application/json', body: '{"registration":"yes"}', auth: true, expected: [400] },
  { name: 'login without fields', method: 'POST', path: '/api/session', type: 'application/x-www-form-urlencoded', body: '', expected: [400, 401] },
  { name: 'login with JSON garbage', method: 'POST', path: '/api/session', type: 'application/json', body: '{{{', expected: [400] },
  { name: 'token with bad expiration', method: 'POST', path: '/api/session/token', type: 'application/x-www-form-urlencoded', body: 'expiration=tomorrow', auth: true, expected: [400] },
  { name: 'revoke garbage token', method: 'POST', path: '/api/session/token/revoke', type: 'application/x-www-form-urlencoded', body: 'token=%%%', auth: true, expected: [400] },
  { name: 'permission with bad keys', method: 'POST', path: '/api/permissions', type: 'application/json', body: '{"foo":1,"bar":2}', auth: true, expected: [400] },
  { name: 'bulk permission not an array', method: 'POST', path: '/api/permissions/bulk', type: 'application/json', body: '{"userId":1}', auth: true, expected: [400] },
  { name: 'positions bad deviceId', method: 'GET', path: '/api/positions?deviceId=x', auth: true, expected: [400] },
  { name: 'positions bad dates', method: 'GET', path: '/api/positions?deviceId=1&from=a&to=b', auth: true, expected: [400] },
  { name: 'devices bad limit', method: 'GET', path: '/api/devices?limit=ten', auth: true, expected: [400] },
  { name: 'password update without token', method: 'POST', path: '/api/password/update', type: 'application/x-www-form-urlencoded', body: 'password=x', expected: [404] },
  { name: 'unsupported media type', method: 'POST', path: '/api/users', type: 'application/xml', body: '<user/>', expected: [400, 415] },
];

describe('bad input never gives 500', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const headers: Record<string, string> = {};
      if (c.type) headers['Content-Type'] = c.type;
      if (c.auth) headers.Cookie = cookie;
      const response = await fetch(`${server.url}${c.path}`, { method: c.method, headers, ...(c.body !== undefined ? { body: c.body } : {}) });
      expect(c.expected).toContain(response.status);
      expect(response.headers.get('content-type') ?? 'text/plain').toMatch(/text\/plain/);
      expect((await response.text()).length).toBeGreaterThan(0);
    });
  }

  it('refuses bodies over 1 MB', async () => {
    const big = JSON.stringify({ email: 'big@example.com', password: 'x', name: 'x'.repeat(1_100_000) });
    const response = await fetch(`${server.url}/api/users`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: big });
    expect([400, 413]).toContain(response.status);
    const bigForm = 'email=a&password=' + 'x'.repeat(1_100_000);
    const formResponse = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: bigForm,
    });
    expect([400, 413]).toContain(formResponse.status);
  });

  it('still works afterwards', async () => {
    expect((await fetch(`${server.url}/api/session`, { headers: { Cookie: cookie } })).status).toBe(200);
  });
});
