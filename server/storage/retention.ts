/**
 * Retention (issue 35): positions and events older than the server's `athar.retentionDays` are
 * deleted (Traccar's `database.historyDays`, removed in its 4.12; this one is Athar's own). Each
 * device keeps its latest position (the one `devices.positionId` points at) and every position
 * stored after it, however old their fixes.
 *
 * The one database connection is shared with ingest, so the purge runs in small transactions:
 * each batch is timed and the next one sized so that a batch takes about `targetMs` (10 ms), and
 * the purge rests four times as long as its last batch took before the next one, so a position
 * arriving meanwhile waits for one batch at most, never the whole purge. The batches commit
 * without waiting for the disk (`synchronous = NORMAL` for them alone): a delete lost to a power
 * cut is only done again. Runs start once at start and then every `intervalMs` (an hour) of the
 * injectable clock.
 */
import { type Db, unsynced } from '../db/database.ts';
import { getServerSettings, retentionDays } from '../db/server.ts';

const DAY = 86_400_000;
const MIN_BATCH = 16;
const MAX_BATCH = 50_000;
const FIRST_BATCH = 256;
/** the rest after a batch, as a multiple of the batch's time */
const REST_FACTOR = 4;

export type RetentionTable = 'positions' | 'events';

export interface RetentionBatch {
  table: RetentionTable;
  /** rows looked at (positions kept as a device's latest included) */
  rows: number;
  deleted: number;
  /** the batch's transaction, commit included (ms) */
  ms: number;
}

export interface RetentionRun {
  /** the clock's time when the run started, and its cutoff (rows older than it go) */
  startedAt: number;
  cutoff: number;
  days: number;
  positions: number;
  events: number;
  batches: number;
  /** the longest batch (ms) */
  longestMs: number;
  /** real time the run took, rests included (ms) */
  ms: number;
  /** why the run stopped early (a storage failure), if it did */
  error?: string;
}

export interface RetentionOptions {
  /** injectable clock (ms): what "older than N days" and the interval are measured on */
  now?: () => number;
  /** between runs (default an hour) */
  intervalMs?: number;
  /** the real-time tick that reads the clock (default 1 s) */
  tickMs?: number;
  /** the time a batch aims at (default 10 ms; ingest waits for one batch at most) */
  targetMs?: number;
  /** each batch, as it ends (tests, measurements) */
  onBatch?: (batch: RetentionBatch) => void;
  /** each run that had something to do, as it ends */
  onRun?: (run: RetentionRun) => void;
}

interface PositionCandidate {
  id: number;
  fixTime: number;
  keep: number;
}

/** The next batch's size: what the last one's time per row says fits `targetMs`, at most twice the last. */
export function nextBatchSize(size: number, rows: number, ms: number, targetMs: number): number {
  if (rows < size) return size; // the last batch of a table: nothing learnt about a full one
  const fitted = Math.floor((size * targetMs) / Math.max(ms, 0.1));
  return Math.max(MIN_BATCH, Math.min(MAX_BATCH, size * 2, fitted));
}

