/**
 * Demo data for the simulator, added once on the first demo seeding (inside its transaction):
 * the demo geofences linked to the administrator, a `speedLimit` on a couple of devices, and web
 * notifications for the administrator so that the socket carries the simulated events.
 */
import type { Db } from '../db/database.ts';
import { parseAttributes } from '../db/convert.ts';
import { link } from '../db/links.ts';
import { demoGeofences } from './model.ts';

/** Knots (Traccar's unit): 100 km/h for the car, 80 km/h for the refrigerated truck. */
export const DEMO_SPEED_LIMITS: Record<string, number> = { 'demo-001': 54, 'demo-007': 43.2 };

export const DEMO_NOTIFICATION_TYPES = [
  'deviceOverspeed',
  'geofenceEnter',
  'geofenceExit',
  'alarm',
  'ignitionOn',
  'ignitionOff',
  'deviceMoving',
  'deviceStopped',
] as const;

export function seedDemoTraffic(db: Db, adminId: number): void {
  const insertGeofence = db.prepare('INSERT INTO geofences (name, description, area, attributes) VALUES (?, ?, ?, ?)');
  for (const geofence of demoGeofences()) {
    const id = Number(insertGeofence.run(geofence.name, geofence.description, geofence.area, JSON.stringify(geofence.attributes)).lastInsertRowid);
    link(db, 'user', adminId, 'geofence', id);
  }
  for (const [uniqueId, speedLimit] of Object.entries(DEMO_SPEED_LIMITS)) {
    const row = db.prepare('SELECT id, attributes FROM devices WHERE uniqueId = ?').get(uniqueId) as { id: number; attributes: string } | undefined;
    if (!row) continue;
    const attributes = { ...parseAttributes(row.attributes), speedLimit };
    db.prepare('UPDATE devices SET attributes = ? WHERE id = ?').run(JSON.stringify(attributes), row.id);
  }
  const insertNotification = db.prepare(
    `INSERT INTO notifications (description, type, always, notificators, attributes) VALUES (?, ?, 1, 'web', '{}')`,
  );
  for (const type of DEMO_NOTIFICATION_TYPES) {
    const id = Number(insertNotification.run(`Demo: ${type}`, type).lastInsertRowid);
    link(db, 'user', adminId, 'notification', id);
  }
}
