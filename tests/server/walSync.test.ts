/**
 * Group commit with the WAL flushed off the event loop (server/db/walSync.ts): a position is answered
 * only once a flush that began after its commit has finished; it is pushed live at its commit; the
 * commit itself does not flush (synchronous NORMAL for the batch alone, FULL back at once).
 */
import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { WalSync } from '../../server/db/walSync.ts';
import { HttpError } from '../../server/http/errors.ts';
import { Ingest, type IncomingMessage, type IngestOptions } from '../../server/ingest/processor.ts';
import { LiveHub } from '../../server/live.ts';
import { tempDir } from './helpers.ts';

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

function setUp(walSync?: IngestOptions['walSync']) {
  const db = openDatabase(tempDir('athar-walsync-'));
  const live = new LiveHub(db);
  const ingest = new Ingest(db, live, walSync === undefined ? {} : { walSync });
  db.prepare("INSERT INTO devices (name, uniqueId, attributes) VALUES ('one', 'one', '{}')").run();
  const pushed: number[] = [];
  live.hasClients = () => true; // as with a socket open: the pushes are built
  const original = live.pushPosition.bind(live);
  live.pushPosition = (position) => {
    pushed.push(position.id);
    original(position);
  };
  closers.push(() => {
    live.close();
    ingest.close();
    db.close();
  });
  return { db, ingest, pushed };
}

const message = (seq: number): IncomingMessage[] => [
  {
    decoded: { uniqueId: 'one', valid: true, latitude: 24.7 + seq * 1e-4, longitude: 46.7, fixTime: Date.now() - 60_000 + seq, attributes: {} },
    protocol: 'osmand',
    host: '127.0.0.1',
    raw: `seq ${seq}`,
    json: false,
  },
];

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the WAL flush before an answer', () => {
  it('answers a committed position only once the flush asked after its commit is done, and pushes it live at once', async () => {
    const flushes: Array<ReturnType<typeof deferred>> = [];
    let level: number | null = null;
    const { db, ingest, pushed } = setUp({
      durable: () => {
        level = Number(db.pragma('synchronous', { simple: true }));
        const flush = deferred();
        flushes.push(flush);
        return flush.promise;
      },
      close: () => undefined,
    });
    let answered = false;
    const answer = ingest.submit(message(1)).then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(db.prepare('SELECT COUNT(*) FROM positions').pluck().get()).toBe(1);
    expect(pushed).toHaveLength(1);
    expect(flushes).toHaveLength(1);
    expect(answered).toBe(false);
    // the connection is back at FULL when the flush is asked (the commit ran with NORMAL)
    expect(level).toBe(2);
    flushes[0]!.resolve();
    await answer;
    expect(answered).toBe(true);
  });

  it('answers 503 when the flush fails', async () => {
    const { ingest } = setUp({ durable: () => Promise.reject(new Error('EIO')), close: () => undefined });
    const error = await ingest.submit(message(2)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(503);
  });

  it('commits with synchronous NORMAL, then sets FULL again, and flushes the real WAL file', async () => {
    const db = openDatabase(tempDir('athar-walsync-real-'));
    const order: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => {
      const statement = prepare(sql);
      const run = statement.run.bind(statement);
      statement.run = ((...args: unknown[]) => {
        order.push(`${sql.replace(/\s+/g, ' ').slice(0, 24)} (synchronous ${String(db.pragma('synchronous', { simple: true }))})`);
        return run(...(args as []));
      }) as typeof statement.run;
      return statement;
    }) as typeof db.prepare;
    const live = new LiveHub(db);
    const ingest = new Ingest(db, live);
    closers.push(() => {
      live.close();
      ingest.close();
      db.close();
    });
    prepare("INSERT INTO devices (name, uniqueId, attributes) VALUES ('one', 'one', '{}')").run();
    await ingest.submit(message(3));
    expect(order.filter((sql) => sql.startsWith('INSERT INTO positions'))).toEqual(['INSERT INTO positions (d (synchronous 1)']);
    expect(Number(db.pragma('synchronous', { simple: true }))).toBe(2);
    expect(existsSync(`${db.name}-wal`)).toBe(true);
  });
});

describe('WalSync', () => {
  it('shares one flush among the callers that came while one ran, and opens the file again when it was replaced', async () => {
    const dir = tempDir('athar-walsync-file-');
    const path = join(dir, 'x-wal');
    writeFileSync(path, 'one');
    const sync = new WalSync(path);
    closers.push(() => sync.close());
    await Promise.all([sync.durable(), sync.durable(), sync.durable()]);
    // replaced under the same name: the old descriptor would flush a file nobody writes any more
    renameSync(path, `${path}.old`);
    writeFileSync(path, 'two');
    rmSync(`${path}.old`);
    await expect(sync.durable()).resolves.toBeUndefined();
    rmSync(path);
    await expect(sync.durable()).rejects.toThrow(/ENOENT/);
  });

  it('flushes a file database in WAL mode, and nothing for an in-memory one', () => {
    const file = openDatabase(tempDir('athar-walsync-mode-'));
    const memory = new Database(':memory:');
    closers.push(() => {
      file.close();
      memory.close();
    });
    expect(WalSync.forDatabase(file)).toBeInstanceOf(WalSync);
    expect(WalSync.forDatabase(memory)).toBeNull();
  });
});
