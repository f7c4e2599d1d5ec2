import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device, Position } from '../../contract/models.ts';
import { ADMIN_PASSWORD, type TestServer, basic, createUser, json, login, start } from './helpers.ts';

let server: TestServer;
let url: string;
let userCookie: string;
let userId: number;
const admin = { Authorization: basic('admin', ADMIN_PASSWORD) };

beforeAll(async () => {
  server = await start();
  url = server.url;
  userId = await createUser(url, { name: 'Driver', email: 'driver@example.com', password: 'driver-pass' });
  userCookie = await login(url, 'driver@example.com', 'driver-pass');
});
afterAll(() => server.close());

async function link(deviceId: number, add: boolean): Promise<void> {
  const response = await fetch(`${url}/api/permissions`, {
    method: add ? 'POST' : 'DELETE',
    headers: { ...admin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId, deviceId }),
  });
  expect(response.status).toBe(204);
}

describe('devices', () => {
  it('shows the demo fleet to the admin, sorted by name, with statuses', async () => {
    const devices = await json<Device[]>(await fetch(`${url}/api/devices`, { headers: admin }));
    expect(devices.length).toBeGreaterThanOrEqual(8);
    const names = devices.map((d) => d.name);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    expect(new Set(devices.map((d) => d.category)).size).toBeGreaterThanOrEqual(5);
    expect(devices.every((d) => d.status === 'online' && d.uniqueId.startsWith('demo-'))).toBe(true);
    expect(devices.some((d) => /[\u0600-\u06FF]/.test(d.name))).toBe(true);
  });

  it('filters by id, uniqueId, keyword and paginates', async () => {
    const byUnique = await json<Device[]>(await fetch(`${url}/api/devices?uniqueId=demo-001&uniqueId=demo-002`, { headers: admin }));
    expect(byUnique.map((d) => d.uniqueId).sort()).toEqual(['demo-001', 'demo-002']);
    const byId = await json<Device[]>(await fetch(`${url}/api/devices?id=${byUnique[0]!.id}`, { headers: admin }));
    expect(byId).toHaveLength(1);
    const keyword = await json<Device[]>(await fetch(`${url}/api/devices?keyword=TRUCK`, { headers: admin }));
    expect(keyword.length).toBeGreaterThan(0);
    expect(keyword.every((d) => d.name.toLowerCase().includes('truck') || (d.model ?? '').toLowerCase().includes('truck'))).toBe(true);
    const page = await json<Device[]>(await fetch(`${url}/api/devices?limit=3&offset=2`, { headers: admin }));
    const all = await json<Device[]>(await fetch(`${url}/api/devices`, { headers: admin }));
    expect(page.map((d) => d.id)).toEqual(all.slice(2, 5).map((d) => d.id));
    expect((await fetch(`${url}/api/devices?id=abc`, { headers: admin })).status).toBe(400);
  });

  it('hides unlinked devices and positions from a non-admin user', async () => {
    const devices = await json<Device[]>(await fetch(`${url}/api/devices`, { headers: { Cookie: userCookie } }));
    expect(devices).toEqual([]);
    const positions = await json<Position[]>(await fetch(`${url}/api/positions`, { headers: { Cookie: userCookie } }));
    expect(positions).toEqual([]);
    expect((await fetch(`${url}/api/devices/1`, { headers: { Cookie: userCookie } })).status).toBe(404);
    expect((await fetch(`${url}/api/positions?deviceId=1`, { headers: { Cookie: userCookie } })).status).toBe(400);
    const byUnique = await json<Device[]>(await fetch(`${url}/api/devices?uniqueId=demo-001`, { headers: { Cookie: userCookie } }));
    expect(byUnique).toEqual([]);
  });

  it('shows exactly the linked device and its position', async () => {
    await link(3, true);
    const devices = await json<Device[]>(await fetch(`${url}/api/devices`, { headers: { Cookie: userCookie } }));
    expect(devices.map((d) => d.id)).toEqual([3]);
    const device = await json<Device>(await fetch(`${url}/api/devices/3`, { headers: { Cookie: userCookie } }));
    expect(device.uniqueId).toBe('demo-003');
    const positions = await json<Position[]>(await fetch(`${url}/api/positions`, { headers: { Cookie: userCookie } }));
    expect(positions.map((p) => p.deviceId)).toEqual([3]);
    expect(positions[0]!.id).toBe(device.positionId);
    expect(typeof positions[0]!.attributes.batteryLevel).toBe('number');
    expect(positions[0]!.fixTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$/);
    expect(positions[0]).toHaveProperty('address', null);
    await link(3, false);
    expect(await json<Device[]>(await fetch(`${url}/api/devices`, { headers: { Cookie: userCookie } }))).toEqual([]);
  });

  it('finds a device by ?uniqueId= within the caller’s permissions (the client’s lookup of a device its fleet did not bring)', async () => {
    const created = await json<Device>(
      await fetch(`${url}/api/devices`, { method: 'POST', headers: { ...admin, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Late arrival', uniqueId: 'late-1.a@x' }) }),
    );
    const byUniqueId = async (uniqueId: string, headers: Record<string, string>) => json<Device[]>(await fetch(`${url}/api/devices?uniqueId=${encodeURIComponent(uniqueId)}`, { headers }));
    // the administrator sees it; the identifier is matched exactly (not a prefix, not another case)
    expect((await byUniqueId('late-1.a@x', admin)).map((d) => d.id)).toEqual([created.id]);
    expect(await byUniqueId('late-1', admin)).toEqual([]);
    expect(await byUniqueId('LATE-1.A@X', admin)).toEqual([]);
    // a user sees it once it is linked to them, not before
    const user = { Cookie: userCookie };
    expect(await byUniqueId('late-1.a@x', user)).toEqual([]);
    await link(created.id, true);
    const found = await byUniqueId('late-1.a@x', user);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: created.id, name: 'Late arrival', uniqueId: 'late-1.a@x' });
    await link(created.id, false);
    expect(await byUniqueId('late-1.a@x', user)).toEqual([]);
    // signed out: refused
    expect((await fetch(`${url}/api/devices?uniqueId=demo-001`)).status).toBe(401);
  });

  it('returns the latest position and history by fixTime', async () => {
    const latest = await json<Position[]>(await fetch(`${url}/api/positions?deviceId=2`, { headers: admin }));
    expect(latest).toHaveLength(1);
    const fix = Date.parse(latest[0]!.fixTime!);
    const from = new Date(fix - 60_000).toISOString();
    const to = new Date(fix + 60_000).toISOString();
    const history = await json<Position[]>(
      await fetch(`${url}/api/positions?deviceId=2&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { headers: admin }),
    );
    expect(history.map((p) => p.id)).toEqual([latest[0]!.id]);
    const empty = await json<Position[]>(
      await fetch(`${url}/api/positions?deviceId=2&from=2000-01-01T00:00:00Z&to=2000-01-02T00:00:00Z`, { headers: admin }),
    );
    expect(empty).toEqual([]);
    const byId = await json<Position[]>(await fetch(`${url}/api/positions?id=${latest[0]!.id}`, { headers: admin }));
    expect(byId).toHaveLength(1);
    const noZone = await fetch(`${url}/api/positions?deviceId=2&from=2020-01-01T00:00:00&to=2020-01-02T00:00:00`, { headers: admin });
    expect(noZone.status).toBe(400);
    const onlyFrom = await fetch(`${url}/api/positions?deviceId=2&from=${encodeURIComponent(from)}`, { headers: admin });
    expect(onlyFrom.status).toBe(400);
  });

  it('requires authentication', async () => {
    expect((await fetch(`${url}/api/devices`)).status).toBe(401);
    expect((await fetch(`${url}/api/positions`)).status).toBe(401);
    expect(await (await fetch(`${url}/api/health`)).text()).toBe('OK');
    const unknown = await fetch(`${url}/api/does-not-exist`, { headers: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/text\/plain/);
  });
});
