import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SocketMessage } from '../../contract/models.ts';
import { demoPlaces } from '../../server/simulator/model.ts';
import { Simulator, scaledClock } from '../../server/simulator/sender.ts';
import { ADMIN_PASSWORD, type TestServer, login, openSocket, start } from './helpers.ts';

describe('simulator against a real server (accelerated)', () => {
  let server: TestServer | null = null;
  afterAll(async () => server?.close());

  it('stores positions and produces moving/stopped/ignition events, pushed to the admin socket', async () => {
    // 80 simulated seconds per real second, shared by the server's clock
    const clock = scaledClock(80);
    server = await start({ now: clock });
    const cookie = await login(server.url, 'admin', ADMIN_PASSWORD);
    const { ws } = await openSocket(`${server.url}/api/socket`, { Cookie: cookie });
    const pushed = new Set<string>();
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as SocketMessage;
      for (const event of message.events ?? []) pushed.add(event.type);
    });
    const statuses: number[] = [];
    const simulator = new Simulator({
      url: `http://127.0.0.1:${server.osmandPort}`,
      devices: Array.from({ length: 8 }, (_, k) => ({ uniqueId: `demo-00${k + 1}`, category: 'car' })),
      intervalMs: 150,
      clock,
      seed: 'live-test',
      alarmProbability: 0,
      vehicle: { initialParking: [5, 20], parking: [200, 300], tripBlocks: [3, 6], places: demoPlaces().places },
      onResult: (result) => statuses.push(result.status),
    });
    simulator.start();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    await simulator.stop();
    ws.close();

    expect(statuses.length).toBeGreaterThan(300);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const db = new Database(join(server.dataDir, 'athar.db'), { readonly: true });
    try {
      const positions = db.prepare("SELECT COUNT(*) AS n FROM positions WHERE protocol = 'osmand' AND serverTime > 0").get() as { n: number };
      expect(positions.n).toBeGreaterThan(300);
      const types = new Set((db.prepare('SELECT DISTINCT type FROM events').all() as Array<{ type: string }>).map((r) => r.type));
      for (const type of ['deviceMoving', 'deviceStopped', 'ignitionOn', 'ignitionOff']) expect(types).toContain(type);
    } finally {
      db.close();
    }
    expect(pushed.has('deviceMoving') || pushed.has('ignitionOn')).toBe(true);
  }, 20_000);
});
