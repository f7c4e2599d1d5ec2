import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, start, tempDir } from './helpers.ts';

let server: TestServer;
const INDEX = '<!doctype html><html><head><title>Athar</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  const clientDir = tempDir('athar-client-');
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), INDEX);
  writeFileSync(join(clientDir, 'assets', 'x.js'), 'console.log(1);');
  writeFileSync(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await start({ clientDir });
});
afterAll(() => server.close());

function expectSecurityHeaders(response: Response): void {
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(csp).toContain("worker-src 'self' blob:");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  const permissions = response.headers.get('permissions-policy') ?? '';
  expect(permissions).toContain('camera=()');
  expect(permissions).toContain('microphone=()');
  expect(permissions).toContain('geolocation=(self)');
}

describe('static client', () => {
  it('serves index.html at / without caching and with security headers', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(response);
  });

  it('falls back to index.html for client routes', async () => {
    for (const path of ['/login', '/settings/preferences', '/reset-password?passwordReset=abc']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toBe(INDEX);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expectSecurityHeaders(response);
    }
  });

  it('caches hashed assets forever and 404s missing files', async () => {
    const asset = await fetch(`${server.url}/assets/x.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    const favicon = await fetch(`${server.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('cache-control')).not.toContain('immutable');
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/nothing.png`)).status).toBe(404);
  });

  it('does not fall back for /api routes', async () => {
    const response = await fetch(`${server.url}/api/unknown`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<html');
  });

  it('serves announcements.json from the data folder with no-cache', async () => {
    const response = await fetch(`${server.url}/announcements.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const body = (await response.json()) as { announcements: unknown[]; settings: { showOncePerSession: boolean } };
    expect(body.announcements).toEqual([]);
    expect(body.settings.showOncePerSession).toBe(true);
    writeFileSync(join(server.dataDir, 'announcements.json'), JSON.stringify({ announcements: [{ id: 'a' }], settings: {}, lastUpdated: 'x' }));
    const updated = (await (await fetch(`${server.url}/announcements.json`)).json()) as { announcements: unknown[] };
    expect(updated.announcements).toHaveLength(1);
  });
});
