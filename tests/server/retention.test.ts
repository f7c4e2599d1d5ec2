/**
 * Retention (issue 35): the administrators' setting `athar.retentionDays` (checked, refused with a
 * 400 that says why), and the purge it drives on a simulated clock: 300,000 old positions and
 * 60,000 old events (bulk-inserted through a second connection) go in adaptive batches while
 * positions keep arriving over OsmAnd; each device's latest position and what was stored after it
 * stay, recent rows stay, and ingest keeps answering during the purge (its p99 is printed; the 50 ms
 * budget is bench:scale's to measure).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device, Position, Server } from '../../contract/models.ts';
import { RETENTION_DAYS } from '../../contract/extensions.ts';
import type { RetentionBatch, RetentionRun } from '../../server/storage/retention.ts';
import { nextBatchSize } from '../../server/storage/retention.ts';
import { ADMIN_PASSWORD, type TestServer, createUser, json, login, start } from './helpers.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const OLD_POSITIONS = 300_000;
const OLD_EVENTS = 60_000;
const RECENT_POSITIONS = 1_000;
const RECENT_EVENTS = 100;
/** each window of the same load without the purge (before it, after it) */
const BASELINE_MS = 5000;

let server: TestServer;
let clock = Date.now();
let admin: Record<string, string>;
const batches: Array<RetentionBatch & { endedAt: number }> = [];
const runs: RetentionRun[] = [];

beforeAll(async () => {
  server = await start({
    now: () => clock,
    retention: {
      tickMs: 20,
      onBatch: (batch) => batches.push({ ...batch, endedAt: performance.now() }),
      onRun: (run) => runs.push(run),
    },
  });
  admin = { Cookie: await login(server.url, 'admin', ADMIN_PASSWORD) };
});

afterAll(async () => {
  await server?.close();
});

async function putServer(headers: Record<string, string>, attributes: Record<string, unknown>): Promise<Response> {
  const current = await json<Server>(await fetch(`${server.url}/api/server`, { headers: admin }));
  return fetch(`${server.url}/api/server`, {
    method: 'PUT',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...current, attributes: { ...current.attributes, ...attributes } }),
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

describe('the retention setting', () => {
  it('is reported to administrators only (0: keep everything), which tells the client the server has it', async () => {
    const seen = await json<Server>(await fetch(`${server.url}/api/server`, { headers: admin }));
    expect(seen.attributes[RETENTION_DAYS]).toBe(0);
    const anonymous = await json<Server>(await fetch(`${server.url}/api/server`));
    expect(anonymous.attributes).not.toHaveProperty(RETENTION_DAYS);
    await createUser(server.url, { name: 'Plain', email: 'plain@retention', password: 'plain-pass' });
    const plain = { Cookie: await login(server.url, 'plain@retention', 'plain-pass') };
    const asPlain = await json<Server>(await fetch(`${server.url}/api/server`, { headers: plain }));
    expect(asPlain.attributes).not.toHaveProperty(RETENTION_DAYS);
  });

  it('is changed by administrators only', async () => {
    const plain = { Cookie: await login(server.url, 'plain@retention', 'plain-pass') };
    const refused = await putServer(plain, { [RETENTION_DAYS]: 1 });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe('Administrator access required');
    const seen = await json<Server>(await fetch(`${server.url}/api/server`, { headers: admin }));
    expect(seen.attributes[RETENTION_DAYS]).toBe(0);
  });

  it('refuses what is not a whole number of days from 0 to 36500, with a 400 that says so', async () => {
    for (const bad of [-1, 1.5, 'abc', '12 days', 36_501, true, 1e300]) {
      const response = await putServer(admin, { [RETENTION_DAYS]: bad });
      expect(response.status, String(bad)).toBe(400);
      expect(await response.text()).toMatch(/athar\.retentionDays must be a whole number of days from 0 \(keep everything\) to 36500/);
    }
    const malformed = await fetch(`${server.url}/api/server`, {
      method: 'PUT',
      headers: { ...admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ attributes: { [RETENTION_DAYS]: { days: 3 } } }),
    });
    expect(malformed.status).toBe(400);
  });

  it('takes a number or its digits; empty keeps everything', async () => {
    let saved = await json<Server>(await putServer(admin, { [RETENTION_DAYS]: ' 45 ' }));
    expect(saved.attributes[RETENTION_DAYS]).toBe(45);
    saved = await json<Server>(await putServer(admin, { [RETENTION_DAYS]: '' }));
    expect(saved.attributes[RETENTION_DAYS]).toBe(0);
  });
});

