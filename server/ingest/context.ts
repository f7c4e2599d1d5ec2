/**
 * Per-device context for ingest, cached and dropped whenever the cache version changes
 * (see version.ts): group attribute chain, geofences, web notifications and viewers.
 */
import type { Attributes, AttributeValue } from '../../contract/models.ts';
import type { Db } from '../db/database.ts';
import { parseAttributes, positiveNumber } from '../db/convert.ts';
import type { PreparedArea } from '../geo/contains.ts';
import { corridorOf, takeArea } from '../geo/areas.ts';
import { cacheVersion } from './version.ts';
import { calendarCheck, type CalendarCheck } from '../events/calendar.ts';
import { USERS_SEEING_DEVICE } from '../db/visibility.ts';

export interface GeofenceInfo {
  id: number;
  name: string;
  /** the area with its edge index (and its corridor), shared by every device linked to the geofence */
  prepared: PreparedArea;
  /** knots */
  speedLimit: number | null;
}

export interface NotificationInfo {
  id: number;
  type: string;
  /** alarm filter (alarm notifications), null: every alarm */
  alarms: Set<string> | null;
  /** geofence filter, null: every geofence */
  geofenceIds: Set<number> | null;
  /** users linked to the notification who can see the device */
  userIds: number[];
  /** its calendar: the notification applies only while it is active; null: always */
  calendar: CalendarCheck | null;
}

export interface DeviceContext {
  /** attributes of the device's group, then its parent, and so on */
  groupAttributes: Attributes[];
  geofences: GeofenceInfo[];
  /** notifications with the `web` notificator that apply to the device */
  notifications: NotificationInfo[];
  /** users who can see the device (administrators included) */
  viewers: Set<number>;
}

const ANCESTORS = `ancestors(id, depth) AS (
    SELECT groupId, 0 FROM devices WHERE id = @deviceId AND groupId IS NOT NULL
    UNION SELECT device_groups.groupId, ancestors.depth + 1 FROM device_groups JOIN ancestors ON device_groups.id = ancestors.id
    WHERE device_groups.groupId IS NOT NULL AND ancestors.depth < 100
  )`;

const DIRECT_USERS = `direct(id) AS (
    SELECT userId FROM user_device WHERE deviceId = @deviceId
    UNION SELECT userId FROM user_group WHERE groupId IN (SELECT id FROM ancestors)
  )`;

