import { describe, expect, it } from 'vitest';
import { createLiveStore } from '../../domain/liveStore';
import { fleetThresholds, type StateSince } from '../../domain/fleetState';
import type { Event, Position } from '../../../contract/models';
import { makeDevice, makePosition } from '../../../tests/fixtures/models';
import { createStateTracker } from './stateTracker';

const T = Date.parse('2026-11-29T10:00:00Z');
const at = (minutes: number) => new Date(T + minutes * 60_000).toISOString();

/** A simulated clock: the tracker and the store read `clock.now`. */
function setup() {
  const clock = { now: T };
  const live = createLiveStore({ now: () => clock.now });
  const tracker = createStateTracker(live, { now: () => clock.now });
  const told: number[][] = [];
  tracker.subscribe((ids) => told.push([...ids]));
  return { clock, live, tracker, told };
}

let positionId = 1;
function fix(deviceId: number, minutes: number, speed: number, ignition?: boolean): Position {
  return makePosition({
    id: positionId++,
    deviceId,
    fixTime: at(minutes),
    speed,
    attributes: { motion: speed > 0, ...(ignition === undefined ? {} : { ignition }) },
  });
}
const online = (id: number, lastMinutes = 0) => makeDevice({ id, name: `d${id}`, uniqueId: `u${id}`, status: 'online', lastUpdate: at(lastMinutes) });
const event = (deviceId: number, type: string, minutes: number, id = positionId++): Event => ({
  id, type, deviceId, eventTime: at(minutes), positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: {},
});

