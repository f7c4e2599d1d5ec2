/**
 * The benchmarked server, in its own process (forked by run.ts with an IPC channel): a fresh data
 * directory, loopback only, random ports, demo admin (password from BENCH_PASSWORD), no simulator.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../../server/app.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'athar-bench-'));
const server = await createServer({
  dataDir,
  port: 0,
  osmandPort: 0,
  host: '127.0.0.1',
  demo: true,
  adminPassword: process.env.BENCH_PASSWORD ?? 'bench',
  clientDir: null,
  logger: false,
});
process.send?.({ url: server.url, osmandPort: server.osmandPort });

// calendar.ts: a calendar written straight into the database, as if stored before the save-time limits
process.on('message', (message: { type?: string; name?: string; text?: string }) => {
  if (message.type !== 'legacy-calendar' || typeof message.text !== 'string') return;
  const db = new Database(join(dataDir, 'athar.db'));
  const id = Number(db.prepare("INSERT INTO calendars (name, data, attributes) VALUES (?, ?, '{}')").run(message.name ?? 'legacy', Buffer.from(message.text)).lastInsertRowid);
  db.close();
  process.send?.({ type: 'legacy-calendar', id });
});

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('disconnect', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
