/**
 * The server of the live client benchmark, in its own process (forked by run.ts with an IPC channel):
 * the data directory, ports and client folder come from the parent (so it can be restarted on the same
 * ports and data with another client), loopback only, demo admin (password BENCH_PASSWORD), no simulator.
 */
import { createServer } from '../../server/app.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const server = await createServer({
  dataDir: env('BENCH_DATA_DIR'),
  port: Number(env('BENCH_PORT')),
  osmandPort: Number(env('BENCH_OSMAND_PORT')),
  host: '127.0.0.1',
  demo: true,
  adminPassword: env('BENCH_PASSWORD'),
  clientDir: env('BENCH_CLIENT_DIR'),
  simulator: false,
  // the offline basemap: the benchmark measures the app, not a tile server
  mapStyle: 'offline',
  logger: false,
});
process.send?.({ type: 'ready', url: server.url, osmandPort: server.osmandPort });

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  await server.close();
  process.exit(0);
}
process.on('disconnect', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
