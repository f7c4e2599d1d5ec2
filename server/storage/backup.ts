/**
 * Backups and restores of DATA_DIR/athar.db (issue 35), with SQLite's online backup API
 * (better-sqlite3's `db.backup()`).
 *
 * A backup opens the database itself, read-only, in its own process (`npm run backup`, or the
 * child process the server starts for its scheduled backups): it needs no credentials and takes
 * no time from the server's event loop. It is consistent while the server writes because the
 * whole copy is one backup step, so one read transaction: in WAL mode a reader sees one committed
 * state and never blocks the writer (the WAL only grows until the copy ends). A copy made in
 * several steps would start again whenever another connection wrote between two of them.
 *
 * The copy is written beside its destination, switched to the rollback journal (one
 * self-contained file), checked with `PRAGMA integrity_check`, flushed and renamed into place.
 * A restore copies the backup into DATA_DIR the same way, checks it, then swaps it in with a rename:
 * only when no server holds the database (the old one is kept beside it).
 */
import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { migrations } from '../db/migrations.ts';

/** A refusal or failure of a backup or restore, said to the person who ran it. */
export class StorageCommandError extends Error {}

export const DATABASE_FILE = 'athar.db';
/** better-sqlite3's progress callback returns the next step's page count: everything in one step. */
const ALL_PAGES = 0x7fffffff;

export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
  ms: number;
}

export interface RestoreResult {
  file: string;
  /** where the database it replaced was kept, null when there was none */
  previous: string | null;
  bytes: number;
  ms: number;
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A path that sits beside `target` for the copy in progress. */
function partialPath(target: string): string {
  return `${target}.partial-${process.pid}`;
}

/** Opens a database to copy from: read-only, or (a WAL file whose -shm cannot be made read-only) read-write. */
function openSource(file: string): Database.Database {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
    db.pragma('schema_version'); // reads the header: not a database → SQLITE_NOTADB here
    return db;
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'SQLITE_NOTADB') throw new StorageCommandError(`${file} is not a database`);
    if (code !== 'SQLITE_CANTOPEN' && code !== 'SQLITE_READONLY_CANTINIT' && code !== 'SQLITE_READONLY') throw error;
    return new Database(file, { fileMustExist: true, timeout: 5000 });
  }
}

/** `PRAGMA integrity_check`'s findings: empty when the database is whole. */
export function integrityProblems(db: Database.Database): string[] {
  const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
  return rows.map((row) => row.integrity_check).filter((text) => text !== 'ok');
}

/**
 * Copies `source` to `target` with the backup API in one step, as one self-contained file in
 * rollback-journal mode, checked and flushed; `check` returns a reason to refuse the copy.
 */
async function copyDatabase(source: Database.Database, target: string, check?: (copy: Database.Database) => string | null): Promise<{ pages: number; bytes: number }> {
  const partial = partialPath(target);
  rmSync(partial, { force: true });
  try {
    await source.backup(partial, { progress: () => ALL_PAGES });
    const copy = new Database(partial, { fileMustExist: true });
    let pages: number;
    try {
      copy.pragma('journal_mode = DELETE');
      const problems = integrityProblems(copy);
      if (problems.length) throw new StorageCommandError(`The copy failed its integrity check: ${problems.slice(0, 5).join('; ')}`);
      const refusal = check?.(copy) ?? null;
      if (refusal) throw new StorageCommandError(refusal);
      pages = copy.pragma('page_count', { simple: true }) as number;
    } finally {
      copy.close();
    }
    // what the database holds (password hashes, the token secret) is for its owner only
    chmodSync(partial, 0o600);
    fsyncPath(partial);
    renameSync(partial, target);
    fsyncPath(dirname(target));
    return { pages, bytes: statSync(target).size };
  } finally {
    rmSync(partial, { force: true });
    rmSync(`${partial}-journal`, { force: true });
  }
}

/**
 * `npm run backup -- FILE`: an online, consistent copy of DATA_DIR's database, the server running
 * or not. Refuses to replace an existing FILE unless `force`.
 */