describe('the purge', () => {
  it('deletes old positions and events in adaptive batches on the clock, keeping each latest position, while ingest answers in time', async () => {
    const dataDir = server.dataDir;
    const devices = await json<Device[]>(await fetch(`${server.url}/api/devices`, { headers: admin }));
    const demo = devices.filter((d) => d.uniqueId.startsWith('demo-'));
    expect(demo.length).toBeGreaterThan(3);
    // two devices that report live during the purge (the demo devices' latest positions stay old)
    const live: string[] = [];
    for (const uniqueId of ['live-retention-1', 'live-retention-2']) {
      await json(await fetch(`${server.url}/api/devices`, { method: 'POST', headers: { ...admin, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: uniqueId, uniqueId }) }));
      live.push(uniqueId);
    }

    // --- seeding, through a connection of our own (WAL: the server's goes on)
    const db = new Database(join(dataDir, 'athar.db'));
    db.pragma('busy_timeout = 10000');
    const insertPosition = db.prepare(
      `INSERT INTO positions (deviceId, protocol, serverTime, deviceTime, fixTime, valid, latitude, longitude, speed, attributes)
       VALUES (?, 'osmand', ?, ?, ?, 1, ?, ?, ?, ?)`,
    );
    const insertEvent = db.prepare(`INSERT INTO events (type, eventTime, deviceId, positionId, attributes) VALUES (?, ?, ?, NULL, '{"seeded":true}')`);
    const kept = new Map<number, number[]>(); // device → the old positions it must keep
    const seedStarted = performance.now();
    db.transaction(() => {
      const perDevice = Math.floor(OLD_POSITIONS / demo.length);
      demo.forEach((device, d) => {
        let last = 0;
        for (let i = 0; i < perDevice; i++) {
          const fixTime = clock - 90 * DAY + i * Math.floor((55 * DAY) / perDevice) + d; // 90 to 35 days ago
          last = Number(insertPosition.run(device.id, fixTime, fixTime, fixTime, 24.7 + i * 1e-6, 46.7, i % 40, `{"seq":${i},"distance":12.5,"totalDistance":${i * 12.5},"motion":true}`).lastInsertRowid);
        }
        // its latest position is old (it stopped reporting 35 days ago) ...
        db.prepare('UPDATE devices SET positionId = ? WHERE id = ?').run(last, device.id);
        // ... and a late fix of an even older time arrived after it: both stay
        const late = Number(insertPosition.run(device.id, clock - 80 * DAY, clock - 80 * DAY, clock - 80 * DAY, 24.7, 46.7, 0, '{"late":true}').lastInsertRowid);
        kept.set(device.id, [last, late]);
        for (let i = 0; i < RECENT_POSITIONS / demo.length; i++) {
          const fixTime = clock - DAY - i * 1000;
          insertPosition.run(device.id, fixTime, fixTime, fixTime, 24.8, 46.8, 0, '{"recent":true}');
        }
      });
      for (let i = 0; i < OLD_EVENTS; i++) insertEvent.run('deviceMoving', clock - 60 * DAY + i * 1000, demo[i % demo.length]!.id);
      for (let i = 0; i < RECENT_EVENTS; i++) insertEvent.run('deviceStopped', clock - DAY + i * 1000, demo[i % demo.length]!.id);
    })();
    // the seeding's WAL written into the database now, not by the first commits of the baseline
    db.pragma('wal_checkpoint(TRUNCATE)');
    const seedMs = performance.now() - seedStarted;
    const cutoffAfterAdvance = clock + HOUR + 1 - 30 * DAY;
    const count = (sql: string, ...args: unknown[]): number => (db.prepare(sql).pluck().get(...args) as number) ?? 0;
    const oldPositionsBefore = count('SELECT COUNT(*) FROM positions WHERE fixTime < ?', cutoffAfterAdvance);
    expect(oldPositionsBefore).toBeGreaterThanOrEqual(OLD_POSITIONS);

    // --- 30 days; nothing happens until the clock says the hour has passed
    await json(await putServer(admin, { [RETENTION_DAYS]: 30 }));
    await new Promise((resolve) => setTimeout(resolve, 300)); // ~15 ticks of the real-time timer
    expect(runs).toHaveLength(0);
    expect(count('SELECT COUNT(*) FROM positions WHERE fixTime < ?', cutoffAfterAdvance)).toBe(oldPositionsBefore);

    // --- ingest over OsmAnd, four clients, while the purge runs
    const samples: Array<{ start: number; end: number; status: number }> = [];
    const acked: Array<{ uniqueId: string; seq: number }> = [];
    let sending = true;
    let seq = 0;
    const client = async (uniqueId: string): Promise<void> => {
      while (sending) {
        const n = seq++;
        const url = `http://127.0.0.1:${server.osmandPort}/?id=${uniqueId}&lat=${24.7 + (n % 100) * 1e-4}&lon=46.7&speed=${n % 30}&timestamp=${Math.floor(clock / 1000)}&seq=${n}`;
        const begin = performance.now();
        const response = await fetch(url, { method: 'POST' });
        await response.text();
        samples.push({ start: begin, end: performance.now(), status: response.status });
        if (response.status === 200) acked.push({ uniqueId, seq: n });
      }
    };
    const clients = [client(live[0]!), client(live[1]!), client(live[0]!), client(live[1]!)];
    // the same load without the purge, before it and after it: what this machine does anyway
    await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));
    const baselineEnd = performance.now();
    clock += HOUR + 1; // the hour passes: the next tick starts the purge
    const waitStarted = Date.now();
    while (runs.length === 0 && Date.now() - waitStarted < 120_000) await new Promise((resolve) => setTimeout(resolve, 20));
    const afterStart = performance.now() + 100;
    await new Promise((resolve) => setTimeout(resolve, BASELINE_MS + 100));
    sending = false;
    await Promise.all(clients);

    expect(runs).toHaveLength(1);
    const run = runs[0]!;
    expect(run.error).toBeUndefined();
    const first = batches[0]!;
    const last = batches[batches.length - 1]!;
    const purgeStart = first.endedAt - first.ms;
    const purgeEnd = last.endedAt;
    const during = samples.filter((s) => s.start < purgeEnd && s.end > purgeStart).map((s) => s.end - s.start);
    // the first second warms up (the devices' state, the disk still writing the seeding back)
    const before = samples.filter((s) => s.start > 1000 + samples[0]!.start && s.end < baselineEnd).map((s) => s.end - s.start);
    const after = samples.filter((s) => s.start > afterStart).map((s) => s.end - s.start);
    const baselineP99 = Math.max(percentile(before, 99), percentile(after, 99));
    const positionBatches = batches.filter((b) => b.table === 'positions');
    const eventBatches = batches.filter((b) => b.table === 'events');
    const sizes = (list: typeof batches): string => list.map((b) => b.rows).join(',');
    const report = {
      seedMs: Math.round(seedMs),
      purgeMs: Math.round(purgeEnd - purgeStart),
      batches: batches.length,
      positionsDeleted: run.positions,
      eventsDeleted: run.events,
      batchMs: { p50: +percentile(batches.map((b) => b.ms), 50).toFixed(1), p99: +percentile(batches.map((b) => b.ms), 99).toFixed(1), max: +run.longestMs.toFixed(1) },
      positionBatchSizes: sizes(positionBatches),
      eventBatchSizes: sizes(eventBatches),
      ingestDuringPurge: { requests: during.length, p50: +percentile(during, 50).toFixed(1), p99: +percentile(during, 99).toFixed(1), max: +Math.max(...during).toFixed(1) },
      ingestBeforePurge: { requests: before.length, p50: +percentile(before, 50).toFixed(1), p99: +percentile(before, 99).toFixed(1) },
      ingestAfterPurge: { requests: after.length, p50: +percentile(after, 50).toFixed(1), p99: +percentile(after, 99).toFixed(1) },
    };
    console.log('retention purge:', JSON.stringify(report, null, 1));

    // the purge took several batches, and ingest was answered all along, in time
    expect(positionBatches.length).toBeGreaterThan(5);
    expect(samples.every((s) => s.status === 200)).toBe(true);
    expect(during.length).toBeGreaterThan(50);
    // The 50 ms budget for ingest during a purge is a performance figure: issue 35 puts it in
    // bench:scale (rule 8: measured by benchmarks, not timed tests). Here ingest must keep answering
    // (every request 200, above); the figures are printed for the record.

    // old rows gone, except each device's latest position and what was stored after it
    const keptIds = [...kept.values()].flat();
    expect(run.positions).toBe(oldPositionsBefore - keptIds.length);
    expect(count('SELECT COUNT(*) FROM positions WHERE fixTime < ?', run.cutoff)).toBe(keptIds.length);
    for (const [deviceId, ids] of kept) {
      for (const id of ids) expect(count('SELECT COUNT(*) FROM positions WHERE id = ? AND deviceId = ?', id, deviceId)).toBe(1);
    }
    expect(count('SELECT COUNT(*) FROM positions WHERE fixTime >= ? AND attributes LIKE ?', run.cutoff, '%recent%')).toBe(RECENT_POSITIONS);
    expect(count('SELECT COUNT(*) FROM events WHERE eventTime < ?', run.cutoff)).toBe(0);
    expect(run.events).toBe(OLD_EVENTS);
    expect(count(`SELECT COUNT(*) FROM events WHERE attributes = '{"seeded":true}'`)).toBe(RECENT_EVENTS);
    // every position acknowledged during the purge is stored
    const storedSeqs = new Set(
      (db.prepare("SELECT json_extract(attributes, '$.seq') FROM positions WHERE deviceId IN (SELECT id FROM devices WHERE uniqueId LIKE 'live-retention-%')").pluck().all() as number[]),
    );
    expect(acked.filter((a) => !storedSeqs.has(a.seq))).toEqual([]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();

    // the latest positions still answer
    const latest = await json<Position[]>(await fetch(`${server.url}/api/positions`, { headers: admin }));
    for (const [deviceId, [positionId]] of kept) expect(latest.find((p) => p.deviceId === deviceId)?.id).toBe(positionId);

    // the next run is an hour later on the clock, not before
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toHaveLength(1);
  }, 180_000);
});

describe('nextBatchSize', () => {
  it('fits the target time, at most doubling, never under 16', () => {
    expect(nextBatchSize(1000, 1000, 10, 20)).toBe(2000);
    expect(nextBatchSize(1000, 1000, 40, 20)).toBe(500);
    expect(nextBatchSize(1000, 1000, 400, 20)).toBe(50);
    expect(nextBatchSize(100, 100, 10_000, 20)).toBe(16);
    expect(nextBatchSize(1000, 10, 1, 20)).toBe(1000);
  });
});
