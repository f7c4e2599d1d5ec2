/**
 * Motion state per device, as Traccar's new trip logic (`report.trip.newLogic`, default since 6.12):
 *  - while stopped, the device starts moving once it is at least minDistance from the last event point;
 *    the start is backdated along the recent legs whose average speed is above minDistance/minDuration;
 *  - while moving, it stops once every position of the last minDuration is within minDistance of the
 *    current one (the stop is backdated to the first position of that cluster);
 *  - a data gap longer than stopGap closes a trip; a jump of at least minDistance across such a gap, faster
 *    than minDistance/minDuration, becomes stop → trip → stop.
 * Pure: the caller keeps the state in memory and restores it from the latest position on start.
 */
import { distanceMeters } from '../geo/contains.ts';

export interface TripPoint {
  /** null: the position being processed (its id is not known yet) */
  positionId: number | null;
  time: number;
  lat: number;
  lon: number;
}

export interface TripState {
  moving: boolean;
  /** where the last moving/stopped transition happened */
  anchor: TripPoint | null;
  /** recent positions, oldest first */
  recent: TripPoint[];
}

export interface TripConfig {
  /** metres */
  minDistance: number;
  /** ms */
  minDuration: number;
  /** ms */
  stopGap: number;
}

export const DEFAULT_TRIP_CONFIG: TripConfig = { minDistance: 200, minDuration: 180_000, stopGap: 3_600_000 };

export interface TripEvent {
  type: 'deviceMoving' | 'deviceStopped';
  point: TripPoint;
}

const MAX_RECENT = 256;

function dist(a: TripPoint, b: TripPoint): number {
  return distanceMeters(a.lat, a.lon, b.lat, b.lon);
}

/** The state restored from a device's latest position (its `motion` flag decides moving or stopped). */
export function restoreTrip(latest: TripPoint | null, motion: boolean): TripState {
  return latest ? { moving: motion, anchor: latest, recent: [latest] } : { moving: false, anchor: null, recent: [] };
}

function trim(recent: TripPoint[], now: number, config: TripConfig): TripPoint[] {
  const keepFrom = now - 2 * config.minDuration;
  let start = 0;
  while (start < recent.length - 2 && recent[start + 1]!.time <= keepFrom) start++;
  start = Math.max(start, recent.length - MAX_RECENT);
  return start > 0 ? recent.slice(start) : recent;
}

/** Advances the state with the newest position (positions older than the last one must not be passed). */
export function advanceTrip(state: TripState, point: TripPoint, config: TripConfig): { state: TripState; events: TripEvent[] } {
  const events: TripEvent[] = [];
  if (!state.anchor) return { state: { moving: state.moving, anchor: point, recent: [point] }, events };
  const threshold = config.minDistance / config.minDuration; // metres per ms
  const previous = state.recent[state.recent.length - 1];
  let moving = state.moving;
  let anchor = state.anchor;

  if (previous && point.time - previous.time > config.stopGap) {
    const gap = point.time - previous.time;
    if (moving) {
      events.push({ type: 'deviceStopped', point: previous });
      moving = false;
    }
    const jump = dist(previous, point);
    if (jump >= config.minDistance && jump / gap > threshold) {
      events.push({ type: 'deviceMoving', point: previous }, { type: 'deviceStopped', point });
    }
    return { state: { moving: false, anchor: point, recent: [point] }, events };
  }

  const recent = [...state.recent, point];
  if (!moving) {
    if (dist(anchor, point) >= config.minDistance) {
      let start = recent.length - 1;
      while (start > 0) {
        const a = recent[start - 1]!;
        const b = recent[start]!;
        const dt = b.time - a.time;
        if (dt > 0 && dist(a, b) / dt > threshold) start--;
        else break;
      }
      anchor = recent[start]!;
      moving = true;
      events.push({ type: 'deviceMoving', point: anchor });
    }
  } else {
    const windowStart = point.time - config.minDuration;
    let covered = -1;
    for (let i = recent.length - 1; i >= 0; i--) {
      if (recent[i]!.time <= windowStart) {
        covered = i;
        break;
      }
    }
    if (covered >= 0 && recent.slice(covered).every((p) => dist(p, point) < config.minDistance)) {
      let first = covered;
      while (first > 0 && dist(recent[first - 1]!, point) < config.minDistance) first--;
      anchor = recent[first]!;
      moving = false;
      events.push({ type: 'deviceStopped', point: anchor });
    }
  }
  return { state: { moving, anchor, recent: trim(recent, point.time, config) }, events };
}
