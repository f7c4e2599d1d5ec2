import type { Statistics } from '../contract/models.ts';
import type { Db } from './db/database.ts';
import { type Stored, isoDate, parseAttributes, parseJson } from './db/convert.ts';

const DAY = 86_400_000;

export interface StatisticsOptions {
  /** injectable clock (tests) */
  now?: () => number;
}

interface Counters {
  requests: number;
  messagesReceived: number;
  messagesStored: number;
  users: Set<number>;
  devices: Set<number>;
  protocols: Map<string, number>;
}

/** A statistics row: the day's figures as stored, its capture time in ms. */
interface StatisticsRow extends Omit<Stored<Statistics>, 'captureTime'> {
  captureTime: number;
}

function toStatistics(row: StatisticsRow): Statistics {
  return {
    id: row.id,
    attributes: parseAttributes(row.attributes),
    captureTime: isoDate(row.captureTime)!,
    activeUsers: row.activeUsers,
    activeDevices: row.activeDevices,
    requests: row.requests,
    messagesReceived: row.messagesReceived,
    messagesStored: row.messagesStored,
    mailSent: row.mailSent,
    smsSent: row.smsSent,
    geocoderRequests: row.geocoderRequests,
    geolocationRequests: row.geolocationRequests,
    protocols: parseJson<Record<string, number>>(row.protocols),
  };
}

const open = new Set<StatisticsCollector>();

/**
 * Traccar's StatisticsManager: in-memory counters for the current UTC day, written as one `statistics` row
 * when the day ends (timer, or lazily on the next count) and on shutdown.
 */
export class StatisticsCollector {
  private readonly db: Db;
  private readonly now: () => number;
  private day: number;
  private counters: Counters = StatisticsCollector.empty();
  private timer: NodeJS.Timeout | null = null;

  constructor(db: Db, options: StatisticsOptions = {}) {
    this.db = db;
    this.now = options.now ?? Date.now;
    this.day = Math.floor(this.now() / DAY);
    this.schedule();
    open.add(this);
  }

  private static empty(): Counters {
    return { requests: 0, messagesReceived: 0, messagesStored: 0, users: new Set(), devices: new Set(), protocols: new Map() };
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.max((this.day + 1) * DAY - this.now(), 1000);
    this.timer = setTimeout(() => {
      try {
        this.checkSplit();
      } catch {
        // a storage failure (a full disk): that day's row is lost, the server goes on
      }
      this.schedule();
    }, Math.min(wait, 2 ** 31 - 1));
    this.timer.unref();
  }

  /** Writes the finished day's row when the UTC day has changed. */
  checkSplit(): void {
    const today = Math.floor(this.now() / DAY);
    if (today !== this.day) {
      this.write(this.now());
      this.day = today;
    }
  }

  private row(captureTime: number): Omit<StatisticsRow, 'id'> {
    const c = this.counters;
    return {
      captureTime,
      activeUsers: c.users.size,
      activeDevices: c.devices.size,
      requests: c.requests,
      messagesReceived: c.messagesReceived,
      messagesStored: c.messagesStored,
      mailSent: 0,
      smsSent: 0,
      geocoderRequests: 0,
      geolocationRequests: 0,
      protocols: c.protocols.size ? JSON.stringify(Object.fromEntries(c.protocols)) : null,
      attributes: '{}',
    };
  }

  private write(captureTime: number): void {
    const row = this.row(captureTime);
    this.counters = StatisticsCollector.empty();
    if (!row.requests && !row.messagesReceived && !row.messagesStored && !row.activeUsers) return;
    this.db
      .prepare(
        `INSERT INTO statistics (captureTime, activeUsers, activeDevices, requests, messagesReceived, messagesStored,
           mailSent, smsSent, geocoderRequests, geolocationRequests, protocols, attributes)
         VALUES (@captureTime, @activeUsers, @activeDevices, @requests, @messagesReceived, @messagesStored,
           @mailSent, @smsSent, @geocoderRequests, @geolocationRequests, @protocols, @attributes)`,
      )
      .run(row);
  }

  countRequest(userId: number | null): void {
    this.checkSplit();
    this.counters.requests++;
    if (userId !== null) this.counters.users.add(userId);
  }

  countMessage(received: boolean, stored: boolean, deviceId?: number, protocol?: string): void {
    this.checkSplit();
    if (received) this.counters.messagesReceived++;
    if (stored) this.counters.messagesStored++;
    if (deviceId !== undefined) this.counters.devices.add(deviceId);
    if (protocol && stored) this.counters.protocols.set(protocol, (this.counters.protocols.get(protocol) ?? 0) + 1);
  }

  /** Stored rows with captureTime in [from, to], plus the current partial day (id 0) when `now` is in range. */
  query(from: number, to: number): Statistics[] {
    this.checkSplit();
    const rows = this.db
      .prepare('SELECT * FROM statistics WHERE captureTime BETWEEN ? AND ? ORDER BY captureTime, id')
      .all(from, to) as StatisticsRow[];
    const result = rows.map(toStatistics);
    const now = this.now();
    if (now >= from && now <= to) result.push(toStatistics({ id: 0, ...this.row(now) }));
    return result;
  }

  /** Writes the current partial day (shutdown). */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    open.delete(this);
    this.write(this.now());
  }
}

/**
 * Counts one device message for the statistics (called by the ingest: received for every decoded message,
 * stored when a position was saved). Optional device id (activeDevices) and protocol (protocols map).
 * Applies to every open server in the process (normally one).
 */
export function countMessage(received: boolean, stored: boolean, deviceId?: number, protocol?: string): void {
  for (const collector of open) collector.countMessage(received, stored, deviceId, protocol);
}
