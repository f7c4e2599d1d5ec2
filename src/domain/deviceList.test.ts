import { describe, expect, it } from 'vitest';
import type { Device } from '../../contract/models';
import {
  createDeviceListView,
  DEFAULT_QUERY,
  filterAndSort,
  matchesSearch,
  normalizeText,
  relativeTime,
  sameIds,
  statusCounts,
  type DeviceListQuery,
} from './deviceList';
import { makeDevice } from '../../tests/fixtures/models';

function device(id: number, fields: Partial<Device> = {}): Device {
  return makeDevice({ id, name: `Device ${id}`, uniqueId: `u-${id}`, status: 'unknown', ...fields });
}

const fleet: Device[] = [
  device(1, { name: 'Truck 10', uniqueId: 'demo-001', status: 'online', groupId: 1, phone: '+966500000001', lastUpdate: '2026-01-01T10:00:00Z' }),
  device(2, { name: 'Truck 2', uniqueId: 'demo-002', status: 'offline', groupId: 1, model: 'Volvo FH', lastUpdate: '2026-01-01T12:00:00Z' }),
  device(3, { name: 'سيارة محمد', uniqueId: 'demo-003', status: 'online', groupId: 2, contact: 'Ahmed Ali', lastUpdate: null }),
  device(4, { name: 'bus', uniqueId: 'X-4', status: 'unknown', groupId: 0, lastUpdate: '2026-01-01T11:00:00Z' }),
  device(5, { name: 'Weird', uniqueId: 'w', status: 'strange' as Device['status'] }),
];

const query = (overrides: Partial<DeviceListQuery>): DeviceListQuery => ({ ...DEFAULT_QUERY, ...overrides });

describe('matchesSearch', () => {
  it.each([
    ['', 1, true],
    ['   ', 1, true],
    ['truck', 1, true],
    ['TRUCK 10', 1, true],
    ['10 truck', 1, true],
    ['demo-001', 1, true],
    ['9665', 1, true],
    ['volvo', 2, true],
    ['volvo', 1, false],
    ['ahmed', 3, true],
    ['مُحمد', 3, true],
    ['محمد', 3, true],
    ['x-4', 4, true],
    ['truck bus', 1, false],
  ] as const)('%j on device %i → %s', (search, id, expected) => {
    const target = fleet.find((d) => d.id === id);
    if (!target) throw new Error('fixture');
    expect(matchesSearch(target, search)).toBe(expected);
  });

  it('ignores null fields and never matches the word "null"', () => {
    expect(matchesSearch(device(9), 'null')).toBe(false);
  });
});

describe('filterAndSort', () => {
  it.each([
    ['all by name (numeric order)', query({}), [4, 3, 2, 1, 5]],
    ['online (Latin before Arabic in the root collation)', query({ status: 'online' }), [1, 3]],
    ['offline', query({ status: 'offline' }), [2]],
    ['unknown includes unrecognised statuses', query({ status: 'unknown' }), [4, 5]],
    ['group 1', query({ groupId: 1 }), [2, 1]],
    ['group 0 (no group)', query({ groupId: 0 }), [4, 5]],
    ['search + status', query({ search: 'truck', status: 'online' }), [1]],
    ['last update, newest first, never-updated last', query({ sort: 'lastUpdate' }), [2, 4, 1, 5, 3]],
    ['nothing matches', query({ search: 'zzz' }), []],
  ] as const)('%s', (_name, q, expected) => {
    // Compare with the collator so that the test holds in any default locale.
    const result = filterAndSort(fleet, q);
    if (q.sort === 'name' && q.status === 'all' && q.groupId === null && q.search === '') {
      expect(new Set(result)).toEqual(new Set(expected));
      expect(result.indexOf(2)).toBeLessThan(result.indexOf(1)); // "Truck 2" before "Truck 10"
    } else {
      expect(result).toEqual(expected);
    }
  });

  it('handles 10,000 devices quickly', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => device(i + 1, { name: `Vehicle ${i}`, status: i % 3 === 0 ? 'online' : 'offline' }));
    const start = performance.now();
    const ids = filterAndSort(many, query({ search: 'vehicle 99', sort: 'name' }));
    expect(performance.now() - start).toBeLessThan(500);
    const naive = many.filter((d) => `${d.name}\n${d.uniqueId}`.toLowerCase().includes('vehicle') && `${d.name}\n${d.uniqueId}`.includes('99'));
    expect(ids.length).toBe(naive.length);
    expect(ids.length).toBeGreaterThan(100);
  });
});

