/**
 * The live store: the devices and their latest positions as the socket and the REST refetches
 * deliver them, plus the selected device. Pure (no React, no DOM): the map layers subscribe to it
 * and apply only what changed; React reads it with `useSyncExternalStore(store.subscribe, store.getState)`.
 *
 * Every change produces a new state object with new Map instances for what changed, so identity
 * comparison is enough for consumers.
 */
import type { Device, Position } from '../api/models';

export type LivePosition = Position & { lastUpdateTimestamp: number };

export interface LiveState {
  readonly devices: ReadonlyMap<number, Device>;
  readonly positions: ReadonlyMap<number, LivePosition>;
  readonly selectedId: number | null;
  /** When the selection last changed (ms, from `now`); 0 before any selection. */
  readonly selectTime: number;
}

export type LiveChangeType = 'setDevices' | 'updateDevices' | 'updatePositions' | 'select' | 'clear';

export interface LiveChange {
  readonly type: LiveChangeType;
  /**
   * Ids of the devices whose device record or position was added, changed or removed by this
   * change. For `select` it holds the previous and the new selected id (whichever are not null).
   */
  readonly changedIds: ReadonlySet<number>;
  /** The whole data set was replaced (`setDevices`, `clear`): a consumer may reload instead of diffing. */
  readonly reset: boolean;
  /** The selected id before this change (equal to the current one unless the selection changed). */
  readonly previousSelectedId: number | null;
}

export type LiveListener = (state: LiveState, change: LiveChange) => void;

export interface LiveStore {
  getState(): LiveState;
  subscribe(listener: LiveListener): () => void;
  /** Replaces the whole device list (after a REST load). Positions of devices that disappeared are dropped. */
  setDevices(devices: Device[]): void;
  /** Adds or replaces the given devices (a socket `devices` message). */
  updateDevices(devices: Device[]): void;
  /** Adds or replaces the latest position per device; impossible coordinates are dropped. */
  updatePositions(positions: Position[]): void;
  select(deviceId: number | null): void;
  clear(): void;
}

export interface LiveStoreOptions {
  /** Clock for `lastUpdateTimestamp` and `selectTime`; defaults to `Date.now`. */
  now?: () => number;
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

const EMPTY_STATE: LiveState = {
  devices: new Map(),
  positions: new Map(),
  selectedId: null,
  selectTime: 0,
};

export function createLiveStore(options: LiveStoreOptions = {}): LiveStore {
  const now = options.now ?? Date.now;
  let state: LiveState = EMPTY_STATE;
  const listeners = new Set<LiveListener>();

  function commit(next: LiveState, change: LiveChange): void {
    state = next;
    // Copy so that a listener unsubscribing (or subscribing) during notification is safe.
    for (const listener of [...listeners]) listener(state, change);
  }

  function change(
    type: LiveChangeType,
    changedIds: ReadonlySet<number>,
    reset: boolean,
    previousSelectedId: number | null,
  ): LiveChange {
    return { type, changedIds, reset, previousSelectedId };
  }

  return {
    getState: () => state,

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    setDevices(devices) {
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
        { ...state, devices: nextDevices, positions: nextPositions, selectedId },
        change('setDevices', changed, true, state.selectedId),
      );
    },

    updateDevices(devices) {
      if (devices.length === 0) return;
      const nextDevices = new Map(state.devices);
      const changed = new Set<number>();
      for (const device of devices) {
        nextDevices.set(device.id, device);
        changed.add(device.id);
      }
      commit({ ...state, devices: nextDevices }, change('updateDevices', changed, false, state.selectedId));
    },

    updatePositions(positions) {
      const valid = positions.filter(hasValidCoordinates);
      if (valid.length === 0) return;
      const timestamp = now();
      const nextPositions = new Map(state.positions);
      const changed = new Set<number>();
      for (const position of valid) {
        nextPositions.set(position.deviceId, { ...position, lastUpdateTimestamp: timestamp });
        changed.add(position.deviceId);
      }
      commit({ ...state, positions: nextPositions }, change('updatePositions', changed, false, state.selectedId));
    },

    select(deviceId) {
      const previous = state.selectedId;
      const changed = new Set<number>();
      if (previous !== null) changed.add(previous);
      if (deviceId !== null) changed.add(deviceId);
      commit({ ...state, selectedId: deviceId, selectTime: now() }, change('select', changed, false, previous));
    },

    clear() {
      const changed = new Set<number>([...state.devices.keys(), ...state.positions.keys()]);
      const previous = state.selectedId;
      commit(
        { devices: new Map(), positions: new Map(), selectedId: null, selectTime: state.selectTime },
        change('clear', changed, true, previous),
      );
    },
  };
}
