/**
 * Position processing: device lookup, validation, distance/motion/geofences, event detection,
 * one transaction per batch of concurrent requests (group commit: the answer is sent only after
 * the commit), then live pushes. Per-device state (latest position, trip, overspeed) lives in
 * memory and is restored from the latest stored position.
 */
import type { Attributes, Event, Network } from '../../contract/models.ts';
import { type Db, unsynced } from '../db/database.ts';
import { isoDate, parseAttributes, parseJson } from '../db/convert.ts';
import { type DeviceRow, toDevice } from '../db/devices.ts';
import { type PositionRow, toPosition } from '../db/positions.ts';
import {
  type OverspeedState,
  type PendingEvent,
  IDLE_OVERSPEED,
  alarmEvents,
  commandResultEvents,
  geofenceEvents,
  ignitionEvents,
  overspeedEvents,
} from '../events/detect.ts';
import { eventMessage, recipients } from '../events/notify.ts';
import { turnBudget } from '../events/calendar.ts';
import { type TripPoint, type TripState, advanceTrip, restoreTrip } from '../events/trip.ts';
import { distanceMeters } from '../geo/contains.ts';
import { HttpError, badRequest, notFound } from '../http/errors.ts';
import type { LiveHub } from '../live.ts';
import { type DeviceContext, ContextCache, geofencesAt } from './context.ts';
import type { DecodedMessage } from './osmand.ts';
import { positionProblem } from './validate.ts';
import { STORAGE_FULL, type StorageHealth, abortsTransaction } from '../storage/health.ts';
import { WalSync } from '../db/walSync.ts';

export interface IncomingMessage {
  decoded: DecodedMessage;
  protocol: string;
  /** client address, for the socket logs */
  host: string;
  /** the raw request, for the socket logs */
  raw: string;
  /** Traccar Client JSON: an unknown device is 404 instead of 400 */
  json: boolean;
}

interface Latest {
  id: number;
  fixTime: number;
  latitude: number;
  longitude: number;
  attributes: Attributes;
  geofenceIds: number[] | null;
}

interface DeviceState {
  latest: Latest | null;
  trip: TripState;
  overspeed: OverspeedState;
}

type Push = () => void;

/** The longest push token kept (FCM tokens are about 160 characters, APNs ones 64). */
export const MAX_NOTIFICATION_TOKEN = 1024;

/** A message failed after its first write: its batch is rolled back as a whole. */
class HalfWritten extends Error {
  constructor(cause: unknown) {
    super('Storage failure: position not stored, retry', { cause });
  }
}

interface Item {
  messages: IncomingMessage[];
  resolve: (body: string) => void;
  reject: (error: Error) => void;
}

export interface IngestOptions {
  /** injectable clock (ms) for tests */
  now?: () => number;
  /** the storage's health: a full disk refuses positions (503) until it has room again */
  storage?: StorageHealth;
  /**
   * What makes a committed batch durable before it is answered (db/walSync.ts). Default: a flush of
   * the database's WAL off the event loop, the batches committed with `synchronous = NORMAL`; null:
   * each commit flushes itself (the connection's own `synchronous`), as for an in-memory database.
   */
  walSync?: Pick<WalSync, 'durable' | 'close'> | null;
}

