import { request as httpRequest } from 'node:http';
import { existsSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '../../contract/models.ts';
import { ADMIN_PASSWORD, type TestServer, basic, createUser, json, login, start, linkedUser } from './helpers.ts';

let server: TestServer;
let url: string;
let device: Device;
let other: Device;
let userCookie: string;
const admin = { Authorization: basic('admin', ADMIN_PASSWORD) };

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

/** A raw request, so that the path reaches the server exactly as written (no URL normalisation). */
function raw(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

function upload(id: number, type: string, body: Buffer, headers: Record<string, string> = admin): Promise<Response> {
  return fetch(`${url}/api/devices/${id}/image`, { method: 'POST', headers: { ...headers, 'Content-Type': type }, body: new Uint8Array(body) });
}

beforeAll(async () => {
  server = await start();
  url = server.url;
  const devices = await json<Device[]>(await fetch(`${url}/api/devices`, { headers: admin }));
  device = devices.find((d) => d.uniqueId === 'demo-001')!;
  other = devices.find((d) => d.uniqueId === 'demo-002')!;
  ({ cookie: userCookie } = await linkedUser(url, admin, { name: 'Viewer', email: 'viewer@example.com', password: 'viewer-pass' }, device.id));
  // A secret next to the media folder that no request may ever read.
  writeFileSync(join(server.dataDir, 'secret.png'), PNG);
});
afterAll(() => server.close());

describe('device image', () => {
  it('stores a PNG under media/{uniqueId}/device.png and serves it to users who see the device', async () => {
    const response = await upload(device.id, 'image/png', PNG);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('device.png');
    expect(existsSync(join(server.dataDir, 'media', 'demo-001', 'device.png'))).toBe(true);

    const served = await fetch(`${url}/api/media/demo-001/device.png`, { headers: { Cookie: userCookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('replaces the previous picture when the type changes', async () => {
    expect(await (await upload(device.id, 'image/jpeg', JPEG)).text()).toBe('device.jpg');
    expect(readdirSync(join(server.dataDir, 'media', 'demo-001')).sort()).toEqual(['device.jpg']);
    const served = await fetch(`${url}/api/media/demo-001/device.jpg`, { headers: admin });
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses SVG, other types, mismatched content, empty and oversized bodies', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [type, body] of [
      ['image/svg+xml', svg],
      ['text/html', svg],
      ['application/json', Buffer.from('{}')],
      ['application/octet-stream', PNG],
      ['image/png', JPEG],
      ['image/gif', PNG],
      ['image/webp', PNG],
      ['image/png', Buffer.alloc(0)],
    ] as const) {
      const response = await upload(device.id, type, body);
      expect(response.status, type).toBe(400);
      expect((await response.text()).length).toBeGreaterThan(0);
    }
    const big = Buffer.concat([PNG, Buffer.alloc(600_000)]);
    const tooBig = await upload(device.id, 'image/png', big);
    expect([400, 413]).toContain(tooBig.status);
    expect(await tooBig.text()).toMatch(/large|limit/i);
    expect(readdirSync(join(server.dataDir, 'media', 'demo-001')).sort()).toEqual(['device.jpg']);
  });

  it('checks access for uploads and downloads', async () => {
    expect((await upload(other.id, 'image/png', PNG, { Cookie: userCookie })).status).toBe(404);
    expect((await upload(device.id, 'image/png', PNG, {})).status).toBe(401);
    expect((await upload(Number.MAX_SAFE_INTEGER, 'image/png', PNG)).status).toBe(400);
    expect((await upload(other.id, 'image/png', PNG)).status).toBe(200);
    expect((await fetch(`${url}/api/media/demo-002/device.png`, { headers: { Cookie: userCookie } })).status).toBe(404);
    expect((await fetch(`${url}/api/media/demo-001/device.jpg`)).status).toBe(401);
    expect((await fetch(`${url}/api/media/no-such-device/device.png`, { headers: admin })).status).toBe(404);
    expect((await fetch(`${url}/api/media/demo-001/missing.png`, { headers: admin })).status).toBe(404);
  });

  it('never serves anything outside the media folder', async () => {
    mkdirSync(join(server.dataDir, 'media', 'demo-001'), { recursive: true });
    const tricks = [
      '/api/media/demo-001/../../secret.png',
      '/api/media/demo-001/..%2F..%2Fsecret.png',
      '/api/media/demo-001/..%2f..%2fathar.db',
      '/api/media/..%2F/secret.png',
      '/api/media/..%5C/secret.png',
      '/api/media/demo-001/..%5C..%5Csecret.png',
      '/api/media/demo-001/%2e%2e%2f%2e%2e%2fsecret.png',
      '/api/media/%2e%2e/secret.png',
      '/api/media/demo-001/%2Fetc%2Fpasswd',
      '/api/media/demo-001/device.jpg%00.png',
      '/api/media/demo-001/..\\..\\secret.png',
      '/api/media/demo-001/.device.png',
      '/api/media/%2Ftmp/secret.png',
      '/api/media/demo-001/device.svg',
      '/api/media/demo-001/device.html',
    ];
    for (const path of tricks) {
      const response = await raw(path, admin);
      expect([400, 404], path).toContain(response.status);
      expect(response.body.startsWith('\u0089PNG'), path).toBe(false);
    }
  });

  it('refuses to write for a device whose uniqueId is a path trick', async () => {
    const db = new Database(join(server.dataDir, 'athar.db'));
    const id = Number(db.prepare("INSERT INTO devices (name, uniqueId) VALUES ('Evil', '../escape')").run().lastInsertRowid);
    db.close();
    const response = await upload(id, 'image/png', PNG);
    expect(response.status).toBe(400);
    expect(existsSync(join(server.dataDir, 'escape'))).toBe(false);
    expect(existsSync(join(server.dataDir, 'media', 'escape'))).toBe(false);
  });
});
