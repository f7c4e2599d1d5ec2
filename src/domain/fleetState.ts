/**
 * What each vehicle is doing now, and since when: the states the fleet overview counts, the list and
 * the card name with a duration ("Idle 12 min"), and the markers are coloured by.
 *
 * - `never`: the device has no position and no last update;
 * - `offline`: the server does not hold it online (Traccar's `offline` or `unknown`);
 * - `moving`: online, and its latest position moves (`motion`, or a speed above the threshold);
 * - `idle`: online, stopped, with the ignition on;
 * - `parked`: online, stopped, with the ignition off, or reporting no ignition at all (a device that
 *   reports no ignition is never idle).
 *
 * The time a state started is followed live from the positions the client receives
 * (`followState`) and seeded, after a reload, from today's events (`seedFromEvents`): the client holds
 * only each device's latest position.
 */
import type { Device, Event, Position } from '../../contract/models';

export type FleetState = 'moving' | 'idle' | 'parked' | 'offline' | 'never';

export const FLEET_STATES: readonly FleetState[] = ['moving', 'idle', 'parked', 'offline', 'never'];

/** Thresholds the administrator sets as server attributes (`FLEET_THRESHOLD_ATTRIBUTES`). */
export interface FleetThresholds {
  /** a position without `motion` moves above this speed (knots) */
  movingSpeed: number;
  /** a device whose last update is older than this is "silent" (minutes) */
  silentMinutes: number;
  /** maintenance due within this share of its period counts as "due soon" (0–1) */
  maintenanceDueShare: number;
  /** devices whose expiry falls within this many days need attention */
  expiryDays: number;
}

export const DEFAULT_FLEET_THRESHOLDS: FleetThresholds = {
  movingSpeed: 2,
  silentMinutes: 60,
  maintenanceDueShare: 0.1,
  expiryDays: 30,
};

/** The server attributes that override the defaults (numbers, or numeric strings). */
export const FLEET_THRESHOLD_ATTRIBUTES: Readonly<Record<keyof FleetThresholds, string>> = {
  movingSpeed: 'athar.fleet.movingSpeed',
  silentMinutes: 'athar.fleet.silentMinutes',
  maintenanceDueShare: 'athar.fleet.maintenanceDueShare',
  expiryDays: 'athar.fleet.expiryDays',
};

const LIMITS: Readonly<Record<keyof FleetThresholds, readonly [number, number]>> = {
  movingSpeed: [0, 50],
  silentMinutes: [1, 60 * 24 * 30],
  maintenanceDueShare: [0, 1],
  expiryDays: [0, 366],
};

/** The thresholds a server's attributes give; a missing or out-of-range value keeps its default. */
export function fleetThresholds(attributes: Readonly<Record<string, unknown>> | null | undefined): FleetThresholds {
  const result = { ...DEFAULT_FLEET_THRESHOLDS };
  if (!attributes) return result;
  for (const key of Object.keys(FLEET_THRESHOLD_ATTRIBUTES) as (keyof FleetThresholds)[]) {
    const raw = attributes[FLEET_THRESHOLD_ATTRIBUTES[key]];
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    const [min, max] = LIMITS[key];
    if (Number.isFinite(value) && value >= min && value <= max) result[key] = value;
  }
  return result;
}

/** Whether a position moves: Traccar's `motion` attribute when present, else its speed. */
export function isMoving(position: Pick<Position, 'speed' | 'attributes'>, thresholds: FleetThresholds = DEFAULT_FLEET_THRESHOLDS): boolean {
  const motion = position.attributes?.motion;
  if (typeof motion === 'boolean') return motion;
  return Number.isFinite(position.speed) && position.speed > thresholds.movingSpeed;
}

/** The ignition a position reports, or null when it reports none. */
export function ignitionOf(position: Pick<Position, 'attributes'>): boolean | null {
  const ignition = position.attributes?.ignition;
  return typeof ignition === 'boolean' ? ignition : null;
}

export function fleetState(
  device: Pick<Device, 'status' | 'lastUpdate'>,
  position: Pick<Position, 'speed' | 'attributes'> | null | undefined,
  thresholds: FleetThresholds = DEFAULT_FLEET_THRESHOLDS,
): FleetState {
  if (!position && !device.lastUpdate) return 'never';
  if (device.status !== 'online') return 'offline';
  if (!position) return 'parked';
  if (isMoving(position, thresholds)) return 'moving';
  return ignitionOf(position) === true ? 'idle' : 'parked';
}

/** Silent: its last update (or, without one, its latest fix) is older than the threshold. A device never heard from is not silent: it is "never". */
export function isSilent(
  device: Pick<Device, 'lastUpdate'>,
  position: Pick<Position, 'fixTime'> | null | undefined,
  now: number,
  thresholds: FleetThresholds = DEFAULT_FLEET_THRESHOLDS,
): boolean {
  const last = lastHeard(device, position);
  return last !== null && now - last > thresholds.silentMinutes * 60_000;
}

