import type { Device, DeviceStatus } from '../../contract/models.ts';
import type { Db } from './database.ts';
import { bool, isoDate, parseAttributes } from './convert.ts';
import { ACCESSIBLE_DEVICES, USERS_SEEING_DEVICE } from './visibility.ts';

/** A devices row: the writable fields plus what the server maintains. */
export interface DeviceRow extends DeviceFields {
  id: number;
  status: string | null;
  lastUpdate: number | null;
  positionId: number | null;
}

function status(value: string | null): DeviceStatus {
  return value === 'online' || value === 'unknown' ? value : 'offline';
}

export function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    attributes: parseAttributes(row.attributes),
    groupId: row.groupId ?? 0,
    calendarId: row.calendarId ?? 0,
    name: row.name,
    uniqueId: row.uniqueId,
    status: status(row.status),
    lastUpdate: isoDate(row.lastUpdate),
    positionId: row.positionId ?? 0,
    phone: row.phone,
    model: row.model,
    contact: row.contact,
    category: row.category,
    disabled: bool(row.disabled),
    expirationTime: isoDate(row.expirationTime),
  };
}

export { ACCESSIBLE_DEVICES } from './visibility.ts';

/** Users (besides administrators) who can see a device: the inverse of ACCESSIBLE_DEVICES. */
export function usersForDevice(db: Db, deviceId: number): number[] {
  const rows = db.prepare(`${USERS_SEEING_DEVICE} UNION SELECT id FROM users WHERE administrator = 1`).all({ deviceId }) as Array<{ id: number }>;
  return rows.map((row) => row.id);
}

export interface DeviceQuery {
  /** null: every device (administrator) */
  userId: number | null;
  /** only devices linked directly to this user */
  linkedToUserId?: number;
  ids?: number[];
  uniqueIds?: string[];
  keyword?: string;
  limit?: number;
  offset?: number;
}

export function queryDevices(db: Db, query: DeviceQuery): DeviceRow[] {
  const where: string[] = [];
  const params: Record<string, string | number> = {};
  if (query.userId !== null) {
    where.push(`id IN (${ACCESSIBLE_DEVICES})`);
    params.userId = query.userId;
  }
  if (query.linkedToUserId !== undefined) {
    where.push('id IN (SELECT deviceId FROM user_device WHERE userId = @linkedTo)');
    params.linkedTo = query.linkedToUserId;
  }
  // lists of any length as one JSON parameter each (no bound on the number of ids)
  const lookups: string[] = [];
  if (query.ids?.length) {
    lookups.push('id IN (SELECT value FROM json_each(@ids))');
    params.ids = JSON.stringify(query.ids);
  }
  if (query.uniqueIds?.length) {
    lookups.push('uniqueId IN (SELECT value FROM json_each(@uniqueIds))');
    params.uniqueIds = JSON.stringify(query.uniqueIds);
  }
  if (lookups.length) where.push(`(${lookups.join(' OR ')})`);
  if (query.keyword) {
    where.push(
      ['name', 'uniqueId', 'phone', 'model', 'contact'].map((col) => `LOWER(${col}) LIKE @keyword ESCAPE '\\'`).join(' OR '),
    );
    params.keyword = '%' + query.keyword.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c) + '%';
  }
  let sql = `SELECT * FROM devices${where.length ? ' WHERE ' + where.map((w) => `(${w})`).join(' AND ') : ''} ORDER BY name, id`;
  if (query.limit !== undefined && query.limit > 0) {
    sql += ' LIMIT @limit OFFSET @offset';
    params.limit = query.limit;
    params.offset = query.offset ?? 0;
  }
  return db.prepare(sql).all(params) as DeviceRow[];
}

export function findDevice(db: Db, id: number): DeviceRow | undefined {
  return db.prepare('SELECT * FROM devices WHERE id = ?').get(id) as DeviceRow | undefined;
}

export function canAccessDevice(db: Db, userId: number | null, deviceId: number): boolean {
  if (userId === null) return !!findDevice(db, deviceId);
  return !!db.prepare(`SELECT 1 WHERE @deviceId IN (${ACCESSIBLE_DEVICES})`).get({ userId, deviceId });
}

/** Traccar resets every status at startup: unknown until the device speaks again. */
export function resetStatuses(db: Db): void {
  db.prepare('UPDATE devices SET status = NULL').run();
}

/** The writable columns of a device (dates in ms, attributes as JSON text). */
export interface DeviceFields {
  name: string;
  uniqueId: string;
  groupId: number | null;
  calendarId: number | null;
  phone: string | null;
  model: string | null;
  contact: string | null;
  category: string | null;
  disabled: number;
  expirationTime: number | null;
  attributes: string;
}

export function deviceFields(row: DeviceRow): DeviceFields {
  const { name, uniqueId, groupId, calendarId, phone, model, contact, category, disabled, expirationTime, attributes } = row;
  return { name, uniqueId, groupId, calendarId, phone, model, contact, category, disabled, expirationTime, attributes };
}

export const defaultDeviceFields: DeviceFields = {
  name: '',
  uniqueId: '',
  groupId: null,
  calendarId: null,
  phone: null,
  model: null,
  contact: null,
  category: null,
  disabled: 0,
  expirationTime: null,
  attributes: '{}',
};

/**
 * `uniqueId` also names the device's media folder: letters, digits and `-_.:@` only, no `..`, ≤ 128 chars.
 * Returns a problem description, or null when valid.
 */
export function uniqueIdProblem(uniqueId: string): string | null {
  if (!uniqueId) return 'uniqueId is required';
  if (uniqueId.length > 128) return 'uniqueId is longer than 128 characters';
  if (!/^[A-Za-z0-9\-_.:@]+$/.test(uniqueId)) return 'uniqueId may contain only letters, digits and - _ . : @';
  if (uniqueId.includes('..') || uniqueId === '.') return 'uniqueId may not contain ..';
  return null;
}

export function findDeviceByUniqueId(db: Db, uniqueId: string): DeviceRow | undefined {
  return db.prepare('SELECT * FROM devices WHERE uniqueId = ?').get(uniqueId) as DeviceRow | undefined;
}

export function insertDevice(db: Db, fields: DeviceFields): number {
  const names = Object.keys(fields);
  const result = db.prepare(`INSERT INTO devices (${names.join(', ')}) VALUES (${names.map((n) => '@' + n).join(', ')})`).run(fields);
  return Number(result.lastInsertRowid);
}

export function updateDevice(db: Db, id: number, fields: DeviceFields): void {
  const names = Object.keys(fields);
  db.prepare(`UPDATE devices SET ${names.map((n) => `${n} = @${n}`).join(', ')} WHERE id = @id`).run({ ...fields, id });
}

/** Devices a user reaches (Traccar counts these against `deviceLimit`). */
export function countAccessibleDevices(db: Db, userId: number): number {
  return (db.prepare(`SELECT COUNT(*) AS n FROM (${ACCESSIBLE_DEVICES})`).get({ userId }) as { n: number }).n;
}

/** Deletes a device with its links (positions, events, queued commands and user links cascade). */
export function deleteDevice(db: Db, id: number): void {
  db.transaction(() => {
    db.prepare('DELETE FROM devices WHERE id = ?').run(id);
    db.prepare("DELETE FROM links WHERE (ownerType = 'device' AND ownerId = ?) OR (propertyType = 'linkedDevice' AND propertyId = ?)").run(id, id);
  })();
}
