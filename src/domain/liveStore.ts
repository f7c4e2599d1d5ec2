/**
 * The live store: the devices and their latest positions as the socket and the REST refetches
 * deliver them, the selected device, the live-route history, the tracking paths, the live events
 * and the streamed logs (spec §3 session/devices/events slices, §4). The rules are the pure
 * functions of `liveRules.ts`. Pure (no React, no DOM): the map layers subscribe to it
 * and apply only what changed; React reads it with `useSyncExternalStore(store.subscribe, store.getState)`.
 *
 * Every change produces a new state object with new Map instances for what changed, so identity
 * comparison is enough for consumers.
 */
import type { Device, Event, LogRecord, Position } from '../../contract/models';
import { createListeners } from './valueStore';
import {
  addEvents as addEventsRule,
  addLogs as addLogsRule,
  appendPoint,
  DEFAULT_ROUTE_OPTIONS,
  reconcileHistory,
  recordsHistory,
  removeEvent as removeEventRule,
  sameRouteOptions,
  toRouteLength,
  toRouteMode,
  type RouteOptions,
  type RoutePoint,
  type TrackingPath,
} from './liveRules';

export type { RouteMode, RouteOptions, RoutePoint, TrackingPath } from './liveRules';

export type LivePosition = Position & { lastUpdateTimestamp: number };

/** A streamed log line as received: `id` counts the lines of the store (a stable key), `receivedAt` is when (ms). */
export type LiveLog = LogRecord & { readonly id: number; readonly receivedAt: number };

export interface LiveState {
  readonly devices: ReadonlyMap<number, Device>;
  readonly positions: ReadonlyMap<number, LivePosition>;
  readonly selectedId: number | null;
  /** When the selection last changed (ms, from `now`); 0 before any selection. */
  readonly selectTime: number;
  /** Live routes: the last points per device (mode and length in `routeOptions`). */
  readonly history: ReadonlyMap<number, ReadonlyArray<[lon: number, lat: number]>>;
  readonly routeOptions: RouteOptions;
  /** Tracked devices: a path started at `startTime`, extended by each differing position. */
  readonly tracking: ReadonlyMap<number, { startTime: string; points: ReadonlyArray<[lon: number, lat: number]> }>;
  /** Live events, newest first, at most 50. */
  readonly events: readonly Event[];
  /** Streamed device logs, oldest first, at most 1,000 (`LOGS_CAP`); only while `includeLogs`. */
  readonly logs: readonly LiveLog[];
  readonly includeLogs: boolean;
}

/** What a change touched, so that a consumer can ignore changes it does not draw. */
export type LiveSlice = 'devices' | 'positions' | 'selection' | 'history' | 'tracking' | 'events' | 'logs';

/**
 * The operation. `updatePositions` may also extend `history` and `tracking` (see `slices`);
 * `history` is a route-options change, `tracking` a start/stop/clear of tracking, `events` and
 * `logs` changes of those lists (including `setIncludeLogs`).
 */
export type LiveChangeType =
  | 'setDevices'
  | 'updateDevices'
  | 'updatePositions'
  | 'update'
  | 'select'
  | 'clear'
  | 'history'
  | 'tracking'
  | 'events'
  | 'logs';

export interface LiveChange {
  readonly type: LiveChangeType;
  /**
   * Ids of the devices whose device record or position was added, changed or removed by this
   * change. For `select` it holds the previous and the new selected id (whichever are not null).
   * For `history` (route options) the devices that had a route; for `tracking` the devices started
   * or stopped; for `events` and `logs` the devices of the items added or removed.
   */
  readonly changedIds: ReadonlySet<number>;
  /** The whole data set was replaced (`setDevices`, `clear`): a consumer may reload instead of diffing. */
  readonly reset: boolean;
  /** The selected id before this change (equal to the current one unless the selection changed). */
  readonly previousSelectedId: number | null;
  /** The slices whose value (identity) changed. */
  readonly slices: ReadonlySet<LiveSlice>;
}

export type LiveListener = (state: LiveState, change: LiveChange) => void;

