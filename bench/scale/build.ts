/**
 * The 20-million-position database of bench:scale, bulk-loaded straight into SQLite (issue 35 allows it:
 * ingesting 20 M positions at the ingest's rate would take most of an hour). The schema, the admin and
 * the devices come from the server itself (its migrations, its API); then a second connection writes
 * `days` of positions for every device, one every `days × 86,400 / perDevice` seconds, in time order as
 * they would arrive, with the events a real fleet produces: trips (ignitionOn, deviceMoving ... 
 * deviceStopped, ignitionOff), some overspeed and a few alarms. The positions' and events' indexes are
 * dropped for the load and built again after it (a sort, much faster than 20 M random inserts), and
 * each device's latest position is linked as the ingest would have left it.
 */
import Database from 'better-sqlite3';
import { Random } from '../../server/simulator/model.ts';

export interface BuildOptions {
  /** the bench devices' ids (in the database) */
  deviceIds: readonly number[];
  positions: number;
  days: number;
  /** the last positions' time (ms) */
  end: number;
  log?: (text: string) => void;
}

export interface BuildResult {
  positions: number;
  events: number;
  seconds: number;
  indexSeconds: number;
}

const DAY = 86_400_000;
const RIYADH: [number, number] = [24.7136, 46.6753];

interface Vehicle {
  lat: number;
  lon: number;
  course: number;
  moving: boolean;
  /** when the current drive or stop ends (ms) */
  until: number;
  speed: number;
  total: number;
  hours: number;
  battery: number;
  lastTime: number;
}

const KNOTS_PER_KMH = 1 / 1.852;

