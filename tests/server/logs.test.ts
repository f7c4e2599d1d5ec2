/**
 * Socket logs (`{"logs": true}`): a known device's lines go to the users who see it; a line from an
 * unknown device (deviceId 0) goes to administrators only, so they can register it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { Device, LogRecord, SocketMessage } from '../../contract/models.ts';
import { ADMIN_PASSWORD, type TestServer, basic, json, linkedUser, login, openSocket, start } from './helpers.ts';

let server: TestServer;
let osmand: string;
const adminAuth = { Authorization: basic('admin', ADMIN_PASSWORD) };

function collect(ws: WebSocket): SocketMessage[] {
  const messages: SocketMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as SocketMessage));
  return messages;
}

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const logsOf = (messages: SocketMessage[]): LogRecord[] => messages.flatMap((m) => m.logs ?? []);

beforeAll(async () => {
  server = await start();
  osmand = `http://127.0.0.1:${server.osmandPort}`;
});
afterAll(() => server.close());

describe('socket logs', () => {
  it('sends an unknown device’s lines to administrators only, a known device’s to its users', async () => {
    const device = await json<Device>(
      await fetch(`${server.url}/api/devices`, {
        method: 'POST',
        headers: { ...adminAuth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Logged', uniqueId: 'logged-1' }),
      }),
    );
    const user = await linkedUser(server.url, adminAuth, { name: 'Viewer', email: 'viewer@example.com', password: 'viewer-pass' }, device.id);
    const { ws: adminWs } = await openSocket(`${server.url}/api/socket`, { Cookie: await login(server.url, 'admin', ADMIN_PASSWORD) });
    const { ws: userWs } = await openSocket(`${server.url}/api/socket`, { Cookie: user.cookie });
    const adminMessages = collect(adminWs);
    const userMessages = collect(userWs);
    adminWs.send(JSON.stringify({ logs: true }));
    userWs.send(JSON.stringify({ logs: true }));
    await new Promise((r) => setTimeout(r, 50));

    // an unknown identifier is refused, and its line still goes out (to administrators)
    const now = Math.floor(Date.now() / 1000);
    expect((await fetch(`${osmand}/?id=stranger-7&lat=1&lon=2&timestamp=${now}`)).status).toBe(400);
    await until(() => logsOf(adminMessages).length > 0);
    expect(logsOf(adminMessages)[0]).toMatchObject({ deviceId: 0, uniqueId: 'stranger-7', protocol: 'osmand' });
    expect(logsOf(adminMessages)[0]!.data).toContain('id=stranger-7');

    // a known device: both see it; the user never saw the unknown one
    expect((await fetch(`${osmand}/?id=logged-1&lat=1&lon=2&timestamp=${now}`)).status).toBe(200);
    await until(() => logsOf(userMessages).length > 0 && logsOf(adminMessages).length > 1);
    expect(logsOf(userMessages)).toEqual([expect.objectContaining({ deviceId: device.id, uniqueId: 'logged-1' })]);
    expect(logsOf(adminMessages).map((l) => l.uniqueId)).toEqual(['stranger-7', 'logged-1']);

    // without the opt-in, nothing
    adminWs.send(JSON.stringify({ logs: false }));
    await new Promise((r) => setTimeout(r, 50));
    expect((await fetch(`${osmand}/?id=stranger-8&lat=1&lon=2&timestamp=${now}`)).status).toBe(400);
    await new Promise((r) => setTimeout(r, 100));
    expect(logsOf(adminMessages)).toHaveLength(2);
    expect(logsOf(userMessages)).toHaveLength(1);
    adminWs.close();
    userWs.close();
  });
});