const rest = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class Retention {
  private readonly db: Db;
  private readonly now: () => number;
  private readonly targetMs: number;
  private readonly onBatch: RetentionOptions['onBatch'];
  private readonly stmts;
  private readonly sizes: Record<RetentionTable, number> = { positions: FIRST_BATCH, events: FIRST_BATCH };
  private running: Promise<RetentionRun | null> | null = null;
  private stopped = false;

  constructor(db: Db, options: RetentionOptions = {}) {
    this.db = db;
    this.now = options.now ?? Date.now;
    this.targetMs = options.targetMs ?? 10;
    this.onBatch = options.onBatch;
    this.stmts = {
      // in (fixTime, id) order from a cursor, with the rows a device keeps marked: its latest
      // position and anything stored after it (a late fix of an old time included)
      positions: db.prepare(
        `SELECT p.id AS id, p.fixTime AS fixTime, (d.positionId IS NOT NULL AND p.id >= d.positionId) AS keep
         FROM positions p LEFT JOIN devices d ON d.id = p.deviceId
         WHERE p.fixTime < @cutoff AND (p.fixTime, p.id) > (@fixTime, @id)
         ORDER BY p.fixTime, p.id LIMIT @limit`,
      ),
      deletePosition: db.prepare('DELETE FROM positions WHERE id = ?'),
      events: db.prepare('SELECT id FROM events WHERE eventTime < @cutoff ORDER BY eventTime, id LIMIT @limit').pluck(),
      deleteEvent: db.prepare('DELETE FROM events WHERE id = ?'),
    };
  }

  /** The retention now set (days, 0: keep everything). */
  days(): number {
    return retentionDays(getServerSettings(this.db));
  }

  /** A run in progress, if any. */
  get busy(): boolean {
    return this.running !== null;
  }

  /**
   * Deletes what is older than the retention, batch by batch; resolves with what it did (null
   * when the retention keeps everything). A run already in progress is joined, not doubled.
   */
  run(): Promise<RetentionRun | null> {
    if (!this.running) {
      this.running = this.purge().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  /** No batch starts after this (the server closes the database next). */
  stop(): void {
    this.stopped = true;
  }

  private async purge(): Promise<RetentionRun | null> {
    const days = this.days();
    if (!days || this.stopped) return null;
    const started = performance.now();
    const startedAt = this.now();
    const run: RetentionRun = { startedAt, cutoff: startedAt - days * DAY, days, positions: 0, events: 0, batches: 0, longestMs: 0, ms: 0 };
    let cursor = { fixTime: -Infinity, id: -Infinity };
    const positionBatch = this.db.transaction((limit: number) => {
      const rows = this.stmts.positions.all({ cutoff: run.cutoff, fixTime: cursor.fixTime, id: cursor.id, limit }) as PositionCandidate[];
      let deleted = 0;
      for (const row of rows) if (!row.keep) deleted += this.stmts.deletePosition.run(row.id).changes;
      const last = rows[rows.length - 1];
      if (last) cursor = { fixTime: last.fixTime, id: last.id };
      return { rows: rows.length, deleted };
    });
    const eventBatch = this.db.transaction((limit: number) => {
      const ids = this.stmts.events.all({ cutoff: run.cutoff, limit }) as number[];
      let deleted = 0;
      for (const id of ids) deleted += this.stmts.deleteEvent.run(id).changes;
      return { rows: ids.length, deleted };
    });
    try {
      for (const table of ['positions', 'events'] as const) {
        for (;;) {
          if (this.stopped) return this.finish(run, started);
          const size = this.sizes[table];
          const t0 = performance.now();
          const { rows, deleted } = unsynced(this.db, () => (table === 'positions' ? positionBatch(size) : eventBatch(size)));
          const ms = performance.now() - t0;
          run[table] += deleted;
          run.batches += 1;
          run.longestMs = Math.max(run.longestMs, ms);
          this.onBatch?.({ table, rows, deleted, ms });
          this.sizes[table] = nextBatchSize(size, rows, ms, this.targetMs);
          if (rows < size) break;
          // ingest's turn: four times as long as the batch took (the purge has a fifth of the time at
          // most, so a position rarely arrives during a batch, and waits for one at most)
          await rest(Math.max(2, Math.ceil(REST_FACTOR * ms)));
        }
      }
    } catch (error) {
      // a storage failure (a full disk: deleting still needs room in the WAL); the next run retries
      run.error = error instanceof Error ? error.message : String(error);
    }
    return this.finish(run, started);
  }

  private finish(run: RetentionRun, started: number): RetentionRun {
    run.ms = performance.now() - started;
    return run;
  }
}

/**
 * Runs the retention once at start and then every `intervalMs` of the (injectable) clock, read by
 * a real-time tick (`tickMs`) so that a clock that jumps is noticed. Returns the stop function.
 */
export function startRetention(retention: Retention, options: RetentionOptions = {}): () => void {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? 3_600_000;
  let lastRun: number | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const tick = (): void => {
    timer = null;
    if (stopped) return;
    const time = now();
    if (!retention.busy && (lastRun === null || time - lastRun >= intervalMs)) {
      lastRun = time;
      retention.run().then(
        (run) => {
          if (run && (run.positions || run.events || run.error)) options.onRun?.(run);
        },
        () => undefined, // the settings could not be read (the database closing): the next tick retries
      );
    }
    schedule();
  };
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(tick, options.tickMs ?? 1000);
    timer.unref();
  };
  timer = setTimeout(tick, 0);
  timer.unref();
  return () => {
    stopped = true;
    retention.stop();
    if (timer) clearTimeout(timer);
  };
}