export interface LiveStore {
  getState(): LiveState;
  subscribe(listener: LiveListener): () => void;
  /**
   * A listener told that the state changed, once for one or more changes, when the store's
   * `defer` runs it (React's `useSyncExternalStore` subscribes here: it reads `getState` itself).
   */
  subscribeDeferred(listener: () => void): () => void;
  /**
   * Replaces the whole device list (after a REST load). Positions of devices that disappeared are
   * dropped; `positions` (the same load's) are applied in the same change, so the map and the lists
   * draw the fleet once rather than its devices and then their positions.
   */
  setDevices(devices: Device[], positions?: readonly Position[]): void;
  /** Adds or replaces the given devices (a socket `devices` message). */
  updateDevices(devices: Device[]): void;
  /** Adds or replaces the latest position per device; impossible coordinates are dropped. */
  updatePositions(positions: Position[]): void;
  /**
   * One socket message at once: devices, positions, events and logs as the methods above would
   * apply them, in one change (type `update`, or the single kind's type when only one is present)
   * so that subscribers draw a batch once.
   */
  apply(message: { devices?: Device[]; positions?: Position[]; events?: Event[]; logs?: LogRecord[] }): void;
  select(deviceId: number | null): void;
  /** Clears everything but the route options (logout). `includeLogs` goes back to false. */
  clear(): void;
  /** Live-route mode and length; `none` clears the history, `selected` keeps only the selected device's. */
  setRouteOptions(options: { mode: 'none' | 'selected' | 'all'; length: number }): void;
  /** Starts a tracking path (now as ISO start time); no-op when already tracked. */
  startTracking(deviceId: number): void;
  stopTracking(deviceId: number): void;
  clearTracking(): void;
  /** New events first; capped at 50. */
  addEvents(events: Event[]): void;
  removeEvent(id: number): void;
  clearEvents(): void;
  /** Appended with their arrival time (capped at 1,000); ignored while `includeLogs` is false. */
  addLogs(logs: LogRecord[]): void;
  /** false clears the logs. */
  setIncludeLogs(flag: boolean): void;
  /**
   * The last moment the store was known to be current with the server (the fleet loaded, or the
   * open socket closed), or null before the first load and after `clear`. While the socket
   * reconnects, the UI says how old the positions on screen are from it.
   */
  syncedAt(): number | null;
  /** The store is current with the server as of now (the socket machine's `markSynced`). */
  markSynced(): void;
  /**
   * Calls `done` with how long the deferred listeners (React's renders, which run in the microtasks
   * that follow them) took for the changes made so far, once they have run; with 0 at once when no
   * deferred notification is pending. The socket's flush adds it to what the change itself took.
   */
  whenNotified(done: (ms: number) => void): void;
}

export interface LiveStoreOptions {
  /** Clock for `lastUpdateTimestamp` and `selectTime`; defaults to `Date.now`. */
  now?: () => number;
  /**
   * Runs the notification of the deferred listeners (default: at once, inside the change). The
   * app passes a macrotask scheduler: a socket batch is then drawn on the map in one task and
   * rendered by React in the next, instead of one long task doing both.
   */
  defer?: (notify: () => void) => void;
  /** A monotonic clock in milliseconds for `whenNotified` (default `performance.now`). */
  clock?: () => number;
}

/** A scheduler for `defer`: each call runs its function in a task of its own (a MessageChannel message). */
export function macrotaskScheduler(): (run: () => void) => void {
  const channel = new MessageChannel();
  const queue: Array<() => void> = [];
  channel.port1.onmessage = () => queue.shift()?.();
  return (run) => {
    queue.push(run);
    channel.port2.postMessage(null);
  };
}

/** True when latitude and longitude are finite numbers within the globe's ranges. */
export function hasValidCoordinates(position: Pick<Position, 'latitude' | 'longitude'>): boolean {
  const { latitude, longitude } = position;
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}

/** The initial state: empty, no selection, routes `none`/10, logs off. */
export const EMPTY_LIVE_STATE: LiveState = {
  devices: new Map(),
  positions: new Map(),
  selectedId: null,
  selectTime: 0,
  history: new Map(),
  routeOptions: DEFAULT_ROUTE_OPTIONS,
  tracking: new Map(),
  events: [],
  logs: [],
  includeLogs: false,
};

const NO_IDS: ReadonlySet<number> = new Set();

/** The slices whose identity differs between two states. */
function slicesOf(a: LiveState, b: LiveState): Set<LiveSlice> {
  const slices = new Set<LiveSlice>();
  if (a.devices !== b.devices) slices.add('devices');
  if (a.positions !== b.positions) slices.add('positions');
  if (a.selectedId !== b.selectedId) slices.add('selection');
  if (a.history !== b.history || a.routeOptions !== b.routeOptions) slices.add('history');
  if (a.tracking !== b.tracking) slices.add('tracking');
  if (a.events !== b.events) slices.add('events');
  if (a.logs !== b.logs || a.includeLogs !== b.includeLogs) slices.add('logs');
  return slices;
}

