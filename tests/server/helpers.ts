import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createServer, type RunningServer, type ServerOptions } from '../../server/app.ts';

export const ADMIN_PASSWORD = 'test-pass';

export function tempDir(prefix = 'athar-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface TestServer extends RunningServer {
  dataDir: string;
}

export async function start(options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? tempDir();
  const server = await createServer({ port: 0, demo: true, adminPassword: ADMIN_PASSWORD, ...options, dataDir });
  return Object.assign(server, { dataDir });
}

export function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

export function basic(email: string, password: string): string {
  return 'Basic ' + Buffer.from(`${email}:${password}`).toString('base64');
}

/** The `JSESSIONID=...` pair from a response, or null. */
export function sessionCookie(response: Response): string | null {
  const header = response.headers.getSetCookie().find((c) => c.startsWith('JSESSIONID='));
  return header ? header.split(';')[0]! : null;
}

export async function login(url: string, email: string, password: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${url}/api/session`, { method: 'POST', body: form({ email, password }), headers });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const cookie = sessionCookie(response);
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

export async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Creates a user as the demo admin (Basic auth) and returns its id. */
export async function createUser(url: string, user: Record<string, unknown>): Promise<number> {
  const response = await fetch(`${url}/api/users`, {
    method: 'POST',
    headers: { Authorization: basic('admin', ADMIN_PASSWORD), 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  return (await json<{ id: number }>(response)).id;
}

/** Independent RFC 6238 implementation (SHA1, 30 s, 6 digits) for the tests. */
export function totp(secret: string, time = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bitString = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bitString += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bitString.length; i += 8) bytes.push(parseInt(bitString.slice(i, i + 8), 2));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 1000 / 30)));
  const hmac = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = hmac[19]! & 0xf;
  const code = ((hmac[offset]! & 0x7f) << 24) | (hmac[offset + 1]! << 16) | (hmac[offset + 2]! << 8) | hmac[offset + 3]!;
  return String(code % 1_000_000).padStart(6, '0');
}

export interface SocketResult {
  ws: WebSocket;
  first: unknown;
}

/** Opens /api/socket; resolves with the first message, rejects with `HTTP <status>` when the upgrade is refused. */
export function openSocket(url: string, headers: Record<string, string> = {}): Promise<SocketResult> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url.replace(/^http/, 'ws'), { headers });
    ws.once('message', (data) => resolve({ ws, first: JSON.parse(data.toString()) }));
    ws.once('unexpected-response', (request, response) => {
      reject(new Error(`HTTP ${response.statusCode}`));
      request.destroy();
    });
    ws.once('error', reject);
  });
}

export function nextMessage(ws: WebSocket, timeoutMs = 3000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no message')), timeoutMs);
    ws.once('message', (data) => {
      clearTimeout(timer);
      resolve(JSON.parse(data.toString()));
    });
  });
}

/** Creates a user linked to one device (as the admin, with Basic auth) and signs them in. */
export async function linkedUser(
  url: string,
  adminHeaders: Record<string, string>,
  user: { name: string; email: string; password: string },
  deviceId: number,
): Promise<{ userId: number; cookie: string }> {
  const userId = await createUser(url, user);
  const linked = await fetch(`${url}/api/permissions`, {
    method: 'POST',
    headers: { ...adminHeaders, 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId, deviceId }),
  });
  if (linked.status !== 204) throw new Error(`linking user ${userId} to device ${deviceId}: ${linked.status}`);
  return { userId, cookie: await login(url, user.email, user.password) };
}
