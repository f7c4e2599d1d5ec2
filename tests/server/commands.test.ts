import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command, Device, QueuedCommand, Typed } from '../../contract/models.ts';
import { ADMIN_PASSWORD, type TestServer, basic, createUser, json, start } from './helpers.ts';

let server: TestServer;
let url: string;
let device: Device;
let savedId: number;
let limitedId: number;
const admin = { Authorization: basic('admin', ADMIN_PASSWORD) };
const limited = { Authorization: basic('limited@example.com', 'limited-pass') };

beforeAll(async () => {
  server = await start();
  url = server.url;
  device = (await json<Device[]>(await fetch(`${url}/api/devices?uniqueId=demo-001`, { headers: admin })))[0]!;
  limitedId = await createUser(url, { name: 'L', email: 'limited@example.com', password: 'limited-pass', limitCommands: true });
  const db = new Database(join(server.dataDir, 'athar.db'));
  db.prepare('UPDATE users SET limitCommands = 1 WHERE id = ?').run(limitedId);
  db.prepare('INSERT INTO user_device (userId, deviceId) VALUES (?, ?)').run(limitedId, device.id);
  savedId = Number(db.prepare(`INSERT INTO commands (type, description, attributes) VALUES ('custom', 'Reboot', '{"data":"reboot"}')`).run().lastInsertRowid);
  const unsupported = Number(db.prepare(`INSERT INTO commands (type, description) VALUES ('engineStop', 'Stop')`).run().lastInsertRowid);
  const link = db.prepare('INSERT INTO links (ownerType, ownerId, propertyType, propertyId) VALUES (?, ?, ?, ?)');
  for (const id of [savedId, unsupported]) {
    link.run('user', limitedId, 'command', id);
    link.run('device', device.id, 'command', id);
  }
  db.close();
});
afterAll(() => server.close());

const send = (body: unknown, headers: Record<string, string> = admin, query = ''): Promise<Response> =>
  fetch(`${url}/api/commands/send${query}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('commands', () => {
  it('lists types: all without a device, custom only for an OsmAnd device', async () => {
    const all = await json<Typed[]>(await fetch(`${url}/api/commands/types`, { headers: admin }));
    expect(all.length).toBeGreaterThan(40);
    expect(all).toContainEqual({ type: 'engineStop' });
    expect(await json<Typed[]>(await fetch(`${url}/api/commands/types?deviceId=${device.id}`, { headers: admin }))).toEqual([{ type: 'custom' }]);
  });

  it('lists saved commands the device supports now', async () => {
    const list = await json<Command[]>(await fetch(`${url}/api/commands/send?deviceId=${device.id}`, { headers: limited }));
    expect(list.map((c) => c.id)).toEqual([savedId]);
    expect((await fetch(`${url}/api/commands/send?deviceId=999999`, { headers: limited })).status).toBe(400);
  });

  it('queues a new custom command: 202 with the QueuedCommand, stored for delivery', async () => {
    const response = await send({ deviceId: device.id, type: 'custom', attributes: { data: 'setinterval 30' } });
    expect(response.status).toBe(202);
    const queued = (await response.json()) as QueuedCommand;
    expect(queued).toMatchObject({ deviceId: device.id, type: 'custom', textChannel: false, attributes: { data: 'setinterval 30' } });
    const db = new Database(join(server.dataDir, 'athar.db'), { readonly: true });
    const row = db.prepare('SELECT * FROM queued_commands WHERE id = ?').get(queued.id) as { attributes: string } | undefined;
    db.close();
    expect(JSON.parse(row!.attributes)).toEqual({ data: 'setinterval 30' });
  });

  it('limitCommands allows only saved commands', async () => {
    expect((await send({ deviceId: device.id, type: 'custom', attributes: { data: 'x' } }, limited)).status).toBe(400);
    const response = await send({ id: savedId, deviceId: device.id }, limited);
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ deviceId: device.id, type: 'custom', attributes: { data: 'reboot' } });
  });

  it('sends to a group: 202 with an array', async () => {
    const db = new Database(join(server.dataDir, 'athar.db'));
    const groupId = Number(db.prepare("INSERT INTO device_groups (name) VALUES ('G')").run().lastInsertRowid);
    db.prepare("UPDATE devices SET groupId = ? WHERE uniqueId IN ('demo-004', 'demo-005')").run(groupId);
    db.close();
    const response = await send({ type: 'custom', attributes: { data: 'ping' } }, admin, `?groupId=${groupId}`);
    expect(response.status).toBe(202);
    const list = (await response.json()) as QueuedCommand[];
    expect(list).toHaveLength(2);
    expect((await send({ id: savedId }, limited, `?groupId=${groupId}`)).status).toBe(400);
  });

  it('refuses unsupported or malformed commands, readonly users and inaccessible devices', async () => {
    expect((await send({ deviceId: device.id, type: 'engineStop' })).status).toBe(400);
    expect((await send({ deviceId: device.id, type: 'nonsense' })).status).toBe(400);
    expect((await send({ deviceId: device.id, type: 'custom' })).status).toBe(400);
    expect((await send({ deviceId: device.id, type: 'custom', textChannel: true, attributes: { data: 'x' } })).status).toBe(400);
    expect((await send({ deviceId: 'one', type: 'custom' })).status).toBe(400);
    expect((await send([1, 2])).status).toBe(400);
    expect((await send({ id: savedId, deviceId: 999999 })).status).toBe(400);
    await createUser(url, { name: 'R', email: 'ro@example.com', password: 'ro-pass', readonly: true });
    const db = new Database(join(server.dataDir, 'athar.db'));
    db.prepare("UPDATE users SET readonly = 1 WHERE email = 'ro@example.com'").run();
    db.close();
    expect((await send({ id: savedId, deviceId: device.id }, { Authorization: basic('ro@example.com', 'ro-pass') })).status).toBe(400);
  });
});
