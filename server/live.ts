import type { WebSocket } from 'ws';
import type { Device, Event, LogRecord, Position, SocketMessage } from '../src/api/models.ts';
import type { Db } from './db/database.ts';
import { usersForDevice } from './db/devices.ts';
import { cacheVersion } from './ingest/version.ts';

interface Client {
  userId: number;
  socket: WebSocket;
  logs: boolean;
}

export const KEEPALIVE_MS = 55_000;

/** Pushes live updates to the open /api/socket connections of exactly the users allowed to see them. */
export class LiveHub {
  private readonly db: Db;
  private readonly clients = new Set<Client>();
  private readonly timer: NodeJS.Timeout;
  /** viewers per device, dropped when the cache version changes (links, users, devices…) */
  private readonly viewerCache = new Map<number, Set<number>>();
  private viewerVersion = -1;

  constructor(db: Db, keepaliveMs = KEEPALIVE_MS) {
    this.db = db;
    this.timer = setInterval(() => this.keepalive(), keepaliveMs);
    this.timer.unref();
  }

  add(userId: number, socket: WebSocket): Client {
    const client: Client = { userId, socket, logs: false };
    this.clients.add(client);
    socket.on('close', () => this.clients.delete(client));
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
    const version = cacheVersion(this.db);
    if (version !== this.viewerVersion) {
      this.viewerCache.clear();
      this.viewerVersion = version;
    }
    let viewers = this.viewerCache.get(deviceId);
    if (!viewers) {
      viewers = new Set(usersForDevice(this.db, deviceId));
      this.viewerCache.set(deviceId, viewers);
    }
    return viewers;
  }

  private toDeviceViewers(deviceId: number, message: SocketMessage, onlyUsers?: Set<number>): void {
    if (!this.clients.size) return;
    const viewers = this.viewers(deviceId);
    for (const client of this.clients) {
      if (viewers.has(client.userId) && (!onlyUsers || onlyUsers.has(client.userId))) this.send(client, message);
    }
  }

  pushDevice(device: Device): void {
    this.toDeviceViewers(device.id, { devices: [device] });
  }

  pushPosition(position: Position): void {
    this.toDeviceViewers(position.deviceId, { positions: [position] });
  }

  /** Events go only to the given users (those whose web notification matched), if they can see the device. */
  pushEvent(event: Event, userIds?: Iterable<number>): void {
    this.toDeviceViewers(event.deviceId, { events: [event] }, userIds ? new Set(userIds) : undefined);
  }

  pushLog(record: LogRecord): void {
    if (![...this.clients].some((client) => client.logs)) return;
    const viewers = this.viewers(record.deviceId);
    for (const client of this.clients) {
      if (client.logs && viewers.has(client.userId)) this.send(client, { logs: [record] });
    }
  }

  /** Sends a message to every socket of one user (e.g. a test notification, which has no device). */
  pushToUser(userId: number, message: SocketMessage): void {
    for (const client of this.clients) if (client.userId === userId) this.send(client, message);
  }

  /** Closes a user's sockets, e.g. after logout or password change. */
  disconnectUser(userId: number): void {
    for (const client of this.clients) if (client.userId === userId) client.socket.close(4000);
  }

  get size(): number {
    return this.clients.size;
  }

  close(): void {
    clearInterval(this.timer);
    for (const client of this.clients) client.socket.terminate();
    this.clients.clear();
  }
}
