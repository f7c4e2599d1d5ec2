/**
 * Bounded, deterministic bad-input fuzz over every route the server registers (captured with an
 * `onRoute` hook on the Fastify instances `createServer` builds), as anonymous, a plain user and the
 * admin. Seeded PRNG; a few thousand requests.
 *
 * Asserts: never a 5xx; errors are 400/401/404/405/413/415/429, 400 with a non-empty plain-text
 * message; `/api/health` still answers afterwards; nothing was written outside DATA_DIR.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, type TestServer, basic, createUser, login, start } from './helpers.ts';
import { OSMAND_METHODS } from '../../server/ingest/routes.ts';

interface RouteRecord {
  method: string;
  url: string;
  osmand: boolean;
}

const captured = vi.hoisted(() => ({ routes: [] as RouteRecord[] }));

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  const original = actual.default as (options?: Record<string, unknown>) => {
    addHook(name: 'onRoute', hook: (route: { method: string | string[]; url: string }) => void): unknown;
  };
  const wrapped = (options?: Record<string, unknown>): unknown => {
    const app = original(options);
    app.addHook('onRoute', (route) => {
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) captured.routes.push({ method, url: route.url, osmand: false });
    });
    return app;
  };
  return { ...actual, default: wrapped, fastify: wrapped };
});

/** mulberry32: small, seedable, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(0xa74a5);
const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Every trick carries this marker, so a file it could create outside DATA_DIR is easy to find. */
const MARK = 'zqxfuzz';
const PATH_TRICKS = [
  `..%2f..%2f${MARK}`, `%2e%2e%2f%2e%2e%2f${MARK}`, `..%5c..%5c${MARK}`, `%2fetc%2fpasswd`, `${MARK}%00.png`, `..%00${MARK}`,
  `${MARK}.png%00.txt`, '%2e%2e', '.', '%2e', `${'a'.repeat(5000)}${MARK}`, `${MARK}%20%20`, `%C0%AE%C0%AE%2f${MARK}`, `${MARK}%ff%fe`,
];
const IDS = ['1', '2', '3', '0', '-1', 'abc', '1.5', '1e3', '9007199254740993', '99999999999999999999999', 'NaN', 'Infinity', ' 1', '0x10', ...PATH_TRICKS];
const JUNK_VALUES: unknown[] = [
  'x', '', ' ', '1', 'NaN', 'Infinity', '-0', '1e309', '-1e309', 'null', 'true', `../../${MARK}`, '/etc/passwd', `\u0000${MARK}`,
  0, -1, 1.5, 1e308, -1e308, 9007199254740993, Number.MAX_SAFE_INTEGER, true, false, null, [], [1, 'a'], {}, { a: { b: { c: [null] } } },
  'x'.repeat(10_000), '2024-13-45T99:99:99Z', '\u202e\ud800', { $gt: '' }, ['__proto__'],
];
const FIELDS = [
  'id', 'name', 'uniqueId', 'email', 'password', 'login', 'groupId', 'deviceId', 'userId', 'calendarId', 'positionId', 'attributes', 'type',
  'area', 'expression', 'attribute', 'data', 'description', 'notificators', 'always', 'start', 'period', 'zoom', 'latitude', 'longitude',
  'administrator', 'readonly', 'disabled', 'expirationTime', 'deviceLimit', 'userLimit', 'totalDistance', 'hours', 'textChannel',
  'geofenceId', 'commandId', 'maintenanceId', 'driverId', 'managedUserId', 'token', 'expiration', 'code', 'phone', 'map', '__proto__',
  'constructor',
];
const QUERY_KEYS = ['deviceId', 'groupId', 'userId', 'id', 'uniqueId', 'from', 'to', 'limit', 'offset', 'all', 'keyword', 'type', 'token', 'daily', 'geofenceId', 'latitude', 'longitude', 'announcement', 'excludeAttributes', 'textChannel', 'expiration'];
const QUERY_VALUES = [
  '-1e309', '1e309', 'yesterday', 'abc', '', '-1', '0', '1', '2', 'true', 'NaN', '2024-01-01T00:00:00Z', '2024-01-01', '%00', `..%2f${MARK}`,
  '9999999999999999999999', encodeURIComponent('2020-01-01T00:00:00+99:00'), 'x'.repeat(3000), '%', '%zz', '[]', '{}',
];
const CONTENT_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'image/png', '', 'application/json; charset=utf-16', 'application/octet-stream'];

