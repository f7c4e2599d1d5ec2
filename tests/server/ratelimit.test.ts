import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type TestServer, form, start } from './helpers.ts';

let server: TestServer;
let clock = Date.parse('2024-01-01T00:00:00Z');

beforeAll(async () => {
  server = await start({ loginRateLimit: { maxPerEmail: 3, maxPerAddress: 6, windowMs: 60_000, now: () => clock } });
});
afterAll(() => server.close());

const attempt = (email: string, password: string): Promise<Response> =>
  fetch(`${server.url}/api/session`, { method: 'POST', body: form({ email, password }) });

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
});