export function buildDatabase(file: string, options: BuildOptions): BuildResult {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  db.pragma('cache_size = -1048576');
  db.pragma('temp_store = MEMORY');
  const indexes = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('positions', 'events') AND sql IS NOT NULL")
    .all() as Array<{ name: string; sql: string }>;
  for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);

  const insertPosition = db.prepare(
    `INSERT INTO positions (deviceId, protocol, serverTime, deviceTime, fixTime, valid, latitude, longitude, altitude, speed, course,
       address, accuracy, network, geofenceIds, attributes)
     VALUES (?, 'osmand', ?, ?, ?, 1, ?, ?, ?, ?, ?, NULL, ?, NULL, NULL, ?)`,
  );
  const insertEvent = db.prepare(
    'INSERT INTO events (type, eventTime, deviceId, positionId, geofenceId, maintenanceId, attributes) VALUES (?, ?, ?, ?, NULL, NULL, ?)',
  );

  const devices = options.deviceIds.length;
  const perDevice = Math.ceil(options.positions / devices);
  const interval = (options.days * DAY) / perDevice;
  const start = options.end - options.days * DAY;
  // the simulator's seedable generator: the same database every run
  const generator = new Random('bench:scale');
  const random = (): number => generator.next();
  const vehicles: Vehicle[] = options.deviceIds.map((_, d) => ({
    lat: RIYADH[0] + (random() - 0.5) * 0.6,
    lon: RIYADH[1] + (random() - 0.5) * 0.6,
    course: random() * 360,
    moving: false,
    until: start + random() * 4 * 3_600_000,
    speed: 0,
    total: Math.round(random() * 50_000_000),
    hours: Math.round(random() * 3_600_000_000),
    battery: 60 + random() * 40,
    lastTime: start + (d / devices) * interval,
  }));
  let positions = 0;
  let events = 0;
  const emptyAttributes = '{}';
  const step = (k: number): void => {
    for (let d = 0; d < devices && positions < options.positions; d++) {
      const v = vehicles[d]!;
      const deviceId = options.deviceIds[d]!;
      const time = Math.round(start + k * interval + (d / devices) * interval);
      const elapsed = (time - v.lastTime) / 1000;
      v.lastTime = time;
      let distance = 0;
      const pendingEvents: Array<[string, string]> = [];
      if (time >= v.until) {
        v.moving = !v.moving;
        const hour = new Date(time).getUTCHours();
        const night = hour >= 20 || hour < 3; // Riyadh is UTC+3: 23:00–06:00
        v.until = time + (v.moving ? 10 + random() * 50 : night ? 240 + random() * 360 : 20 + random() * 180) * 60_000;
        if (v.moving) pendingEvents.push(['ignitionOn', emptyAttributes], ['deviceMoving', emptyAttributes]);
        else pendingEvents.push(['deviceStopped', emptyAttributes], ['ignitionOff', emptyAttributes]);
      }
      if (v.moving) {
        v.speed = 30 + random() * 80; // km/h
        v.course = (v.course + (random() - 0.5) * 60 + 360) % 360;
        distance = ((v.speed * 1000) / 3600) * elapsed;
        const rad = (v.course * Math.PI) / 180;
        v.lat += (Math.cos(rad) * distance) / 111_195;
        v.lon += (Math.sin(rad) * distance) / (111_195 * Math.cos((v.lat * Math.PI) / 180));
        // stay around the city
        if (Math.abs(v.lat - RIYADH[0]) > 0.4 || Math.abs(v.lon - RIYADH[1]) > 0.4) v.course = (v.course + 180) % 360;
        v.total += distance;
        v.hours += elapsed * 1000;
        v.battery = Math.min(100, v.battery + 0.05);
        if (v.speed > 105) pendingEvents.push(['deviceOverspeed', JSON.stringify({ speed: Math.round(v.speed * KNOTS_PER_KMH * 100) / 100, speedLimit: 56.7 })]);
      } else {
        v.speed = 0;
        v.battery = Math.max(5, v.battery - 0.01);
      }
      if (random() < 0.00005) pendingEvents.push(['alarm', JSON.stringify({ alarm: random() < 0.5 ? 'sos' : 'powerCut' })]);
      const attributes = `{"batteryLevel":${Math.round(v.battery)},"distance":${Math.round(distance * 100) / 100},"totalDistance":${Math.round(v.total * 100) / 100},"motion":${v.moving},"ignition":${v.moving},"hours":${Math.round(v.hours)},"sat":${8 + Math.floor(random() * 6)}}`;
      const id = Number(
        insertPosition.run(deviceId, time + 400, time, time, v.lat, v.lon, 600 + random() * 20, v.speed * KNOTS_PER_KMH, v.course, 5 + random() * 10, attributes)
          .lastInsertRowid,
      );
      positions++;
      for (const [type, eventAttributes] of pendingEvents) {
        insertEvent.run(type, time, deviceId, id, eventAttributes);
        events++;
      }
    }
  };
  // ten rounds of the fleet per transaction
  const steps = db.transaction((from: number, to: number) => {
    for (let k = from; k < to; k++) step(k);
  });
  let lastLog = performance.now();
  for (let k = 0; k < perDevice && positions < options.positions; k += 10) {
    steps(k, Math.min(perDevice, k + 10));
    if (performance.now() - lastLog > 15_000) {
      lastLog = performance.now();
      log(`  ${(positions / 1e6).toFixed(1)} M positions, ${events} events, ${Math.round((performance.now() - started) / 1000)} s`);
    }
  }
  const loaded = performance.now();
  log(`  ${positions} positions and ${events} events written in ${Math.round((loaded - started) / 1000)} s; building the indexes`);
  for (const index of indexes) db.exec(index.sql);
  const indexSeconds = (performance.now() - loaded) / 1000;
  // each device's latest position, as the ingest leaves it
  db.exec(
    `UPDATE devices SET positionId = (SELECT id FROM positions WHERE positions.deviceId = devices.id ORDER BY fixTime DESC, id DESC LIMIT 1),
       lastUpdate = (SELECT MAX(serverTime) FROM positions WHERE positions.deviceId = devices.id), status = 'offline'
     WHERE id IN (${options.deviceIds.join(',')})`,
  );
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { positions, events, seconds: Math.round((performance.now() - started) / 100) / 10, indexSeconds: Math.round(indexSeconds * 10) / 10 };
}