function numberAttribute(attributes: Attributes, key: string): number | null {
  const value = attributes[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** An attribute read as Traccar's `getBoolean` does: a boolean, or the text "true". */
function booleanAttribute(attributes: Attributes, key: string): boolean {
  const value = attributes[key];
  return value === true || (typeof value === 'string' && value.toLowerCase() === 'true');
}

/**
 * Engine hours at ingest, as Traccar's engine-hours handler: unless the device reports `hours`
 * itself, a position carries the previous one's `hours` (ms), plus the time between their fixes
 * when the ignition was on at both. Null (no attribute) while there is nothing to carry: a device
 * without an ignition never gets one, so its reports can say "not reported" rather than 0. A
 * position older than the latest adds nothing (time never runs backwards into the count).
 */
export function engineHours(latest: { fixTime: number; attributes: Attributes } | null, fixTime: number, attributes: Attributes): number | null {
  if (attributes.hours !== undefined || !latest) return null;
  let hours = numberAttribute(latest.attributes, 'hours') ?? 0;
  if (booleanAttribute(latest.attributes, 'ignition') && booleanAttribute(attributes, 'ignition') && fixTime > latest.fixTime) {
    hours += fixTime - latest.fixTime;
  }
  return hours !== 0 ? hours : null;
}

export class Ingest {
  readonly db: Db;
  readonly live: LiveHub;
  readonly contexts: ContextCache;
  readonly now: () => number;
  private readonly storage: StorageHealth | null;
  private readonly walSync: Pick<WalSync, 'durable' | 'close'> | null;
  /** the connection's own `synchronous` (FULL), set again after each batch */
  private readonly syncedLevel: number;
  private readonly states = new Map<number, DeviceState>();
  /** the positions written so far (processItem: did a failing message write anything?) */
  private writes = 0;
  private queue: Item[] = [];
  private scheduled = false;
  /** a commit's WAL flush is under way: the next batch waits for it */
  private syncing = false;
  private readonly stmts;
  private readonly batchTransaction: (items: Item[], outcomes: Array<{ body: string; pushes: Push[] } | { error: Error }>) => void;
  private readonly itemTransaction: (messages: IncomingMessage[], overlay: Map<number, DeviceState>, pushes: Push[]) => string;

  constructor(db: Db, live: LiveHub, options: IngestOptions = {}) {
    this.db = db;
    this.live = live;
    this.now = options.now ?? Date.now;
    this.storage = options.storage ?? null;
    this.walSync = options.walSync === undefined ? WalSync.forDatabase(db) : options.walSync;
    this.syncedLevel = Number(db.pragma('synchronous', { simple: true }));
    this.contexts = new ContextCache(db);
    this.stmts = {
      deviceByUniqueId: db.prepare('SELECT * FROM devices WHERE uniqueId = ?'),
      positionById: db.prepare('SELECT * FROM positions WHERE id = ?'),
      insertPosition: db.prepare(
        `INSERT INTO positions (deviceId, protocol, serverTime, deviceTime, fixTime, valid, latitude, longitude,
           altitude, speed, course, address, accuracy, network, geofenceIds, attributes)
         VALUES (@deviceId, @protocol, @serverTime, @deviceTime, @fixTime, @valid, @latitude, @longitude,
           @altitude, @speed, @course, @address, @accuracy, @network, @geofenceIds, @attributes)`,
      ),
      updateDevice: db.prepare(
        `UPDATE devices SET status = 'online', lastUpdate = @now,
           positionId = CASE WHEN @latest = 1 THEN @positionId ELSE positionId END WHERE id = @id`,
      ),
      updateDeviceAttributes: db.prepare('UPDATE devices SET attributes = ? WHERE id = ?'),
      insertEvent: db.prepare(
        `INSERT INTO events (type, eventTime, deviceId, positionId, geofenceId, maintenanceId, attributes)
         VALUES (@type, @eventTime, @deviceId, @positionId, @geofenceId, NULL, @attributes)`,
      ),
      queuedCommand: db.prepare('SELECT * FROM queued_commands WHERE deviceId = ? ORDER BY id LIMIT 1'),
      deleteQueuedCommand: db.prepare('DELETE FROM queued_commands WHERE id = ?'),
      geofenceName: db.prepare('SELECT name FROM geofences WHERE id = ?').pluck(),
      staleDevices: db.prepare("SELECT * FROM devices WHERE status = 'online' AND lastUpdate < ?"),
      setUnknown: db.prepare("UPDATE devices SET status = 'unknown' WHERE id = ? AND status = 'online'"),
    };
    this.batchTransaction = db.transaction((items: Item[], outcomes: Array<{ body: string; pushes: Push[] } | { error: Error }>) => {
      for (const item of items) {
        try {
          outcomes.push(this.processItem(item.messages));
        } catch (error) {
          // a full disk (or another storage failure) may have rolled the whole transaction back:
          // the batch fails as one, nothing of it acknowledged
          if (abortsTransaction(error) || error instanceof HalfWritten) throw error;
          outcomes.push({ error: error instanceof Error ? error : new Error(String(error)) });
        }
      }
    });
    this.itemTransaction = db.transaction((messages: IncomingMessage[], overlay: Map<number, DeviceState>, pushes: Push[]) => {
      let body = '';
      for (const message of messages) body = this.processMessage(message, overlay, pushes);
      return body;
    });
  }

  /**
   * Processes the messages of one request. Resolves with the reply body (a queued command, or '')
   * once everything is committed; rejects with an HttpError (400/404 with a reason, 503 on storage
   * failure or while storage is full).
   */
  submit(messages: IncomingMessage[]): Promise<string> {
    return new Promise((resolve, reject) => {
      this.queue.push({ messages, resolve, reject });
      this.schedule();
    });
  }

  /** The next group commit: on the next turn, or once the WAL flush under way is done. */
  private schedule(): void {
    if (this.scheduled || this.syncing) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  /**
   * Group commit: every request queued since the last commit shares one transaction. While a
   * commit's WAL flush runs (off the event loop), requests keep arriving and are parsed; they are
   * committed together when it is done, so a batch is as large as the disk is slow, one flush each.
   */
  private flush(): void {
    this.scheduled = false;
    const items = this.queue;
    this.queue = [];
    if (!items.length) return;
    // storage full: refused without trying until the storage probe finds room again
    if (this.storage?.full) {
      for (const item of items) item.reject(new HttpError(503, STORAGE_FULL));
      return;
    }
    const outcomes: Array<{ body: string; pushes: Push[] } | { error: Error }> = [];
    try {
      this.committed(() => this.contexts.pinned(() => this.batchTransaction(items, outcomes)));
    } catch (error) {
      this.states.clear();
      const message = this.storage?.failed(error) ? STORAGE_FULL : 'Storage failure: position not stored, retry';
      for (const item of items) item.reject(new HttpError(503, message));
      return;
    }
    // Committed: pushed live at once, answered once durable.
    const answers: Array<() => void> = [];
    items.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if ('error' in outcome) {
        item.reject(outcome.error);
        return;
      }
      for (const push of outcome.pushes) {
        try {
          push();
        } catch {
          // A failing socket must not affect the acknowledgement.
        }
      }
      answers.push(() => item.resolve(outcome.body));
    });
    if (!answers.length) return;
    if (!this.walSync) {
      for (const answer of answers) answer();
      return;
    }
    this.syncing = true;
    this.walSync
      .durable()
      .then(
        () => {
          for (const answer of answers) answer();
        },
        (error: unknown) => {
          this.storage?.failed(error);
          items.forEach((item, i) => {
            if (!('error' in outcomes[i]!)) item.reject(new HttpError(503, 'Storage failure: position not stored, retry'));
          });
        },
      )
      .finally(() => {
        this.syncing = false;
        if (this.queue.length) this.schedule();
      });
  }

  /**
   * Runs a batch's transaction. With a WAL flush to wait for, the commit itself does not flush
   * (`synchronous = NORMAL` for it alone; the connection's own level is back before anything else
   * runs): the answer waits for `walSync` instead, off the event loop.
   */
  private committed(transaction: () => void): void {
    if (this.walSync) unsynced(this.db, transaction, this.syncedLevel);
    else transaction();
  }

  /** Releases the WAL's descriptor (before the database closes). */
  close(): void {
    this.walSync?.close();
  }

  /**
   * One request: either all its messages are stored or none. Several messages share a savepoint. A
   * single message needs none: everything that refuses it (unknown device, impossible position) throws
   * before its first write; a failure after that fails the whole batch (`HalfWritten`), rolled back.
   */
  private processItem(messages: IncomingMessage[]): { body: string; pushes: Push[] } {
    const overlay = new Map<number, DeviceState>();
    const pushes: Push[] = [];
    let body: string;
    if (messages.length === 1) {
      const before = this.writes;
      try {
        body = this.processMessage(messages[0]!, overlay, pushes);
      } catch (error) {
        throw this.writes !== before && !abortsTransaction(error) ? new HalfWritten(error) : error;
      }
    } else {
      body = this.itemTransaction(messages, overlay, pushes);
    }
    for (const [id, state] of overlay) this.states.set(id, state);
    return { body, pushes };
  }

  private loadState(device: DeviceRow): DeviceState {
    const cached = this.states.get(device.id);
    if (cached && (cached.latest?.id ?? null) === device.positionId) return cached;
    const row = device.positionId ? (this.stmts.positionById.get(device.positionId) as PositionRow | undefined) : undefined;
    if (!row) return { latest: null, trip: restoreTrip(null, false), overspeed: IDLE_OVERSPEED };
    const attributes = parseAttributes(row.attributes);
    const latest: Latest = {
      id: row.id,
      fixTime: row.fixTime,
      latitude: row.latitude,
      longitude: row.longitude,
      attributes,
      geofenceIds: parseJson<number[]>(row.geofenceIds),
    };
    const point: TripPoint = { positionId: row.id, time: row.fixTime, lat: row.latitude, lon: row.longitude };
    return { latest, trip: restoreTrip(point, attributes.motion === true), overspeed: IDLE_OVERSPEED };
  }

  private processMessage(message: IncomingMessage, overlay: Map<number, DeviceState>, pushes: Push[]): string {
    const decoded = message.decoded;
    const device = this.stmts.deviceByUniqueId.get(decoded.uniqueId) as DeviceRow | undefined;
    if (!device) {
      // Traccar logs what unknown devices send, so an administrator can register them from the
      // logs (deviceId 0: only administrators receive it, see LiveHub).
      this.live.pushLog({ host: message.host, protocol: message.protocol, uniqueId: decoded.uniqueId.slice(0, 128), deviceId: 0, data: message.raw });
      const text = `Unknown device: ${decoded.uniqueId.slice(0, 64)}`;
      throw message.json ? notFound(text) : badRequest(text);
    }
    if (device.disabled) throw badRequest(`Device is disabled: ${decoded.uniqueId.slice(0, 64)}`);
    const now = this.now();
    const state = overlay.get(device.id) ?? this.loadState(device);
    const latest = state.latest;
    const context = this.contexts.get(device.id);
    const deviceAttributes = parseAttributes(device.attributes);

    const hasLocation = decoded.latitude !== undefined && decoded.longitude !== undefined;
    const position = {
      fixTime: decoded.fixTime ?? now,
      latitude: decoded.latitude ?? latest?.latitude ?? 0,
      longitude: decoded.longitude ?? latest?.longitude ?? 0,
      speed: decoded.speed ?? 0,
      course: decoded.course ?? 0,
      altitude: decoded.altitude ?? 0,
      accuracy: decoded.accuracy ?? 0,
    };
    const problem = positionProblem(position, now);
    if (problem) throw badRequest(problem);
    const valid = decoded.valid && (hasLocation || latest !== null);

    const attributes: Attributes = { ...decoded.attributes };
    const isLatest = !latest || position.fixTime >= latest.fixTime;
    let distance = numberAttribute(attributes, 'distance');
    if (distance === null) {
      distance = latest ? distanceMeters(latest.latitude, latest.longitude, position.latitude, position.longitude) : 0;
      distance = Math.round(distance * 100) / 100;
      attributes.distance = distance;
    }
    const previousTotal = latest ? (numberAttribute(latest.attributes, 'totalDistance') ?? 0) : 0;
    attributes.totalDistance = Math.round((previousTotal + distance) * 100) / 100;
    const hours = engineHours(latest, position.fixTime, attributes);
    if (hours !== null) attributes.hours = hours;
    if (typeof attributes.motion !== 'boolean') {
      const threshold = this.contexts.lookupNumber(deviceAttributes, context, 'event.motion.speedThreshold', 0.01);
      attributes.motion = position.speed > threshold;
    }
    const inside = geofencesAt(context.geofences, position.latitude, position.longitude);
    const geofenceIds = inside.length ? inside : null;

    // Events
    const pending: PendingEvent[] = [];
    if (device.status !== 'online' && this.statusEventsEnabled()) {
      pending.push({ type: 'deviceOnline', eventTime: now, positionId: 0, geofenceId: null, attributes: {} });
    }
    let trip = state.trip;
    let overspeed = state.overspeed;
    if (isLatest) {
      const point: TripPoint = { positionId: null, time: position.fixTime, lat: position.latitude, lon: position.longitude };
      const advanced = advanceTrip(trip, point, {
        minDistance: this.contexts.lookupNumber(deviceAttributes, context, 'report.trip.minDistance', 200),
        minDuration: this.contexts.lookupNumber(deviceAttributes, context, 'report.trip.minDuration', 180) * 1000,
        stopGap: this.contexts.lookupNumber(deviceAttributes, context, 'report.trip.stopGap', 3600) * 1000,
      });
      trip = advanced.state;
      for (const event of advanced.events) {
        pending.push({ type: event.type, eventTime: event.point.time, positionId: event.point.positionId, geofenceId: null, attributes: {} });
      }
      const facts = { fixTime: position.fixTime, speed: position.speed, attributes, geofenceIds };
      const over = overspeedEvents(
        overspeed,
        facts,
        this.speedLimit(deviceAttributes, context, attributes, inside),
        this.contexts.lookupNumber(deviceAttributes, context, 'event.overspeed.minimalDuration', 0) * 1000,
      );
      overspeed = over.state;
      pending.push(...over.events);
      pending.push(...geofenceEvents(latest?.geofenceIds ?? null, geofenceIds, position.fixTime));
      pending.push(...ignitionEvents(latest?.attributes ?? null, attributes, position.fixTime));
    }
    pending.push(...alarmEvents(attributes, position.fixTime));
    pending.push(...commandResultEvents(attributes, position.fixTime));

    // Storage (inside the caller's transaction)
    const row: PositionRow = {
      id: 0,
      deviceId: device.id,
      protocol: message.protocol,
      serverTime: now,
      deviceTime: position.fixTime,
      fixTime: position.fixTime,
      valid: valid ? 1 : 0,
      latitude: position.latitude,
      longitude: position.longitude,
      altitude: position.altitude,
      speed: position.speed,
      course: position.course,
      address: null,
      accuracy: position.accuracy,
      network: decoded.network ? JSON.stringify(decoded.network satisfies Network) : null,
      geofenceIds: geofenceIds ? JSON.stringify(geofenceIds) : null,
      attributes: JSON.stringify(attributes),
    };
    const { id: _omit, ...insertable } = row;
    this.writes++;
    row.id = Number(this.stmts.insertPosition.run(insertable).lastInsertRowid);
    const positionId = isLatest ? row.id : (device.positionId ?? null);
    this.stmts.updateDevice.run({ id: device.id, now, latest: isLatest ? 1 : 0, positionId: row.id });
    if (decoded.notificationToken) this.saveNotificationToken(device, deviceAttributes, decoded.notificationToken);

    let body = '';
    const command = this.stmts.queuedCommand.get(device.id) as { id: number; type: string; attributes: string } | undefined;
    if (command) {
      const data = parseAttributes(command.attributes).data;
      body = typeof data === 'string' ? data : command.type;
      this.stmts.deleteQueuedCommand.run(command.id);
      pending.push({ type: 'queuedCommandSent', eventTime: now, positionId: 0, geofenceId: null, attributes: {} });
    }
    const events = pending.map((event) => this.storeEvent(device.id, event, row.id));

    // New in-memory state, applied by the caller once the savepoint succeeded.
    const withId = (p: TripPoint): TripPoint => (p.positionId === null ? { ...p, positionId: row.id } : p);
    overlay.set(device.id, {
      latest: isLatest
        ? { id: row.id, fixTime: position.fixTime, latitude: position.latitude, longitude: position.longitude, attributes, geofenceIds }
        : latest,
      trip: { moving: trip.moving, anchor: trip.anchor ? withId(trip.anchor) : null, recent: trip.recent.map(withId) },
      overspeed,
    });

    // built at the push, only when a socket is open to take them
    pushes.push(() => {
      if (this.live.hasClients()) {
        this.live.pushDevice(toDevice({ ...device, status: 'online', lastUpdate: now, positionId }));
        this.live.pushPosition(toPosition(row));
      }
      this.pushEvents(device.name, context, events);
      this.live.pushLog({ host: message.host, protocol: message.protocol, uniqueId: device.uniqueId, deviceId: device.id, data: message.raw });
    });
    return body;
  }

  private statusEventsEnabled(): boolean {
    const value = this.contexts.serverAttributes()['event.status.enable'];
    return value === true || value === 'true';
  }

  /** Device/group `speedLimit`, then the position's, then the lowest limit of the geofences it is in (knots). */
  private speedLimit(
    deviceAttributes: Attributes,
    context: DeviceContext,
    attributes: Attributes,
    inside: number[],
  ): { speedLimit: number; geofenceId: number | null } | null {
    const configured = this.contexts.lookup(deviceAttributes, context, 'speedLimit');
    const own = typeof configured === 'number' ? configured : typeof configured === 'string' ? Number(configured) : NaN;
    if (Number.isFinite(own) && own > 0) return { speedLimit: own, geofenceId: null };
    const positionLimit = numberAttribute(attributes, 'speedLimit');
    if (positionLimit !== null && positionLimit > 0) return { speedLimit: positionLimit, geofenceId: null };
    let best: { speedLimit: number; geofenceId: number | null } | null = null;
    for (const geofence of context.geofences) {
      if (geofence.speedLimit !== null && inside.includes(geofence.id) && (!best || geofence.speedLimit < best.speedLimit)) {
        best = { speedLimit: geofence.speedLimit, geofenceId: geofence.id };
      }
    }
    return best;
  }

  /**
   * The device's push token from an unauthenticated message: only the latest is kept (as Traccar),
   * and one longer than MAX_NOTIFICATION_TOKEN, or with a separator in it, is ignored.
   */
  private saveNotificationToken(device: DeviceRow, attributes: Attributes, token: string): void {
    if (token.length > MAX_NOTIFICATION_TOKEN || /[\s,]/.test(token)) return;
    if (attributes.notificationTokens === token) return;
    const next = { ...attributes, notificationTokens: token };
    this.stmts.updateDeviceAttributes.run(JSON.stringify(next), device.id);
  }

  private storeEvent(deviceId: number, pending: PendingEvent, currentPositionId: number | null): Event {
    const positionId = pending.positionId === null ? currentPositionId : pending.positionId || null;
    const id = Number(
      this.stmts.insertEvent.run({
        type: pending.type,
        eventTime: pending.eventTime,
        deviceId,
        positionId,
        geofenceId: pending.geofenceId,
        attributes: JSON.stringify(pending.attributes),
      }).lastInsertRowid,
    );
    return {
      id,
      attributes: pending.attributes,
      deviceId,
      type: pending.type,
      eventTime: isoDate(pending.eventTime),
      positionId: positionId ?? 0,
      geofenceId: pending.geofenceId ?? 0,
      maintenanceId: 0,
    };
  }

  /** Pushes each event to the users whose `web` notification matches, with `attributes.message`. */
  private pushEvents(deviceName: string, context: DeviceContext, events: Event[]): void {
    const turn = turnBudget(); // the calendar checks of this position's events share one budget
    for (const event of events) {
      const users = recipients(event, context.notifications, turn);
      if (!users.size) continue;
      const geofence = event.geofenceId
        ? (context.geofences.find((g) => g.id === event.geofenceId)?.name ??
          ((this.stmts.geofenceName.get(event.geofenceId) as string | undefined) ?? null))
        : null;
      const copy: Event = { ...event, attributes: { ...event.attributes, message: eventMessage(event, deviceName, geofence) } };
      this.live.pushEvent(copy, users);
    }
  }

  /** Seconds without data before an online device becomes unknown (server attribute `status.timeout`). */
  statusTimeout(): number {
    const value = this.contexts.serverAttributes()['status.timeout'];
    const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
    return Number.isFinite(number) && number > 0 ? number : 600;
  }

  /** Marks online devices silent for `status.timeout` as unknown; returns how many changed. */
  checkStatus(): number {
    const now = this.now();
    const stale = this.stmts.staleDevices.all(now - this.statusTimeout() * 1000) as DeviceRow[];
    if (!stale.length) return 0;
    const enabled = this.statusEventsEnabled();
    const changed: Array<{ device: DeviceRow; events: Event[] }> = [];
    this.db.transaction(() => {
      for (const device of stale) {
        if (!this.stmts.setUnknown.run(device.id).changes) continue;
        const events = enabled
          ? [this.storeEvent(device.id, { type: 'deviceUnknown', eventTime: now, positionId: 0, geofenceId: null, attributes: {} }, null)]
          : [];
        changed.push({ device, events });
      }
    })();
    for (const { device, events } of changed) {
      this.live.pushDevice(toDevice({ ...device, status: 'unknown' }));
      if (events.length) this.pushEvents(device.name, this.contexts.get(device.id), events);
    }
    return changed.length;
  }
}

/**
 * Runs `checkStatus` every status.timeout / 10 seconds of the (injectable) clock. A real-time tick of at
 * most a second notices a changed `status.timeout` or a clock that jumps.
 */
export function startStatusMonitor(ingest: Ingest): () => void {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let lastCheck = ingest.now();
  let lastTimeout = ingest.statusTimeout();
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      try {
        const timeout = ingest.statusTimeout();
        const now = ingest.now();
        if (timeout !== lastTimeout || now - lastCheck >= timeout * 100) {
          lastTimeout = timeout;
          lastCheck = now;
          ingest.checkStatus();
        }
      } catch {
        // retried next round
      }
      schedule();
    }, Math.min(1000, Math.max(50, ingest.statusTimeout() * 100)));
    timer.unref();
  };
  schedule();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
