/**
 * A full disk (issue 35). SQLite answers a write that finds no room with SQLITE_FULL (the disk's
 * ENOSPC, or `PRAGMA max_page_count` reached) and undoes it: the database stays whole, but nothing
 * of that transaction is stored. The writers (the group commit of positions, the web API) report
 * such a failure here; from then on `GET /api/health` says so (503) and positions are refused
 * without trying, until a probe finds room again: free space on DATA_DIR's file system or free
 * pages inside the database, and a committed write that needs new pages.
 */
import { statfsSync } from 'node:fs';
import type { Db } from '../db/database.ts';

/** What a device or an API caller is told while storage is full (with a 503). */
export const STORAGE_FULL = 'Storage full: not stored, retry later';

/** SQLite's result codes after which a transaction may have been rolled back as a whole. */
const ABORTING = /^SQLITE_(FULL|IOERR|BUSY|LOCKED|NOMEM|CORRUPT|NOTADB|READONLY|CANTOPEN)/;

function sqliteCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** The database (or its disk) had no room for a write. */
export function isStorageFull(error: unknown): boolean {
  const code = sqliteCode(error);
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT';
}

/**
 * A storage failure rather than a problem of one request: SQLite may have rolled the whole
 * transaction back, so a group commit must not go on with the other requests of its batch.
 */
export function abortsTransaction(error: unknown): boolean {
  return ABORTING.test(sqliteCode(error));
}

export interface StorageHealthOptions {
  /** how often a probe checks for room while storage is full, real time (default 5 s) */
  probeMs?: number;
  /** the free space DATA_DIR's file system (or the database's free pages) must have for storage to count as back (default 16 MiB) */
  minFreeBytes?: number;
  /** the probe's write, in bytes (default 64 KiB: new pages, as a batch of positions needs) */
  probeBytes?: number;
  /** injectable clock (ms) */
  now?: () => number;
  log?: { warn(message: string): void; info(message: string): void };
}

export interface StorageStatus {
  ok: boolean;
  /** `OK`, or what is wrong and since when */
  text: string;
}

export class StorageHealth {
  private readonly db: Db;
  private readonly dataDir: string;
  private readonly probeMs: number;
  private readonly minFreeBytes: number;
  private readonly probeBytes: number;
  private readonly now: () => number;
  private readonly log: StorageHealthOptions['log'];
  private fullSince: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(db: Db, dataDir: string, options: StorageHealthOptions = {}) {
    this.db = db;
    this.dataDir = dataDir;
    this.probeMs = options.probeMs ?? 5000;
    this.minFreeBytes = options.minFreeBytes ?? 16 * 1024 * 1024;
    this.probeBytes = options.probeBytes ?? 64 * 1024;
    this.now = options.now ?? Date.now;
    this.log = options.log;
  }

  /** Storage is full: writes of positions are refused until a probe finds room. */
  get full(): boolean {
    return this.fullSince !== null;
  }

  status(): StorageStatus {
    if (this.fullSince === null) return { ok: true, text: 'OK' };
    return {
      ok: false,
      text: `Storage full since ${new Date(this.fullSince).toISOString()}: new positions are refused until space is freed`,
    };
  }

  /**
   * A writer's failure: when it is a full storage, storage becomes full (and probes start).
   * Returns whether it was.
   */
  failed(error: unknown): boolean {
    if (!isStorageFull(error)) return false;
    if (this.fullSince === null && !this.closed) {
      this.fullSince = this.now();
      this.log?.warn(`storage full (${error instanceof Error ? error.message : String(error)}): positions are refused until space is freed`);
      this.schedule();
    }
    return true;
  }

  /**
   * Checks for room now: enough free space on the file system or inside the database (pages that
   * deletes, the retention's among them, have freed), and a committed write that needs new pages
   * (inserted and deleted in one transaction). Storage is back when both pass.
   */
  probe(): boolean {
    if (this.fullSince === null) return true;
    try {
      const stats = statfsSync(this.dataDir);
      const freePages = (this.db.pragma('freelist_count', { simple: true }) as number) * (this.db.pragma('page_size', { simple: true }) as number);
      if (stats.bavail * stats.bsize < this.minFreeBytes && freePages < this.minFreeBytes) return false;
      this.db.transaction(() => {
        this.db.prepare('INSERT INTO storage_probe (data) VALUES (zeroblob(?))').run(this.probeBytes);
        this.db.prepare('DELETE FROM storage_probe').run();
      })();
    } catch {
      return false;
    }
    this.log?.info('storage has room again: positions are accepted');
    this.fullSince = null;
    return true;
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.closed) return;
      if (!this.probe()) this.schedule();
    }, this.probeMs);
    this.timer.unref();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
