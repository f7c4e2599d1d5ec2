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

/** The demo's web notifications: each event type with a description a person reads in the list. */
const DEMO_NOTIFICATIONS: Readonly<Record<string, string>> = {
  deviceOverspeed: 'A vehicle is over its speed limit',
  geofenceEnter: 'A vehicle enters a demo area',
  geofenceExit: 'A vehicle leaves a demo area',
  alarm: 'A tracker raises an alarm (SOS and others)',
  ignitionOn: 'An engine is started',
  ignitionOff: 'An engine is turned off',
  deviceMoving: 'A vehicle starts moving',
  deviceStopped: 'A vehicle stops',
};

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
  for (const [type, description] of Object.entries(DEMO_NOTIFICATIONS)) {
    const id = Number(insertNotification.run(description, type).lastInsertRowid);
    link(db, 'user', adminId, 'notification', id);
  }
}

/** Demo data seeded before the descriptions were readable ('Demo: deviceMoving') gets them; nothing else is touched. */
export function renameDemoNotifications(db: Db): void {
  const rename = db.prepare('UPDATE notifications SET description = ? WHERE type = ? AND description = ?');
  for (const [type, description] of Object.entries(DEMO_NOTIFICATIONS)) rename.run(description, type, `Demo: ${type}`);
}
