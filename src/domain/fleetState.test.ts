import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FLEET_THRESHOLDS,
  durationParts,
  fleetState,
  fleetThresholds,
  followState,
  isSilent,
  seedFromEvents,
  sinceFromEvents,
  stateMinutes,
  type FleetState,
} from './fleetState';

const T = Date.parse('2026-11-29T08:00:00Z');
const iso = (minutesAfter: number) => new Date(T + minutesAfter * 60_000).toISOString();

describe('fleetState', () => {
  const online = { status: 'online' as const, lastUpdate: iso(0) };
  it.each<[string, Parameters<typeof fleetState>[0], Parameters<typeof fleetState>[1], FleetState]>([
    ['no position, no update', { status: 'unknown', lastUpdate: null }, null, 'never'],
    ['offline with a position', { status: 'offline', lastUpdate: iso(0) }, { speed: 30, attributes: {} }, 'offline'],
    ['unknown counts as offline', { status: 'unknown', lastUpdate: iso(0) }, { speed: 0, attributes: {} }, 'offline'],
    ['online, no position yet', online, null, 'parked'],
    ['motion true, speed 0', online, { speed: 0, attributes: { motion: true } }, 'moving'],
    ['motion false wins over speed', online, { speed: 40, attributes: { motion: false, ignition: true } }, 'idle'],
    ['no motion, speed above', online, { speed: 2.5, attributes: {} }, 'moving'],
    ['no motion, speed at threshold', online, { speed: 2, attributes: {} }, 'parked'],
    ['stopped, ignition on', online, { speed: 0, attributes: { ignition: true } }, 'idle'],
    ['stopped, ignition off', online, { speed: 0, attributes: { ignition: false } }, 'parked'],
    ['stopped, no ignition reported is never idle', online, { speed: 0, attributes: { motion: false } }, 'parked'],
    ['ignition as a string is not reported', online, { speed: 0, attributes: { ignition: 'true' } }, 'parked'],
  ])('%s', (_name, device, position, expected) => {
    expect(fleetState(device, position)).toBe(expected);
  });

  it('uses the moving speed the thresholds give', () => {
    const thresholds = { ...DEFAULT_FLEET_THRESHOLDS, movingSpeed: 5 };
    expect(fleetState(online, { speed: 4, attributes: {} }, thresholds)).toBe('parked');
    expect(fleetState(online, { speed: 6, attributes: {} }, thresholds)).toBe('moving');
  });
});

describe('fleetThresholds', () => {
  it('keeps the defaults without attributes', () => {
    expect(fleetThresholds(undefined)).toEqual(DEFAULT_FLEET_THRESHOLDS);
  });
  it('reads numbers and numeric strings, and drops what is out of range', () => {
    expect(
      fleetThresholds({
        'athar.fleet.silentMinutes': '30',
        'athar.fleet.movingSpeed': 3,
        'athar.fleet.expiryDays': -1,
        'athar.fleet.maintenanceDueShare': 'x',
      }),
    ).toEqual({ ...DEFAULT_FLEET_THRESHOLDS, silentMinutes: 30, movingSpeed: 3 });
  });
});

describe('isSilent', () => {
  it.each([
    [iso(0), T + 60 * 60_000, false],
    [iso(0), T + 61 * 60_000, true],
    [null, T + 120 * 60_000, false],
  ])('last update %s at %d: %s', (lastUpdate, now, expected) => {
    expect(isSilent({ lastUpdate }, null, now)).toBe(expected);
  });
  it('falls back to the fix time', () => {
    expect(isSilent({ lastUpdate: null }, { fixTime: iso(0) }, T + 2 * 3600_000)).toBe(true);
  });
});

describe('followState', () => {
  it('keeps the start of an unchanged state and starts a new one at the given time', () => {
    const first = followState(undefined, 'moving', T);
    expect(first).toEqual({ state: 'moving', since: T });
    expect(followState(first, 'moving', T + 60_000)).toBe(first);
    expect(followState(first, 'idle', T + 120_000)).toEqual({ state: 'idle', since: T + 120_000 });
    expect(followState(first, 'never', T)).toEqual({ state: 'never', since: null });
  });
});

describe('sinceFromEvents', () => {
  const ev = (type: string, minutes: number): { type: string; eventTime: string | null } => ({ type, eventTime: iso(minutes) });
  it.each<[FleetState, ReturnType<typeof ev>[], number | null]>([
    ['moving', [ev('deviceMoving', 10), ev('deviceStopped', 5)], 10],
    ['moving', [ev('deviceMoving', 5), ev('deviceStopped', 10)], null],
    ['idle', [ev('deviceStopped', 10), ev('ignitionOn', 2)], 10],
    ['idle', [ev('deviceStopped', 10), ev('ignitionOn', 20)], 20],
    ['idle', [ev('ignitionOn', 20), ev('ignitionOff', 30)], null],
    ['parked', [ev('deviceStopped', 10), ev('ignitionOff', 40)], 40],
    ['parked', [ev('deviceStopped', 10)], 10],
    ['parked', [ev('deviceMoving', 3), ev('deviceMoving', 1)], null],
    ['offline', [ev('deviceOnline', 3), ev('deviceOffline', 7), ev('deviceUnknown', 5)], 7],
    ['never', [ev('deviceOffline', 7)], null],
    ['moving', [{ type: 'deviceMoving', eventTime: null }], null],
  ])('%s from %j', (state, events, minutes) => {
    expect(sinceFromEvents(state, events)).toBe(minutes === null ? null : T + minutes * 60_000);
  });

  it('seeds each device from its own events', () => {
    const seeded = seedFromEvents(
      new Map<number, FleetState>([
        [1, 'moving'],
        [2, 'parked'],
        [3, 'idle'],
      ]),
      [
        { deviceId: 1, type: 'deviceMoving', eventTime: iso(15) },
        { deviceId: 2, type: 'deviceStopped', eventTime: iso(25) },
        { deviceId: 1, type: 'deviceStopped', eventTime: iso(5) },
      ],
    );
    expect([...seeded]).toEqual([
      [1, { state: 'moving', since: T + 15 * 60_000 }],
      [2, { state: 'parked', since: T + 25 * 60_000 }],
      [3, { state: 'idle', since: null }],
    ]);
  });
});

describe('durations', () => {
  it('counts whole minutes, never negative', () => {
    expect(stateMinutes(null, T)).toBeNull();
    expect(stateMinutes(T, T + 12 * 60_000 + 59_000)).toBe(12);
    expect(stateMinutes(T + 1000, T)).toBe(0);
  });
  it('splits minutes into days, hours and minutes', () => {
    expect(durationParts(130)).toEqual({ days: 0, hours: 2, minutes: 10 });
    expect(durationParts(3 * 1440 + 4 * 60)).toEqual({ days: 3, hours: 4, minutes: 0 });
  });
});
