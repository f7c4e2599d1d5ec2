/**
 * A position is acknowledged only once it would survive a power cut, without the event loop waiting
 * for the disk. With `synchronous = FULL` every group commit of positions calls fsync on the WAL
 * inside the commit: the whole server (better-sqlite3 is synchronous) stops for the flush, 1-5 ms
 * here, and no request is parsed meanwhile. Instead the ingest commits its batches with
 * `synchronous = NORMAL` (the commit only writes the WAL; SQLite still syncs around checkpoints and
 * when it reuses the WAL) and then asks `WalSync` for a flush of the WAL file on libuv's thread pool.
 * A batch is answered when a flush that began after its commit has finished; the batches committed
 * while a flush runs share the next one (group fsync). Everything else in the server keeps FULL.
 */
import { fdatasync, fstatSync, openSync, closeSync, statSync } from 'node:fs';
import type { Db } from './database.ts';

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

export class WalSync {
  private readonly path: string;
  private fd: number | null = null;
  private running = false;
  private waiting: Waiter[] = [];

  constructor(walPath: string) {
    this.path = walPath;
  }

  /** For a file database in WAL mode; null otherwise (an in-memory database: nothing to flush). */
  static forDatabase(db: Db): WalSync | null {
    if (db.memory) return null;
    const mode = String(db.pragma('journal_mode', { simple: true })).toLowerCase();
    return mode === 'wal' ? new WalSync(`${db.name}-wal`) : null;
  }

  /** Resolves once everything written to the WAL before this call is on the disk. */
  durable(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      if (!this.running) this.flush();
    });
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private flush(): void {
    const batch = this.waiting;
    this.waiting = [];
    this.running = true;
    const done = (error: Error | null): void => {
      this.running = false;
      for (const waiter of batch) {
        if (error) waiter.reject(error);
        else waiter.resolve();
      }
      if (this.waiting.length) this.flush();
    };
    let fd: number;
    try {
      fd = this.open();
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    fdatasync(fd, (error) => done(error));
  }

  /** The WAL's descriptor, opened again if the file was replaced (a new inode under the same name). */
  private open(): number {
    if (this.fd !== null && fstatSync(this.fd).ino === statSync(this.path).ino) return this.fd;
    this.close();
    this.fd = openSync(this.path, 'r+');
    return this.fd;
  }
}
