import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type TestServer, basic, createUser, login, start } from './helpers.ts';

let server: TestServer;
const ADMIN = basic('admin', ADMIN_PASSWORD);
let userCookie: string;

const FILE = {
  announcements: [
    { id: 'welcome', isActive: true, priority: 1, title: { en: 'Welcome', ar: 'أهلاً' }, message: { en: 'Hello' }, showToGuests: true },
  ],
  settings: { showOncePerSession: false, maxAnnouncementsPerSession: 2, autoShowDelay: 500 },
  lastUpdated: '2020-01-01T00:00:00.000Z',
};

function put(body: string, headers: Record<string, string> = { Authorization: ADMIN }): Promise<Response> {
  return fetch(`${server.url}/api/announcements`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
}

beforeAll(async () => {
  server = await start();
  await createUser(server.url, { name: 'Plain', email: 'plain@example.com', password: 'plain-pass' });
  userCookie = await login(server.url, 'plain@example.com', 'plain-pass');
});
afterAll(() => server.close());

describe('PUT /api/announcements', () => {
  it('stores the file for an administrator, and GET /announcements.json serves it', async () => {
    const before = Date.now();
    const response = await put(JSON.stringify(FILE));
    expect(response.status).toBe(200);
    const stored = (await response.json()) as typeof FILE;
    expect(stored.announcements).toEqual(FILE.announcements);
    expect(stored.settings).toEqual(FILE.settings);
    expect(Date.parse(stored.lastUpdated)).toBeGreaterThanOrEqual(before - 1000);

    const served = await fetch(`${server.url}/announcements.json`);
    expect(served.headers.get('cache-control')).toBe('no-cache');
    expect(await served.json()).toEqual(stored);
    const admin = await fetch(`${server.url}/api/announcements`, { headers: { Authorization: ADMIN } });
    expect(admin.status).toBe(200);
    expect(await admin.json()).toEqual(stored);
    // written through a temporary file that is gone afterwards
    expect(readdirSync(server.dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(JSON.parse(readFileSync(join(server.dataDir, 'announcements.json'), 'utf8'))).toEqual(stored);
  });

  it('refuses a signed-in user who is not an administrator (403) and nobody signed in (401)', async () => {
    expect((await put(JSON.stringify(FILE), { Cookie: userCookie })).status).toBe(403);
    expect((await put(JSON.stringify(FILE), {})).status).toBe(401);
    expect((await fetch(`${server.url}/api/announcements`, { headers: { Cookie: userCookie } })).status).toBe(403);
    expect((await fetch(`${server.url}/api/announcements`)).status).toBe(401);
  });

  it('refuses a body without an announcements array with the spec text, and keeps the file', async () => {
    const kept = await (await fetch(`${server.url}/announcements.json`)).text();
    for (const body of ['{}', '[]', '{"announcements":{}}', '{"announcements":[1]}', '{"announcements":[],"settings":3}', '"x"', 'null']) {
      const response = await put(body);
      expect(response.status, body).toBe(400);
      expect(await response.text(), body).toBe('Invalid announcements file format');
    }
    expect(await (await fetch(`${server.url}/announcements.json`)).text()).toBe(kept);
  });

  it('answers malformed, empty, foreign and oversized bodies with a 4xx, never a 5xx', async () => {
    for (const body of ['{', '{"announcements":[}', 'not json', '']) {
      const response = await put(body);
      expect(response.status, body).toBe(400);
    }
    const text = await fetch(`${server.url}/api/announcements`, {
      method: 'PUT',
      headers: { Authorization: ADMIN, 'Content-Type': 'text/plain' },
      body: JSON.stringify(FILE),
    });
    expect(text.status).toBeGreaterThanOrEqual(400);
    expect(text.status).toBeLessThan(500);
    const big = JSON.stringify({ announcements: [{ id: 'x', message: { en: 'x'.repeat(2_200_000) } }] });
    const oversized = await put(big);
    expect([400, 413]).toContain(oversized.status);
    // 1.5 MB is under the file's limit (other writes keep 1 MB)
    const large = JSON.stringify({ announcements: [{ id: 'x', message: { en: 'x'.repeat(1_500_000) } }] });
    expect((await put(large)).status).toBe(200);
  });
});
