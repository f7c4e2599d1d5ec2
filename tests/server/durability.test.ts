/**
 * Crash safety: the server runs in a child process (`node --import tsx server/main.ts`, i.e. tsx in a
 * single process so SIGKILL hits the server itself), receives positions from concurrent clients and is
 * killed with SIGKILL mid-stream. After a restart on the same data, every position answered 200 must be
 * stored, together with its device update and its event (one transaction), and nothing half-stored.
 */
import Database from 'better-sqlite3';
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '../..');

interface Child {
  process: ChildProcess;
  osmandPort: number;
  webPort: number;
}

const children: ChildProcess[] = [];

function launch(dataDir: string): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', OSMAND_PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD: 'crash-pass', CLIENT_DIR: join(dataDir, 'no-client') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolvePromise, reject) => {
    let output = '';
    let webPort = 0;
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 15_000);
    const onData = (data: Buffer): void => {
      output += data.toString();
      const web = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (web) webPort = Number(web[1]);
      const osm = /OsmAnd protocol on port (\d+)/.exec(output);
      if (osm && webPort) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        child.stderr?.resume();
        resolvePromise({ process: child, osmandPort: Number(osm[1]), webPort });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

describe('durability', () => {
  it('keeps every acknowledged position across kill -9, with nothing half-stored', async () => {
    const dataDir = tempDir('athar-crash-');
    const first = await launch(dataDir);
    const base = Date.now() - 3_600_000;
    const outcome = new Map<number, number | 'error'>();
    let next = 0;
    let acknowledged = 0;
    let killed = false;
    const killAfter = 300;

    const worker = async (): Promise<void> => {
      while (!killed || next < killAfter + 50) {
        const seq = next++;
        if (seq > 5000) return;
        const device = `demo-00${(seq % 8) + 1}`;
        const url = `http://127.0.0.1:${first.osmandPort}/?id=${device}&lat=${24 + (seq % 100) / 1000}&lon=46.7&speed=${seq % 40}&timestamp=${base + seq}&seq=${seq}&alarm=sos`;
        try {
          const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
          await response.text();
          outcome.set(seq, response.status);
          if (response.status === 200 && ++acknowledged === killAfter) {
            killed = true;
            first.process.kill('SIGKILL');
          }
        } catch {
          outcome.set(seq, 'error');
          if (killed) return;
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(killed).toBe(true);
    await new Promise<void>((r) => (first.process.exitCode !== null || first.process.signalCode !== null ? r() : first.process.once('exit', () => r())));
    expect(first.process.signalCode).toBe('SIGKILL');

    const ok = [...outcome].filter(([, status]) => status === 200).map(([seq]) => seq);
    expect(ok.length).toBeGreaterThanOrEqual(killAfter);
    expect([...outcome.values()].filter((s) => s !== 200 && s !== 'error')).toEqual([]);

    const second = await launch(dataDir);
    const db = new Database(join(dataDir, 'athar.db'), { readonly: true });
    try {
      const rows = db
        .prepare("SELECT id, deviceId, fixTime, json_extract(attributes, '$.seq') AS seq FROM positions WHERE json_extract(attributes, '$.seq') IS NOT NULL")
        .all() as Array<{ id: number; deviceId: number; fixTime: number; seq: number }>;
      const storedSeqs = new Set(rows.map((r) => r.seq));
      const missing = ok.filter((seq) => !storedSeqs.has(seq));
      expect(missing).toEqual([]);
      // Stored but unanswered (killed between commit and reply) is allowed; each stored position is whole:
      // exactly one alarm event pointing at it…
      const events = db.prepare("SELECT positionId, COUNT(*) AS n FROM events WHERE type = 'alarm' GROUP BY positionId").all() as Array<{ positionId: number; n: number }>;
      const eventCount = new Map(events.map((e) => [e.positionId, e.n]));
      expect(rows.filter((r) => eventCount.get(r.id) !== 1)).toEqual([]);
      expect(events.reduce((sum, e) => sum + e.n, 0)).toBe(rows.length);
      // …and each device's latest position is its newest stored fix.
      for (let deviceId = 1; deviceId <= 8; deviceId++) {
        const device = db.prepare('SELECT positionId FROM devices WHERE id = ?').get(deviceId) as { positionId: number };
        const newest = db.prepare('SELECT id FROM positions WHERE deviceId = ? ORDER BY fixTime DESC, id DESC LIMIT 1').get(deviceId) as { id: number };
        expect(device.positionId).toBe(newest.id);
      }
    } finally {
      db.close();
    }
    // The restarted server keeps accepting positions on the recovered data.
    const again = await fetch(`http://127.0.0.1:${second.osmandPort}/?id=demo-001&lat=24&lon=46.7&timestamp=${base + 10_000}`);
    expect(again.status).toBe(200);
    second.process.kill('SIGKILL');
  }, 40_000);
});
