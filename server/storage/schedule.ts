/**
 * Scheduled backups (`BACKUP_DIR`, `BACKUP_INTERVAL_HOURS`, `BACKUP_KEEP`): every interval the
 * server runs `npm run backup`'s command in a child process (so the copy, its integrity check and
 * its flush take nothing from the server's event loop), writing `athar-<UTC time>.db` in the folder,
 * then keeps the newest `keep` of them. The first is due one interval after the newest backup in
 * the folder, at once when there is none; a failed one is tried again after a quarter of the
 * interval (at most an hour).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const NAME = /^athar-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})Z\.db$/;
const PARTIAL = /^athar-\d{8}-\d{6}Z\.db\.partial-\d+(-journal)?$/;

export interface BackupScheduleOptions {
  /** the folder of the backups */
  dir: string;
  /** between backups */
  intervalMs: number;
  /** how many backups are kept (the newest) */
  keep: number;
  /** the server's data folder */
  dataDir: string;
  /** injectable clock (ms): the backups' times and names */
  now?: () => number;
  /** the real-time tick that reads the clock (default 1 s) */
  tickMs?: number;
  log?: { info(message: string): void; error(message: string): void };
  /** each backup's outcome (tests) */
  onBackup?: (outcome: { file: string; ok: boolean; output: string; removed: string[] }) => void;
}

/** `athar-20250131-235959Z.db` for a time (UTC). */
export function backupName(time: number): string {
  const iso = new Date(time).toISOString(); // 2025-01-31T23:59:59.000Z
  return `athar-${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}Z.db`;
}

/** The time of a backup's name, null for any other file. */
export function backupTime(name: string): number | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const time = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isNaN(time) ? null : time;
}

/** The backups of a folder, newest first. */
export function listBackups(dir: string): Array<{ name: string; time: number }> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((name) => ({ name, time: backupTime(name) }))
    .filter((b): b is { name: string; time: number } => b.time !== null)
    .sort((a, b) => b.time - a.time);
}

/** Removes all but the newest `keep` backups; returns the names removed. */
export function rotateBackups(dir: string, keep: number): string[] {
  const removed: string[] = [];
  for (const backup of listBackups(dir).slice(keep)) {
    rmSync(join(dir, backup.name), { force: true });
    removed.push(backup.name);
  }
  return removed;
}

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Starts the schedule; returns its stop function (a backup under way is ended, its partial file removed next time). */
export function startBackupSchedule(options: BackupScheduleOptions): () => Promise<void> {
  const dir = resolve(options.dir);
  const now = options.now ?? Date.now;
  try {
    mkdirSync(dir, { recursive: true });
    // copies left by a backup that was stopped (the server closed, or killed)
    for (const name of readdirSync(dir)) if (PARTIAL.test(name)) rmSync(join(dir, name), { force: true });
  } catch (error) {
    // each backup will fail and say why (main.ts checks the folder before the server starts)
    options.log?.error(`backup folder ${dir}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const newest = listBackups(dir)[0];
  let due = newest ? newest.time + options.intervalMs : now();
  let child: ChildProcess | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const backup = (): Promise<void> => {
    const time = now();
    const name = backupName(time);
    const file = join(dir, name);
    return new Promise<void>((done) => {
      let output = '';
      const process_ = spawn(process.execPath, ['--import', TSX, CLI, 'backup', file, '--data', options.dataDir, '--force'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = process_;
      process_.stdout?.on('data', (data: Buffer) => (output += data.toString()));
      process_.stderr?.on('data', (data: Buffer) => (output += data.toString()));
      let finished = false;
      const finish = (ok: boolean): void => {
        if (finished) return;
        finished = true;
        child = null;
        output = output.trim();
        let removed: string[] = [];
        try {
          if (ok) removed = rotateBackups(dir, options.keep);
        } catch (error) {
          options.log?.error(`backup rotation in ${dir}: ${error instanceof Error ? error.message : String(error)}`);
        }
        if (ok) {
          due = time + options.intervalMs;
          options.log?.info(`backup: ${output}${removed.length ? ` (removed ${removed.join(', ')})` : ''}`);
        } else {
          due = time + Math.min(options.intervalMs / 4, 3_600_000);
          if (!stopped) options.log?.error(`backup ${name} failed: ${output || 'no output'}`);
        }
        options.onBackup?.({ file, ok, output, removed });
        done();
      };
      process_.once('error', (error) => {
        output += error.message;
        finish(false);
      });
      process_.once('exit', (code) => finish(code === 0));
    });
  };

  const tick = (): void => {
    timer = null;
    if (stopped) return;
    if (!running && now() >= due) {
      running = backup().finally(() => {
        running = null;
      });
    }
    timer = setTimeout(tick, options.tickMs ?? 1000);
    timer.unref();
  };
  timer = setTimeout(tick, 0);
  timer.unref();

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    (child as ChildProcess | null)?.kill('SIGKILL');
    await running;
  };
}
