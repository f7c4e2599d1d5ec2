import type { WebSocket } from 'ws';
import type { Device, Event, LogRecord, Position, SocketMessage } from '../contract/models.ts';
import type { Db } from './db/database.ts';
import { usersForDevice } from './db/devices.ts';
import { cacheVersion } from './ingest/version.ts';

interface Client {
  userId: number;
  /** the cookie session the socket was opened with, null for a token */
  sessionId: string | null;
  /** closes the socket when its session or token expires */
  expiry: NodeJS.Timeout | null;
  socket: WebSocket;
  logs: boolean;
}

export const KEEPALIVE_MS = 55_000;
/**
 * The shortest gap between two frames to the sockets: a push after a quiet moment goes out on the
 * next event-loop turn, a stream of them (a fleet reporting every second) at most 14 times a
 * second, each frame holding everything since the last. Every frame costs a browser a task, a
 * parse and a pass through its socket machine; 1,500 devices over HTTP made 150–300 frames a
 * second. The gap is also what a position may wait on its way: under a stream its wait is spread
 * over the gap, so the socket fan-out's p99 is the gap plus the ingest (issue 35 wants it under
 * 100 ms: 100 ms gave 103–115 ms, bench:server).
 */
export const LIVE_FRAME_GAP_MS = 70;

/** Pushes live updates to the open /api/socket connections of exactly the users allowed to see them. */
export class LiveHub {
  private readonly db: Db;
  private readonly clients = new Set<Client>();
  private readonly timer: NodeJS.Timeout;
  /** viewers per device, dropped when the cache version changes (links, users, devices…) */
  private readonly viewerCache = new Map<number, Set<number>>();
  private viewerVersion = -1;
  /** administrators, for the log lines of unknown devices (dropped with the viewer cache) */
  private admins: Set<number> | null = null;

  private readonly frameGapMs: number;
  /** when the last frame went out (performance.now()), -Infinity before the first */
  private lastFlush = Number.NEGATIVE_INFINITY;

  constructor(db: Db, keepaliveMs = KEEPALIVE_MS, frameGapMs = LIVE_FRAME_GAP_MS) {
    this.db = db;
    this.frameGapMs = frameGapMs;
    this.timer = setInterval(() => this.keepalive(), keepaliveMs);
    this.timer.unref();
  }

  /** A socket of a user, opened with a cookie session (`sessionId`) or a token, until `expiresAt` (ms) when not null. */
  add(userId: number, socket: WebSocket, sessionId: string | null = null, expiresAt: number | null = null): Client {
    const client: Client = { userId, sessionId, socket, logs: false, expiry: null };
    if (expiresAt !== null) {
      // timers hold at most 2^31 - 1 ms (24.8 days): a later expiry is checked again then
      const arm = (): void => {
        const wait = expiresAt - Date.now();
        if (wait <= 0) socket.close(4001);
        else client.expiry = setTimeout(arm, Math.min(wait, 2 ** 31 - 1)).unref();
      };
      arm();
    }
    this.clients.add(client);
    socket.on('close', () => {
      if (client.expiry) clearTimeout(client.expiry);
      this.clients.delete(client);
    });
    return client;
  }

