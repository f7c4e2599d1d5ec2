import type { Db } from '../db/database.ts';
import { ACCESSIBLE_DEVICES, REACH_CTE } from '../db/visibility.ts';
import { type UserRow, isManagedBy } from '../db/users.ts';

/** Object types stored in the generic `links` table (as property), plus groups. */
export type LinkedType = 'geofence' | 'notification' | 'calendar' | 'attribute' | 'driver' | 'command' | 'maintenance' | 'report';
export type ObjectType = LinkedType | 'group';

/**
 * How a user reaches objects:
 * - `direct`: linked to that user only (Traccar `?userId=X`);
 * - `user`: linked to the user or to a user they manage (groups: with their subgroups), as Traccar's
 *   Permission(User, id, Class); used for the default list and for write checks;
 * - `reach`: `user` plus objects linked to any device or group the user can see (`all=true`, GET by id).
 * Every query takes the named parameter @userId and selects one column of ids.
 */
export type AccessMode = 'direct' | 'user' | 'reach';

const CTE = REACH_CTE;

export function accessSql(type: ObjectType, mode: AccessMode): string {
  if (type === 'group') {
    if (mode === 'direct') return 'SELECT groupId FROM user_group WHERE userId = @userId';
    return `${CTE} SELECT id FROM grps`;
  }
  const t = `'${type}'`;
  if (mode === 'direct') return `SELECT propertyId FROM links WHERE ownerType = 'user' AND ownerId = @userId AND propertyType = ${t}`;
  const own = `SELECT propertyId FROM links WHERE ownerType = 'user' AND ownerId IN owners AND propertyType = ${t}`;
  if (mode === 'user') return `${CTE} ${own}`;
  return `${CTE} ${own}
    UNION SELECT propertyId FROM links WHERE ownerType = 'device' AND ownerId IN devs AND propertyType = ${t}
    UNION SELECT propertyId FROM links WHERE ownerType = 'group' AND ownerId IN grps AND propertyType = ${t}`;
}

export const TABLES: Record<ObjectType, string> = {
  group: 'device_groups',
  geofence: 'geofences',
  notification: 'notifications',
  calendar: 'calendars',
  attribute: 'computed_attributes',
  driver: 'drivers',
  command: 'commands',
  maintenance: 'maintenances',
  report: 'reports',
};

export function objectExists(db: Db, type: ObjectType | 'device' | 'user', id: number): boolean {
  const table = type === 'device' ? 'devices' : type === 'user' ? 'users' : TABLES[type];
  return !!db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id);
}

/** Whether `user` reaches object `id` of `type` (administrators reach every existing object). */
export function canAccess(db: Db, user: UserRow, type: ObjectType, id: number, mode: AccessMode = 'user'): boolean {
  if (user.administrator) return objectExists(db, type, id);
  return !!db.prepare(`SELECT 1 WHERE @id IN (${accessSql(type, mode)})`).get({ userId: user.id, id });
}

export function canAccessDeviceAs(db: Db, user: UserRow, deviceId: number): boolean {
  if (user.administrator) return objectExists(db, 'device', deviceId);
  return !!db.prepare(`SELECT 1 WHERE @deviceId IN (${ACCESSIBLE_DEVICES})`).get({ userId: user.id, deviceId });
}

/** Self, or a user they manage while a manager (administrators: every existing user). */
export function canAccessUserAs(db: Db, user: UserRow, userId: number): boolean {
  if (user.administrator) return objectExists(db, 'user', userId);
  return user.id === userId || isManagedBy(db, user.id, userId);
}
