/**
 * The benchmarked server, in its own process (forked by run.ts with an IPC channel): a fresh data
 * directory, loopback only, random ports, demo admin (password from BENCH_PASSWORD), no simulator.
 */
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
