/**
 * WAL checkpoints off the event loop. In WAL mode every commit appends to athar.db-wal, and a
 * checkpoint copies those pages into athar.db and flushes both files: with SQLite's automatic
 * checkpoint that work falls on whichever commit crosses 1,000 pages, often a position's group
 * commit, which then waits for two flushes of megabytes. Here a worker thread with a connection of
 * its own runs a PASSIVE checkpoint every `everyMs`: it never blocks a writer (SQLite lets commits
 * go on while it copies) and its flushes wait on the worker's thread, not the server's.
 *
 * The server's connection keeps an automatic checkpoint at a higher mark (`SAFETY_PAGES`) in case
 * the worker falls behind or stops.
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type { Db } from './database.ts';

/** The automatic checkpoint of the server's connection, a safety net (pages of 4 KiB: 16 MiB). */
export const SAFETY_PAGES = 4000;

const DRIVER = createRequire(import.meta.url).resolve('better-sqlite3');

// Plain JavaScript run by the worker (no TypeScript loader there): checkpoint, and close on request.
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true, timeout: 0 });
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy (a checkpoint of the server's own) or closing: the next round tries again
  }
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker and closes its connection (before the server's own closes). */
  close(): Promise<void>;
}

/** Starts checkpointing `db`'s file from a worker thread every `everyMs` (default 100 ms). */
export function startCheckpointer(db: Db, everyMs = 100): Checkpointer {
  db.pragma(`wal_autocheckpoint = ${SAFETY_PAGES}`);
  const worker = new Worker(SOURCE, { eval: true, workerData: { driver: DRIVER, file: db.name, everyMs } });
  worker.unref();
  let failed = false;
  worker.on('error', () => {
    // the worker could not open the database: the server's own automatic checkpoint goes on
    failed = true;
    db.pragma('wal_autocheckpoint = 1000');
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async close() {
      if (!failed) worker.postMessage('close');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      await worker.terminate();
    },
  };
}
