/**
 * The paced OsmAnd load and the socket fan-out measurement shared by bench:server and bench:scale:
 * positions sent at a fixed rate (each stamped with the wall-clock time it was sent, when asked), and
 * `clients` WebSocket clients in another process (clients.ts) timing each `{positions}` frame from that
 * stamp.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cpuSeconds } from '../proc.ts';
import { type OsmandLoad, type Percentiles, percentiles, roundAll } from './load.ts';
import { RawClient } from './rawHttp.ts';

const wallClock = (): number => performance.timeOrigin + performance.now();

/** The next IPC message of `type` from a child (rejects on an `error` message). */
export function nextMessage<T>(child: ChildProcess, type?: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string }): void => {
      if (type && message.type !== type && message.type !== 'error') return;
      child.off('message', onMessage);
      if (message.type === 'error') reject(new Error(JSON.stringify(message)));
      else resolve(message as T);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
}

export interface Paced {
  sent: number;
  failures: number;
  sendSeconds: number;
  /** each answer's time (ms) */
  latencies: number[];
}

/**
 * `rate` positions a second for `seconds` (or while `during()` holds), whatever the answers take;
 * `stamp` adds `&sent=<wall-clock ms>` for the socket clients.
 */
export async function paced(
  client: RawClient,
  load: OsmandLoad,
  rate: number,
  seconds: number,
  options: { stamp?: boolean; during?: () => boolean } = {},
): Promise<Paced> {
  const latencies: number[] = [];
  let sent = 0;
  let failures = 0;
  const pending = new Set<Promise<void>>();
  const begin = performance.now();
  const total = rate * seconds;
  while (sent < total && (!options.during || options.during())) {
    const due = Math.min(total, Math.floor(((performance.now() - begin) / 1000) * rate));
    while (sent < due) {
      sent++;
      const t = wallClock();
      const query = load.nextQuery() + (options.stamp ? `&sent=${t.toFixed(3)}` : '');
      const promise = client.get(`/?${query}`).then((status) => {
        latencies.push(wallClock() - t);
        if (status !== 200) failures++;
        pending.delete(promise);
      });
      pending.add(promise);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const sendSeconds = (performance.now() - begin) / 1000;
  await Promise.all(pending);
  return { sent, failures, sendSeconds, latencies };
}

export interface FanoutResult {
  clients: number;
  positions: number;
  targetRate: number;
  achievedRate: number;
  failures: number;
  framesExpected: number;
  framesReceived: number;
  fanoutLatencyMs: Percentiles;
  ingestLatencyMs: Percentiles;
  serverCpuPercentOfOneCore: number | null;
}

/** `clients` sockets of one session open on `url`, positions at `rate` for `seconds`: how late each frame arrived. */
export async function measureFanout(options: {
  url: string;
  cookie: string;
  osmandPort: number;
  serverPid: number;
  load: OsmandLoad;
  clients: number;
  rate: number;
  seconds: number;
}): Promise<FanoutResult> {
  const child = fork(fileURLToPath(new URL('./clients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const client = new RawClient(options.osmandPort);
  try {
    child.send({ type: 'start', start: { url: options.url, cookie: options.cookie, count: options.clients } });
    await nextMessage(child, 'ready');
    const cpu0 = cpuSeconds(options.serverPid);
    const run = await paced(client, options.load, options.rate, options.seconds, { stamp: true });
    const cpu1 = cpuSeconds(options.serverPid);
    await new Promise((resolve) => setTimeout(resolve, 2000)); // frames still in transit
    child.send({ type: 'collect' });
    const summary = await nextMessage<Percentiles & { type: string }>(child, 'summary');
    child.send({ type: 'stop' });
    return {
      clients: options.clients,
      positions: run.sent,
      targetRate: options.rate,
      achievedRate: Math.round(run.sent / run.sendSeconds),
      failures: run.failures,
      framesExpected: run.sent * options.clients,
      framesReceived: summary.count,
      fanoutLatencyMs: roundAll(summary),
      ingestLatencyMs: roundAll(percentiles(run.latencies)),
      serverCpuPercentOfOneCore: cpu0 !== null && cpu1 !== null ? Math.round(((cpu1 - cpu0) / run.sendSeconds) * 100) : null,
    };
  } finally {
    client.close();
    child.kill();
  }
}