export function createLiveStore(options: LiveStoreOptions = {}): LiveStore {
  const now = options.now ?? Date.now;
  let state: LiveState = EMPTY_LIVE_STATE;
  const defer = options.defer ?? ((notify: () => void) => notify());
  const listeners = createListeners<Parameters<LiveListener>>();
  const deferred = createListeners();
  let notifyScheduled = false;
  const clock = options.clock ?? (() => performance.now());
  /** `whenNotified` callbacks waiting for the pending deferred notification */
  let notifyWaiters: Array<(ms: number) => void> = [];
  /** the id of the last log line received */
  let logSequence = 0;
  let syncedAt: number | null = null;

  function notifyDeferred(): void {
    notifyScheduled = false;
    const started = clock();
    deferred.notify();
    if (notifyWaiters.length === 0) return;
    const waiting = notifyWaiters;
    notifyWaiters = [];
    // after the microtasks the listeners queued (React renders a store's update in one)
    queueMicrotask(() => {
      const ms = clock() - started;
      for (const done of waiting) done(ms);
    });
  }

  function commit(next: LiveState, partial: Omit<LiveChange, 'slices'>): void {
    const change: LiveChange = { ...partial, slices: slicesOf(state, next) };
    state = next;
    // a listener unsubscribing (or subscribing) during notification is safe
    listeners.notify(state, change);
    if (deferred.size > 0 && !notifyScheduled) {
      notifyScheduled = true;
      defer(notifyDeferred);
    }
  }

  function change(
    type: LiveChangeType,
    changedIds: ReadonlySet<number>,
    reset: boolean,
    previousSelectedId: number | null,
  ): Omit<LiveChange, 'slices'> {
    return { type, changedIds, reset, previousSelectedId };
  }

  /** The devices replaced (ids into `changed`). */
  function withDevices(from: LiveState, devices: readonly Device[], changed: Set<number>): LiveState {
    if (devices.length === 0) return from;
    const nextDevices = new Map(from.devices);
    for (const device of devices) {
      nextDevices.set(device.id, device);
      changed.add(device.id);
    }
    return { ...from, devices: nextDevices };
  }

  /** The positions with valid coordinates applied, with history and tracking (ids into `changed`). */
  function withPositions(from: LiveState, positions: readonly Position[], changed: Set<number>): LiveState {
    const timestamp = now();
    let nextPositions: Map<number, LivePosition> | null = null;
    // History and tracking are copied lazily, only when a point is actually added: with the
    // mode `none` (the default) or `selected`, an update costs the positions copy alone.
    const { routeOptions, selectedId } = from;
    let history: Map<number, ReadonlyArray<RoutePoint>> | null = null;
    let tracking: Map<number, TrackingPath> | null = null;
    for (const position of positions) {
      if (!hasValidCoordinates(position)) continue;
      nextPositions ??= new Map(from.positions);
      const id = position.deviceId;
      nextPositions.set(id, { ...position, lastUpdateTimestamp: timestamp });
      changed.add(id);
      const point: RoutePoint = [position.longitude, position.latitude];
      if (recordsHistory(routeOptions, id, selectedId)) {
        const route = (history ?? from.history).get(id);
        const next = appendPoint(route, point, routeOptions.length);
        if (next !== route) {
          history ??= new Map(from.history);
          history.set(id, next);
        }
      }
      const path = (tracking ?? from.tracking).get(id);
      if (path) {
        const points = appendPoint(path.points, point);
        if (points !== path.points) {
          tracking ??= new Map(from.tracking);
          tracking.set(id, { startTime: path.startTime, points });
        }
      }
    }
    if (!nextPositions) return from;
    return { ...from, positions: nextPositions, history: history ?? from.history, tracking: tracking ?? from.tracking };
  }

  function apply(message: { devices?: Device[]; positions?: Position[]; events?: Event[]; logs?: LogRecord[] }): void {
    const changed = new Set<number>();
    let next = state;
    const kinds: LiveChangeType[] = [];
    if (message.devices && message.devices.length > 0) {
      next = withDevices(next, message.devices, changed);
      kinds.push('updateDevices');
    }
    if (message.positions && message.positions.length > 0) {
      const before = next;
      next = withPositions(next, message.positions, changed);
      if (next !== before) kinds.push('updatePositions');
    }
    if (message.events && message.events.length > 0) {
      const events = addEventsRule(next.events, message.events);
      if (events !== next.events) {
        next = { ...next, events };
        for (const event of message.events) changed.add(event.deviceId);
        kinds.push('events');
      }
    }
    if (message.logs && message.logs.length > 0 && next.includeLogs) {
      const receivedAt = now();
      const logs = addLogsRule(
        next.logs,
        message.logs.map((log): LiveLog => ({ ...log, id: ++logSequence, receivedAt })),
      );
      if (logs !== next.logs) {
        next = { ...next, logs };
        for (const log of message.logs) changed.add(log.deviceId);
        kinds.push('logs');
      }
    }
    if (next === state) return;
    commit(next, change(kinds.length === 1 ? kinds[0]! : 'update', changed, false, state.selectedId));
  }

  return {
    getState: () => state,

    subscribe: listeners.subscribe,

    subscribeDeferred: deferred.subscribe,

    setDevices(devices, positions = []) {
      const nextDevices = new Map<number, Device>();
      for (const device of devices) nextDevices.set(device.id, device);
      const changed = new Set<number>();
      for (const id of state.devices.keys()) changed.add(id);
      for (const id of nextDevices.keys()) changed.add(id);
      // Drop positions of devices that were known and are gone; keep positions that arrived
      // before their device (the socket may be faster than the device list).
      let nextPositions = state.positions;
      for (const id of state.devices.keys()) {
        if (!nextDevices.has(id) && nextPositions.has(id)) {
          if (nextPositions === state.positions) nextPositions = new Map(state.positions);
          (nextPositions as Map<number, LivePosition>).delete(id);
        }
      }
      const selectedId = state.selectedId !== null && nextDevices.has(state.selectedId) ? state.selectedId : null;
      commit(
        withPositions({ ...state, devices: nextDevices, positions: nextPositions, selectedId }, positions, changed),
        change('setDevices', changed, true, state.selectedId),
      );
    },

    updateDevices(devices) {
      apply({ devices });
    },

    updatePositions(positions) {
      apply({ positions });
    },

    apply(message) {
      apply(message);
    },

    select(deviceId) {
      const previous = state.selectedId;
      const changed = new Set<number>();
      if (previous !== null) changed.add(previous);
      if (deviceId !== null) changed.add(deviceId);
      const history = reconcileHistory(state.history, state.routeOptions, deviceId);
      commit(
        { ...state, selectedId: deviceId, selectTime: now(), history },
        change('select', changed, false, previous),
      );
    },

    syncedAt: () => syncedAt,

    markSynced() {
      syncedAt = now();
    },

    whenNotified(done) {
      if (notifyScheduled) notifyWaiters.push(done);
      else done(0);
    },

    clear() {
      syncedAt = null;
      const changed = new Set<number>([...state.devices.keys(), ...state.positions.keys()]);
      const previous = state.selectedId;
      commit(
        { ...EMPTY_LIVE_STATE, selectTime: state.selectTime, routeOptions: state.routeOptions },
        change('clear', changed, true, previous),
      );
    },

    setRouteOptions(options) {
      const mode = toRouteMode(options.mode) ?? 'none';
      const length = toRouteLength(options.length) ?? DEFAULT_ROUTE_OPTIONS.length;
      const routeOptions: RouteOptions = { mode, length };
      if (sameRouteOptions(routeOptions, state.routeOptions)) return;
      const history = reconcileHistory(state.history, routeOptions, state.selectedId);
      commit(
        { ...state, routeOptions, history },
        change('history', new Set(state.history.keys()), false, state.selectedId),
      );
    },

    startTracking(deviceId) {
      if (state.tracking.has(deviceId)) return;
      const tracking = new Map(state.tracking);
      tracking.set(deviceId, { startTime: new Date(now()).toISOString(), points: [] });
      commit({ ...state, tracking }, change('tracking', new Set([deviceId]), false, state.selectedId));
    },

    stopTracking(deviceId) {
      if (!state.tracking.has(deviceId)) return;
      const tracking = new Map(state.tracking);
      tracking.delete(deviceId);
      commit({ ...state, tracking }, change('tracking', new Set([deviceId]), false, state.selectedId));
    },

    clearTracking() {
      if (state.tracking.size === 0) return;
      commit(
        { ...state, tracking: new Map() },
        change('tracking', new Set(state.tracking.keys()), false, state.selectedId),
      );
    },

    addEvents(events) {
      apply({ events });
    },

    removeEvent(id) {
      const next = removeEventRule(state.events, id);
      if (next === state.events) return;
      const removed = state.events.find((event) => event.id === id);
      commit(
        { ...state, events: next },
        change('events', removed ? new Set([removed.deviceId]) : NO_IDS, false, state.selectedId),
      );
    },

    clearEvents() {
      if (state.events.length === 0) return;
      commit(
        { ...state, events: [] },
        change('events', new Set(state.events.map((event) => event.deviceId)), false, state.selectedId),
      );
    },

    addLogs(logs) {
      apply({ logs });
    },

    setIncludeLogs(flag) {
      if (flag === state.includeLogs) return;
      commit(
        { ...state, includeLogs: flag, logs: flag ? state.logs : [] },
        change('logs', NO_IDS, false, state.selectedId),
      );
    },
  };
}
