import { describe, expect, it, vi } from 'vitest';
import type { Device, Position } from '../api/models';
import { createLiveStore, hasValidCoordinates, type LiveChange, type LiveState } from './liveStore';

function device(id: number, overrides: Partial<Device> = {}): Device {
  return {
    id,
    attributes: {},
    groupId: 0,
    calendarId: 0,
    name: `Device ${id}`,
    uniqueId: `u${id}`,
    status: 'online',
    lastUpdate: null,
    positionId: 0,
    phone: null,
    model: null,
    contact: null,
    category: null,
    disabled: false,
    expirationTime: null,
    ...overrides,
  };
}

function position(deviceId: number, latitude: number, longitude: number, id = deviceId * 100): Position {
  return {
    id,
    attributes: {},
    deviceId,
    protocol: 'osmand',
    serverTime: null,
    deviceTime: null,
    fixTime: null,
    valid: true,
    latitude,
    longitude,
    altitude: 0,
    speed: 0,
    course: 0,
    address: null,
    accuracy: 0,
    network: null,
    geofenceIds: null,
  };
}

function recorder() {
  const calls: Array<{ state: LiveState; change: LiveChange }> = [];
  return { calls, listener: (state: LiveState, change: LiveChange) => calls.push({ state, change }) };
}

describe('hasValidCoordinates', () => {
  it.each([
    [24.7, 46.6, true],
    [90, 180, true],
    [-90, -180, true],
    [0, 0, true],
    [90.0001, 0, false],
    [-91, 0, false],
    [0, 180.5, false],
    [0, -181, false],
    [Number.NaN, 0, false],
    [0, Number.POSITIVE_INFINITY, false],
    [Number.NEGATIVE_INFINITY, 0, false],
  ])('lat %s lon %s → %s', (latitude, longitude, expected) => {
    expect(hasValidCoordinates({ latitude, longitude })).toBe(expected);
  });

  it('rejects non-numbers that slipped through the wire', () => {
    expect(hasValidCoordinates({ latitude: '24' as unknown as number, longitude: 46 })).toBe(false);
    expect(hasValidCoordinates({ latitude: null as unknown as number, longitude: 46 })).toBe(false);
  });
});

