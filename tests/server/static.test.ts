import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, start, tempDir } from './helpers.ts';

let server: TestServer;
const INDEX = '<!doctype html><html><head><title>Athar</title></head><body><div id="root"></div></body></html>';
const BIG = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `'row ${i}'`).join(',')}];`;

beforeAll(async () => {
  const clientDir = tempDir('athar-client-');
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), INDEX);
  writeFileSync(join(clientDir, 'assets', 'x.js'), 'console.log(1);');
  // a build's precompressed copies (vite-plugin-compression2 writes them beside each asset)
  writeFileSync(join(clientDir, 'assets', 'big.js'), BIG);
  writeFileSync(join(clientDir, 'assets', 'big.js.br'), brotliCompressSync(BIG));
  writeFileSync(join(clientDir, 'assets', 'big.js.gz'), gzipSync(BIG));
  writeFileSync(join(clientDir, 'index.html.br'), brotliCompressSync(INDEX));
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

  it('sends the build\'s brotli or gzip copy to a browser that takes it, the plain file to one that does not', async () => {
    const raw = (path: string, encoding: string | null) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        const request = httpRequest(`${server.url}${path}`, { headers: encoding ? { 'Accept-Encoding': encoding } : {} }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        });
        request.on('error', reject);
        request.end();
      });
    const br = await raw('/assets/big.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG);
    expect(br.body.length).toBeLessThan(BIG.length / 3);
    const gz = await raw('/assets/big.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BIG);
    const plain = await raw('/assets/big.js', null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG);
    // the page itself, and a client route's fallback to it, keep their headers
    for (const path of ['/', '/settings/devices']) {
      const page = await raw(path, 'br');
      expect(page.status, path).toBe(200);
      expect(page.headers['content-encoding'], path).toBe('br');
      expect(brotliDecompressSync(page.body).toString(), path).toBe(INDEX);
      expect(page.headers['content-security-policy'], path).toContain("default-src 'self'");
      expect(page.headers['cache-control'], path).toBe('no-cache');
    }
  });
});