  send(client: Client, message: SocketMessage | Record<string, never>): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(message));
  }

  private keepalive(): void {
    for (const client of this.clients) this.send(client, {});
  }

  /** Users who can see a device (cached; one cheap version read per call). */
  viewers(deviceId: number): Set<number> {
    this.refreshViewers();
    return this.cachedViewers(deviceId);
  }

  /** Drops the viewer cache when links, users or devices changed (one version read). */
  private refreshViewers(): void {
    const version = cacheVersion(this.db);
    if (version !== this.viewerVersion) {
      this.viewerCache.clear();
      this.admins = null;
      this.viewerVersion = version;
    }
  }

  /** Viewers without the version read: callers refresh once per batch. */
  private cachedViewers(deviceId: number): Set<number> {
    let viewers = this.viewerCache.get(deviceId);
    if (!viewers) {
      viewers = new Set(usersForDevice(this.db, deviceId));
      this.viewerCache.set(deviceId, viewers);
    }
    return viewers;
  }

  /**
   * Pushes are buffered for one event-loop turn (or, within `frameGapMs` of the last frame, until
   * that gap is over) and sent as one frame per user: each user's slice of the batch is serialised
   * once and written to all of that user's sockets. A burst of positions from many devices
   * therefore costs one JSON.stringify per connected user, not one per client and position, and
   * never delays the acknowledgement of the positions themselves.
   */
  private pending: { devices: Device[]; positions: Position[]; events: Array<{ event: Event; users: Set<number> | null }>; logs: LogRecord[] } | null =
    null;

  private batch() {
    if (!this.pending) {
      this.pending = { devices: [], positions: [], events: [], logs: [] };
      const wait = this.lastFlush + this.frameGapMs - performance.now();
      if (wait > 0) setTimeout(() => this.flush(), wait);
      else setImmediate(() => this.flush());
    }
    return this.pending;
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = null;
    if (!batch || !this.clients.size) return;
    this.lastFlush = performance.now();
    // One version read per batch, not one per position and user.
    this.refreshViewers();
    const frames = new Map<number, string | null>();
    const logFrames = new Map<number, string | null>();
    for (const client of this.clients) {
      if (client.socket.readyState !== client.socket.OPEN) continue;
      let frame = frames.get(client.userId);
      if (frame === undefined) {
        frame = this.frameFor(client.userId, batch);
        frames.set(client.userId, frame);
      }
      if (frame !== null) client.socket.send(frame);
      if (client.logs && batch.logs.length) {
        let logFrame = logFrames.get(client.userId);
        if (logFrame === undefined) {
          const logs = batch.logs.filter((record) => this.seesLog(record, client.userId));
          logFrame = logs.length ? JSON.stringify({ logs }) : null;
          logFrames.set(client.userId, logFrame);
        }
        if (logFrame !== null) client.socket.send(logFrame);
      }
    }
  }

  /**
   * A log line goes to the users who see its device; a line of an unknown device (deviceId 0: no
   * device has its identifier yet) only to administrators, who may register it.
   */
  private seesLog(record: LogRecord, userId: number): boolean {
    if (record.deviceId > 0) return this.cachedViewers(record.deviceId).has(userId);
    return this.administrators().has(userId);
  }

  /** The administrators (cached with the viewers: dropped when the cache version changes). */
  private administrators(): Set<number> {
    this.admins ??= new Set((this.db.prepare('SELECT id FROM users WHERE administrator = 1').all() as Array<{ id: number }>).map((row) => row.id));
    return this.admins;
  }

  /** The user's slice of a batch as one frame (keys only when non-empty), or null when empty. */
  private frameFor(userId: number, batch: NonNullable<LiveHub['pending']>): string | null {
    const sees = (deviceId: number) => this.cachedViewers(deviceId).has(userId);
    const message: SocketMessage = {};
    const devices = batch.devices.filter((device) => sees(device.id));
    const positions = batch.positions.filter((position) => sees(position.deviceId));
    const events = batch.events.filter(({ event, users }) => (!users || users.has(userId)) && sees(event.deviceId)).map(({ event }) => event);
    if (devices.length) message.devices = devices;
    if (positions.length) message.positions = positions;
    if (events.length) message.events = events;
    return devices.length || positions.length || events.length ? JSON.stringify(message) : null;
  }

  /** Whether any socket is open (a push to nobody need not be built). */
  hasClients(): boolean {
    return this.clients.size > 0;
  }

  pushDevice(device: Device): void {
    if (this.clients.size) this.batch().devices.push(device);
  }

  pushPosition(position: Position): void {
    if (this.clients.size) this.batch().positions.push(position);
  }

  /** Events go only to the given users (those whose web notification matched), if they can see the device. */
  pushEvent(event: Event, userIds?: Iterable<number>): void {
    if (this.clients.size) this.batch().events.push({ event, users: userIds ? new Set(userIds) : null });
  }

  pushLog(record: LogRecord): void {
    // Called for every position: no allocation unless someone streams logs.
    for (const client of this.clients) {
      if (client.logs) {
        this.batch().logs.push(record);
        return;
      }
    }
  }

  /** Sends a message to every socket of one user (e.g. a test notification, which has no device). */
  pushToUser(userId: number, message: SocketMessage): void {
    for (const client of this.clients) if (client.userId === userId) this.send(client, message);
  }

  /** Closes the sockets opened with one cookie session (its logout). */
  disconnectSession(sessionId: string): void {
    for (const client of this.clients) if (client.sessionId === sessionId) client.socket.close(4000);
  }

  /** Closes a user's sockets, e.g. after logout or password change. */
  disconnectUser(userId: number): void {
    for (const client of this.clients) if (client.userId === userId) client.socket.close(4000);
  }

  get size(): number {
    return this.clients.size;
  }

  /** Ends every socket at once, without a close frame (a failed start). */
  close(): void {
    for (const socket of this.detach()) socket.terminate();
  }

  /** Stops the timers and forgets every client, answering their sockets (still open). */
  private detach(): WebSocket[] {
    clearInterval(this.timer);
    const sockets = [...this.clients].map((client) => {
      if (client.expiry) clearTimeout(client.expiry);
      return client.socket;
    });
    this.clients.clear();
    return sockets;
  }

  /**
   * A clean stop: sends what is buffered, then closes every socket with `code` (1001 going away,
   * 1012 restarting), so browsers reconnect without reporting an error; a socket that does not
   * answer its close within `graceMs` is ended.
   */
  async shutdown(code: number, graceMs = 1000): Promise<void> {
    this.flush();
    const sockets = this.detach();
    await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<void>((resolve) => {
            if (socket.readyState === socket.CLOSED) return resolve();
            const timer = setTimeout(() => {
              socket.terminate();
              resolve();
            }, graceMs);
            socket.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
            socket.close(code);
          }),
      ),
    );
  }
}