/** encodeURIComponent that survives lone surrogates (sent as the raw bytes of their UTF-8-like form). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

function randomValue(depth = 0): unknown {
  if (depth < 2 && random() < 0.15) return Object.fromEntries(Array.from({ length: 1 + Math.floor(random() * 3) }, () => [pick(FIELDS), randomValue(depth + 1)]));
  if (depth < 2 && random() < 0.1) return Array.from({ length: Math.floor(random() * 3) }, () => randomValue(depth + 1));
  return pick(JUNK_VALUES);
}

function randomBody(): { body: string | Buffer | undefined; type: string | undefined } {
  const r = random();
  if (r < 0.08) return { body: undefined, type: undefined };
  if (r < 0.16) return { body: pick(['{', '{"a":', '[1,', 'nul', '"', '{"id":1,}', '\u0000', '{"a":1}{"b":2}', ']']), type: 'application/json' };
  if (r < 0.22) return { body: pick(['null', '[]', '1', '"str"', 'true', '[{"userId":1}]', '[null]']), type: 'application/json' };
  if (r < 0.3) {
    const pairs = Array.from({ length: 1 + Math.floor(random() * 4) }, () => `${pick(FIELDS)}=${encode(String(pick(JUNK_VALUES)))}`);
    if (random() < 0.3) pairs.push(`${pick(FIELDS)}=a`, `${pick(FIELDS)}=b`);
    return { body: pairs.join('&'), type: 'application/x-www-form-urlencoded' };
  }
  if (r < 0.36) return { body: '%%%&&&===', type: 'application/x-www-form-urlencoded' };
  if (r < 0.42) return { body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00]), type: pick(CONTENT_TYPES) };
  const object: Record<string, unknown> = {};
  const count = Math.floor(random() * 6);
  for (let i = 0; i < count; i++) object[pick(FIELDS)] = randomValue();
  const text = JSON.stringify(object);
  return { body: text, type: random() < 0.85 ? 'application/json' : pick(CONTENT_TYPES) };
}

function randomQuery(): string {
  if (random() < 0.3) return '';
  const parts: string[] = [];
  const count = 1 + Math.floor(random() * 4);
  for (let i = 0; i < count; i++) {
    const key = pick(QUERY_KEYS);
    parts.push(`${key}=${pick(QUERY_VALUES)}`);
    if (random() < 0.2) parts.push(`${key}=${pick(QUERY_VALUES)}`); // repeated parameter
  }
  return `?${parts.join('&')}`;
}

function fillPath(url: string): string {
  return url.replace(/:(\w+)/g, () => pick(IDS)).replace(/\*$/, () => pick(['', 'x', `..%2f${MARK}`, `${MARK}/..%2f..%2f`, 'a/b/c']));
}

// 403: the announcements file's endpoint refuses a signed-in user who is not an administrator (Traccar's own refusals are 400)
const ALLOWED = new Set([200, 201, 202, 204, 400, 401, 403, 404, 405, 413, 415, 429]);

/** Every path under `root`, relative, with size and mtime (to see what changed). */
function tree(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        out.set(relative(root, path) + '/', 'dir');
        visit(path);
      } else {
        const stat = statSync(path);
        out.set(relative(root, path), `${stat.size}:${stat.mtimeMs}`);
      }
    }
  };
  visit(root);
  return out;
}

/** Names carrying the marker in a directory listing (one level). */
function marked(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.includes(MARK) || name === 'passwd');
  } catch {
    return [];
  }
}

let server: TestServer;
let parent: string;
let dataDir: string;
let before: Map<string, string>;
let tmpBefore: string[];
let cookies: { anonymous: string | null; user: string | null; admin: string | null };
let userId: number;
const failures: string[] = [];
let total = 0;

