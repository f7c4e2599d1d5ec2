/**
 * WebSocket clients of the fan-out benchmark, in their own process (forked by run.ts): `count` sockets
 * on /api/socket with one session cookie. For every `{positions}` frame, latency = arrival − the `sent`
 * attribute the generator put in the OsmAnd request (wall-clock ms, performance.timeOrigin + now()).
 */
import WebSocket from 'ws';

interface Start {
  url: string;
  cookie: string;
  count: number;
}

const now = (): number => performance.timeOrigin + performance.now();
const SENT = /"sent":([0-9.]+)/g;
let latencies: number[] = [];
const sockets: WebSocket[] = [];

function open(start: Start): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(start.url.replace(/^http/, 'ws') + '/api/socket', { headers: { Cookie: start.cookie } });
    ws.once('message', () => resolve());
    ws.once('error', reject);
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (!text.includes('"positions"')) return;
      const arrived = now();
      for (const match of text.matchAll(SENT)) latencies.push(arrived - Number(match[1]));
    });
    sockets.push(ws);
  });
}

process.on('message', (message: { type: 'start'; start: Start } | { type: 'collect' } | { type: 'stop' }) => {
  if (message.type === 'start') {
    const { start } = message;
    Promise.all(Array.from({ length: start.count }, () => open(start))).then(
      () => {
        latencies = [];
        process.send?.({ type: 'ready' });
      },
      (error: unknown) => process.send?.({ type: 'error', error: String(error) }),
    );
  } else if (message.type === 'collect') {
    latencies.sort((a, b) => a - b);
    const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
    process.send?.({ type: 'summary', count: latencies.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) });
    latencies = [];
  } else {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
