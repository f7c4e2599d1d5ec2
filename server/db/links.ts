import type { Db } from './database.ts';

/** Owners and properties of the generic `links` table (Traccar's permission keys, without `Id`). */
export type LinkOwner = 'user' | 'device' | 'group';
export type LinkProperty =
  | 'geofence'
  | 'notification'
  | 'calendar'
  | 'attribute'
  | 'driver'
  | 'command'
  | 'maintenance'
  | 'report'
  | 'linkedDevice';

export function link(db: Db, ownerType: LinkOwner, ownerId: number, propertyType: LinkProperty, propertyId: number): void {
  db.prepare('INSERT OR IGNORE INTO links (ownerType, ownerId, propertyType, propertyId) VALUES (?, ?, ?, ?)').run(
    ownerType,
    ownerId,
    propertyType,
    propertyId,
  );
}

export function unlink(db: Db, ownerType: LinkOwner, ownerId: number, propertyType: LinkProperty, propertyId: number): void {
  db.prepare('DELETE FROM links WHERE ownerType = ? AND ownerId = ? AND propertyType = ? AND propertyId = ?').run(
    ownerType,
    ownerId,
    propertyType,
    propertyId,
  );
}

/** Ids of the properties of one type linked directly to an owner. */
export function linkedIds(db: Db, ownerType: LinkOwner, ownerId: number, propertyType: LinkProperty): number[] {
  const rows = db
    .prepare('SELECT propertyId FROM links WHERE ownerType = ? AND ownerId = ? AND propertyType = ?')
    .all(ownerType, ownerId, propertyType) as Array<{ propertyId: number }>;
  return rows.map((row) => row.propertyId);
}

/** Removes every link to or from an object (on delete). */
export function unlinkAll(db: Db, type: LinkOwner | LinkProperty, id: number): void {
  db.prepare('DELETE FROM links WHERE (ownerType = ? AND ownerId = ?) OR (propertyType = ? AND propertyId = ?)').run(type, id, type, id);
}