async function send(method: string, path: string, identity: keyof typeof cookies, body?: string | Buffer, type?: string, port?: number): Promise<number> {
  const headers: Record<string, string> = {};
  const cookie = cookies[identity];
  if (cookie) headers.Cookie = cookie;
  if (type) headers['Content-Type'] = type;
  const base = port ? `http://127.0.0.1:${port}` : server.url;
  const hasBody = body !== undefined && method !== 'GET' && method !== 'HEAD';
  let status: number;
  let contentType = '';
  let text = '';
  try {
    const response = await fetch(`${base}${path}`, { method, headers, ...(hasBody ? { body: typeof body === 'string' ? body : Uint8Array.from(body) } : {}), signal: AbortSignal.timeout(10_000) });
    status = response.status;
    contentType = response.headers.get('content-type') ?? '';
    text = method === 'HEAD' ? 'x' : await response.text();
  } catch (error) {
    failures.push(`${identity} ${method} ${path.slice(0, 200)}: request failed: ${String(error)}`);
    return 0;
  }
  total++;
  const label = `${identity} ${method} ${path.slice(0, 200)} [${type ?? 'no body'} ${typeof body === 'string' ? body.slice(0, 120) : body ? 'binary' : ''}] → ${status} ${text.slice(0, 160)}`;
  if (!ALLOWED.has(status)) failures.push(label);
  else if (status === 400 && (!contentType.startsWith('text/plain') || text.trim() === '')) failures.push(`400 without a plain-text message: ${label}`);
  return status;
}

beforeAll(async () => {
  parent = mkdtempSync(join(tmpdir(), 'athar-fuzz-'));
  dataDir = join(parent, 'data');
  tmpBefore = marked(tmpdir());
  server = await start({ dataDir });
  userId = await createUser(server.url, { name: 'Fuzz user', email: 'fuzz@example.com', password: 'fuzz-pass' });
  cookies = {
    anonymous: null,
    user: await login(server.url, 'fuzz@example.com', 'fuzz-pass'),
    admin: await login(server.url, 'admin', ADMIN_PASSWORD),
  };
  before = tree(dataDir);
});

afterAll(async () => {
  await server.close();
  rmSync(parent, { recursive: true, force: true });
});

// The OsmAnd listener (its own port) is node:http, not Fastify: every path, as its methods say.
captured.routes.push(...OSMAND_METHODS.flatMap((method) => ['/', '/*'].map((url) => ({ method, url, osmand: true }))));

