/**
 * A lean HTTP/1.1 client for the ingest load: `connections` kept-alive sockets, one request in flight on
 * each, requests written as one buffer and answers read by a minimal parser (status line, Content-Length,
 * the body skipped). node:http's client costs the generator about as much CPU per request as the server
 * spends storing the position; on a 2-core machine the generator then takes the core the server needs.
 */
import net from 'node:net';

interface Pending {
  resolve: (status: number) => void;
}

class Connection {
  private readonly socket: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private pending: Pending | null = null;
  private readonly ready: Promise<void>;
  private failed: Error | null = null;

  constructor(port: number, host: string) {
    this.socket = net.connect({ port, host, noDelay: true });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  async request(head: string): Promise<number> {
    await this.ready;
    if (this.failed) return 0;
    return new Promise((resolve) => {
      this.pending = { resolve };
      this.socket.write(head);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private fail(error: Error): void {
    this.failed = error;
    const pending = this.pending;
    this.pending = null;
    pending?.resolve(0);
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = this.buffer.toString('latin1', 0, end);
      const match = /content-length:\s*(\d+)/i.exec(head);
      if (!match) throw new Error(`answer without Content-Length: ${head}`);
      const total = end + 4 + Number(match[1]);
      if (this.buffer.length < total) return;
      const status = Number(head.slice(9, 12));
      this.buffer = this.buffer.subarray(total);
      const pending = this.pending;
      this.pending = null;
      pending?.resolve(status);
    }
  }
}

export class RawClient {
  private readonly idle: Connection[] = [];
  private readonly all: Connection[] = [];

  constructor(
    private readonly port: number,
    private readonly host = '127.0.0.1',
  ) {}

  /** GET `path`; the answer's status (0 on a network error). */
  async get(path: string): Promise<number> {
    const connection = this.idle.pop() ?? this.open();
    const status = await connection.request(`GET ${path} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\n\r\n`);
    if (status !== 0) this.idle.push(connection);
    return status;
  }

  close(): void {
    for (const connection of this.all) connection.close();
    this.all.length = 0;
    this.idle.length = 0;
  }

  private open(): Connection {
    const connection = new Connection(this.port, this.host);
    this.all.push(connection);
    return connection;
  }
}