describe('state-since tracker', () => {
  it('after a load, states are known and starts unknown until seeded from the events', () => {
    const { live, tracker } = setup();
    let asked = 0;
    tracker.onNeedsSeed(() => asked++);
    live.setDevices(
      [online(1), online(2), online(3), makeDevice({ id: 4, status: 'offline', lastUpdate: at(-3 * 1440 - 240) }), makeDevice({ id: 5, lastUpdate: null })],
      [fix(1, -1, 30, true), fix(2, -1, 0, true), fix(3, -1, 0, false)],
    );
    expect(asked).toBe(1);
    expect(tracker.get(1)).toEqual({ state: 'moving', since: null });
    expect(tracker.get(2)).toEqual({ state: 'idle', since: null });
    expect(tracker.get(3)).toEqual({ state: 'parked', since: null });
    // offline counts from the last update; never has no start
    expect(tracker.get(4)).toEqual({ state: 'offline', since: T - (3 * 1440 + 240) * 60_000 });
    expect(tracker.get(5)).toEqual({ state: 'never', since: null });
    expect(tracker.needsSeed().sort()).toEqual([1, 2, 3]);
    tracker.seed([1, 2, 3], [
      event(1, 'deviceStopped', -60),
      event(1, 'deviceMoving', -35),
      event(2, 'deviceStopped', -12),
      event(2, 'ignitionOn', -50),
      event(3, 'deviceStopped', -140),
      event(3, 'ignitionOff', -130),
    ]);
    expect(tracker.get(1)).toEqual({ state: 'moving', since: T - 35 * 60_000 });
    expect(tracker.get(2)).toEqual({ state: 'idle', since: T - 12 * 60_000 });
    expect(tracker.get(3)).toEqual({ state: 'parked', since: T - 130 * 60_000 });
    expect(tracker.needsSeed()).toEqual([]);
  });

  it('a seed never overrides a start followed live, nor a state that changed meanwhile', () => {
    const { live, tracker, clock } = setup();
    live.setDevices([online(1), online(2)], [fix(1, -5, 0, true), fix(2, -5, 0, true)]);
    clock.now = T + 60_000;
    live.updatePositions([fix(1, 1, 20, true)]);
    expect(tracker.get(1)).toEqual({ state: 'moving', since: T + 60_000 });
    // events loaded for the old state of 1; device 2 is idle and unseeded
    tracker.seed([1, 2], [event(1, 'deviceStopped', -30), event(2, 'deviceMoving', -20)]);
    expect(tracker.get(1)).toEqual({ state: 'moving', since: T + 60_000 });
    // 2's events say it is not stopped: its start stays unknown
    expect(tracker.get(2)).toEqual({ state: 'idle', since: null });
  });

  it('follows live positions: a new state starts at its fix time, the same state keeps its start', () => {
    const { live, tracker, clock, told } = setup();
    live.setDevices([online(1)], [fix(1, -10, 0, true)]);
    tracker.seed([1], [event(1, 'deviceStopped', -10)]);
    const idle = tracker.get(1);
    expect(idle).toEqual({ state: 'idle', since: T - 10 * 60_000 });
    told.length = 0;
    clock.now = T + 2 * 60_000;
    live.updatePositions([fix(1, 1, 0, true)]);
    expect(tracker.get(1)).toBe(idle);
    expect(told).toEqual([]);
    live.updatePositions([fix(1, 2, 25, true)]);
    expect(tracker.get(1)).toEqual({ state: 'moving', since: T + 2 * 60_000 });
    expect(told).toEqual([[1]]);
    // ignition off while stopped: parked from that fix
    clock.now = T + 9 * 60_000;
    live.updatePositions([fix(1, 8, 0, false)]);
    expect(tracker.get(1)).toEqual({ state: 'parked', since: T + 8 * 60_000 });
  });

  it('a fix time ahead of the clock, or missing, starts the state now', () => {
    const { live, tracker, clock } = setup();
    live.setDevices([online(1)], [fix(1, -10, 0, false)]);
    clock.now = T + 60_000;
    live.updatePositions([fix(1, 30, 40)]);
    expect(tracker.get(1)).toEqual({ state: 'moving', since: T + 60_000 });
    clock.now = T + 2 * 60_000;
    live.updatePositions([{ ...fix(1, 0, 0, false), fixTime: null }]);
    expect(tracker.get(1)).toEqual({ state: 'parked', since: T + 2 * 60_000 });
  });

  it('a device reporting no ignition is parked when stopped, never idle', () => {
    const { live, tracker, clock } = setup();
    live.setDevices([online(1)], [fix(1, -3, 30)]);
    clock.now = T;
    live.updatePositions([fix(1, 0, 0)]);
    expect(tracker.get(1)).toEqual({ state: 'parked', since: T });
  });

  it('offline and back: offline counts from the last update; the position that brings it back starts its state', () => {
    const { live, tracker, clock } = setup();
    live.setDevices([online(1, -1)], [fix(1, -1, 0, false)]);
    live.updateDevices([{ ...online(1, -1), status: 'offline' }]);
    expect(tracker.get(1)).toEqual({ state: 'offline', since: T - 60_000 });
    clock.now = T + 30 * 60_000;
    live.apply({ devices: [online(1, 30)], positions: [fix(1, 29, 0, true)] });
    expect(tracker.get(1)).toEqual({ state: 'idle', since: T + 29 * 60_000 });
    // a status change alone (no new position) starts at now
    live.updateDevices([{ ...online(1, 30), status: 'unknown' }]);
    clock.now = T + 31 * 60_000;
    live.updateDevices([online(1, 31)]);
    expect(tracker.get(1)).toEqual({ state: 'idle', since: T + 31 * 60_000 });
  });

  it('a reload keeps the starts of the states that did not change, and asks the events for the others', () => {
    const { live, tracker, clock } = setup();
    live.setDevices([online(1), online(2)], [fix(1, -10, 0, true), fix(2, -10, 0, true)]);
    tracker.seed([1, 2], [event(1, 'deviceStopped', -10), event(2, 'deviceStopped', -10)]);
    clock.now = T + 5 * 60_000;
    let asked = 0;
    tracker.onNeedsSeed(() => asked++);
    // after a reconnect: 1 is still idle, 2 moved while nobody watched
    live.setDevices([online(1), online(2)], [fix(1, 4, 0, true), fix(2, 4, 30, true)]);
    expect(tracker.get(1)).toEqual({ state: 'idle', since: T - 10 * 60_000 });
    expect(tracker.get(2)).toEqual({ state: 'moving', since: null });
    expect(asked).toBe(1);
    expect(tracker.needsSeed()).toEqual([2]);
  });

  it('live events of the state types fill an unknown start, and nothing else', () => {
    const { live, tracker } = setup();
    live.setDevices([online(1), online(2)], [fix(1, -1, 0, true), fix(2, -1, 0, false)]);
    live.addEvents([event(1, 'deviceStopped', -7), event(2, 'geofenceEnter', -3), event(2, 'ignitionOn', -2)]);
    expect(tracker.get(1)).toEqual({ state: 'idle', since: T - 7 * 60_000 });
    // 2 is parked: an ignitionOn says nothing about since when it is parked; a geofence event neither
    expect(tracker.get(2)).toEqual({ state: 'parked', since: null });
    live.addEvents([event(2, 'ignitionOff', -1)]);
    expect(tracker.get(2)).toEqual({ state: 'parked', since: T - 60_000 });
    // a known start is kept
    live.addEvents([event(2, 'deviceStopped', -4)]);
    expect(tracker.get(2)).toEqual({ state: 'parked', since: T - 60_000 });
  });

  it('follows the thresholds: a slow device without motion moves only above the set speed', () => {
    const clock = { now: T };
    const live = createLiveStore({ now: () => clock.now });
    const tracker = createStateTracker(live, { now: () => clock.now, thresholds: fleetThresholds({ 'athar.fleet.movingSpeed': 5 }) });
    const slow = makePosition({ id: 1, deviceId: 1, fixTime: at(0), speed: 4, attributes: {} });
    live.setDevices([online(1)], [slow]);
    expect(tracker.get(1)?.state).toBe('parked');
    tracker.setThresholds(fleetThresholds({}));
    live.updatePositions([{ ...slow, id: 2 }]);
    expect(tracker.get(1)?.state).toBe('moving');
  });

  it('forgets removed devices and tells one id listener only of its own device', () => {
    const { live, tracker } = setup();
    live.setDevices([online(1), online(2)], [fix(1, -1, 0, true), fix(2, -1, 0, true)]);
    const seen: Array<StateSince | undefined> = [];
    const leave = tracker.subscribeId(2, () => seen.push(tracker.get(2)));
    live.updatePositions([fix(1, 0, 30, true)]);
    expect(seen).toEqual([]);
    live.updatePositions([fix(2, 0, 30, true)]);
    expect(seen).toEqual([{ state: 'moving', since: T }]);
    leave();
    live.setDevices([online(1)], []);
    expect(tracker.get(2)).toBeUndefined();
    expect(seen).toHaveLength(1);
  });
});
