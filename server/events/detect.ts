/**
 * Event detection for one processed position (Traccar's event handlers), pure: the caller passes
 * the previous latest position and per-device state and stores/pushes the returned events.
 */
import type { Attributes } from '../../contract/models.ts';

export interface PendingEvent {
  type: string;
  eventTime: number;
  /** null: the position being processed */
  positionId: number | null;
  geofenceId: number | null;
  attributes: Attributes;
}

export interface PositionFacts {
  fixTime: number;
  /** knots */
  speed: number;
  attributes: Attributes;
  geofenceIds: number[] | null;
}

export interface OverspeedState {
  active: boolean;
  /** when the speed first went above the limit (ms), null when not above */
  since: number | null;
}

export const IDLE_OVERSPEED: OverspeedState = { active: false, since: null };

function event(type: string, time: number, attributes: Attributes = {}, geofenceId: number | null = null): PendingEvent {
  return { type, eventTime: time, positionId: null, geofenceId, attributes };
}

/** geofenceExit for each id left, geofenceEnter for each id entered. */
export function geofenceEvents(previous: number[] | null, current: number[] | null, time: number): PendingEvent[] {
  const before = new Set(previous ?? []);
  const after = new Set(current ?? []);
  const events: PendingEvent[] = [];
  for (const id of before) if (!after.has(id)) events.push(event('geofenceExit', time, {}, id));
  for (const id of after) if (!before.has(id)) events.push(event('geofenceEnter', time, {}, id));
  return events;
}

function ignition(attributes: Attributes | undefined): boolean | null {
  const value = attributes?.ignition;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return null;
}

/** ignitionOn/ignitionOff when both positions carry `ignition` and it changed. */
export function ignitionEvents(previous: Attributes | null, current: Attributes, time: number): PendingEvent[] {
  const before = previous ? ignition(previous) : null;
  const after = ignition(current);
  if (before === null || after === null || before === after) return [];
  return [event(after ? 'ignitionOn' : 'ignitionOff', time)];
}

/** One alarm event per value of the comma-separated `alarm` attribute. */
export function alarmEvents(attributes: Attributes, time: number): PendingEvent[] {
  const value = attributes.alarm;
  if (typeof value !== 'string' || !value) return [];
  const alarms = [...new Set(value.split(',').map((a) => a.trim()).filter(Boolean))];
  return alarms.map((alarm) => event('alarm', time, { alarm }));
}

/** commandResult when the position carries a `result` attribute. */
export function commandResultEvents(attributes: Attributes, time: number): PendingEvent[] {
  const result = attributes.result;
  if (result === undefined || result === null || result === '') return [];
  return [event('commandResult', time, { result: String(result) })];
}

/**
 * deviceOverspeed once the speed has stayed above the limit for `minimalDuration` ms
 * (0: at once). Returns the new state; no event again until the speed drops to the limit.
 */
export function overspeedEvents(
  state: OverspeedState,
  position: PositionFacts,
  limit: { speedLimit: number; geofenceId: number | null } | null,
  minimalDuration: number,
): { state: OverspeedState; events: PendingEvent[] } {
  if (!limit || position.speed <= limit.speedLimit) return { state: IDLE_OVERSPEED, events: [] };
  if (state.active) return { state, events: [] };
  const since = state.since ?? position.fixTime;
  if (position.fixTime - since < minimalDuration) return { state: { active: false, since }, events: [] };
  return {
    state: { active: true, since },
    events: [
      event('deviceOverspeed', position.fixTime, { speed: position.speed, speedLimit: limit.speedLimit }, limit.geofenceId),
    ],
  };
}
