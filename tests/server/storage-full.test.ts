/**
 * A full disk (issue 35), simulated deterministically with SQLite's `PRAGMA max_page_count` on the
 * server's own connection (SQLite answers SQLITE_FULL exactly as on ENOSPC): positions streaming
 * in over OsmAnd until the database cannot grow; the device then gets a 503 with a message,
 * `/api/health` says storage is full, positions are refused without trying, a web write that needs
 * room gets a 503 too; the database passes `PRAGMA integrity_check`, holds every position that
 * was acknowledged and none that was refused; once the limit is raised, the probe notices and
 * positions are accepted again.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../contract/models.ts';
import type { Db } from '../../server/db/database.ts';
import { STORAGE_FULL } from '../../server/storage/health.ts';
import { ADMIN_PASSWORD, type TestServer, json, login, start } from './helpers.ts';

let server: TestServer;
let database: Db;
let admin: Record<string, string>;

beforeAll(async () => {
  server = await start({ onDatabase: (db) => (database = db), storageProbeMs: 50 });
  admin = { Cookie: await login(server.url, 'admin', ADMIN_PASSWORD) };
});

afterAll(async () => {
  await server?.close();
});

const PADDING = 'x'.repeat(1500); // about a third of a page per position: the database grows fast

function send(seq: number, padded = true): Promise<{ seq: number; status: number; text: string }> {
  const device = `demo-00${(seq % 4) + 1}`;
  const url = `http://127.0.0.1:${server.osmandPort}/?id=${device}&lat=${24.7 + (seq % 100) * 1e-4}&lon=46.7&timestamp=${Math.floor(Date.now() / 1000)}&seq=${seq}${padded ? `&note=${PADDING}` : ''}`;
  return fetch(url, { method: 'POST' }).then(async (response) => ({ seq, status: response.status, text: await response.text() }));
}

function storedSeqs(db: Db | Database.Database): Set<number> {
  return new Set(db.prepare("SELECT json_extract(attributes, '$.seq') FROM positions WHERE json_extract(attributes, '$.seq') IS NOT NULL").pluck().all() as number[]);
}

describe('a full disk', () => {
  it('refuses positions with a message the device sees, says so on /api/health, loses nothing acknowledged and recovers', async () => {
    const acknowledged = new Set<number>();
    const refused = new Set<number>();
    let seq = 0;
    const round = async (inFlight: number): Promise<Array<{ seq: number; status: number; text: string }>> => {
      const results = await Promise.all(Array.from({ length: inFlight }, () => send(seq++)));
      for (const r of results) (r.status === 200 ? acknowledged : refused).add(r.seq);
      return results;
    };
    await round(20);
    expect(acknowledged.size).toBe(20);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    // the database may not grow any more: the free pages fill up, then SQLITE_FULL
    const pages = database.pragma('page_count', { simple: true }) as number;
    expect(database.pragma(`max_page_count = ${pages}`, { simple: true })).toBe(pages);
    let firstRefusal: { seq: number; status: number; text: string } | undefined;
    for (let i = 0; i < 200 && !firstRefusal; i++) firstRefusal = (await round(8)).find((r) => r.status !== 200);
    expect(firstRefusal, 'the database never filled up').toBeDefined();
    expect(firstRefusal!.status).toBe(503);
    expect(firstRefusal!.text).toBe(STORAGE_FULL);

    // the health status says so
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.text()).toMatch(/^Storage full since \d{4}-\d\d-\d\dT[\d:.]+Z: new positions are refused until space is freed$/);

    // while it lasts, every position is refused (small ones too), and nothing is stored
    const storedWhileFull = storedSeqs(database).size;
    const whileFull = await Promise.all(Array.from({ length: 10 }, () => send(seq++, false)));
    for (const r of whileFull) refused.add(r.seq);
    expect(whileFull.map((r) => [r.status, r.text])).toEqual(whileFull.map(() => [503, STORAGE_FULL]));
    expect(storedSeqs(database).size).toBe(storedWhileFull);

    // a web write that needs room: 503 with the same message, not a 500
    const current = await json<Server>(await fetch(`${server.url}/api/server`, { headers: admin }));
    const put = await fetch(`${server.url}/api/server`, {
      method: 'PUT',
      headers: { ...admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...current, announcement: 'y'.repeat(200_000) }),
    });
    expect(put.status).toBe(503);
    expect(await put.text()).toBe(STORAGE_FULL);

    // never corrupt; every acknowledged position is there, none refused is
    expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
    let stored = storedSeqs(database);
    expect([...acknowledged].filter((s) => !stored.has(s))).toEqual([]);
    expect([...refused].filter((s) => stored.has(s))).toEqual([]);

    // space comes back: the probe notices, positions are accepted again
    database.pragma('max_page_count = 1073741823');
    const waitStarted = Date.now();
    while ((await fetch(`${server.url}/api/health`)).status !== 200 && Date.now() - waitStarted < 5000) await new Promise((r) => setTimeout(r, 20));
    const recovered = await fetch(`${server.url}/api/health`);
    expect(recovered.status).toBe(200);
    expect(await recovered.text()).toBe('OK');
    const after = await round(10);
    expect(after.every((r) => r.status === 200)).toBe(true);

    console.log(`full disk: ${acknowledged.size} positions acknowledged, ${refused.size} refused; the database held ${pages} pages plus its free ones`);
    stored = storedSeqs(database);
    expect([...acknowledged].filter((s) => !stored.has(s))).toEqual([]);

    // and after a close, on a fresh connection
    await server.close();
    const reopened = new Database(join(server.dataDir, 'athar.db'), { readonly: true });
    try {
      expect(reopened.pragma('integrity_check', { simple: true })).toBe('ok');
      stored = storedSeqs(reopened);
      expect([...acknowledged].filter((s) => !stored.has(s))).toEqual([]);
      expect([...refused].filter((s) => stored.has(s))).toEqual([]);
    } finally {
      reopened.close();
    }
  });
});
