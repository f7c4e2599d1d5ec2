import { describe, expect, it, vi } from 'vitest';
import type { Device, Position } from '../../contract/models';
import { createLiveStore, hasValidCoordinates, type LiveChange, type LiveState } from './liveStore';
import { makeDevice, makePosition } from '../../tests/fixtures/models';

function device(id: number, overrides: Partial<Device> = {}): Device {
  return makeDevice({ id, name: `Device ${id}`, uniqueId: `u${id}`, ...overrides });
}

function position(deviceId: number, latitude: number, longitude: number, id = deviceId * 100): Position {
  return makePosition({ id, deviceId, latitude, longitude });
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
  it('remembers when it was last current with the server; clear forgets it; no listener is told', () => {
    let now = 1000;
    const store = createLiveStore({ now: () => now });
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.syncedAt()).toBeNull();
    store.markSynced();
    expect(store.syncedAt()).toBe(1000);
    now = 5000;
    store.apply({ positions: [{ id: 1, deviceId: 1, latitude: 1, longitude: 1 } as never] });
    expect(store.syncedAt()).toBe(1000);
    store.markSynced();
    expect(store.syncedAt()).toBe(5000);
    expect(listener).toHaveBeenCalledTimes(1); // the apply only
    store.clear();
    expect(store.syncedAt()).toBeNull();
  });

  it('whenNotified: how long the deferred listeners and the microtasks they queued took, once they ran', async () => {
    let clock = 0;
    const scheduled: Array<() => void> = [];
    const store = createLiveStore({ defer: (run) => void scheduled.push(run), clock: () => clock });
    store.subscribeDeferred(() => {
      clock += 7;
      // React renders a store's update in a microtask it queues from its listener
      queueMicrotask(() => {
        clock += 5;
      });
    });
    const reported: number[] = [];
    store.whenNotified((ms) => reported.push(ms)); // nothing pending: at once
    expect(reported).toEqual([0]);
    store.apply({ positions: [{ id: 1, deviceId: 1, latitude: 1, longitude: 1 } as never] });
    store.whenNotified((ms) => reported.push(ms));
    expect(reported).toEqual([0]);
    clock = 100; // other work between the change and its notification does not count
    scheduled.shift()?.();
    await Promise.resolve();
    await Promise.resolve();
    expect(reported).toEqual([0, 12]);
  });

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
      name: 'setDevices with the same load’s positions: one reset change with both, gone devices’ old positions dropped',
      setup: (s) => {
        s.setDevices([device(1), device(2)]);
        s.updatePositions([position(1, 1, 1)]);
      },
      act: (s) => s.setDevices([device(2), device(3)], [position(2, 2, 2), position(3, 3, 3), position(4, 0, 200)]),
      type: 'setDevices',
      changedIds: [1, 2, 3],
      reset: true,
      devices: [2, 3],
      positions: [2, 3],
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