describe('bad-input fuzz', () => {
  it('enumerated the routes the server registers', () => {
    const api = captured.routes.filter((r) => !r.osmand && r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(80);
    for (const expected of ['GET /api/devices', 'POST /api/devices/:id/image', 'GET /api/media/:uniqueId/:file', 'GET /api/reports/summary', 'POST /api/share/device', 'GET /api/health']) {
      expect(captured.routes.some((r) => `${r.method} ${r.url}` === expected), expected).toBe(true);
    }
    expect(captured.routes.some((r) => r.osmand)).toBe(true);
  });

  it('random bad input on every route, as anonymous, user and admin: never a 5xx', { timeout: 90_000 }, async () => {
    const routes = captured.routes.filter((r) => r.method !== 'HEAD' && r.url !== '/api/socket');
    const identities = ['anonymous', 'user', 'admin'] as const;
    const perRoute = 8;
    for (let round = 0; round < perRoute; round++) {
      for (const route of routes) {
        for (const identity of identities) {
          const path = fillPath(route.url) + randomQuery();
          // Keep the fuzzing identities themselves alive: no self-logout, no changes to their own accounts.
          if (identity !== 'anonymous' && route.method === 'DELETE' && route.url === '/api/session') continue;
          const target = /^\/api\/users\/(\d+)/.exec(path)?.[1];
          if (target && identity !== 'anonymous' && (target === '1' || target === String(userId))) continue;
          if (route.url === '/api/users/:id' && route.method !== 'GET' && (path.startsWith('/api/users/1?') || path === '/api/users/1')) continue;
          const { body, type } = route.method === 'GET' || route.method === 'DELETE' && random() < 0.5 ? { body: undefined, type: undefined } : randomBody();
          await send(route.method, path, identity, body, type, route.osmand ? server.osmandPort! : undefined);
        }
      }
    }
    expect(failures, failures.slice(0, 20).join('\n')).toEqual([]);
    expect(total).toBeGreaterThan(2000);
  });

  it('targeted: wrong types for every field of the main JSON bodies', { timeout: 60_000 }, async () => {
    const bodies: Record<string, Record<string, unknown>> = {
      '/api/devices': { name: 'n', uniqueId: 'fuzz-dev' },
      '/api/groups': { name: 'g' },
      '/api/drivers': { name: 'd', uniqueId: 'fuzz-drv' },
      '/api/geofences': { name: 'z', area: 'CIRCLE (24.7 46.6, 100)' },
      '/api/maintenance': { name: 'm', type: 'totalDistance', start: 0, period: 1000 },
      '/api/calendars': { name: 'c', data: '' },
      '/api/attributes/computed': { description: 'a', attribute: 'a', expression: 'speed', type: 'number' },
      '/api/commands': { description: 'c', type: 'custom', attributes: { data: 'x' } },
      '/api/notifications': { type: 'alarm', notificators: 'web' },
      '/api/users': { name: 'u', email: 'fuzz-typed@example.com', password: 'p' },
      '/api/reports': { type: 'events', description: 'r' },
      '/api/commands/send': { deviceId: 1, type: 'custom', attributes: { data: 'x' } },
      '/api/permissions': { userId: 2, deviceId: 1 },
      '/api/devices/1/accumulators': { deviceId: 1, totalDistance: 1, hours: 1 },
    };
    const bad: unknown[] = ['1', 'NaN', 1e308, -1e308, null, [], [1], {}, { x: [] }, true, 'x'.repeat(20_000), -1, 1.5];
    for (const [path, valid] of Object.entries(bodies)) {
      const method = path.endsWith('accumulators') ? 'PUT' : 'POST';
      for (const field of [...Object.keys(valid), 'id', 'attributes', 'groupId', 'calendarId']) {
        for (const value of bad) {
          await send(method, path, 'admin', JSON.stringify({ ...valid, [field]: value }), 'application/json');
        }
        const { [field]: _omitted, ...missing } = valid;
        await send(method, path, 'admin', JSON.stringify(missing), 'application/json');
      }
      for (const whole of ['[]', 'null', '"x"', '[{}]', '{"attributes":"x"}', '{"attributes":[1]}', '{"attributes":{"a":{"b":1}}}']) {
        await send(method, path, 'admin', whole, 'application/json');
        await send(method, path, 'user', whole, 'application/json');
      }
    }
    expect(failures, failures.slice(0, 20).join('\n')).toEqual([]);
  });

  it('targeted: huge bodies are refused with 413 or 400', { timeout: 60_000 }, async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(1_100_000) });
    for (const path of ['/api/devices', '/api/users', '/api/groups', '/api/permissions/bulk', '/api/commands/send', '/api/server']) {
      for (const identity of ['anonymous', 'admin'] as const) {
        const status = await send(path === '/api/server' ? 'PUT' : 'POST', path, identity, huge, 'application/json');
        if (identity === 'admin') expect([400, 413], path).toContain(status);
      }
    }
    expect([400, 413]).toContain(await send('POST', '/api/session', 'anonymous', `email=a&password=${'x'.repeat(1_100_000)}`, 'application/x-www-form-urlencoded'));
    expect([400, 413]).toContain(await send('POST', '/api/devices/1/image', 'admin', Buffer.alloc(600_000, 1), 'image/png'));
    expect([400, 413]).toContain(await send('POST', '/', 'anonymous', `id=demo-001&x=${'y'.repeat(1_100_000)}`, 'application/x-www-form-urlencoded'));
    expect(failures, failures.slice(0, 20).join('\n')).toEqual([]);
  });

  it('targeted: path tricks in uniqueId, device ids and media names stay inside DATA_DIR', { timeout: 60_000 }, async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const uniqueIds = [`../../${MARK}`, `..\\..\\${MARK}`, `/tmp/${MARK}`, `${MARK}/../../x`, `${MARK}\u0000`, '..', '.', `%2e%2e%2f${MARK}`, `${'b'.repeat(300)}${MARK}`, `${MARK}:stream`];
    const ids: number[] = [];
    for (const uniqueId of uniqueIds) {
      const response = await fetch(`${server.url}/api/devices`, {
        method: 'POST',
        headers: { Authorization: basic('admin', ADMIN_PASSWORD), 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'trick', uniqueId }),
      });
      total++;
      expect([200, 400], uniqueId).toContain(response.status);
      if (response.status === 200) ids.push(((await response.json()) as { id: number }).id);
      else expect((await response.text()).length).toBeGreaterThan(0);
      await send('GET', `/api/devices?uniqueId=${encode(uniqueId)}`, 'admin');
      await send('POST', `/?id=${encode(uniqueId)}&lat=1&lon=1`, 'anonymous');
      for (const file of ['device.png', `..%2f..%2f${MARK}.png`, '%2e%2e%2fathar.db', 'x%00.png', `${'c'.repeat(4000)}.png`]) {
        await send('GET', `/api/media/${encode(uniqueId)}/${file}`, 'admin');
      }
    }
    for (const id of ids) await send('POST', `/api/devices/${id}/image`, 'admin', png, 'image/png');
    // A legitimate upload, so the media folder is really written to (inside DATA_DIR), to a device
    // of its own (the random round may have deleted any seeded one, depending on the routes drawn).
    const legit = await fetch(`${server.url}/api/devices`, {
      method: 'POST',
      headers: { Authorization: basic('admin', ADMIN_PASSWORD), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'legit', uniqueId: 'fuzz-legit-image' }),
    });
    const legitId = ((await legit.json()) as { id: number }).id;
    expect(await send('POST', `/api/devices/${legitId}/image`, 'admin', png, 'image/png')).toBe(200);
    for (const trick of PATH_TRICKS) {
      await send('GET', `/api/media/${trick}/device.png`, 'admin');
      await send('GET', `/api/media/demo-001/${trick}`, 'admin');
      await send('GET', `/api/media/${trick}/${trick}`, 'user');
      await send('POST', `/api/devices/${trick}/image`, 'admin', png, 'image/png');
      await send('GET', `/api/${trick}`, 'admin');
      await send('GET', `/${trick}`, 'anonymous');
      await send('GET', `/api/media/..%2f..%2f..%2fetc/passwd`, 'admin');
      await send('GET', '/api/media/demo-001/..%5c..%5cathar.db', 'admin');
    }
    expect(failures, failures.slice(0, 20).join('\n')).toEqual([]);
  });

  it('the server still answers, the fuzzing sessions survived, and nothing was written outside DATA_DIR', async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.text()).toBe('OK');
    expect((await fetch(`${server.url}/api/session`, { headers: { Cookie: cookies.admin! } })).status).toBe(200);

    // The private parent holds DATA_DIR only; no marked name appeared beside it, in tmpdir or in the repository.
    expect(readdirSync(parent)).toEqual(['data']);
    expect(marked(tmpdir())).toEqual(tmpBefore);
    expect(marked(resolve('.'))).toEqual([]);
    expect(marked(resolve('..'))).toEqual([]);
    expect(existsSync(join(parent, MARK))).toBe(false);
    // Inside DATA_DIR anything may change (database, media); list what did for the report.
    const after = tree(dataDir);
    const changed = [...after.keys()].filter((key) => before.get(key) !== after.get(key));
    for (const path of changed) expect(resolve(dataDir, path).startsWith(resolve(dataDir) + '/')).toBe(true);
    expect(changed.some((path) => path.endsWith('device.png'))).toBe(true);
    console.info(`fuzz: ${total} requests; changed inside DATA_DIR: ${changed.join(', ')}`);
  });
});
