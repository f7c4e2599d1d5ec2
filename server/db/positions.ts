import type { Event, Network, Position } from '../../contract/models.ts';
import type { Db } from './database.ts';
import { ACCESSIBLE_DEVICES } from './visibility.ts';
import { type Stored, bool, isoDate, parseAttributes, parseJson } from './convert.ts';

/** A positions row: a new position as stored, and its id. */
export interface PositionRow extends Stored<NewPosition> {
  id: number;
}

export function toPosition(row: PositionRow): Position {
  return {
    id: row.id,
    attributes: parseAttributes(row.attributes),
    deviceId: row.deviceId,
    protocol: row.protocol,
    serverTime: isoDate(row.serverTime),
    deviceTime: isoDate(row.deviceTime),
    fixTime: isoDate(row.fixTime),
    valid: bool(row.valid),
    latitude: row.latitude,
    longitude: row.longitude,
    altitude: row.altitude,
    speed: row.speed,
    course: row.course,
    address: row.address,
    accuracy: row.accuracy,
    network: parseJson<Network>(row.network),
    geofenceIds: parseJson<number[]>(row.geofenceIds),
  };
}

/**
 * The positions table's columns in `toPosition`'s order, for reads in array form (`raw`), where a row
 * costs about half of one read as an object (bench:reports: 100,000 rows in 0.29 s against 0.55 s).
 */
export const POSITION_COLUMNS =
  'id, attributes, deviceId, protocol, serverTime, deviceTime, fixTime, valid, latitude, longitude, altitude, speed, course, address, accuracy, network, geofenceIds';

/** A row read with `POSITION_COLUMNS` in array form. */
export type PositionValues = [
  id: number,
  attributes: string | null,
  deviceId: number,
  protocol: string | null,
  serverTime: number,
  deviceTime: number,
  fixTime: number,
  valid: number,
  latitude: number,
  longitude: number,
  altitude: number,
  speed: number,
  course: number,
  address: string | null,
  accuracy: number,
  network: string | null,
  geofenceIds: string | null,
];

/** `toPosition` of a row read with `POSITION_COLUMNS` in array form. */
export function positionFromValues(v: PositionValues): Position {
  return {
    id: v[0],
    attributes: parseAttributes(v[1]),
    deviceId: v[2],
    protocol: v[3],
    serverTime: isoDate(v[4]),
    deviceTime: isoDate(v[5]),
    fixTime: isoDate(v[6]),
    valid: bool(v[7]),
    latitude: v[8],
    longitude: v[9],
    altitude: v[10],
    speed: v[11],
    course: v[12],
    address: v[13],
    accuracy: v[14],
    network: parseJson<Network>(v[15]),
    geofenceIds: parseJson<number[]>(v[16]),
  };
}

export type NewPosition = Omit<Position, 'id' | 'serverTime' | 'deviceTime' | 'fixTime'> & {
  serverTime: number;
  deviceTime: number;
  fixTime: number;
};

/** Stores a position and, when it is the newest fix, makes it the device's latest. */
export function insertPosition(db: Db, position: NewPosition): PositionRow {
  return db.transaction(() => {
    const result = db
      .prepare(
        `INSERT INTO positions (deviceId, protocol, serverTime, deviceTime, fixTime, valid, latitude, longitude,
           altitude, speed, course, address, accuracy, network, geofenceIds, attributes)
         VALUES (@deviceId, @protocol, @serverTime, @deviceTime, @fixTime, @valid, @latitude, @longitude,
           @altitude, @speed, @course, @address, @accuracy, @network, @geofenceIds, @attributes)`,
      )
      .run({
        ...position,
        valid: position.valid ? 1 : 0,
        network: position.network ? JSON.stringify(position.network) : null,
        geofenceIds: position.geofenceIds ? JSON.stringify(position.geofenceIds) : null,
        attributes: JSON.stringify(position.attributes),
      });
    const id = Number(result.lastInsertRowid);
    db.prepare(
      `UPDATE devices SET positionId = @id WHERE id = @deviceId AND (positionId IS NULL
         OR @fixTime >= (SELECT fixTime FROM positions WHERE id = devices.positionId))`,
    ).run({ id, deviceId: position.deviceId, fixTime: position.fixTime });
    return db.prepare('SELECT * FROM positions WHERE id = ?').get(id) as PositionRow;
  })();
}

/** Latest positions of the devices visible to userId (null: all devices). */
export function latestPositions(db: Db, userId: number | null, deviceId?: number): PositionRow[] {
  const where: string[] = ['positions.id = devices.positionId'];
  const params: Record<string, number> = {};
  if (userId !== null) {
    where.push(`devices.id IN (${ACCESSIBLE_DEVICES})`);
    params.userId = userId;
  }
  if (deviceId !== undefined) {
    where.push('devices.id = @deviceId');
    params.deviceId = deviceId;
  }
  return db
    .prepare(`SELECT positions.* FROM devices JOIN positions ON ${where.join(' AND ')} ORDER BY devices.id`)
    .all(params) as PositionRow[];
}

export function positionsByIds(db: Db, userId: number | null, ids: number[]): PositionRow[] {
  if (!ids.length) return [];
  // any number of ids, as one JSON parameter
  const params: Record<string, number | string> = { ids: JSON.stringify(ids) };
  let sql = 'SELECT * FROM positions WHERE id IN (SELECT value FROM json_each(@ids))';
  if (userId !== null) {
    sql += ` AND deviceId IN (${ACCESSIBLE_DEVICES})`;
    params.userId = userId;
  }
  return db.prepare(sql + ' ORDER BY id').all(params) as PositionRow[];
}

export const MAX_HISTORY_POSITIONS = 50000;

export function positionHistory(db: Db, deviceId: number, from: number, to: number): PositionRow[] {
  return db
    .prepare(
      'SELECT * FROM positions WHERE deviceId = ? AND fixTime BETWEEN ? AND ? ORDER BY fixTime, id LIMIT ?',
    )
    .all(deviceId, from, to, MAX_HISTORY_POSITIONS) as PositionRow[];
}

export interface EventRow {
  id: number;
  type: string;
  eventTime: number;
  deviceId: number;
  positionId: number | null;
  geofenceId: number | null;
  maintenanceId: number | null;
  attributes: string;
}

export function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    attributes: parseAttributes(row.attributes),
    deviceId: row.deviceId,
    type: row.type,
    eventTime: isoDate(row.eventTime),
    positionId: row.positionId ?? 0,
    geofenceId: row.geofenceId ?? 0,
    maintenanceId: row.maintenanceId ?? 0,
  };
}
