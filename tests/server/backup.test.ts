/**
 * Backups and restores (issue 35). `npm run backup` copies the database of a server that is
 * taking positions over OsmAnd; `npm run restore` puts the copy in a new data folder, a server
 * started on it has every position acknowledged (HTTP 200) before the backup began. Restore
 * refuses while a server holds the folder, and refuses a damaged backup without touching the
 * database in place. Scheduled backups run on the clock and keep the newest N.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, openSync, readFileSync, readdirSync, statSync, writeFileSync, closeSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Device, Position } from '../../contract/models.ts';
import { backupName } from '../../server/storage/schedule.ts';
import { ADMIN_PASSWORD, type TestServer, json, login, start, tempDir } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const servers: TestServer[] = [];

afterAll(async () => {
  for (const server of servers) await server.close();
});

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** `npm run backup|restore -- …` as the scripts run it (tsx server/storage/cli.ts). */
function cli(...args: string[]): Promise<CliResult> {
  const started = performance.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/storage/cli.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolvePromise({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

const sha = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

async function positionSeqs(server: TestServer, headers: Record<string, string>): Promise<Set<number>> {
  const devices = await json<Device[]>(await fetch(`${server.url}/api/devices`, { headers }));
  const seqs = new Set<number>();
  for (const device of devices) {
    const query = `deviceId=${device.id}&from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z`;
    for (const position of await json<Position[]>(await fetch(`${server.url}/api/positions?${query}`, { headers }))) {
      if (typeof position.attributes.seq === 'number') seqs.add(position.attributes.seq);
    }
  }
  return seqs;
}

describe('backup and restore', () => {
  let backupFile = '';
  let live: TestServer;

  it('copies a server under ingest; the restored copy has every position acknowledged before the backup began', async () => {
    live = await start();
    servers.push(live);
    // history to copy (100,000 positions of other devices, written through a connection of our own),
    // so the copy takes a while as positions keep arriving
    const seed = new Database(join(live.dataDir, 'athar.db'));
    seed.pragma('busy_timeout = 10000');
    const insert = seed.prepare(
      `INSERT INTO positions (deviceId, protocol, serverTime, deviceTime, fixTime, valid, latitude, longitude, speed, attributes)
       VALUES ((SELECT id FROM devices WHERE uniqueId = ?), 'osmand', ?, ?, ?, 1, 24.7, 46.7, 10, ?)`,
    );
    const t0 = Date.now() - 40 * 86_400_000;
    seed.transaction(() => {
      for (let i = 0; i < 100_000; i++) insert.run(`demo-00${(i % 4) + 5}`, t0 + i * 1000, t0 + i * 1000, t0 + i * 1000, `{"history":${i},"distance":12.5,"totalDistance":${i * 12.5}}`);
    })();
    seed.pragma('wal_checkpoint(TRUNCATE)');
    seed.close();
    const acked = new Map<number, number>(); // seq → when its 200 arrived
    const latencies: Array<{ at: number; ms: number }> = [];
    let sending = true;
    let seq = 0;
    let failures = 0;
    const client = async (): Promise<void> => {
      while (sending) {
        const n = seq++;
        const url = `http://127.0.0.1:${live.osmandPort}/?id=demo-00${(n % 4) + 1}&lat=${24.7 + (n % 100) * 1e-4}&lon=46.7&speed=${n % 30}&timestamp=${Math.floor(Date.now() / 1000)}&seq=${n}`;
        const sent = performance.now();
        const response = await fetch(url, { method: 'POST' });
        await response.text();
        latencies.push({ at: sent, ms: performance.now() - sent });
        if (response.status === 200) acked.set(n, performance.now());
        else failures++;
      }
    };
    const clients = Array.from({ length: 4 }, () => client());
    while (acked.size < 400) await new Promise((r) => setTimeout(r, 10));

    backupFile = join(tempDir('athar-backup-'), 'athar-backup.db');
    const began = performance.now();
    const ackedBefore = new Set(acked.keys());
    const backup = await cli('backup', backupFile, '--data', live.dataDir);
    const ended = performance.now();
    await new Promise((r) => setTimeout(r, 200));
    sending = false;
    await Promise.all(clients);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written to .*athar-backup\.db \([\d.]+ MB, \d+ pages, integrity checked\)/);
    expect(failures).toBe(0);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600); // password hashes and the token secret: the owner's only
    const p99 = (list: number[]): string => ([...list].sort((a, b) => a - b)[Math.ceil(list.length * 0.99) - 1] ?? NaN).toFixed(1);
    const whileCopying = latencies.filter((l) => l.at >= began && l.at <= ended).map((l) => l.ms);
    const beforeCopying = latencies.filter((l) => l.at < began).map((l) => l.ms);
    const ackedDuring = [...acked].filter(([, at]) => at >= began && at <= ended).map(([n]) => n);

    // a restore into the folder of the running server is refused; that server goes on
    const refused = await cli('restore', backupFile, '--data', live.dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/A server is using .*: stop it, then restore/);
    expect((await fetch(`http://127.0.0.1:${live.osmandPort}/?id=demo-001&lat=24.7&lon=46.7`, { method: 'POST' })).status).toBe(200);

    // restored into a new folder, a server started on it has every position acknowledged before
    const restoredDir = tempDir('athar-restored-');
    const restore = await cli('restore', backupFile, '--data', restoredDir);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^Restored .*athar\.db \([\d.]+ MB, integrity checked\)/);
    const restored = await start({ dataDir: restoredDir, demo: false });
    servers.push(restored);
    const seqs = await positionSeqs(restored, { Cookie: await login(restored.url, 'admin', ADMIN_PASSWORD) });
    const missing = [...ackedBefore].filter((n) => !seqs.has(n));
    console.log(
      `backup under ingest: ${ackedBefore.size} positions acknowledged before the backup began, all ${ackedBefore.size - missing.length} in the copy; ` +
        `${ackedDuring.length} acknowledged while it ran (${ackedDuring.filter((n) => seqs.has(n)).length} of them in the copy); ` +
        `${acked.size} in all; the backup took ${Math.round(backup.ms)} ms (the process included), ${(statSync(backupFile).size / 1024).toFixed(0)} KB; restore ${Math.round(restore.ms)} ms; ` +
        `ingest p99 ${p99(beforeCopying)} ms before the backup, ${p99(whileCopying)} ms while it ran (${whileCopying.length} requests)`,
    );
    expect(missing).toEqual([]);
    expect(seqs.size).toBeGreaterThanOrEqual(ackedBefore.size);
    const copy = new Database(join(restoredDir, 'athar.db'), { readonly: true });
    expect(copy.prepare("SELECT COUNT(*) FROM positions WHERE json_extract(attributes, '$.history') IS NOT NULL").pluck().get()).toBe(100_000);
    copy.close();
  }, 60_000);

  it('refuses a damaged backup, and leaves the database in place as it was', async () => {
    const dir = tempDir('athar-restore-damaged-');
    expect((await cli('restore', backupFile, '--data', dir)).code).toBe(0);
    const before = sha(join(dir, 'athar.db'));
    const damaged = join(tempDir('athar-damaged-'), 'damaged.db');
    copyFileSync(backupFile, damaged);
    const pageSize = 4096;
    const fd = openSync(damaged, 'r+');
    const pages = Math.floor(statSync(damaged).size / pageSize);
    // garbage over a few b-tree pages (not the header: the file still opens)
    for (const page of [2, Math.floor(pages / 2), pages - 2]) writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, page * pageSize);
    closeSync(fd);
    const result = await cli('restore', damaged, '--data', dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/integrity check|malformed|not a database/i);
    expect(sha(join(dir, 'athar.db'))).toBe(before);
    expect(readdirSync(dir).filter((name) => name.includes('restoring') || name.includes('partial'))).toEqual([]);

    const notDatabase = join(tempDir('athar-not-db-'), 'notes.db');
    writeFileSync(notDatabase, 'this is not a database at all, just some text that is long enough '.repeat(100));
    const text = await cli('restore', notDatabase, '--data', dir);
    expect(text.code).toBe(1);
    expect(text.stderr).toMatch(/not a database/);
    expect(sha(join(dir, 'athar.db'))).toBe(before);
  }, 60_000);

  it('says what is wrong with the command line, and never replaces a backup unless told to', async () => {
    expect((await cli('backup')).code).toBe(2);
    expect((await cli('restore', 'a.db', 'b.db')).code).toBe(2);
    const again = await cli('backup', backupFile, '--data', live.dataDir);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/exists: choose another name, or add --force to replace it/);
    const forced = await cli('backup', backupFile, '--data', live.dataDir, '--force');
    expect(forced.code).toBe(0);
    const missing = await cli('backup', join(tempDir(), 'x.db'), '--data', join(tempDir(), 'nothing-here'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No database at/);
  }, 60_000);
});

