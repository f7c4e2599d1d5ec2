import { describe, expect, it } from 'vitest';
import { maintenanceFindings, maintenanceState, maintenanceValue, mergeMaintenanceLinks } from './maintenanceDue';

describe('maintenanceValue', () => {
  it.each<[string, Record<string, string | number>, string, number | null]>([
    ['totalDistance', { totalDistance: 1200 }, 'totalDistance', 1200],
    ['odometer stands in for totalDistance', { odometer: 900 }, 'totalDistance', 900],
    ['totalDistance stands in for odometer', { totalDistance: 800 }, 'odometer', 800],
    ['totalDistance first when both', { totalDistance: 1, odometer: 2 }, 'totalDistance', 1],
    ['hours', { hours: 3_600_000 }, 'hours', 3_600_000],
    ['numeric text', { hours: '42' }, 'hours', 42],
    ['not reported', { speed: 3 }, 'hours', null],
    ['not a number', { hours: 'soon' }, 'hours', null],
    ['empty text', { hours: ' ' }, 'hours', null],
  ])('%s', (_name, attributes, type, expected) => {
    expect(maintenanceValue({ attributes }, type)).toBe(expected);
  });
  it('no position', () => expect(maintenanceValue(null, 'hours')).toBeNull());
});

describe('maintenanceState', () => {
  const item = { id: 7, start: 10_000, period: 5_000 };
  it.each<[string, number | null, number, ReturnType<typeof maintenanceState>]>([
    ['well before', 1_000, 0.1, null],
    ['just outside the window', 9_499, 0.1, null],
    ['at the window', 9_500, 0.1, { maintenanceId: 7, state: 'due', gap: 500 }],
    ['inside the window', 9_900, 0.1, { maintenanceId: 7, state: 'due', gap: 100 }],
    ['at the service point', 10_000, 0.1, { maintenanceId: 7, state: 'overdue', gap: 0 }],
    ['past it', 12_345, 0.1, { maintenanceId: 7, state: 'overdue', gap: 2_345 }],
    ['no window: never due, overdue still', 9_999, 0, null],
    ['unknown value', null, 0.1, null],
  ])('%s', (_name, value, share, expected) => {
    expect(maintenanceState(item, value, share)).toEqual(expected);
  });
  it('a period of 0 has no due window', () => {
    expect(maintenanceState({ id: 1, start: 100, period: 0 }, 99, 0.5)).toBeNull();
    expect(maintenanceState({ id: 1, start: 100, period: 0 }, 100, 0.5)?.state).toBe('overdue');
  });
});

describe('maintenanceFindings', () => {
  const items = new Map([
    [1, { id: 1, type: 'totalDistance', start: 100_000, period: 10_000 }],
    [2, { id: 2, type: 'hours', start: 36_000_000, period: 3_600_000 }],
  ]);
  it('checks each device against its linked items only', () => {
    const positions = new Map([
      [10, { attributes: { totalDistance: 150_000, hours: 0 } }],
      [11, { attributes: { totalDistance: 99_500, hours: 35_900_000 } }],
      [12, { attributes: { totalDistance: 500_000 } }],
      [13, { attributes: { totalDistance: 1 } }],
    ]);
    const links = new Map([
      [10, [1, 2]],
      [11, [1, 2, 2]],
      [13, [1, 99]],
      [14, [1]],
    ]);
    const found = maintenanceFindings(items, links, positions, 0.1);
    expect([...found.keys()]).toEqual([10, 11]);
    expect(found.get(10)).toEqual([{ maintenanceId: 1, state: 'overdue', gap: 50_000 }]);
    expect(found.get(11)).toEqual([
      { maintenanceId: 1, state: 'due', gap: 500 },
      { maintenanceId: 2, state: 'due', gap: 100_000 },
    ]);
  });
});

describe('mergeMaintenanceLinks', () => {
  it('adds the items of the device’s group and its parents, once each, and survives a cycle', () => {
    const devices = [
      { id: 1, groupId: 0 },
      { id: 2, groupId: 5 },
      { id: 3, groupId: 6 },
      { id: 4, groupId: 8 },
    ];
    const parents = new Map([
      [6, 5],
      [8, 9],
      [9, 8],
    ]);
    const links = mergeMaintenanceLinks(devices, new Map([[1, [1]], [3, [2]]]), new Map([[5, [2, 3]], [9, [4]]]), parents);
    expect(links).toEqual(
      new Map([
        [1, [1]],
        [2, [2, 3]],
        [3, [2, 3]],
        [4, [4]],
      ]),
    );
  });
});