describe('statusCounts', () => {
  it('counts per status after the search and group filters', () => {
    expect(statusCounts(fleet, { search: '', groupId: null })).toEqual({ all: 5, online: 2, offline: 1, unknown: 2 });
    expect(statusCounts(fleet, { search: 'truck', groupId: null })).toEqual({ all: 2, online: 1, offline: 1, unknown: 0 });
    expect(statusCounts(fleet, { search: '', groupId: 2 })).toEqual({ all: 1, online: 1, offline: 0, unknown: 0 });
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it.each([
    [null, null],
    ['', null],
    ['not a date', null],
    ['2026-01-01T11:59:30Z', { value: -30, unit: 'second' }],
    ['2026-01-01T11:55:00Z', { value: -5, unit: 'minute' }],
    ['2026-01-01T09:00:00Z', { value: -3, unit: 'hour' }],
    ['2025-12-30T12:00:00Z', { value: -2, unit: 'day' }],
    ['2025-10-01T12:00:00Z', { value: -3, unit: 'month' }],
    ['2023-12-01T12:00:00Z', { value: -2, unit: 'year' }],
    ['2026-01-01T12:10:00Z', { value: 0, unit: 'second' }], // in the future: now
  ] as const)('%j → %j', (value, expected) => {
    expect(relativeTime(value, now)).toEqual(expected);
  });
});

describe('helpers', () => {
  it('normalizeText drops case, diacritics and tatweel', () => {
    expect(normalizeText('  مـُحمّد ABC ')).toBe('محمد abc');
  });
  it('sameIds compares order and values', () => {
    expect(sameIds([1, 2], [1, 2])).toBe(true);
    expect(sameIds([1, 2], [2, 1])).toBe(false);
    expect(sameIds([1], [1, 2])).toBe(false);
  });
});

describe('createDeviceListView', () => {
  const asMap = (devices: Device[]) => new Map(devices.map((d) => [d.id, d]));
  it.each([
    ['all', query({})],
    ['online by name', query({ status: 'online' })],
    ['search', query({ search: 'truck' })],
    ['last update', query({ sort: 'lastUpdate' })],
    ['group', query({ groupId: 1, sort: 'lastUpdate' })],
  ] as const)('gives the same result as filterAndSort: %s', (_name, q) => {
    const view = createDeviceListView();
    expect(view(asMap(fleet), q)).toEqual(filterAndSort(fleet, q));
  });

  it('follows changes: status, rename, added and removed devices', () => {
    const view = createDeviceListView();
    let devices = asMap(fleet);
    const steps: Array<[string, (map: Map<number, Device>) => void]> = [
      ['status', (map) => map.set(1, { ...fleet[0]!, status: 'offline' })],
      ['rename', (map) => map.set(4, { ...fleet[3]!, name: 'Zeta' })],
      ['add', (map) => map.set(6, device(6, { name: 'Aardvark' }))],
      ['remove', (map) => map.delete(2)],
    ];
    for (const q of [query({}), query({ status: 'online' })]) {
      for (const [, change] of steps) {
        const next = new Map(devices);
        change(next);
        devices = next;
        expect(view(devices, q)).toEqual(filterAndSort(devices.values(), q));
      }
    }
  });
});
