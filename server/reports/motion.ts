/**
 * Motion transitions over a position history, as ReportUtils.slowTripsAndStops derives them:
 * the new logic (NewMotionProcessor, default since 6.12) and the old one (MotionProcessor + TripsConfig).
 * Input: one device's positions ordered by fixTime. Output: deviceMoving/deviceStopped transitions,
 * each at a position index.
 */
import type { Position } from '../../contract/models.ts';
import { type TripsConfig, attrBool, attrNumber, distanceMeters, fixTime, hasAttr, isMoving } from './common.ts';

export type MotionType = 'deviceMoving' | 'deviceStopped';

export interface MotionEvent {
  type: MotionType;
  /** index into the input positions */
  index: number;
}

export interface NewLogicConfig {
  /** metres */
  minDistance: number;
  /** ms */
  minDuration: number;
  /** ms */
  stopGap: number;
}

/**
 * New logic. State: the confirmed motion (`streak`), the position of the last transition (`event`),
 * and a window of recent positions covering about `minDuration`.
 * - stopped → moving once a position is ≥ minDistance from the last transition point; the start is
 *   backdated along the directly preceding legs (within the window) whose average speed exceeds
 *   minDistance / minDuration, never before the last transition;
 * - moving → stopped once every position of the window is closer than minDistance to the current
 *   one and the window spans ≥ minDuration (the stop is at the current position);
 * - a data gap > stopGap covering ≥ minDistance (the position's `distance`) faster than that average
 *   speed: stop (if moving) at the last position, trip over the gap, stop at the new position.
 */
export function newLogicEvents(positions: Position[], config: NewLogicConfig): MotionEvent[] {
  const events: MotionEvent[] = [];
  if (!positions.length) return events;
  const times = positions.map(fixTime);
  const { minDistance, minDuration, stopGap } = config;
  const minAverageSpeed = minDuration > 0 ? minDistance / minDuration : 0; // m per ms

  let streak = isMoving(positions[0]!);
  let eventIndex = 0;
  /** indices of the recent positions (chronological) */
  const window: number[] = [];
  const emit = (type: MotionType, index: number): void => {
    events.push({ type, index });
    eventIndex = index;
  };

  for (let i = 0; i < positions.length; i++) {
    const position = positions[i]!;
    if (window.length) update(i, position);
    window.push(i);
    while (window.length > 1 && times[window[window.length - 1]!]! - times[window[1]!]! >= minDuration) window.shift();
  }
  return events;

  function update(i: number, position: Position): void {
    const lastIndex = window[window.length - 1]!;
    const gap = times[i]! - times[lastIndex]!;
    const gapDistance = attrNumber(position.attributes, 'distance');
    const gapAverageSpeed = gap > 0 ? gapDistance / gap : Number.NaN;
    if (gap > stopGap && gapDistance >= minDistance && gapAverageSpeed > minAverageSpeed) {
      if (streak) emit('deviceStopped', lastIndex);
      emit('deviceMoving', lastIndex);
      emit('deviceStopped', i);
      streak = false;
      return;
    }
    if (streak) {
      for (let k = window.length - 1; k >= 0; k--) {
        const candidate = positions[window[k]!]!;
        if (distanceMeters(candidate.latitude, candidate.longitude, position.latitude, position.longitude) >= minDistance) return;
      }
      if (times[i]! - times[window[0]!]! >= minDuration) {
        streak = false;
        emit('deviceStopped', i);
      }
    } else {
      const anchor = positions[eventIndex]!;
      if (distanceMeters(anchor.latitude, anchor.longitude, position.latitude, position.longitude) >= minDistance) {
        streak = true;
        emit('deviceMoving', backdate(i));
      }
    }
  }

  /** The earliest window position reachable from i through consecutive legs faster than the threshold. */
  function backdate(i: number): number {
    let start = i;
    for (let k = window.length - 1; k >= 0; k--) {
      const index = window[k]!;
      if (index < eventIndex) break;
      const from = positions[index]!;
      const to = positions[start]!;
      const duration = times[start]! - times[index]!;
      if (duration <= 0) break;
      const speed = distanceMeters(from.latitude, from.longitude, to.latitude, to.longitude) / duration;
      if (!(speed > minAverageSpeed)) break;
      start = index;
    }
    return start;
  }
}

/**
 * Old logic (MotionProcessor with TripsConfig): the raw motion flag must hold its new value for
 * ≥ minimalTripDuration or cover ≥ minimalTripDistance (totalDistance) to become moving, and
 * ≥ minimalParkingDuration (or ignition off with useIgnition) to become stopped; the transition is
 * placed where the raw value changed. A gap ≥ minimalNoDataDuration while moving forces a stop at the
 * last position before the gap.
 */
export function oldLogicEvents(positions: Position[], config: TripsConfig): MotionEvent[] {
  const events: MotionEvent[] = [];
  if (!positions.length) return events;
  const times = positions.map(fixTime);
  let state = isMoving(positions[0]!);
  let streak = state;
  let changeIndex: number | null = null;
  let changeDistance = 0;

  for (let i = 0; i < positions.length; i++) {
    const position = positions[i]!;
    if (i > 0 && streak && config.minimalNoDataDuration > 0 && times[i]! - times[i - 1]! >= config.minimalNoDataDuration) {
      events.push({ type: 'deviceStopped', index: i - 1 });
      streak = false;
      state = false;
      changeIndex = null;
    }
    const moving = isMoving(position);
    if (moving === state) {
      if (changeIndex !== null) {
        const duration = times[i]! - times[changeIndex]!;
        const distance = attrNumber(position.attributes, 'totalDistance') - changeDistance;
        const ignitionOff = config.useIgnition && hasAttr(position.attributes, 'ignition') && !attrBool(position.attributes, 'ignition');
        const confirmed = moving
          ? duration >= config.minimalTripDuration || distance >= config.minimalTripDistance
          : duration >= config.minimalParkingDuration || ignitionOff;
        if (confirmed) {
          events.push({ type: moving ? 'deviceMoving' : 'deviceStopped', index: changeIndex });
          streak = moving;
          changeIndex = null;
        }
      }
    } else {
      state = moving;
      if (streak === moving) {
        changeIndex = null;
      } else {
        changeIndex = i;
        changeDistance = attrNumber(position.attributes, 'totalDistance');
      }
    }
  }
  return events;
}
