import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type TestServer, login, start } from './helpers.ts';

let server: TestServer;
const headers: Record<string, string> = { 'Content-Type': 'application/json' };

beforeAll(async () => {
  server = await start();
  headers.Cookie = await login(server.url, 'admin', ADMIN_PASSWORD);
});
afterAll(() => server.close());

const post = (body: unknown): Promise<Response> => fetch(`${server.url}/api/geofences`, { method: 'POST', headers, body: JSON.stringify(body) });

describe('POST /api/geofences checks the area', () => {
  it.each([
    ['a self-intersecting polygon', 'POLYGON ((24.7 46.6, 24.8 46.7, 24.7 46.7, 24.8 46.6))', /cross itself/],
    ['a circle over 1,000 km', 'CIRCLE (24.7 46.6, 1500000)', /radius/],
    ['a zero radius', 'CIRCLE (24.7 46.6, 0)', /radius/],
    ['a polygon of two distinct points', 'POLYGON ((24.7 46.6, 24.8 46.7, 24.7 46.6))', /at least 3/],
    ['a latitude out of range', 'LINESTRING (124.7 46.6, 24.8 46.7)', /Latitude/],
  ])('refuses %s with 400 and a message', async (_what, area, message) => {
    const response = await post({ name: 'Bad', area });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toMatch(/Invalid area/);
    expect(text).toMatch(message);
  });

  it('accepts a valid closed polygon', async () => {
    const response = await post({ name: 'Good', area: 'POLYGON ((24.7 46.6, 24.8 46.6, 24.8 46.7, 24.7 46.6))' });
    expect(response.status).toBe(200);
  });
});
