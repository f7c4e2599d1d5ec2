/**
 * The server of the live client benchmark, in its own process (forked by run.ts with an IPC channel):
 * the data directory, ports and client folder come from the parent (so it can be restarted on the same
 * ports and data with another client), loopback only, demo admin (password BENCH_PASSWORD), no simulator.
 *
 * Freshness (run.ts, `bench/live/freshness.ts`): once the parent sends `{ type: 'watch', attribute }`,
 * every position carrying that attribute (the beacon's jumps, `…&benchjump=N` on its OsmAnd report) is
 * reported back as `{ type: 'push', seq: N, at }` when the live hub is given it to push (stored, its
 * events made): `at` is `Date.now()` (the machine's real-time clock, the one Chromium stamps its
 * screencast frames with) then, so the hub's own wait for its next frame (`LIVE_FRAME_GAP_MS`, at
 * most 70 ms under a stream of positions) counts in the delay. The hub is wrapped from here, in the
 * bench's process only: server/ is unchanged and nothing is wrapped until the parent asks.
 */
import type { Position } from '../../contract/models.ts';
import { createServer } from '../../server/app.ts';
import { LiveHub } from '../../server/live.ts';

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

/** The hub's method the watch wraps. */
interface HubInternals {
  pushPosition(position: Position): void;
  readonly size: number;
}

function watchPushes(attribute: string): void {
  const hub = LiveHub.prototype as unknown as HubInternals;
  const push = hub.pushPosition;
  hub.pushPosition = function (this: HubInternals, position: Position): void {
    const at = Date.now();
    push.call(this, position);
    const seq = position.attributes?.[attribute];
    // only what the hub buffered (it buffers nothing while no socket is open)
    if (typeof seq === 'number' && this.size > 0) process.send?.({ type: 'push', seq, at });
  };
}

let watching = false;
process.on('message', (message: { type?: string; attribute?: string }) => {
  if (message.type === 'watch' && message.attribute && !watching) {
    watching = true;
    watchPushes(message.attribute);
  }
});

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  await server.close();
  process.exit(0);
}
process.on('disconnect', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
