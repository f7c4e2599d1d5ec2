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

  it('accepts a polygon of 100,000 vertices (a body over the 1 MB of other writes)', async () => {
    const n = 100_000;
    const points: string[] = [];
    for (let i = 0; i < n; i += 1) {
      const angle = (2 * Math.PI * i) / n;
      points.push(`${(24.7136 + 0.05 * Math.sin(angle)).toFixed(7)} ${(46.6753 + 0.05 * Math.cos(angle)).toFixed(7)}`);
    }
    const area = `POLYGON ((${points.join(', ')}))`;
    expect(area.length).toBeGreaterThan(1024 * 1024);
    const response = await post({ name: 'Large', area });
    expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
    const saved = (await response.json()) as { area: string };
    expect(saved.area).toBe(area);
  });
});
