/**
 * The live state-since tracker: every device's fleet state (`fleetState`) and the moment it began,
 * followed from the live store's changes inside each change (like the map's layers), and seeded
 * after a (re)load from today's events (`seedFromEvents`, the `fleetSeed` machine runs the load).
 *
 * - A change of state seen live starts at the fix time of the position that brought it (a fix time in
 *   the future, or none, counts as now); a change without a new position (the server's status) at now.
 * - `offline` counts from the device's last update (when it was last heard), whatever the events say.
 * - After a reset (the fleet loaded or reloaded), a device whose state is new or changed while the
 *   client was not watching has an unknown start (`since: null`) until its events tell it
 *   (`needsSeed`, `seed`): the client holds only the latest position, not the one that changed it.
 * - A live event of the state-marking types (`STATE_EVENT_TYPES`) fills an unknown start too.
 *
 * Pure of React and of the network: the hook is `useStateSince` (`stateSince.ts`), the wiring
 * `liveStart.ts`.
 */
import type { Device, Event, Position } from '../../../contract/models';
import type { LiveChange, LiveState, LiveStore } from '../../domain/liveStore';
import {
  DEFAULT_FLEET_THRESHOLDS,
  STATE_EVENT_TYPES,
  fleetState,
  followState,
  seedFromEvents,
  lastHeard,
  sinceFromEvents,
  timeOf,
  type FleetState,
  type FleetThresholds,
  type StateSince,
} from '../../domain/fleetState';
import { createListeners } from '../../domain/valueStore';

export type { StateSince } from '../../domain/fleetState';

export interface StateTracker {
  get(deviceId: number): StateSince | undefined;
  /** Told, inside each change, of the ids whose state-since changed (a new object). */
  subscribe(listener: (ids: ReadonlySet<number>) => void): () => void;
  /** Told when the state-since of `deviceId` changed. */
  subscribeId(deviceId: number, listener: () => void): () => void;
  /** The devices whose start is unknown in a state the events can tell (moving, idle, parked). */
  needsSeed(): number[];
  /** Told when devices newly need seeding (after a reset): the seeding machine's SEED. */
  onNeedsSeed(listener: () => void): () => void;
  /**
   * Applies events (today's, of `STATE_EVENT_TYPES`) to the devices among `deviceIds` whose start is
   * still unknown: the state they are in now decides which events count (`seedFromEvents`).
   */
  seed(deviceIds: readonly number[], events: readonly Pick<Event, 'deviceId' | 'type' | 'eventTime'>[]): void;
  setThresholds(thresholds: FleetThresholds): void;
  detach(): void;
}

export interface StateTrackerOptions {
  now?: () => number;
  thresholds?: FleetThresholds;
}

const STATE_TYPES: ReadonlySet<string> = new Set(STATE_EVENT_TYPES);
const SEEDABLE: ReadonlySet<FleetState> = new Set(['moving', 'idle', 'parked']);

