/** Database reads (and the scheduled-report writes) of the reports feature. */
import type { Attributes, Event, Report } from '../../contract/models.ts';
import type { Db } from '../db/database.ts';
import { type DeviceRow, queryDevices } from '../db/devices.ts';
import { ACCESSIBLE_DEVICES, ACCESSIBLE_GROUPS, OWNER_IDS } from '../db/visibility.ts';
import { type EventRow, POSITION_COLUMNS, type PositionRow, type PositionValues, positionFromValues, toEvent, toPosition } from '../db/positions.ts';
import type { Position } from '../../contract/models.ts';
import { parseAttributes } from '../db/convert.ts';


export function canAccessGroup(db: Db, userId: number | null, groupId: number): boolean {
  if (userId === null) return !!db.prepare('SELECT 1 FROM device_groups WHERE id = ?').get(groupId);
  return !!db.prepare(`SELECT 1 WHERE @groupId IN (${ACCESSIBLE_GROUPS})`).get({ userId, groupId });
}

/** Devices of a group and of all its subgroups. */
export function groupDevices(db: Db, groupId: number): DeviceRow[] {
  return db
    .prepare(
      `WITH RECURSIVE grps(id) AS (
         SELECT @groupId UNION SELECT device_groups.id FROM device_groups JOIN grps ON device_groups.groupId = grps.id
       )
       SELECT * FROM devices WHERE groupId IN grps ORDER BY name, id`,
    )
    .all({ groupId }) as DeviceRow[];
}

/** Attributes of the device's group, its parent, and so on (nearest first). */
export function groupChainAttributes(db: Db, groupId: number | null): Attributes[] {
  const result: Attributes[] = [];
  const seen = new Set<number>();
  let current = groupId;
  while (current !== null && !seen.has(current)) {
    seen.add(current);
    const row = db.prepare('SELECT groupId, attributes FROM device_groups WHERE id = ?').get(current) as
      | { groupId: number | null; attributes: string }
      | undefined;
    if (!row) break;
    result.push(parseAttributes(row.attributes));
    current = row.groupId;
  }
  return result;
}

/** The statements the reports read positions and events with (bench:scale records their query plans). */
export const REPORT_SQL = {
  positions: 'SELECT * FROM positions WHERE deviceId = ? AND fixTime BETWEEN ? AND ? ORDER BY fixTime, id',
  firstPage: `SELECT ${POSITION_COLUMNS} FROM positions WHERE deviceId = ? AND fixTime BETWEEN ? AND ? ORDER BY fixTime, id LIMIT ?`,
  nextPage: `SELECT ${POSITION_COLUMNS} FROM positions WHERE deviceId = ? AND fixTime BETWEEN ? AND ? AND (fixTime > ? OR (fixTime = ? AND id > ?)) ORDER BY fixTime, id LIMIT ?`,
  firstPosition: 'SELECT * FROM positions WHERE deviceId = ? AND fixTime BETWEEN ? AND ? ORDER BY fixTime , id LIMIT 1',
  lastPosition: 'SELECT * FROM positions WHERE deviceId = ? AND fixTime BETWEEN ? AND ? ORDER BY fixTime DESC, id DESC LIMIT 1',
  events: (types: number): string =>
    `SELECT * FROM events WHERE deviceId = ? AND eventTime BETWEEN ? AND ?${types ? ` AND type IN (${Array.from({ length: types }, () => '?').join(', ')})` : ''} ORDER BY eventTime, id`,
  latestPositions: (devices: number): string =>
    `SELECT positions.* FROM devices JOIN positions ON positions.id = devices.positionId
       WHERE devices.id IN (${Array.from({ length: devices }, () => '?').join(', ')})`,
};

export function allAccessibleDevices(db: Db, userId: number | null): DeviceRow[] {
  return queryDevices(db, { userId });
}

export function devicePositions(db: Db, deviceId: number, from: number, to: number, limit?: number): Position[] {
  const rows = db
    .prepare(`${REPORT_SQL.positions}${limit ? ' LIMIT ?' : ''}`)
    .all(...(limit ? [deviceId, from, to, limit] : [deviceId, from, to])) as PositionRow[];
  return rows.map(toPosition);
}

/**
 * A device's positions over a period in pages of `size`, in the order of `devicePositions`: each page is
 * its own query (keyset on fixTime and id), so nothing holds the connection between pages and a
 * caller may yield to the event loop between them.
 */
export function* devicePositionPages(db: Db, deviceId: number, from: number, to: number, limit: number, size: number): Generator<Position[]> {
  // rows as arrays (`raw`): half the cost of rows as objects at 100,000 positions (bench:reports)
  const first = db.prepare(REPORT_SQL.firstPage).raw(true);
  const next = db.prepare(REPORT_SQL.nextPage).raw(true);
  let left = limit;
  let last: PositionValues | undefined;
  while (left > 0) {
    const take = Math.min(size, left);
    const rows = (last ? next.all(deviceId, from, to, last[6], last[6], last[0], take) : first.all(deviceId, from, to, take)) as PositionValues[];
    if (rows.length === 0) return;
    left -= rows.length;
    last = rows[rows.length - 1];
    yield rows.map(positionFromValues);
    if (rows.length < take) return;
  }
}

/** PositionUtil.getEdgePosition: the first or last position of a range. */
export function edgePosition(db: Db, deviceId: number, from: number, to: number, end: boolean): Position | null {
  const row = db
    .prepare(end ? REPORT_SQL.lastPosition : REPORT_SQL.firstPosition)
    .get(deviceId, from, to) as PositionRow | undefined;
  return row ? toPosition(row) : null;
}

