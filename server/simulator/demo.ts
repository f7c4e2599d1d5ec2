/**
 * Demo mode: the server simulates its own demo devices (uniqueIds `demo-…`) by reporting them to its
 * OsmAnd port, like phones would. The database is only read here (which devices, where they were).
 */
import type { Db } from '../db/database.ts';
import { demoPlaces } from './model.ts';
import { Simulator, type SimulatedDevice } from './sender.ts';

export interface DemoSimulatorOptions {
  /** the server's own OsmAnd endpoint, e.g. http://127.0.0.1:5055 */
  url: string;
  /** simulated seconds per real second (default 1) */
  timeScale?: number;
  clock?: () => number;
  seed?: string | number;
}

/** Starts the simulator for the demo devices (each reporting every 2–5 s, staggered); null when there are none. */
export function startDemoSimulator(db: Db, options: DemoSimulatorOptions): Simulator | null {
  const rows = db
    .prepare(
      `SELECT devices.uniqueId, devices.category, positions.latitude, positions.longitude
       FROM devices LEFT JOIN positions ON positions.id = devices.positionId
       WHERE devices.uniqueId LIKE 'demo-%' AND devices.disabled = 0 ORDER BY devices.uniqueId`,
    )
    .all() as Array<{ uniqueId: string; category: string | null; latitude: number | null; longitude: number | null }>;
  if (!rows.length) return null;
  const devices: SimulatedDevice[] = rows.map((row, index) => ({
    uniqueId: row.uniqueId,
    category: row.category,
    start: row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lon: row.longitude } : null,
    intervalMs: 2000 + ((index * 1300) % 3001),
  }));
  const simulator = new Simulator({
    url: options.url,
    devices,
    intervalMs: 3000,
    seed: options.seed ?? `demo-${Date.now()}`,
    alarmProbability: 0.0005,
    vehicle: { places: demoPlaces().places },
    ...(options.timeScale !== undefined ? { timeScale: options.timeScale } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  simulator.start();
  return simulator;
}
