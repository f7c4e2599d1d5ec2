import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statistics } from '../../contract/models.ts';
import { countMessage } from '../../server/stats.ts';
import { ADMIN_PASSWORD, type TestServer, basic, createUser, json, start, tempDir } from './helpers.ts';

let server: TestServer;
let clock = Date.parse('2024-03-10T23:59:00Z');
const admin = { Authorization: basic('admin', ADMIN_PASSWORD) };
const range = `from=${encodeURIComponent('2024-03-01T00:00:00Z')}&to=${encodeURIComponent('2024-04-01T00:00:00Z')}`;

beforeAll(async () => {
  server = await start({ dataDir: tempDir(), statistics: { now: () => clock } });
});
afterAll(() => server.close());

describe('statistics', () => {
  it('counts requests, users and messages; splits at the UTC day boundary; persists on shutdown', async () => {
    await fetch(`${server.url}/api/server`);
    await fetch(`${server.url}/api/devices`, { headers: admin });
    countMessage(true, true, 1, 'osmand');
    countMessage(true, false);
    const today = await json<Statistics[]>(await fetch(`${server.url}/api/statistics?${range}`, { headers: admin }));
    expect(today).toHaveLength(1);
    expect(today[0]).toMatchObject({ id: 0, activeUsers: 1, activeDevices: 1, messagesReceived: 2, messagesStored: 1, protocols: { osmand: 1 } });
    expect(today[0]!.requests).toBeGreaterThanOrEqual(2);

    clock = Date.parse('2024-03-11T00:00:30Z');
    const next = await json<Statistics[]>(await fetch(`${server.url}/api/statistics?${range}`, { headers: admin }));
    expect(next).toHaveLength(2);
    expect(next[0]!.id).toBeGreaterThan(0);
    expect(next[0]!.messagesReceived).toBe(2);
    expect(next[1]!.id).toBe(0);
    expect(next[1]!.messagesReceived).toBe(0);
    expect(next.map((s) => s.captureTime)).toEqual([...next.map((s) => s.captureTime)].sort());

    const dataDir = server.dataDir;
    await server.close();
    server = await start({ dataDir, statistics: { now: () => clock } });
    const after = await json<Statistics[]>(await fetch(`${server.url}/api/statistics?${range}`, { headers: admin }));
    expect(after.filter((s) => s.id > 0)).toHaveLength(2);
  });

  it('is for administrators only and needs from/to', async () => {
    await createUser(server.url, { name: 'N', email: 'n@example.com', password: 'n-pass' });
    expect((await fetch(`${server.url}/api/statistics?${range}`, { headers: { Authorization: basic('n@example.com', 'n-pass') } })).status).toBe(400);
    expect((await fetch(`${server.url}/api/statistics?${range}`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/statistics`, { headers: admin })).status).toBe(400);
  });

  it('serves time zones and refuses geocoding honestly', async () => {
    const zones = await json<string[]>(await fetch(`${server.url}/api/server/timezones`, { headers: admin }));
    expect(zones).toContain('Asia/Riyadh');
    const geocode = await fetch(`${server.url}/api/server/geocode?latitude=24.7&longitude=46.6`, { headers: admin });
    expect(geocode.status).toBe(400);
    expect(await geocode.text()).toBe('Geocoding is disabled');
    expect((await fetch(`${server.url}/api/server/geocode?latitude=abc`, { headers: admin })).status).toBe(400);
    expect((await fetch(`${server.url}/api/server/timezones`)).status).toBe(401);
  });
});
