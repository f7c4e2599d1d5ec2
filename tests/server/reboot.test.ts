/**
 * Reboot (`POST /api/server/reboot`, Traccar's, administrators only): the server answers, closes
 * cleanly and exits for its supervisor (`server/supervise.ts`, what `npm run serve` runs), which
 * starts it again on the same data folder and the same port. Positions acknowledged around the
 * reboot are all stored, a session survives it, the open sockets are told the server restarts
 * (1012), and a plain user is refused. Without a supervisor the route refuses rather than stop
 * the server for good.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Device, Position } from '../../contract/models.ts';
import { ADMIN_PASSWORD, basic, createUser, json, login, start, tempDir } from './helpers.ts';
import { type Supervised, running, startSupervised } from './supervised.ts';

const started: Supervised[] = [];
afterAll(async () => {
  for (const s of started) await s.stop();
});

describe('reboot', () => {
  it('restarts the server on the same data and port; acknowledged positions, sessions and data stay', async () => {
    const dataDir = tempDir('athar-reboot-');
    const server = await startSupervised({ DATA_DIR: dataDir, ADMIN_PASSWORD, OSMAND_PORT: 'off', CLIENT_DIR: join(dataDir, 'no-client') });
    started.push(server);
    const { url } = server;
    const [first] = server.servers;
    const admin = { Authorization: basic('admin', ADMIN_PASSWORD), 'Content-Type': 'application/json' };
    const device = await json<Device>(await fetch(`${url}/api/devices`, { method: 'POST', headers: admin, body: JSON.stringify({ name: 'Before the reboot', uniqueId: 'reboot-1' }) }));
    await createUser(url, { name: 'Plain', email: 'plain@example.com', password: 'plain-pass' });
    const plain = { Cookie: await login(url, 'plain@example.com', 'plain-pass') };
    const adminCookie = { Cookie: await login(url, 'admin', ADMIN_PASSWORD) };

    // a plain user is refused by the gate, and nothing restarts
    const refused = await fetch(`${url}/api/server/reboot`, { method: 'POST', headers: plain });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe('Administrator access required');

    // an admin's socket, told why it closes
    const socket = new WebSocket(`${url.replace('http', 'ws')}/api/socket`, { headers: adminCookie });
    await new Promise((done, fail) => socket.once('open', done).once('error', fail));
    const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));

    // positions stream in from two phones while the server reboots; every answered one must be kept
    const base = Date.now() - 3_600_000;
    const answered = new Map<number, number | 'error'>();
    let next = 0;
    let rebooted = false;
    let afterRestart = 0;
    const phone = async (): Promise<void> => {
      while (afterRestart < 5 && next < 2000) {
        const seq = next++;
        try {
          const response = await fetch(`${url}/?id=reboot-1&lat=${24 + seq / 10_000}&lon=46.7&timestamp=${base + seq * 1000}&seq=${seq}`, { method: 'POST', signal: AbortSignal.timeout(5000) });
          await response.text();
          answered.set(seq, response.status);
          if (response.status === 200 && server.servers.length > 1) afterRestart++;
        } catch {
          answered.set(seq, 'error');
          await new Promise((r) => setTimeout(r, 50));
        }
        if (!rebooted && seq >= 20) {
          rebooted = true;
          const reboot = await fetch(`${url}/api/server/reboot`, { method: 'POST', headers: adminCookie });
          // answered before the server goes
          expect(reboot.status).toBe(200);
        }
      }
    };
    await Promise.all([phone(), phone()]);
    await server.started(2);
    expect(await closed).toBe(1012);

    // a new process, on the same address, and the old one is gone
    expect(server.servers).toHaveLength(2);
    expect(server.servers[1]).not.toBe(first);
    expect(running(first!)).toBe(false);
    expect(server.url).toBe(url);
    expect(server.output()).toContain('Server exited for a reboot: starting it again');

    // the data and the session from before the reboot
    const session = await fetch(`${url}/api/session`, { headers: adminCookie });
    expect(session.status).toBe(200);
    const devices = await json<Device[]>(await fetch(`${url}/api/devices`, { headers: adminCookie }));
    expect(devices.find((d) => d.id === device.id)?.name).toBe('Before the reboot');
    const from = new Date(base - 1000).toISOString();
    const to = new Date(base + 3_000_000).toISOString();
    const positions = await json<Position[]>(await fetch(`${url}/api/positions?deviceId=${device.id}&from=${from}&to=${to}`, { headers: adminCookie }));
    const stored = new Set(positions.map((p) => Number(p.attributes.seq)));
    const acknowledged = [...answered].filter(([, status]) => status === 200).map(([seq]) => seq);
    expect(acknowledged.length).toBeGreaterThan(20);
    expect(acknowledged.filter((seq) => !stored.has(seq))).toEqual([]);
    // refused answers are only the closing server's 503 (or no answer at all)
    expect([...answered.values()].filter((status) => status !== 200 && status !== 503 && status !== 'error')).toEqual([]);

    // signals pass through: a stop ends both, with the server's own code
    const second = server.servers[1]!;
    expect(await server.stop()).toBe(0);
    expect(running(second)).toBe(false);
  }, 60_000);

  it('refuses without a supervisor (nothing would start the server again)', async () => {
    const server = await start({ demo: true });
    try {
      const response = await fetch(`${server.url}/api/server/reboot`, { method: 'POST', headers: { Authorization: basic('admin', ADMIN_PASSWORD) } });
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/supervisor/);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
