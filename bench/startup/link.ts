/**
 * A slow link in front of a server: a TCP proxy on loopback that gives every connection through it (the
 * page, its workers, a service worker, the WebSocket) one shared downlink and one shared uplink of a set
 * rate, half the round trip added each way, and a round trip before a new connection carries data (its
 * handshake). It counts every byte it carries, so what a page costs on the wire includes what its workers
 * fetched, which the page's own network events do not see.
 */
import net from 'node:net';

export interface LinkOptions {
  downKbps: number;
  upKbps: number;
  rttMs: number;
}

export interface Link {
  url: string;
  /** bytes the browser has received from the server so far (response headers and bodies, WebSocket frames) */
  down: () => number;
  up: () => number;
  /**
   * Bytes carried down by request (`GET /path`, or `ws` for a WebSocket after its upgrade), in the order
   * the requests were made: each connection's bytes go to the last request line it carried (the browser
   * sends a connection's next request once the previous response has arrived).
   */
  byRequest: () => Array<{ request: string; bytes: number }>;
  close: () => Promise<void>;
}

/** One direction of the link: chunks leave one after another at `kbps`, and arrive `delayMs` after they left. */
function pipe(kbps: number, delayMs: number) {
  const bytesPerMs = (kbps * 1000) / 8 / 1000;
  let freeAt = 0;
  let total = 0;
  return {
    total: () => total,
    /** Counted when it arrives: what the browser has received so far. */
    send(chunk: Buffer, deliver: (chunk: Buffer) => void): void {
      const now = performance.now();
      freeAt = Math.max(now, freeAt) + chunk.length / bytesPerMs;
      setTimeout(() => {
        total += chunk.length;
        deliver(chunk);
      }, freeAt - now + delayMs);
    },
  };
}

export async function startLink(target: URL, options: LinkOptions): Promise<Link> {
  const down = pipe(options.downKbps, options.rttMs / 2);
  const up = pipe(options.upKbps, options.rttMs / 2);
  const sockets = new Set<net.Socket>();
  const requests: Array<{ request: string; bytes: number }> = [];
  const server = net.createServer((client) => {
    sockets.add(client);
    let current: { request: string; bytes: number } | null = null;
    client.on('data', (chunk: Buffer) => {
      const line = /^(GET|POST|PUT|DELETE|HEAD|OPTIONS|PATCH) (\S+) HTTP\/1\.1\r\n/.exec(chunk.toString('latin1', 0, 2048));
      if (line) {
        const upgrade = /\r\nupgrade: websocket/i.test(chunk.toString('latin1', 0, 4096));
        current = { request: `${line[1]} ${line[2]!.split('?')[0]}${upgrade ? ' (WebSocket)' : ''}`, bytes: 0 };
        requests.push(current);
      }
    });
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    let open = false;
    const waiting: Buffer[] = [];
    // the handshake: data flows one round trip after the connection was made
    setTimeout(() => {
      open = true;
      waiting.splice(0).forEach((chunk) => up.send(chunk, (c) => upstream.write(c)));
    }, options.rttMs);
    client.on('data', (chunk: Buffer) => (open ? up.send(chunk, (c) => upstream.write(c)) : waiting.push(chunk)));
    upstream.on('data', (chunk: Buffer) => {
      if (current) current.bytes += chunk.length;
      down.send(chunk, (c) => client.writable && client.write(c));
    });
    const end = () => {
      // after what is still on the way has arrived
      setTimeout(() => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      }, options.rttMs);
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    down: down.total,
    up: up.total,
    byRequest: () => requests.map((r) => ({ ...r })),
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}