export function createStateTracker(live: LiveStore, options: StateTrackerOptions = {}): StateTracker {
  const now = options.now ?? Date.now;
  let thresholds = options.thresholds ?? DEFAULT_FLEET_THRESHOLDS;
  const states = new Map<number, StateSince>();
  /** the position each state was computed from (a new one is what moved it) */
  const positions = new Map<number, Position | undefined>();
  const listeners = createListeners<[ReadonlySet<number>]>();
  const byId = new Map<number, Set<() => void>>();
  const seedListeners = createListeners();
  let seenEvents: ReadonlySet<number> = new Set();

  function set(id: number, next: StateSince | undefined, changed: Set<number>): void {
    const previous = states.get(id);
    if (previous === next) return;
    if (next) states.set(id, next);
    else states.delete(id);
    changed.add(id);
  }

  /** A position's fix time, or now when it has none or it lies ahead. */
  function fixTimeOf(position: Position | undefined): number {
    const current = now();
    const fix = timeOf(position?.fixTime);
    return fix === null || fix > current ? current : fix;
  }

  function follow(state: LiveState, id: number, reset: boolean, changed: Set<number>): boolean {
    const device = state.devices.get(id);
    if (!device) {
      positions.delete(id);
      set(id, undefined, changed);
      return false;
    }
    const position = state.positions.get(id);
    const current = fleetState(device, position, thresholds);
    const previous = states.get(id);
    const moved = positions.get(id) !== position;
    positions.set(id, position);
    let next: StateSince;
    if (current === 'offline') {
      const since = lastHeard(device, position);
      next = previous?.state === 'offline' && previous.since === since ? previous : { state: 'offline', since };
    } else if (previous?.state === current) {
      next = previous;
    } else if (reset || !previous) {
      // a state begun while the client was not watching: its events tell when
      next = followState(undefined, current, null);
    } else {
      next = followState(previous, current, moved ? fixTimeOf(position) : now());
    }
    set(id, next, changed);
    return next.since === null && SEEDABLE.has(next.state);
  }

  function applyEvents(state: LiveState, changed: Set<number>): void {
    const fresh = state.events.filter((event) => !seenEvents.has(event.id) && STATE_TYPES.has(event.type));
    seenEvents = new Set(state.events.map((event) => event.id));
    for (const event of fresh) {
      const current = states.get(event.deviceId);
      if (!current || current.since !== null || !SEEDABLE.has(current.state)) continue;
      const since = sinceFromEvents(current.state, [event]);
      if (since !== null) set(event.deviceId, { state: current.state, since }, changed);
    }
  }

  function notify(changed: Set<number>): void {
    if (changed.size === 0) return;
    listeners.notify(changed);
    for (const id of changed) {
      const set = byId.get(id);
      if (set) for (const listener of [...set]) listener();
    }
  }

  function onChange(state: LiveState, change: LiveChange): void {
    const changed = new Set<number>();
    let unseeded = false;
    if (change.reset) {
      for (const id of [...states.keys()]) if (!state.devices.has(id)) follow(state, id, true, changed);
      for (const id of state.devices.keys()) if (follow(state, id, true, changed)) unseeded = true;
    } else if (change.slices.has('devices') || change.slices.has('positions')) {
      for (const id of change.changedIds) follow(state, id, false, changed);
    }
    if (change.slices.has('events')) applyEvents(state, changed);
    notify(changed);
    if (unseeded) seedListeners.notify();
  }

  // the store's current state, as a reset
  const initial = live.getState();
  if (initial.devices.size > 0) {
    const changed = new Set<number>();
    for (const id of initial.devices.keys()) follow(initial, id, true, changed);
  }
  seenEvents = new Set(initial.events.map((event) => event.id));
  const unsubscribe = live.subscribe(onChange);

  return {
    get: (id) => states.get(id),
    subscribe: listeners.subscribe,
    subscribeId(id, listener) {
      let set = byId.get(id);
      if (!set) byId.set(id, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && byId.get(id) === set) byId.delete(id);
      };
    },
    needsSeed() {
      const ids: number[] = [];
      for (const [id, entry] of states) if (entry.since === null && SEEDABLE.has(entry.state)) ids.push(id);
      return ids;
    },
    onNeedsSeed: seedListeners.subscribe,
    seed(deviceIds, events) {
      const current = new Map<number, FleetState>();
      for (const id of deviceIds) {
        const entry = states.get(id);
        if (entry && entry.since === null && SEEDABLE.has(entry.state)) current.set(id, entry.state);
      }
      const changed = new Set<number>();
      for (const [id, seeded] of seedFromEvents(current, events)) {
        if (seeded.since !== null && states.get(id)?.state === seeded.state) set(id, seeded, changed);
      }
      notify(changed);
    },
    setThresholds(next) {
      thresholds = next;
    },
    detach() {
      unsubscribe();
      states.clear();
      positions.clear();
      byId.clear();
    },
  };
}