describe('createLiveStore', () => {
  it('starts empty', () => {
    const store = createLiveStore();
    const state = store.getState();
    expect(state.devices.size).toBe(0);
    expect(state.positions.size).toBe(0);
    expect(state.selectedId).toBeNull();
    expect(state.selectTime).toBe(0);
  });

  type Step = { name: string; run: (s: ReturnType<typeof createLiveStore>) => void };
  type Case = {
    name: string;
    setup?: Step['run'];
    act: Step['run'];
    type: LiveChange['type'] | null;
    changedIds?: number[];
    reset?: boolean;
    devices?: number[];
    positions?: number[];
    selectedId?: number | null;
  };

  const cases: Case[] = [
    {
      name: 'setDevices replaces the list and reports old ∪ new ids as a reset',
      setup: (s) => s.setDevices([device(1), device(2)]),
      act: (s) => s.setDevices([device(2), device(3)]),
      type: 'setDevices',
      changedIds: [1, 2, 3],
      reset: true,
      devices: [2, 3],
      positions: [],
    },
    {
      name: 'setDevices drops positions of devices that disappeared, keeps early positions',
      setup: (s) => {
        s.setDevices([device(1), device(2)]);
        s.updatePositions([position(1, 1, 1), position(2, 2, 2), position(9, 9, 9)]);
      },
      act: (s) => s.setDevices([device(2)]),
      type: 'setDevices',
      changedIds: [1, 2],
      reset: true,
      devices: [2],
      positions: [2, 9],
    },
    {
      name: 'setDevices clears a selection whose device is gone',
      setup: (s) => {
        s.setDevices([device(1), device(2)]);
        s.select(1);
      },
      act: (s) => s.setDevices([device(2)]),
      type: 'setDevices',
      changedIds: [1, 2],
      reset: true,
      selectedId: null,
    },
    {
      name: 'updateDevices merges and reports only the given ids',
      setup: (s) => s.setDevices([device(1), device(2)]),
      act: (s) => s.updateDevices([device(2, { status: 'offline' }), device(5)]),
      type: 'updateDevices',
      changedIds: [2, 5],
      reset: false,
      devices: [1, 2, 5],
    },
    {
      name: 'updateDevices with nothing does not notify',
      act: (s) => s.updateDevices([]),
      type: null,
    },
    {
      name: 'updatePositions keeps the latest per device and reports its ids',
      setup: (s) => s.setDevices([device(1), device(2)]),
      act: (s) => s.updatePositions([position(1, 10, 10, 1), position(1, 11, 11, 2), position(2, 5, 5)]),
      type: 'updatePositions',
      changedIds: [1, 2],
      reset: false,
      positions: [1, 2],
    },
    {
      name: 'updatePositions drops impossible coordinates',
      act: (s) =>
        s.updatePositions([position(1, 91, 0), position(2, 0, Number.NaN), position(3, 0, -180.1), position(4, 24, 46)]),
      type: 'updatePositions',
      changedIds: [4],
      positions: [4],
    },
    {
      name: 'updatePositions with only invalid coordinates does not notify',
      act: (s) => s.updatePositions([position(1, Number.POSITIVE_INFINITY, 0)]),
      type: null,
      positions: [],
    },
    {
      name: 'select reports previous and next ids',
      setup: (s) => s.select(1),
      act: (s) => s.select(2),
      type: 'select',
      changedIds: [1, 2],
      selectedId: 2,
    },
    {
      name: 'select null reports the previous id',
      setup: (s) => s.select(7),
      act: (s) => s.select(null),
      type: 'select',
      changedIds: [7],
      selectedId: null,
    },
    {
      name: 'clear empties everything as a reset',
      setup: (s) => {
        s.setDevices([device(1)]);
        s.updatePositions([position(1, 1, 1), position(3, 3, 3)]);
        s.select(1);
      },
      act: (s) => s.clear(),
      type: 'clear',
      changedIds: [1, 3],
      reset: true,
      devices: [],
      positions: [],
      selectedId: null,
    },
  ];

  it.each(cases)('$name', (c) => {
    const store = createLiveStore({ now: () => 1000 });
    c.setup?.(store);
    const before = store.getState();
    const { calls, listener } = recorder();
    store.subscribe(listener);
    c.act(store);
    if (c.type === null) {
      expect(calls).toHaveLength(0);
      expect(store.getState()).toBe(before);
    } else {
      expect(calls).toHaveLength(1);
      const call = calls[0]!;
      expect(call.state).toBe(store.getState());
      expect(call.change.type).toBe(c.type);
      if (c.changedIds) expect([...call.change.changedIds].sort((a, b) => a - b)).toEqual(c.changedIds);
      if (c.reset !== undefined) expect(call.change.reset).toBe(c.reset);
      expect(store.getState()).not.toBe(before);
    }
    const state = store.getState();
    if (c.devices) expect([...state.devices.keys()].sort((a, b) => a - b)).toEqual(c.devices);
    if (c.positions) expect([...state.positions.keys()].sort((a, b) => a - b)).toEqual(c.positions);
    if (c.selectedId !== undefined) expect(state.selectedId).toBe(c.selectedId);
  });

  it('creates new Map instances only for what changed', () => {
    const store = createLiveStore();
    store.setDevices([device(1)]);
    const a = store.getState();
    store.updatePositions([position(1, 1, 1)]);
    const b = store.getState();
    expect(b.devices).toBe(a.devices);
    expect(b.positions).not.toBe(a.positions);
    store.updateDevices([device(1, { name: 'x' })]);
    const c = store.getState();
    expect(c.positions).toBe(b.positions);
    expect(c.devices).not.toBe(b.devices);
    // earlier snapshots are untouched
    expect(a.positions.size).toBe(0);
    expect(b.devices.get(1)?.name).toBe('Device 1');
  });

  it('stamps positions and selections with the injected clock', () => {
    let t = 5;
    const store = createLiveStore({ now: () => t });
    store.updatePositions([position(1, 1, 1)]);
    expect(store.getState().positions.get(1)?.lastUpdateTimestamp).toBe(5);
    t = 9;
    store.select(1);
    expect(store.getState().selectTime).toBe(9);
    expect(store.getState().positions.get(1)?.lastUpdateTimestamp).toBe(5);
  });

  it('unsubscribes, also during notification', () => {
    const store = createLiveStore();
    const second = vi.fn();
    const unsubscribeSecond = store.subscribe(second);
    const first = vi.fn(() => unsubscribeSecond());
    store.subscribe(first);
    store.select(1);
    store.select(2);
    expect(first).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
