import { describe, expect, it } from 'vitest';
import type { Device, Position } from '../../contract/models';
import { DEFAULT_FLEET_THRESHOLDS, FLEET_STATES } from './fleetState';
import {
  createOverviewCounter,
  FLEET_FILTERS,
  dayTotals,
  eventKinds,
  eventsReportSearch,
  fleetFilterOf,
  fleetMembers,
  fleetSearchOf,
  isExpiring,
  overviewCounts,
  parseFleetSearch,
  rankVehicles,
  sameSet,
  type FleetContext,
} from './fleetOverview';

const NOW = Date.parse('2026-11-29T10:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

const device = (id: number, patch: Partial<Device> = {}): Device =>
  ({ id, name: `Car ${id}`, uniqueId: `u${id}`, groupId: 0, status: 'online', lastUpdate: ago(1), expirationTime: null, attributes: {}, ...patch }) as Device;
const position = (deviceId: number, patch: Partial<Position> = {}): Position =>
  ({ id: deviceId * 10, deviceId, speed: 0, fixTime: ago(1), attributes: {}, geofenceIds: null, ...patch }) as Position;

function fleet() {
  const devices = new Map<number, Device>([
    [1, device(1, { groupId: 5 })],
    [2, device(2, { groupId: 5 })],
    [3, device(3, { groupId: 6, expirationTime: new Date(NOW + 10 * 86_400_000).toISOString() })],
    [4, device(4, { status: 'offline', lastUpdate: ago(120) })],
    [5, device(5, { status: 'unknown', lastUpdate: null })],
    [6, device(6, { groupId: 6, expirationTime: new Date(NOW - 86_400_000).toISOString() })],
  ]);
  const positions = new Map<number, Position>([
    [1, position(1, { speed: 30, geofenceIds: [70] })],
    [2, position(2, { attributes: { ignition: true }, geofenceIds: [70, 71] })],
    [3, position(3, { attributes: { ignition: false } })],
    [4, position(4, { fixTime: ago(120) })],
    [6, position(6, { attributes: { motion: false } })],
  ]);
  return { devices, positions };
}

const context = (patch: Partial<FleetContext> = {}): FleetContext => ({ thresholds: DEFAULT_FLEET_THRESHOLDS, now: NOW, maintenance: null, ...patch });

describe('parseFleetSearch', () => {
  it.each<[string, Record<string, unknown>, ReturnType<typeof parseFleetSearch>]>([
    ['a state', { fleet: 'idle' }, { fleet: 'idle' }],
    ['a state in a group', { fleet: 'moving', fleetGroup: '3' }, { fleet: 'moving', fleetGroup: 3 }],
    ['no group is group 0', { fleet: 'parked', fleetGroup: 0 }, { fleet: 'parked', fleetGroup: 0 }],
    ['silent', { fleet: 'silent' }, { fleet: 'silent' }],
    ['a geofence', { fleet: 'geofence', geofence: '7' }, { fleet: 'geofence', geofence: 7 }],
    ['a geofence without its id is nothing', { fleet: 'geofence' }, {}],
    ['the geofence id without the kind is dropped', { fleet: 'idle', geofence: '7' }, { fleet: 'idle' }],
    ['an unknown kind', { fleet: 'flying' }, {}],
    ['a malformed group is dropped', { fleet: 'idle', fleetGroup: '-1' }, { fleet: 'idle' }],
    ['nothing', {}, {}],
  ])('%s', (_name, raw, expected) => {
    expect(parseFleetSearch(raw)).toEqual(expected);
  });

  it('names every fleet state as a filter, then the attention lists', () => {
    expect(FLEET_FILTERS.slice(0, FLEET_STATES.length)).toEqual(FLEET_STATES);
  });

  it('round-trips through the filter', () => {
    for (const search of [{ fleet: 'idle' as const, fleetGroup: 3 }, { fleet: 'geofence' as const, geofence: 9 }, { fleet: 'silent' as const }]) {
      expect(fleetSearchOf(fleetFilterOf(search)!)).toEqual(search);
    }
    expect(fleetFilterOf({})).toBeNull();
  });
});

describe('overviewCounts', () => {
  it('counts every state, per group, silent, expiring and geofences in one pass', () => {
    const { devices, positions } = fleet();
    const counts = overviewCounts(devices, positions, DEFAULT_FLEET_THRESHOLDS, NOW);
    expect(counts.total).toBe(6);
    expect(counts.states).toEqual({ moving: 1, idle: 1, parked: 2, offline: 1, never: 1 });
    expect(counts.groups.get(5)).toEqual({ total: 2, states: { moving: 1, idle: 1, parked: 0, offline: 0, never: 0 } });
    expect(counts.groups.get(6)).toEqual({ total: 2, states: { moving: 0, idle: 0, parked: 2, offline: 0, never: 0 } });
    expect(counts.groups.get(0)).toEqual({ total: 2, states: { moving: 0, idle: 0, parked: 0, offline: 1, never: 1 } });
    expect(counts.silent).toBe(1);
    expect(counts.expiring).toBe(2);
    expect(counts.geofences).toEqual(new Map([[70, 2], [71, 1]]));
  });

  it('the counter keeps its result for the same maps and minute, and an equal result after a change that moves no count', () => {
    const { devices, positions } = fleet();
    const count = createOverviewCounter();
    const first = count(devices, positions, DEFAULT_FLEET_THRESHOLDS, NOW);
    expect(count(devices, positions, DEFAULT_FLEET_THRESHOLDS, NOW + 1000)).toBe(first);
    // a new position of the moving car, still moving: a new map, the same counts
    const moved = new Map(positions).set(1, position(1, { speed: 40, geofenceIds: [70] }));
    expect(count(devices, moved, DEFAULT_FLEET_THRESHOLDS, NOW + 2000)).toBe(first);
    // it stops with the ignition on: idle
    const stopped = new Map(moved).set(1, position(1, { attributes: { ignition: true }, geofenceIds: [70] }));
    const next = count(devices, stopped, DEFAULT_FLEET_THRESHOLDS, NOW + 3000);
    expect(next).not.toBe(first);
    expect(next.states.idle).toBe(2);
    expect(next.states.moving).toBe(0);
  });

  it('recounts when the minute turns: a device falls silent with time', () => {
    const { devices, positions } = fleet();
    const count = createOverviewCounter();
    expect(count(devices, positions, DEFAULT_FLEET_THRESHOLDS, NOW).silent).toBe(1);
    expect(count(devices, positions, DEFAULT_FLEET_THRESHOLDS, NOW + 60 * 60_000).silent).toBe(5);
  });

  it('counts 10,000 devices in one pass (its time is measured by bench:live --page fleet, not here)', () => {
    const devices = new Map<number, Device>();
    const positions = new Map<number, Position>();
    for (let id = 1; id <= 10_000; id++) {
      devices.set(id, device(id, { groupId: id % 20 }));
      positions.set(id, position(id, { speed: id % 3 === 0 ? 20 : 0, attributes: { ignition: id % 2 === 0 }, geofenceIds: id % 7 === 0 ? [1] : null }));
    }
    const counts = overviewCounts(devices, positions, DEFAULT_FLEET_THRESHOLDS, NOW);
    expect(counts.total).toBe(10_000);
    expect(counts.geofences.get(1)).toBe(1428);
  });
});

describe('fleetMembers', () => {
  it.each<[string, Parameters<typeof fleetMembers>[0], number[]]>([
    ['moving', { kind: 'moving' }, [1]],
    ['idle', { kind: 'idle' }, [2]],
    ['parked', { kind: 'parked' }, [3, 6]],
    ['offline', { kind: 'offline' }, [4]],
    ['never', { kind: 'never' }, [5]],
    ['silent', { kind: 'silent' }, [4]],
    ['expiring (and expired)', { kind: 'expiring' }, [3, 6]],
    ['a geofence', { kind: 'geofence', geofenceId: 71 }, [2]],
    ['parked in group 6', { kind: 'parked', groupId: 6 }, [3, 6]],
    ['parked in no group', { kind: 'parked', groupId: 0 }, []],
    ['offline in no group', { kind: 'offline', groupId: 0 }, [4]],
    ['maintenance not known yet', { kind: 'maintenance' }, []],
  ])('%s', (_name, filter, ids) => {
    const { devices, positions } = fleet();
    expect([...fleetMembers(filter, devices, positions, context())]).toEqual(ids);
  });

  it('maintenance: the devices with a finding', () => {
    const { devices, positions } = fleet();
    const maintenance = new Map([[3, [{ maintenanceId: 1, state: 'overdue' as const, gap: 5 }]]]);
    expect([...fleetMembers({ kind: 'maintenance' }, devices, positions, context({ maintenance }))]).toEqual([3]);
  });

  it('sameSet compares contents', () => {
    expect(sameSet(new Set([1, 2]), new Set([2, 1]))).toBe(true);
    expect(sameSet(new Set([1, 2]), new Set([1, 3]))).toBe(false);
    expect(sameSet(null, new Set())).toBe(false);
    expect(sameSet(null, null)).toBe(true);
  });

  it('isExpiring: within the days, expired too; none without a date', () => {
    expect(isExpiring({ expirationTime: null }, NOW, DEFAULT_FLEET_THRESHOLDS)).toBe(false);
    expect(isExpiring({ expirationTime: new Date(NOW + 31 * 86_400_000).toISOString() }, NOW, DEFAULT_FLEET_THRESHOLDS)).toBe(false);
    expect(isExpiring({ expirationTime: new Date(NOW + 30 * 86_400_000).toISOString() }, NOW, DEFAULT_FLEET_THRESHOLDS)).toBe(true);
  });
});

describe('dayTotals and rankVehicles', () => {
  const names = new Map([[1, { name: 'Alpha' }], [2, { name: 'Bravo' }], [3, { name: 'Charlie' }]]);
  const summary = [
    { deviceId: 1, deviceName: 'a', distance: 12_000, engineHours: 3_600_000 },
    { deviceId: 2, deviceName: 'b', distance: 500, engineHours: 600_000 },
    { deviceId: 3, deviceName: 'c', distance: 0, engineHours: 0 },
    { deviceId: 9, deviceName: 'Zulu', distance: 100, engineHours: Number.NaN },
  ];
  const trips = [
    { deviceId: 1, duration: 1_200_000 },
    { deviceId: 1, duration: 600_000 },
    { deviceId: 2, duration: 300_000 },
    { deviceId: 4, duration: 60_000 },
  ];
  it('sums the summary’s distance and engine hours and the trips’ durations, per vehicle and for the fleet', () => {
    const totals = dayTotals(summary, trips, names);
    expect(totals.distance).toBe(12_600);
    expect(totals.engineHours).toBe(4_200_000);
    expect(totals.driving).toBe(2_160_000);
    expect(totals.vehicles.find((v) => v.id === 1)).toEqual({ id: 1, name: 'Alpha', distance: 12_000, engineHours: 3_600_000, driving: 1_800_000 });
    expect(totals.vehicles.find((v) => v.id === 9)?.name).toBe('Zulu');
    expect(totals.vehicles.find((v) => v.id === 4)).toEqual({ id: 4, name: '', distance: 0, engineHours: 0, driving: 60_000 });
  });
  it.each<[Parameters<typeof rankVehicles>[1], 'top' | 'bottom', number[]]>([
    ['distance', 'top', [1, 2]],
    ['distance', 'bottom', [4, 3]],
    ['driving', 'top', [1, 2]],
    ['engineHours', 'bottom', [4, 3]],
  ])('%s %s', (measure, end, ids) => {
    const totals = dayTotals(summary, trips, names);
    expect(rankVehicles(totals.vehicles, measure, end, 2).map((v) => v.id)).toEqual(ids);
  });
});

describe('eventKinds', () => {
  const events = [
    { type: 'alarm', deviceId: 2, attributes: { alarm: 'sos' } },
    { type: 'deviceOverspeed', deviceId: 1, attributes: {} },
    { type: 'alarm', deviceId: 1, attributes: { alarm: 'sos' } },
    { type: 'alarm', deviceId: 1, attributes: { alarm: 'lowBattery' } },
    { type: 'deviceOverspeed', deviceId: 1, attributes: {} },
    { type: 'ignitionOn', deviceId: 3, attributes: {} },
  ];
  it('counts by type, each alarm apart, the most frequent first, with their devices', () => {
    expect(eventKinds(events)).toEqual([
      { type: 'alarm', alarm: 'sos', count: 2, deviceIds: [1, 2] },
      { type: 'deviceOverspeed', count: 2, deviceIds: [1] },
      { type: 'alarm', alarm: 'lowBattery', count: 1, deviceIds: [1] },
      { type: 'ignitionOn', count: 1, deviceIds: [3] },
    ]);
  });
  it('opens the events report of today for those devices and that type', () => {
    expect(eventsReportSearch({ type: 'alarm', deviceIds: [1, 2] })).toEqual({ deviceId: [1, 2], type: ['alarm'], period: 'today', show: true });
  });
});
