import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type TestServer, basic, createUser, form, start } from './helpers.ts';

let server: TestServer;
let clock = Date.parse('2024-01-01T00:00:00Z');

beforeAll(async () => {
  server = await start({ loginRateLimit: { maxPerAccount: 3, maxPerAddress: 6, windowMs: 60_000, now: () => clock } });
});
afterAll(() => server.close());

const attempt = (email: string, password: string): Promise<Response> =>
  fetch(`${server.url}/api/session`, { method: 'POST', body: form({ email, password }) });

interface Answer {
  status: number;
  retryAfter: number;
}

/** A request from another loopback address (127.0.0.2): another client, as the server sees it. */
function from(localAddress: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { method, headers, localAddress }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: Number(res.headers['retry-after'] ?? 0) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const basicAt = (address: string, email: string, password: string): Promise<Answer> =>
  from(address, 'GET', '/api/session', { Authorization: basic(email, password) });
const formAt = (address: string, email: string, password: string): Promise<Answer> =>
  from(address, 'POST', '/api/session', { 'Content-Type': 'application/x-www-form-urlencoded' }, form({ email, password }).toString());

describe('login rate limiting', () => {
  it('limits failures per email with 429 and Retry-After, then lets the window pass', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('admin', 'wrong')).status).toBe(401);
    const limited = await attempt('admin', ADMIN_PASSWORD);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await limited.text()).toMatch(/too many/i);
    clock += 61_000;
    expect((await attempt('admin', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('a successful login resets the email counter', async () => {
    clock += 61_000;
    for (let i = 0; i < 2; i++) expect((await attempt('ADMIN', 'wrong')).status).toBe(401);
    expect((await attempt('admin', ADMIN_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await attempt('admin', 'wrong')).status).toBe(401);
    expect((await attempt('admin', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('limits failures per client address across emails', async () => {
    clock += 61_000;
    for (let i = 0; i < 6; i++) expect((await attempt(`nobody${i}@example.com`, 'x')).status).toBe(401);
    const limited = await attempt('someone-else@example.com', 'x');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });

  it('HTTP Basic goes through the same limiter as the form', async () => {
    clock += 61_000;
    await createUser(server.url, { name: 'Basic', email: 'basic@example.com', password: 'basic-pass' });
    for (let i = 0; i < 3; i++) expect((await basicAt('127.0.0.1', 'basic@example.com', 'wrong')).status).toBe(401);
    expect((await basicAt('127.0.0.1', 'basic@example.com', 'wrong')).status).toBe(429);
    expect((await basicAt('127.0.0.1', 'basic@example.com', 'basic-pass')).status).toBe(429);
    expect((await formAt('127.0.0.1', 'basic@example.com', 'basic-pass')).status).toBe(429);
  });

  it('locks an account at one address only: its owner elsewhere still signs in', async () => {
    clock += 61_000;
    for (let i = 0; i < 3; i++) expect((await formAt('127.0.0.2', 'admin', 'wrong')).status).toBe(401);
    expect((await formAt('127.0.0.2', 'admin', ADMIN_PASSWORD)).status).toBe(429);
    expect((await formAt('127.0.0.1', 'admin', ADMIN_PASSWORD)).status).toBe(200);
    expect((await basicAt('127.0.0.1', 'admin', ADMIN_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await basicAt('127.0.0.2', 'basic@example.com', 'wrong')).status).toBe(401);
    expect((await basicAt('127.0.0.1', 'basic@example.com', 'basic-pass')).status).toBe(200);
  });

  it('backs off: each failure after a lockout lengthens the next one', async () => {
    clock += 61_000;
    for (let i = 0; i < 3; i++) expect((await formAt('127.0.0.2', 'basic@example.com', 'wrong')).status).toBe(401);
    const first = await formAt('127.0.0.2', 'basic@example.com', 'wrong');
    expect(first.status).toBe(429);
    clock += first.retryAfter * 1000;
    expect((await formAt('127.0.0.2', 'basic@example.com', 'wrong')).status).toBe(401);
    const second = await formAt('127.0.0.2', 'basic@example.com', 'wrong');
    expect(second.status).toBe(429);
    expect(second.retryAfter).toBeGreaterThan(first.retryAfter);
  });
});
