/**
 * Known paths for a device, sent to the embedded server over the OsmAnd port as a phone would: straight
 * drives at one fix every 10 s, parking at one fix a minute.
 */
import { distanceMeters } from '../../contract/units.ts';
import type { Harness } from './harness.ts';

export type Point = [lat: number, lon: number];

export interface Fix {
  time: number;
  lat: number;
  lon: number;
  /** knots */
  speed: number;
  alarm?: string;
}

/** A straight drive from `from` to `to` over `minutes`, its speed from the distance (stopped at both ends). */
export function drive(start: number, from: Point, to: Point, minutes: number): Fix[] {
  const steps = minutes * 6;
  const knots = distanceMeters(from[0], from[1], to[0], to[1]) / (minutes * 60) / 0.514444;
  return Array.from({ length: steps + 1 }, (_, i) => ({
    time: start + i * 10_000,
    lat: from[0] + ((to[0] - from[0]) * i) / steps,
    lon: from[1] + ((to[1] - from[1]) * i) / steps,
    speed: i === 0 || i === steps ? 0 : knots,
  }));
}

/** Parked at `at` after `start`, one fix a minute. */
export function park(start: number, at: Point, minutes: number): Fix[] {
  return Array.from({ length: minutes }, (_, i) => ({ time: start + (i + 1) * 60_000, lat: at[0], lon: at[1], speed: 0 }));
}

/** The fixes of `uniqueId` through the server's OsmAnd port, one request each, in order. */
export async function reportFixes(harness: Harness, uniqueId: string, fixes: readonly Fix[]): Promise<void> {
  for (const fix of fixes) {
    const query = new URLSearchParams({ id: uniqueId, lat: fix.lat.toFixed(6), lon: fix.lon.toFixed(6), timestamp: String(Math.floor(fix.time / 1000)), speed: fix.speed.toFixed(2) });
    if (fix.alarm) query.set('alarm', fix.alarm);
    const response = await fetch(`http://127.0.0.1:${harness.server.osmandPort}/?${query}`);
    if (response.status !== 200) throw new Error(`OsmAnd: ${response.status}`);
  }
}
