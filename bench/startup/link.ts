/**
 * A slow link in front of a server: a TCP proxy on loopback through which every connection (the page,
 * its workers, a service worker, the WebSocket) shares one downlink and one uplink of a set rate, with
 * half the round trip added each way and a round trip before a new connection carries data (its
 * handshake). The downlink serves the connections that have data in turn, a few KB each (so a small
 * response is not stuck behind a large one, as on a real link), and holds a connection's server side
 * back while much of it waits (back-pressure). It counts the bytes it hands to the browser, so what a
 * page costs on the wire includes what its workers fetched, which the page's own network events miss.
 */
import net from 'node:net';

export interface LinkOptions {
  downKbps: number;
  upKbps: number;
  rttMs: number;
}

export interface Link {
  url: string;
  /** bytes written to the browser so far (response headers and bodies, WebSocket frames) */
  down: () => number;
  /** bytes written to the browser by a moment (epoch ms, `Date.now()`; the page's `timeOrigin + now()`) */
  downAt: (epochMs: number) => number;
  up: () => number;
  /**
   * Bytes written to the browser by request (`GET /path`, or `… (WebSocket)` after an upgrade), in the
   * order the requests were made: each connection's bytes go to the last request line it carried (the
   * browser sends a connection's next request once the previous response has arrived).
   */
  byRequest: () => Array<{ request: string; bytes: number }>;
  /** Resolves once nothing waits on the downlink (what was sent has been handed to the browser or dropped). */
  drained: () => Promise<void>;
  close: () => Promise<void>;
}

/** A connection's side of the downlink: what waits for it, where it goes, and whether it is gone. */
interface Flow {
  queue: Buffer[];
  queued: number;
  /** slices sent and not yet arrived */
  inFlight: number;
  /** slices sent, in order, until each has landed and those before it too */
  landing: Array<{ chunk: Buffer; landed: boolean }>;
  closed: boolean;
  deliver: (chunk: Buffer) => void;
  /** Called when what waits falls under LOW (resume the server side). */
  drained: () => void;
}

/** The slice a flow sends before the next flow's turn (about three TCP segments). */
const SLICE = 4096;
/** Back-pressure: the server side of a connection pauses above HIGH bytes waiting and resumes under LOW. */
const HIGH = 64 * 1024;
const LOW = 16 * 1024;

function downlink(kbps: number, delayMs: number) {
  const bytesPerMs = (kbps * 1000) / 8 / 1000;
  const turns: Flow[] = [];
  let freeAt = 0;
  let sending = false;
  let total = 0;
  /** [epoch ms, total after it] per delivered slice, in order */
  const history: Array<[number, number]> = [];
  let inFlight = 0;
  const waiters: Array<() => void> = [];
  const settle = () => {
    if (!sending && turns.length === 0 && inFlight === 0) waiters.splice(0).forEach((resolve) => resolve());
  };
  const pump = (): void => {
    if (sending) return;
    let flow = turns.shift();
    while (flow && (flow.closed || flow.queue.length === 0)) flow = turns.shift();
    if (!flow) return settle();
    const head = flow.queue[0]!;
    const chunk = head.length > SLICE ? head.subarray(0, SLICE) : head;
    if (head.length > SLICE) flow.queue[0] = head.subarray(SLICE);
    else flow.queue.shift();
    flow.queued -= chunk.length;
    if (flow.queue.length > 0) turns.push(flow);
    if (flow.queued < LOW) flow.drained();
    const now = performance.now();
    freeAt = Math.max(now, freeAt) + chunk.length / bytesPerMs;
    sending = true;
    inFlight++;
    flow.inFlight++;
    const target = flow;
    // each slice lands in its flow's order: two timers a fraction of a millisecond apart may fire
    // the other way round (Node keeps timers by whole milliseconds), which reordered a response's bytes
    const landing = { chunk, landed: false };
    target.landing.push(landing);
    setTimeout(() => {
      sending = false;
      pump();
    }, freeAt - now);
    setTimeout(() => {
      landing.landed = true;
      while (target.landing[0]?.landed) {
        const next = target.landing.shift()!;
        inFlight--;
        target.inFlight--;
        if (!target.closed) {
          total += next.chunk.length;
          history.push([Date.now(), total]);
          target.deliver(next.chunk);
        }
      }
      settle();
    }, freeAt - now + delayMs);
  };
  return {
    total: () => total,
    totalAt: (epochMs: number): number => {
      let at = 0;
      for (const [time, sum] of history) {
        if (time > epochMs) break;
        at = sum;
      }
      return at;
    },
    flow(deliver: (chunk: Buffer) => void, drained: () => void): Flow {
      return { queue: [], queued: 0, inFlight: 0, landing: [], closed: false, deliver, drained };
    },
    send(flow: Flow, chunk: Buffer): void {
      if (flow.closed) return;
      flow.queue.push(chunk);
      flow.queued += chunk.length;
      if (!turns.includes(flow)) turns.push(flow);
      pump();
    },
    drop(flow: Flow): void {
      flow.closed = true;
      flow.queue.length = 0;
      flow.queued = 0;
      settle();
    },
    drained: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      }),
  };
}

