import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { migrate } from './migrations.ts';

export type Db = Database.Database;

/** Opens (creating if needed) DATA_DIR/athar.db and brings its schema up to date. */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'athar.db'));
  db.pragma('journal_mode = WAL');
  // FULL: an acknowledged write (e.g. a stored position) survives a power loss.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // 64 MiB of page cache (SQLite's default is 2 MiB): a fleet's positions land on one index leaf per
  // device (positions_device_fix), 1,000 devices a few thousand pages, read again at every insert
  // when they do not fit (bench:scale)
  db.pragma('cache_size = -65536');
  migrate(db);
  return db;
}

/**
 * Runs `write` with `synchronous = NORMAL`, then sets the connection's own level (`level`, read now
 * when not given) again: its commits do not wait for the disk (WAL keeps them atomic). For work whose
 * durability is seen to otherwise: the ingest's batches (a WAL flush before the answer, walSync.ts),
 * the retention's purge (a delete lost to a power cut is only done again). The PRAGMA is compiled
 * each time: SQLite applies `synchronous` when it compiles the statement, so a prepared one run again
 * would do nothing.
 */
export function unsynced<T>(db: Db, write: () => T, level = Number(db.pragma('synchronous', { simple: true }))): T {
  db.pragma('synchronous = NORMAL');
  try {
    return write();
  } finally {
    db.pragma(`synchronous = ${level}`);
  }
}

/** A persistent random secret (created on first use), e.g. the token signing key. */
export function getSecret(db: Db, name: string): Buffer {
  const row = db.prepare('SELECT value FROM secrets WHERE name = ?').get(name) as { value: Buffer } | undefined;
  if (row) return row.value;
  const value = randomBytes(32);
  db.prepare('INSERT INTO secrets (name, value) VALUES (?, ?)').run(name, value);
  return value;
}