describe('scheduled backups', () => {
  it('writes one every interval of the clock and keeps the newest', async () => {
    let clock = Date.UTC(2030, 0, 1, 0, 0, 0);
    const dir = tempDir('athar-scheduled-');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${backupName(clock - 999_000)}.partial-4242`), 'left by a backup that was stopped');
    writeFileSync(join(dir, 'mine.txt'), 'not a backup: left alone');
    const outcomes: Array<{ file: string; ok: boolean; output: string; removed: string[] }> = [];
    const server = await start({ now: () => clock, backups: { dir, intervalMs: 3_600_000, keep: 2, tickMs: 20, onBackup: (o) => outcomes.push(o) } });
    servers.push(server);
    const waitFor = async (count: number): Promise<void> => {
      const started = Date.now();
      while (outcomes.length < count && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 20));
      expect(outcomes).toHaveLength(count);
    };
    await waitFor(1); // none in the folder: the first is due at once
    expect(outcomes[0]!.ok).toBe(true);
    clock += 30 * 60_000;
    await new Promise((r) => setTimeout(r, 200));
    expect(outcomes).toHaveLength(1); // half an hour: not yet
    clock += 30 * 60_000;
    await waitFor(2);
    clock += 3_600_000;
    await waitFor(3);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(outcomes[2]!.removed).toEqual([backupName(Date.UTC(2030, 0, 1, 0, 0, 0))]);
    const names = readdirSync(dir).sort();
    expect(names).toEqual([backupName(Date.UTC(2030, 0, 1, 1, 0, 0)), backupName(Date.UTC(2030, 0, 1, 2, 0, 0)), 'mine.txt']);
    for (const name of names.filter((n) => n.endsWith('.db'))) {
      const copy = new Database(join(dir, name), { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      copy.close();
    }
  }, 90_000);
});