describe('live store: history, tracking, events, logs', () => {
  const ev = (id: number, deviceId = 1) =>
    ({ id, deviceId, type: 'alarm', attributes: {}, eventTime: null, positionId: 0, geofenceId: 0, maintenanceId: 0 }) as const;
  const log = (data: string) => ({ host: 'h', protocol: 'osmand', uniqueId: 'u1', deviceId: 1, data });

  it('records no history with the default mode none', () => {
    const store = createLiveStore();
    store.updatePositions([position(1, 1, 1)]);
    const { history, routeOptions } = store.getState();
    expect(routeOptions).toEqual({ mode: 'none', length: 10 });
    expect(history.size).toBe(0);
  });

  it('mode all records differing points per device up to the length', () => {
    const store = createLiveStore();
    store.setRouteOptions({ mode: 'all', length: 3 });
    store.updatePositions([position(1, 1, 1), position(2, 5, 5)]);
    store.updatePositions([position(1, 1, 1)]); // same point: not added
    store.updatePositions([position(1, 2, 2)]);
    store.updatePositions([position(1, 3, 3)]);
    store.updatePositions([position(1, 4, 4)]);
    const { history } = store.getState();
    expect(history.get(1)).toEqual([
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    expect(history.get(2)).toEqual([[5, 5]]);
  });

  it('a repeated point keeps the history map identity and reports no history slice', () => {
    const store = createLiveStore();
    store.setRouteOptions({ mode: 'all', length: 3 });
    store.updatePositions([position(1, 1, 1)]);
    const before = store.getState().history;
    const { calls, listener } = recorder();
    store.subscribe(listener);
    store.updatePositions([position(1, 1, 1)]);
    expect(store.getState().history).toBe(before);
    expect([...calls[0]!.change.slices]).toEqual(['positions']);
  });

  it('mode selected keeps history only for the selected device', () => {
    const store = createLiveStore();
    store.setRouteOptions({ mode: 'selected', length: 10 });
    store.select(1);
    store.updatePositions([position(1, 1, 1), position(2, 2, 2)]);
    expect([...store.getState().history.keys()]).toEqual([1]);
    store.select(2);
    expect(store.getState().history.size).toBe(0);
    store.updatePositions([position(1, 3, 3), position(2, 4, 4)]);
    expect([...store.getState().history.keys()]).toEqual([2]);
  });

  it('setRouteOptions none clears the history; shorter length trims it; same options do not notify', () => {
    const store = createLiveStore();
    store.setRouteOptions({ mode: 'all', length: 5 });
    for (let i = 1; i <= 5; i++) store.updatePositions([position(1, i, i)]);
    const { calls, listener } = recorder();
    store.subscribe(listener);
    store.setRouteOptions({ mode: 'all', length: 2 });
    expect(store.getState().history.get(1)).toEqual([
      [4, 4],
      [5, 5],
    ]);
    expect(calls[0]?.change.type).toBe('history');
    expect(calls[0]?.change.slices.has('history')).toBe(true);
    store.setRouteOptions({ mode: 'all', length: 2 });
    expect(calls).toHaveLength(1);
    store.setRouteOptions({ mode: 'none', length: 2 });
    expect(store.getState().history.size).toBe(0);
    expect(calls).toHaveLength(2);
  });

  it('tracking: start with the current ISO time, points appended when they differ, stop and clear', () => {
    const store = createLiveStore({ now: () => Date.UTC(2025, 0, 2, 3, 4, 5) });
    store.updatePositions([position(1, 1, 1)]);
    const { calls, listener } = recorder();
    store.subscribe(listener);
    store.startTracking(1);
    store.startTracking(1); // already tracked: no change
    expect(calls).toHaveLength(1);
    expect(calls[0]?.change.type).toBe('tracking');
    expect(store.getState().tracking.get(1)).toEqual({ startTime: '2025-01-02T03:04:05.000Z', points: [] });
    store.updatePositions([position(1, 1, 1), position(2, 9, 9)]);
    store.updatePositions([position(1, 1, 1)]);
    store.updatePositions([position(1, 2, 3)]);
    expect(store.getState().tracking.get(1)?.points).toEqual([
      [1, 1],
      [3, 2],
    ]);
    expect(store.getState().tracking.has(2)).toBe(false);
    store.startTracking(2);
    store.stopTracking(1);
    expect([...store.getState().tracking.keys()]).toEqual([2]);
    store.clearTracking();
    expect(store.getState().tracking.size).toBe(0);
    const count = calls.length;
    store.clearTracking();
    store.stopTracking(5);
    expect(calls).toHaveLength(count);
  });

  it('events: new first, capped at 50, removed singly or all', () => {
    const store = createLiveStore();
    const { calls, listener } = recorder();
    store.subscribe(listener);
    store.addEvents(Array.from({ length: 30 }, (_, i) => ev(i + 1)));
    store.addEvents(Array.from({ length: 30 }, (_, i) => ev(i + 101, 2)));
    const { events } = store.getState();
    expect(events).toHaveLength(50);
    expect(events[0]?.id).toBe(101);
    expect(events.at(-1)?.id).toBe(20);
    expect(calls.at(-1)?.change.type).toBe('events');
    expect([...calls.at(-1)!.change.changedIds]).toEqual([2]);
    store.removeEvent(101);
    expect(store.getState().events[0]?.id).toBe(102);
    store.clearEvents();
    expect(store.getState().events).toHaveLength(0);
    const count = calls.length;
    store.clearEvents();
    store.removeEvent(1);
    store.addEvents([]);
    expect(calls).toHaveLength(count);
  });

  it('logs: kept only while includeLogs; false clears them', () => {
    const store = createLiveStore();
    store.addLogs([log('ignored')]);
    expect(store.getState().logs).toHaveLength(0);
    store.setIncludeLogs(true);
    expect(store.getState().includeLogs).toBe(true);
    store.addLogs([log('a'), log('b')]);
    store.addLogs([log('c')]);
    expect(store.getState().logs.map((l) => l.data)).toEqual(['a', 'b', 'c']);
    const { calls, listener } = recorder();
    store.subscribe(listener);
    store.setIncludeLogs(false);
    expect(store.getState().logs).toHaveLength(0);
    expect(calls[0]?.change.type).toBe('logs');
    store.setIncludeLogs(false);
    expect(calls).toHaveLength(1);
  });

  it('logs: each line keeps its arrival time and a key of its own; the last 1,000 are kept', () => {
    let clock = 100;
    const store = createLiveStore({ now: () => clock });
    store.setIncludeLogs(true);
    store.addLogs([log('a'), log('b')]);
    clock = 200;
    store.apply({ logs: [log('c')] });
    expect(store.getState().logs.map((l) => [l.data, l.id, l.receivedAt])).toEqual([
      ['a', 1, 100],
      ['b', 2, 100],
      ['c', 3, 200],
    ]);
    store.addLogs(Array.from({ length: 1000 }, (_, i) => log(`n${i}`)));
    const logs = store.getState().logs;
    expect(logs).toHaveLength(1000);
    expect(logs[0]?.data).toBe('n0');
    expect(logs.at(-1)?.id).toBe(1003);
    // keys are never reused, even after the lines were cleared
    store.setIncludeLogs(false);
    store.setIncludeLogs(true);
    store.addLogs([log('d')]);
    expect(store.getState().logs[0]?.id).toBe(1004);
  });

  it('clear empties history, tracking, events and logs, keeps the route options', () => {
    const store = createLiveStore();
    store.setRouteOptions({ mode: 'all', length: 4 });
    store.setIncludeLogs(true);
    store.startTracking(1);
    store.updatePositions([position(1, 1, 1)]);
    store.addEvents([ev(1)]);
    store.addLogs([log('x')]);
    store.clear();
    const s = store.getState();
    expect([s.history.size, s.tracking.size, s.events.length, s.logs.length, s.includeLogs]).toEqual([0, 0, 0, 0, false]);
    expect(s.routeOptions).toEqual({ mode: 'all', length: 4 });
  });

  it('a single-device update with routes off copies only the positions map', () => {
    const store = createLiveStore();
    store.setDevices(Array.from({ length: 10_000 }, (_, i) => device(i + 1)));
    store.updatePositions(Array.from({ length: 10_000 }, (_, i) => position(i + 1, 1, 1)));
    store.startTracking(5);
    const a = store.getState();
    store.updatePositions([position(7, 2, 2)]);
    const b = store.getState();
    expect(b.history).toBe(a.history);
    expect(b.tracking).toBe(a.tracking);
    expect(b.devices).toBe(a.devices);
    expect(b.events).toBe(a.events);
  });

  it('apply: a socket message is one change of type update with the union of the ids', () => {
    const store = createLiveStore({ now: () => 5 });
    store.setDevices([device(1), device(2), device(3)]);
    store.setIncludeLogs(true);
    const { calls, listener } = recorder();
    store.subscribe(listener);
    store.apply({
      devices: [device(1, { status: 'online' })],
      positions: [position(2, 10, 20), position(9, 200, 0)],
      events: [{ id: 70, deviceId: 3, type: 'alarm', eventTime: '2026-01-01T00:00:00Z', positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: {} }],
      logs: [{ deviceId: 3, host: '127.0.0.1', protocol: 'osmand', uniqueId: 'u3', data: 'x' }],
    });
    expect(calls).toHaveLength(1);
    const { state, change } = calls[0]!;
    expect(change.type).toBe('update');
    expect([...change.changedIds].sort()).toEqual([1, 2, 3]);
    expect([...change.slices].sort()).toEqual(['devices', 'events', 'logs', 'positions']);
    expect(state.devices.get(1)?.status).toBe('online');
    expect(state.positions.get(2)).toMatchObject({ latitude: 10, longitude: 20, lastUpdateTimestamp: 5 });
    expect(state.positions.has(9)).toBe(false); // impossible coordinates
    expect(state.events.map((e) => e.id)).toEqual([70]);
    expect(state.logs).toHaveLength(1);
  });

  it('apply: a message of one kind keeps that kind\'s change type; nothing valid, no change', () => {
    const store = createLiveStore();
    store.setDevices([device(1)]);
    const { calls, listener } = recorder();
    store.subscribe(listener);
    store.apply({ positions: [position(1, 1, 1)] });
    store.apply({ devices: [device(1, { name: 'b' })], positions: [position(1, 95, 0)] });
    store.apply({ positions: [position(1, 95, 0)], logs: [{ deviceId: 1, host: '127.0.0.1', protocol: 'osmand', uniqueId: 'u1', data: 'ignored: logs are off' }] });
    store.apply({});
    expect(calls.map((c) => c.change.type)).toEqual(['updatePositions', 'updateDevices']);
  });

  it('deferred listeners: one notification for the changes made before the scheduler runs it', () => {
    const pending: Array<() => void> = [];
    const store = createLiveStore({ defer: (notify) => pending.push(notify) });
    const seen: number[] = [];
    const direct = recorder();
    store.subscribe(direct.listener);
    const unsubscribe = store.subscribeDeferred(() => seen.push(store.getState().devices.size));
    store.setDevices([device(1)]);
    store.updateDevices([device(2)]);
    expect(direct.calls).toHaveLength(2); // the plain listeners are told at once
    expect(seen).toEqual([]);
    expect(pending).toHaveLength(1);
    pending.shift()!();
    expect(seen).toEqual([2]);
    store.updateDevices([device(3)]);
    unsubscribe();
    pending.shift()!();
    expect(seen).toEqual([2]);
  });

  it('deferred listeners run at once without a scheduler', () => {
    const store = createLiveStore();
    const seen: number[] = [];
    store.subscribeDeferred(() => seen.push(store.getState().devices.size));
    store.setDevices([device(1)]);
    store.updateDevices([device(2)]);
    expect(seen).toEqual([1, 2]);
  });
});

