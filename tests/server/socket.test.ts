import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Position, SocketMessage } from '../../contract/models.ts';
import { ADMIN_PASSWORD, type TestServer, createUser, form, login, openSocket, start } from './helpers.ts';

let server: TestServer;
let socketUrl: string;

beforeAll(async () => {
  server = await start();
  socketUrl = `${server.url}/api/socket`;
});
afterAll(() => server.close());

describe('/api/socket', () => {
  it('authenticates by cookie and sends the latest positions first', async () => {
    const cookie = await login(server.url, 'admin', ADMIN_PASSWORD);
    const { ws, first } = await openSocket(socketUrl, { Cookie: cookie });
    const message = first as SocketMessage;
    expect(Object.keys(message)).toEqual(['positions']);
    const positions = message.positions as Position[];
    expect(positions.length).toBeGreaterThanOrEqual(8);
    // Client messages are accepted; non-JSON text is ignored and the socket stays open.
    ws.send(JSON.stringify({ logs: true }));
    ws.send('{}');
    ws.send('not json');
    await new Promise((r) => setTimeout(r, 100));
    expect(ws.readyState).toBe(ws.OPEN);
    ws.close();
  });

  it('authenticates by ?token=', async () => {
    const cookie = await login(server.url, 'admin', ADMIN_PASSWORD);
    const token = await (await fetch(`${server.url}/api/session/token`, { method: 'POST', headers: { Cookie: cookie }, body: form({}) })).text();
    const { ws, first } = await openSocket(`${socketUrl}?token=${encodeURIComponent(token)}`);
    expect((first as SocketMessage).positions?.length).toBeGreaterThan(0);
    ws.close();
    await expect(openSocket(`${socketUrl}?token=bogus`)).rejects.toThrow('HTTP 401');
    // A valid session cookie does not rescue a bad token.
    await expect(openSocket(`${socketUrl}?token=bogus`, { Cookie: cookie })).rejects.toThrow('HTTP 401');
  });

  it('omits empty keys for a user without devices', async () => {
    await createUser(server.url, { name: 'Empty', email: 'empty@example.com', password: 'empty-pass' });
    const cookie = await login(server.url, 'empty@example.com', 'empty-pass');
    const { ws, first } = await openSocket(socketUrl, { Cookie: cookie });
    expect(first).toEqual({});
    ws.close();
  });

  it('rejects anonymous upgrades and foreign origins with HTTP 401', async () => {
    await expect(openSocket(socketUrl)).rejects.toThrow('HTTP 401');
    const cookie = await login(server.url, 'admin', ADMIN_PASSWORD);
    await expect(openSocket(socketUrl, { Cookie: cookie, Origin: 'http://evil.example' })).rejects.toThrow('HTTP 401');
    const host = new URL(server.url).host;
    const { ws } = await openSocket(socketUrl, { Cookie: cookie, Origin: `http://${host}` });
    ws.close();
  });

  it('stops working after logout', async () => {
    const cookie = await login(server.url, 'admin', ADMIN_PASSWORD);
    await fetch(`${server.url}/api/session`, { method: 'DELETE', headers: { Cookie: cookie } });
    await expect(openSocket(socketUrl, { Cookie: cookie })).rejects.toThrow('HTTP 401');
  });
});