export function devicePositionById(db: Db, deviceId: number, id: number): Position | undefined {
  const row = db.prepare('SELECT * FROM positions WHERE deviceId = ? AND id = ?').get(deviceId, id) as PositionRow | undefined;
  return row ? toPosition(row) : undefined;
}

export function deviceEvents(db: Db, deviceId: number, from: number, to: number, types?: string[]): Event[] {
  const params: Array<number | string> = [deviceId, from, to];
  if (types?.length) params.push(...types);
  return (db.prepare(REPORT_SQL.events(types?.length ?? 0)).all(...params) as EventRow[]).map(toEvent);
}

export function driverName(db: Db, uniqueId: string): string | null {
  const row = db.prepare('SELECT name FROM drivers WHERE uniqueId = ?').get(uniqueId) as { name: string } | undefined;
  return row?.name ?? null;
}

/**
 * Whether a user may see a geofence or maintenance referenced by an event: administrators always;
 * others when it is linked to them, to a device they reach, or to a group they reach.
 */
export function propertyVisible(db: Db, userId: number | null, type: 'geofence' | 'maintenance', id: number): boolean {
  if (userId === null) return true;
  return !!db
    .prepare(
      `SELECT 1 FROM links WHERE propertyType = @type AND propertyId = @id AND (
         (ownerType = 'user' AND ownerId = @userId)
         OR (ownerType = 'device' AND ownerId IN (${ACCESSIBLE_DEVICES}))
         OR (ownerType = 'group' AND ownerId IN (${ACCESSIBLE_GROUPS}))
       ) LIMIT 1`,
    )
    .get({ type, id, userId });
}

// Scheduled reports (table `reports`, visibility through `links` user→report).

interface ReportRow {
  id: number;
  type: string;
  description: string | null;
  calendarId: number | null;
  attributes: string;
}

function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    attributes: parseAttributes(row.attributes),
    calendarId: row.calendarId ?? 0,
    type: row.type,
    description: row.description,
  };
}

/** Reports visible to a user (null: administrator, all), sorted by description. */
export function listReports(
  db: Db,
  userId: number | null,
  options: { linkedToUserId?: number; keyword?: string; limit?: number; offset?: number } = {},
): Report[] {
  const where: string[] = [];
  const params: Record<string, string | number> = {};
  if (userId !== null) {
    where.push(
      `id IN (SELECT propertyId FROM links WHERE propertyType = 'report' AND ownerType = 'user'
         AND ownerId IN (${OWNER_IDS}))`,
    );
    params.userId = userId;
  }
  if (options.linkedToUserId !== undefined) {
    where.push(`id IN (SELECT propertyId FROM links WHERE propertyType = 'report' AND ownerType = 'user' AND ownerId = @linked)`);
    params.linked = options.linkedToUserId;
  }
  if (options.keyword) {
    where.push(`LOWER(COALESCE(description, '')) LIKE @keyword ESCAPE '\\'`);
    params.keyword = '%' + options.keyword.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c) + '%';
  }
  let sql = `SELECT * FROM reports${where.length ? ' WHERE ' + where.map((w) => `(${w})`).join(' AND ') : ''} ORDER BY description, id`;
  if (options.limit !== undefined && options.limit > 0) {
    sql += ' LIMIT @limit OFFSET @offset';
    params.limit = options.limit;
    params.offset = options.offset ?? 0;
  }
  return (db.prepare(sql).all(params) as ReportRow[]).map(toReport);
}

export function findReport(db: Db, userId: number | null, id: number): Report | undefined {
  return listReports(db, userId).find((r) => r.id === id);
}

export interface ReportFields {
  type: string;
  description: string | null;
  calendarId: number;
  attributes: Attributes;
}

export function insertReport(db: Db, ownerUserId: number, fields: ReportFields): Report {
  return db.transaction(() => {
    const result = db
      .prepare('INSERT INTO reports (type, description, calendarId, attributes) VALUES (?, ?, ?, ?)')
      .run(fields.type, fields.description, fields.calendarId || null, JSON.stringify(fields.attributes));
    const id = Number(result.lastInsertRowid);
    db.prepare("INSERT OR IGNORE INTO links (ownerType, ownerId, propertyType, propertyId) VALUES ('user', ?, 'report', ?)").run(
      ownerUserId,
      id,
    );
    return toReport(db.prepare('SELECT * FROM reports WHERE id = ?').get(id) as ReportRow);
  })();
}

export function updateReport(db: Db, id: number, fields: ReportFields): Report {
  db.prepare('UPDATE reports SET type = ?, description = ?, calendarId = ?, attributes = ? WHERE id = ?').run(
    fields.type,
    fields.description,
    fields.calendarId || null,
    JSON.stringify(fields.attributes),
    id,
  );
  return toReport(db.prepare('SELECT * FROM reports WHERE id = ?').get(id) as ReportRow);
}

export function deleteReport(db: Db, id: number): void {
  db.transaction(() => {
    db.prepare('DELETE FROM reports WHERE id = ?').run(id);
    db.prepare("DELETE FROM links WHERE (propertyType = 'report' AND propertyId = ?)").run(id);
  })();
}

/** Latest positions of the given devices. */
export function latestPositionsOf(db: Db, deviceIds: number[]): Position[] {
  if (!deviceIds.length) return [];
  const rows = db
    .prepare(REPORT_SQL.latestPositions(deviceIds.length))
    .all(...deviceIds) as PositionRow[];
  return rows.map(toPosition);
}