export async function backupDatabase(dataDir: string, file: string, options: { force?: boolean } = {}): Promise<BackupResult> {
  const started = performance.now();
  const source = join(resolve(dataDir), DATABASE_FILE);
  const target = resolve(file);
  if (!existsSync(source)) throw new StorageCommandError(`No database at ${source} (set --data or DATA_DIR)`);
  if (!existsSync(dirname(target))) throw new StorageCommandError(`No folder ${dirname(target)} for the backup`);
  if (existsSync(target) && !options.force) throw new StorageCommandError(`${target} exists: choose another name, or add --force to replace it`);
  if (target === source) throw new StorageCommandError('The backup cannot be the database itself');
  const db = openSource(source);
  try {
    const { pages, bytes } = await copyDatabase(db, target);
    return { file: target, pages, bytes, ms: performance.now() - started };
  } finally {
    db.close();
  }
}

/** Whether a server (any other connection) has the database open: it then cannot leave WAL mode. */
function takeOutOfService(live: string): void {
  const db = new Database(live, { fileMustExist: true, timeout: 0 });
  try {
    // Leaving WAL needs every other connection gone; it also writes the WAL's last commits into
    // the file and removes the WAL, so the file is whole on its own and can be moved aside.
    db.pragma('journal_mode = DELETE');
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
      throw new StorageCommandError(`A server is using ${dirname(live)}: stop it, then restore`);
    }
    throw error;
  } finally {
    db.close();
  }
}

/** The schema version a database was made with (its migrations), null when it is not Athar's. */
function schemaVersion(db: Database.Database): number | null {
  try {
    const row = db.prepare('SELECT MAX(version) AS version FROM schema_version').get() as { version: number | null } | undefined;
    return row?.version ?? null;
  } catch {
    return null;
  }
}

/**
 * `npm run restore -- FILE [--data DIR]`: puts a backup back as DATA_DIR's database. The backup is
 * copied into DATA_DIR and checked (`PRAGMA integrity_check`, and a schema this server knows)
 * before anything is replaced; refused while a server holds the database; the database it
 * replaces is kept as `athar.db.before-restore-<time>`; the swap is a rename.
 */
export async function restoreDatabase(file: string, dataDir: string, now = Date.now()): Promise<RestoreResult> {
  const started = performance.now();
  const source = resolve(file);
  const dir = resolve(dataDir);
  const live = join(dir, DATABASE_FILE);
  if (!existsSync(source)) throw new StorageCommandError(`No backup at ${source}`);
  if (!existsSync(dir)) throw new StorageCommandError(`No data folder ${dir}`);
  if (source === live) throw new StorageCommandError('The backup is the database itself');
  // refused early, before copying, while a server runs (and checked again at the swap)
  if (existsSync(live)) takeOutOfService(live);
  const known = Math.max(...migrations.map((m) => m.version));
  const backup = openSource(source);
  const incoming = join(dir, `${DATABASE_FILE}.restoring`);
  let bytes: number;
  try {
    ({ bytes } = await copyDatabase(backup, incoming, (copy) => {
      const version = schemaVersion(copy);
      if (version === null) return `${basename(source)} is not an Athar database`;
      if (version > known) return `${basename(source)} was made by a newer Athar (schema ${version}, this one knows ${known})`;
      return null;
    }));
  } finally {
    backup.close();
  }
  try {
    let previous: string | null = null;
    if (existsSync(live)) {
      takeOutOfService(live);
      previous = join(dir, `${DATABASE_FILE}.before-restore-${new Date(now).toISOString().replace(/[:.]/g, '-')}`);
      renameSync(live, previous);
    }
    // leftovers of the database moved aside (none after leaving WAL mode) must not meet the new one
    for (const suffix of ['-wal', '-shm', '-journal']) rmSync(live + suffix, { force: true });
    renameSync(incoming, live);
    fsyncPath(dir);
    return { file: live, previous, bytes, ms: performance.now() - started };
  } finally {
    rmSync(incoming, { force: true });
  }
}