/** When a device was last heard (ms): its last update, else its latest fix; null when never. */
export function lastHeard(device: Pick<Device, 'lastUpdate'>, position: Pick<Position, 'fixTime'> | null | undefined): number | null {
  return timeOf(device.lastUpdate) ?? timeOf(position?.fixTime);
}

/** A state and the time it began (ms since the epoch); `since` is null when unknown. */
export interface StateSince {
  readonly state: FleetState;
  readonly since: number | null;
}

/**
 * The next state-since from the previous one: the same state keeps its start; a new state starts at
 * `at` (the position's fix time, or the time it arrived).
 */
export function followState(previous: StateSince | undefined, state: FleetState, at: number | null): StateSince {
  if (previous && previous.state === state) return previous;
  return { state, since: state === 'never' ? null : at };
}

/** The event types that mark a state's start, as Traccar names them. */
export const STATE_EVENT_TYPES = ['deviceMoving', 'deviceStopped', 'ignitionOn', 'ignitionOff', 'deviceOnline', 'deviceOffline', 'deviceUnknown'] as const;

/**
 * The start of a device's current state, from its events (any order; only the state-marking types
 * count): moving since its last `deviceMoving`; idle since the later of its last `deviceStopped` and
 * `ignitionOn`; parked since the later of its last `deviceStopped` and `ignitionOff` (or its last
 * `deviceStopped` when it reports no ignition); offline since its last `deviceOffline` or
 * `deviceUnknown`. Null when the events do not say, or say the opposite of the current state.
 */
export function sinceFromEvents(state: FleetState, events: readonly Pick<Event, 'type' | 'eventTime'>[]): number | null {
  const last = new Map<string, number>();
  for (const event of events) {
    const time = timeOf(event.eventTime);
    if (time === null) continue;
    const previous = last.get(event.type);
    if (previous === undefined || time > previous) last.set(event.type, time);
  }
  const latest = (a: string, b: string): number | null => {
    const ta = last.get(a);
    const tb = last.get(b);
    return ta === undefined ? null : tb === undefined || tb < ta ? ta : tb;
  };
  const after = (type: string, opposite: string): number | null => {
    const t = last.get(type);
    if (t === undefined) return null;
    const o = last.get(opposite);
    return o !== undefined && o > t ? null : t;
  };
  switch (state) {
    case 'moving':
      return after('deviceMoving', 'deviceStopped');
    case 'idle': {
      const stopped = after('deviceStopped', 'deviceMoving');
      const on = after('ignitionOn', 'ignitionOff');
      if (stopped === null && on === null) return null;
      return Math.max(stopped ?? -Infinity, on ?? -Infinity);
    }
    case 'parked': {
      const stopped = after('deviceStopped', 'deviceMoving');
      const off = after('ignitionOff', 'ignitionOn');
      if (stopped === null && off === null) return null;
      return Math.max(stopped ?? -Infinity, off ?? -Infinity);
    }
    case 'offline':
      return latest('deviceOffline', 'deviceUnknown');
    case 'never':
      return null;
  }
}

/**
 * Each device's state-since, seeded from today's events: what the list shows right after a reload,
 * before any live position has changed a state. `states` gives each device's current state.
 */
export function seedFromEvents(
  states: ReadonlyMap<number, FleetState>,
  events: readonly Pick<Event, 'deviceId' | 'type' | 'eventTime'>[],
): Map<number, StateSince> {
  const byDevice = new Map<number, Pick<Event, 'type' | 'eventTime'>[]>();
  for (const event of events) {
    let list = byDevice.get(event.deviceId);
    if (!list) byDevice.set(event.deviceId, (list = []));
    list.push(event);
  }
  const result = new Map<number, StateSince>();
  for (const [deviceId, state] of states) {
    result.set(deviceId, { state, since: sinceFromEvents(state, byDevice.get(deviceId) ?? []) });
  }
  return result;
}

/** The whole minutes a state has lasted at `now`, or null when its start is unknown. */
export function stateMinutes(since: number | null, now: number): number | null {
  if (since === null) return null;
  return Math.max(0, Math.floor((now - since) / 60_000));
}

/** A duration split for display: "2 h 10 min", "12 min", "3 d 4 h". */
export function durationParts(minutes: number): { days: number; hours: number; minutes: number } {
  const m = Math.max(0, Math.floor(minutes));
  return { days: Math.floor(m / 1440), hours: Math.floor((m % 1440) / 60), minutes: m % 60 };
}

/** An ISO time in ms, or null when absent or unreadable. */
export function timeOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isFinite(time) ? time : null;
}
