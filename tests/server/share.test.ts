import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device, User } from '../../contract/models.ts';
import { ADMIN_PASSWORD, type TestServer, basic, createUser, form, json, login, start, linkedUser } from './helpers.ts';

let server: TestServer;
let url: string;
let device: Device;
let other: Device;
let userCookie: string;
const admin = { Authorization: basic('admin', ADMIN_PASSWORD) };
const expiration = (): string => new Date(Date.now() + 3600_000).toISOString();

beforeAll(async () => {
  server = await start();
  url = server.url;
  const devices = await json<Device[]>(await fetch(`${url}/api/devices`, { headers: admin }));
  device = devices.find((d) => d.uniqueId === 'demo-001')!;
  other = devices.find((d) => d.uniqueId === 'demo-002')!;
  ({ cookie: userCookie } = await linkedUser(url, admin, { name: 'Owner', email: 'owner@example.com', password: 'owner-pass' }, device.id));
});
afterAll(() => server.close());

async function share(path: string, fields: Record<string, string>, headers: Record<string, string> = { Cookie: userCookie }): Promise<Response> {
  return fetch(`${url}${path}`, { method: 'POST', headers, body: form(fields) });
}

describe('sharing', () => {
  it('creates a temporary read-only user that sees only the shared device', async () => {
    for (const path of ['/api/share/device', '/api/devices/share']) {
      const response = await share(path, { deviceId: String(device.id), expiration: expiration() });
      expect(response.status).toBe(200);
      const token = await response.text();
      const session = await fetch(`${url}/api/session?token=${encodeURIComponent(token)}`);
      const user = await json<User>(session);
      expect(user).toMatchObject({ temporary: true, readonly: true, email: `owner@example.com:demo-001` });
      expect(user.expirationTime).not.toBeNull();
      const devices = await json<Device[]>(await fetch(`${url}/api/devices`, { headers: { Authorization: `Bearer ${token}` } }));
      expect(devices.map((d) => d.id)).toEqual([device.id]);
    }
  });

  it('shares a group', async () => {
    const db = new Database(join(server.dataDir, 'athar.db'));
    const groupId = Number(db.prepare("INSERT INTO device_groups (name) VALUES ('Fleet')").run().lastInsertRowid);
    db.prepare('UPDATE devices SET groupId = ? WHERE id = ?').run(groupId, other.id);
    db.close();
    expect((await share('/api/share/group', { groupId: String(groupId), expiration: expiration() })).status).toBe(400);
    const response = await share('/api/share/group', { groupId: String(groupId), expiration: expiration() }, admin);
    expect(response.status).toBe(200);
    const token = await response.text();
    const devices = await json<Device[]>(await fetch(`${url}/api/devices`, { headers: { Authorization: `Bearer ${token}` } }));
    expect(devices.map((d) => d.id)).toEqual([other.id]);
  });

  it('refuses inaccessible devices, bad input, anonymous callers and disableShare', async () => {
    expect((await share('/api/share/device', { deviceId: String(other.id), expiration: expiration() })).status).toBe(400);
    expect((await share('/api/share/device', { deviceId: String(device.id) })).status).toBe(400);
    expect((await share('/api/share/device', { deviceId: String(device.id), expiration: 'tomorrow' })).status).toBe(400);
    expect((await share('/api/share/device', { deviceId: 'x', expiration: expiration() })).status).toBe(400);
    expect((await share('/api/share/device', { deviceId: String(device.id), expiration: '2001-01-01T00:00:00Z' })).status).toBe(400);
    expect((await share('/api/share/device', { deviceId: String(device.id), expiration: expiration() }, {})).status).toBe(401);
    const put = await fetch(`${url}/api/server`, {
      method: 'PUT',
      headers: { ...admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ attributes: { disableShare: true } }),
    });
    expect(put.status).toBe(200);
    const refused = await share('/api/share/device', { deviceId: String(device.id), expiration: expiration() });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/disabled/i);
  });
});