function numberList(value: AttributeValue | undefined): string[] | null {
  if (value === undefined || value === null || value === '') return null;
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

export class ContextCache {
  private readonly db: Db;
  private version = -1;
  private readonly devices = new Map<number, DeviceContext>();
  /**
   * each calendar's check, shared by every device's notifications and kept across cache versions:
   * after a change anywhere, a calendar is read again (one primary-key read) and built again only
   * when its text changed, so its cached occurrences survive edits of other objects
   */
  private readonly calendars = new Map<number, { text: string | null; check: CalendarCheck | null; version: number }>();
  /** calendars built (parsed) so far: an edit rebuilds only the calendar it changed */
  calendarBuilds = 0;
  /**
   * each geofence's parsed and indexed area, shared by every device linked to it and kept across cache
   * versions as calendars are: read again once per version, built again only when its text or corridor changed
   */
  private readonly areas = new Map<number, { text: string | null; corridor: number; prepared: PreparedArea | null; version: number }>();
  private server: Attributes = {};
  private readonly stmts;

  constructor(db: Db) {
    this.db = db;
    this.stmts = {
      groups: db.prepare(
        `WITH RECURSIVE ${ANCESTORS} SELECT device_groups.attributes FROM ancestors JOIN device_groups ON device_groups.id = ancestors.id ORDER BY depth`,
      ),
      geofences: db.prepare(
        `WITH RECURSIVE ${ANCESTORS}, ${DIRECT_USERS}
         SELECT id, name, attributes FROM geofences WHERE id IN (
           SELECT propertyId FROM links WHERE propertyType = 'geofence' AND (
             (ownerType = 'device' AND ownerId = @deviceId)
             OR (ownerType = 'group' AND ownerId IN (SELECT id FROM ancestors))
             OR (ownerType = 'user' AND ownerId IN (SELECT id FROM direct))))
         ORDER BY id`,
      ),
      // who sees the device (visibility.ts: a demoted manager no longer does), and every administrator
      viewers: db.prepare(`${USERS_SEEING_DEVICE} UNION SELECT id FROM users WHERE administrator = 1`),
      notifications: db.prepare(
        `WITH RECURSIVE ${ANCESTORS}
         SELECT notifications.id, notifications.type, notifications.notificators, notifications.attributes, links.ownerId AS userId,
           notifications.calendarId
         FROM notifications JOIN links ON links.propertyType = 'notification' AND links.propertyId = notifications.id
           AND links.ownerType = 'user'
         WHERE notifications.always = 1 OR notifications.id IN (
           SELECT propertyId FROM links WHERE propertyType = 'notification' AND (
             (ownerType = 'device' AND ownerId = @deviceId) OR (ownerType = 'group' AND ownerId IN (SELECT id FROM ancestors))))
         ORDER BY notifications.id`,
      ),
      server: db.prepare('SELECT attributes FROM server WHERE id = 1').pluck(),
      calendar: db.prepare('SELECT data FROM calendars WHERE id = ?').pluck(),
      area: db.prepare('SELECT area FROM geofences WHERE id = ?').pluck(),
      geofenceIds: db.prepare('SELECT id FROM geofences').pluck(),
      calendarIds: db.prepare('SELECT id FROM calendars').pluck(),
    };
  }

  /** Drops everything when the cache version moved. Cheap: one primary-key read. */
  /** inside `pinned`: the version was read at its start */
  private pinnedDepth = 0;

  /**
   * Runs `work` (a batch of positions, one event-loop turn) with the version read once at its start
   * instead of at every lookup: nothing else writes meanwhile (one thread), and the batch's own
   * writes (positions, device status, a device's push token) change nothing this cache holds.
   */
  pinned<T>(work: () => T): T {
    if (this.pinnedDepth === 0) this.refresh();
    this.pinnedDepth++;
    try {
      return work();
    } finally {
      this.pinnedDepth--;
    }
  }

  private refresh(): void {
    if (this.pinnedDepth > 0) return;
    const version = cacheVersion(this.db);
    if (version === this.version) return;
    this.version = version;
    this.devices.clear();
    this.server = parseAttributes(this.stmts.server.get() as string | undefined);
    // a deleted geofence or calendar is never asked for again: its built area or check goes with it
    this.forgetDeleted(this.areas, this.stmts.geofenceIds);
    this.forgetDeleted(this.calendars, this.stmts.calendarIds);
  }

  private forgetDeleted(entries: Map<number, unknown>, ids: { all(): unknown[] }): void {
    if (entries.size === 0) return;
    const existing = new Set(ids.all() as number[]);
    for (const id of entries.keys()) if (!existing.has(id)) entries.delete(id);
  }

  /** How many geofence areas and calendar checks are kept (tests). */
  cachedEntries(): { areas: number; calendars: number } {
    return { areas: this.areas.size, calendars: this.calendars.size };
  }

  /** A geofence's prepared area (null: gone or unparsable). */
  private area(id: number, corridor: number): PreparedArea | null {
    let entry = this.areas.get(id);
    if (entry?.version === this.version && entry.corridor === corridor) return entry.prepared;
    const stored = this.stmts.area.get(id) as string | undefined;
    const text = stored ?? null;
    if (entry && entry.text === text && entry.corridor === corridor) {
      entry.version = this.version;
      return entry.prepared;
    }
    entry = { text, corridor, prepared: text === null ? null : takeArea(text, corridor), version: this.version };
    this.areas.set(id, entry);
    return entry.prepared;
  }

  /** The check of a calendar (null: none, or unreadable, which limits nothing). */
  private calendar(id: number): CalendarCheck | null {
    let entry = this.calendars.get(id);
    if (entry?.version === this.version) return entry.check;
    const data = this.stmts.calendar.get(id) as Buffer | string | undefined;
    const text = data === undefined ? null : Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
    if (entry && entry.text === text) {
      entry.version = this.version;
      return entry.check;
    }
    if (text !== null) this.calendarBuilds += 1;
    entry = { text, check: text === null ? null : calendarCheck(text), version: this.version };
    this.calendars.set(id, entry);
    return entry.check;
  }

  serverAttributes(): Attributes {
    this.refresh();
    return this.server;
  }

  get(deviceId: number): DeviceContext {
    this.refresh();
    let context = this.devices.get(deviceId);
    if (!context) {
      context = this.load(deviceId);
      this.devices.set(deviceId, context);
    }
    return context;
  }

  private load(deviceId: number): DeviceContext {
    const params = { deviceId };
    const groupAttributes = (this.stmts.groups.all(params) as Array<{ attributes: string }>).map((row) =>
      parseAttributes(row.attributes),
    );
    const geofences: GeofenceInfo[] = [];
    for (const row of this.stmts.geofences.all(params) as Array<{ id: number; name: string; attributes: string }>) {
      const attributes = parseAttributes(row.attributes);
      const prepared = this.area(row.id, corridorOf(attributes));
      // An unparsable area contains nothing.
      if (!prepared) continue;
      geofences.push({
        id: row.id,
        name: row.name,
        prepared,
        speedLimit: positiveNumber(attributes.speedLimit),
      });
    }
    const viewers = new Set((this.stmts.viewers.all(params) as Array<{ id: number }>).map((row) => row.id));
    const byId = new Map<number, NotificationInfo>();
    const rows = this.stmts.notifications.all(params) as Array<{
      id: number;
      type: string;
      notificators: string;
      attributes: string;
      userId: number;
      calendarId: number | null;
    }>;
    for (const row of rows) {
      if (!row.notificators.split(',').some((n) => n.trim() === 'web')) continue;
      if (!viewers.has(row.userId)) continue;
      let info = byId.get(row.id);
      if (!info) {
        const attributes = parseAttributes(row.attributes);
        const alarms = numberList(attributes.alarms);
        const geofenceIds = numberList(attributes.geofenceIds);
        info = {
          id: row.id,
          type: row.type,
          alarms: alarms ? new Set(alarms) : null,
          geofenceIds: geofenceIds ? new Set(geofenceIds.map(Number).filter(Number.isFinite)) : null,
          userIds: [],
          calendar: row.calendarId ? this.calendar(row.calendarId) : null,
        };
        byId.set(row.id, info);
      }
      info.userIds.push(row.userId);
    }
    return { groupAttributes, geofences, notifications: [...byId.values()], viewers };
  }

  /** A configuration key: device attributes, then the group chain, then server attributes. */
  lookup(deviceAttributes: Attributes, context: DeviceContext, key: string): AttributeValue | undefined {
    const own = deviceAttributes[key];
    if (own !== undefined && own !== null && own !== '') return own;
    for (const attributes of context.groupAttributes) {
      const value = attributes[key];
      if (value !== undefined && value !== null && value !== '') return value;
    }
    const server = this.serverAttributes()[key];
    return server === null || server === '' ? undefined : server;
  }

  lookupNumber(deviceAttributes: Attributes, context: DeviceContext, key: string, fallback: number): number {
    const value = this.lookup(deviceAttributes, context, key);
    const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
    return Number.isFinite(number) ? number : fallback;
  }

  lookupBoolean(deviceAttributes: Attributes, context: DeviceContext, key: string, fallback: boolean): boolean {
    const value = this.lookup(deviceAttributes, context, key);
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    return fallback;
  }
}

/** Ids of the geofences containing a point. */
export function geofencesAt(geofences: GeofenceInfo[], lat: number, lon: number): number[] {
  const ids: number[] = [];
  for (const g of geofences) if (g.prepared.contains(lat, lon)) ids.push(g.id);
  return ids;
}
