import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db/database.ts';
import { hashPassword, randomPassword } from './auth/password.ts';
import { defaultUserFields, findUserByLogin, insertUser, setUserPassword } from './db/users.ts';
import { insertPosition } from './db/positions.ts';
import { renameDemoNotifications, seedDemoTraffic } from './simulator/demoSeed.ts';

export const DEMO_LOGIN = 'admin';
const CREDENTIALS_FILE = 'demo-credentials.txt';

interface DemoDevice {
  name: string;
  category: string;
  model: string;
  phone: string | null;
  /** offset from the centre, degrees */
  dLat: number;
  dLon: number;
  speed: number;
  course: number;
  battery: number;
  ignition: boolean;
}

const RIYADH = { latitude: 24.7136, longitude: 46.6753 };

const DEVICES: DemoDevice[] = [
  { name: 'سيارة الإدارة', category: 'car', model: 'Toyota Camry', phone: '+966500000001', dLat: 0.012, dLon: -0.018, speed: 32.5, course: 45, battery: 92, ignition: true },
  { name: 'Delivery Truck 7', category: 'truck', model: 'Isuzu NPR', phone: '+966500000002', dLat: -0.034, dLon: 0.041, speed: 0, course: 180, battery: 78, ignition: false },
  { name: 'حافلة المدرسة ٣', category: 'bus', model: 'Mercedes Sprinter', phone: null, dLat: 0.051, dLon: 0.022, speed: 18.2, course: 270, battery: 65, ignition: true },
  { name: 'Service Van', category: 'van', model: 'Hyundai H1', phone: '+966500000004', dLat: -0.008, dLon: -0.061, speed: 41, course: 120, battery: 88, ignition: true },
  { name: 'دراجة التوصيل', category: 'motorcycle', model: 'Honda CB150', phone: null, dLat: 0.027, dLon: 0.067, speed: 22.4, course: 330, battery: 54, ignition: true },
  { name: 'Field Agent Sara', category: 'person', model: 'Traccar Client', phone: '+966500000006', dLat: -0.049, dLon: -0.012, speed: 2.1, course: 90, battery: 37, ignition: false },
  { name: 'شاحنة التبريد', category: 'truck', model: 'Volvo FH', phone: null, dLat: 0.072, dLon: -0.044, speed: 48.6, course: 200, battery: 95, ignition: true },
  { name: 'Pickup 12', category: 'pickup', model: 'Ford F-150', phone: '+966500000008', dLat: -0.021, dLon: 0.089, speed: 0, course: 0, battery: 81, ignition: false },
];

export function readDemoPassword(dataDir: string): string | null {
  try {
    return readFileSync(join(dataDir, CREDENTIALS_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

function writeDemoPassword(dataDir: string, password: string): void {
  const file = join(dataDir, CREDENTIALS_FILE);
  writeFileSync(file, password + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
}

/**
 * Demo mode: on first start, an administrator "admin" and a small fleet around Riyadh.
 * A given adminPassword always (re)sets the admin's password. Returns the demo password.
 */
export async function seedDemo(db: Db, dataDir: string, adminPassword?: string): Promise<string> {
  const existing = findUserByLogin(db, DEMO_LOGIN);
  const stored = readDemoPassword(dataDir);
  if (existing) {
    if (adminPassword && adminPassword !== stored) {
      setUserPassword(db, existing.id, await hashPassword(adminPassword));
      writeDemoPassword(dataDir, adminPassword);
    }
    markDemoDevicesOnline(db);
    renameDemoNotifications(db);
    return adminPassword ?? stored ?? '(unknown: see demo-credentials.txt)';
  }
  const password = adminPassword ?? randomPassword(12);
  const hashed = await hashPassword(password);
  db.transaction(() => {
    const adminId = insertUser(
      db,
      { ...defaultUserFields, name: 'admin', login: DEMO_LOGIN, email: DEMO_LOGIN, administrator: true, latitude: RIYADH.latitude, longitude: RIYADH.longitude, zoom: 11 },
      hashed,
    );
    const now = Date.now();
    DEVICES.forEach((d, index) => {
      const uniqueId = `demo-${String(index + 1).padStart(3, '0')}`;
      if (db.prepare('SELECT 1 FROM devices WHERE uniqueId = ?').get(uniqueId)) return;
      const deviceId = Number(
        db
          .prepare(
            `INSERT INTO devices (name, uniqueId, status, lastUpdate, phone, model, category, attributes)
             VALUES (?, ?, 'online', ?, ?, ?, ?, '{}')`,
          )
          .run(d.name, uniqueId, now, d.phone, d.model, d.category).lastInsertRowid,
      );
      db.prepare('INSERT INTO user_device (userId, deviceId) VALUES (?, ?)').run(adminId, deviceId);
      const time = now - index * 15_000;
      insertPosition(db, {
        deviceId,
        protocol: 'osmand',
        serverTime: time,
        deviceTime: time,
        fixTime: time,
        valid: true,
        latitude: RIYADH.latitude + d.dLat,
        longitude: RIYADH.longitude + d.dLon,
        altitude: 612,
        speed: d.speed,
        course: d.course,
        address: null,
        accuracy: 5,
        network: null,
        geofenceIds: null,
        attributes: {
          batteryLevel: d.battery,
          ignition: d.ignition,
          motion: d.speed > 0,
          sat: 9,
          distance: 0,
          totalDistance: 125_000 + index * 8_300,
        },
      });
    });
    // geofences, speed limits and web notifications for the simulated traffic (first seeding only)
    seedDemoTraffic(db, adminId);
  })();
  writeDemoPassword(dataDir, password);
  return password;
}

/** Demo devices are simulated as connected on every start. */
function markDemoDevicesOnline(db: Db): void {
  db.prepare("UPDATE devices SET status = 'online', lastUpdate = ? WHERE uniqueId LIKE 'demo-%'").run(Date.now());
}