/** The uplink: small requests, one after another at `kbps`, arriving `delayMs` after they left. */
function uplink(kbps: number, delayMs: number) {
  const bytesPerMs = (kbps * 1000) / 8 / 1000;
  let freeAt = 0;
  let total = 0;
  const sent: Array<{ chunk: Buffer; deliver: (chunk: Buffer) => void; landed: boolean }> = [];
  return {
    total: () => total,
    send(chunk: Buffer, deliver: (chunk: Buffer) => void): void {
      const now = performance.now();
      freeAt = Math.max(now, freeAt) + chunk.length / bytesPerMs;
      // in the order sent, whatever order the timers fire in (see the downlink)
      const landing = { chunk, deliver, landed: false };
      sent.push(landing);
      setTimeout(() => {
        landing.landed = true;
        while (sent[0]?.landed) {
          const next = sent.shift()!;
          total += next.chunk.length;
          next.deliver(next.chunk);
        }
      }, freeAt - now + delayMs);
    },
  };
}

export async function startLink(target: URL, options: LinkOptions): Promise<Link> {
  const down = downlink(options.downKbps, options.rttMs / 2);
  const up = uplink(options.upKbps, options.rttMs / 2);
  const sockets = new Set<net.Socket>();
  const requests: Array<{ request: string; bytes: number }> = [];
  const server = net.createServer((client) => {
    sockets.add(client);
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    let current: { request: string; bytes: number } | null = null;
    let upstreamEnded = false;
    const flow = down.flow(
      (chunk) => {
        if (!client.writable) return;
        client.write(chunk);
        if (current) current.bytes += chunk.length;
        // the server closed and all it sent has arrived: close the browser's side too
        if (upstreamEnded && flow.queued === 0 && flow.inFlight === 0) client.end();
      },
      () => upstream.isPaused() && upstream.resume(),
    );
    let open = false;
    const waiting: Buffer[] = [];
    // the handshake: data flows one round trip after the connection was made
    setTimeout(() => {
      open = true;
      waiting.splice(0).forEach((chunk) => up.send(chunk, (c) => upstream.writable && upstream.write(c)));
    }, options.rttMs);
    client.on('data', (chunk: Buffer) => {
      const line = /^(GET|POST|PUT|DELETE|HEAD|OPTIONS|PATCH) (\S+) HTTP\/1\.1\r\n/.exec(chunk.toString('latin1', 0, 2048));
      if (line) {
        const upgrade = /\r\nupgrade: websocket/i.test(chunk.toString('latin1', 0, 4096));
        current = { request: `${line[1]} ${line[2]!.split('?')[0]}${upgrade ? ' (WebSocket)' : ''}`, bytes: 0 };
        requests.push(current);
      }
      if (open) up.send(chunk, (c) => upstream.writable && upstream.write(c));
      else waiting.push(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      down.send(flow, chunk);
      if (flow.queued > HIGH) upstream.pause();
    });
    upstream.on('end', () => {
      upstreamEnded = true;
      if (flow.queued === 0 && flow.inFlight === 0) client.end();
    });
    const gone = () => {
      down.drop(flow);
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    // the browser closed (or failed): what still waited for it is dropped
    client.on('close', gone);
    client.on('error', gone);
    upstream.on('error', gone);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    down: down.total,
    downAt: down.totalAt,
    up: up.total,
    byRequest: () => requests.map((r) => ({ ...r })),
    drained: down.drained,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}
