/** Positions that cannot be true are refused with a reason (400) and never stored. */

export const MAX_FUTURE_MS = 24 * 3600 * 1000;
export const MIN_FIX_TIME = Date.UTC(2000, 0, 1);

export interface Checked {
  fixTime: number;
  latitude: number;
  longitude: number;
  speed: number;
  course: number;
  altitude: number;
  accuracy: number;
}

function iso(ms: number): string {
  return Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : String(ms);
}

/** Why a position is impossible, or null when it may be stored. */
export function positionProblem(p: Checked, now: number): string | null {
  for (const key of ['fixTime', 'latitude', 'longitude', 'speed', 'course', 'altitude', 'accuracy'] as const) {
    if (!Number.isFinite(p[key])) return `Invalid ${key}: not a finite number`;
  }
  if (p.latitude < -90 || p.latitude > 90) return `Invalid latitude: ${p.latitude} is outside ±90`;
  if (p.longitude < -180 || p.longitude > 180) return `Invalid longitude: ${p.longitude} is outside ±180`;
  if (p.fixTime > now + MAX_FUTURE_MS) return `Invalid time: ${iso(p.fixTime)} is more than a day in the future`;
  if (p.fixTime < MIN_FIX_TIME) return `Invalid time: ${iso(p.fixTime)} is before 2000`;
  if (p.speed < 0) return `Invalid speed: ${p.speed} is negative`;
  if (p.accuracy < 0) return `Invalid accuracy: ${p.accuracy} is negative`;
  return null;
}
