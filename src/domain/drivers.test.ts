import { describe, expect, it } from 'vitest';
import { driverName, driverUniqueIdOf } from './drivers';
import { subjectsFrom } from '../shared/eventSubjects';

describe('drivers by unique id', () => {
  const drivers = subjectsFrom({
    drivers: [
      { id: 1, name: 'Salem', uniqueId: 'card-7', attributes: {} },
      { id: 2, name: ' ', uniqueId: 'card-8', attributes: {} },
    ],
  }).driver;

  it('names the driver of a known unique id, and gives the identifier itself otherwise', () => {
    expect(driverName(drivers, 'card-7')).toBe('Salem');
    expect(driverName(drivers, 'card-9')).toBe('card-9');
    // a driver without a name reads as its identifier; no list yet: the identifier
    expect(driverName(drivers, 'card-8')).toBe('card-8');
    expect(driverName(undefined, 'card-7')).toBe('card-7');
  });

  it('reads the identifier of attributes: text or a number, nothing when absent or blank', () => {
    expect(driverUniqueIdOf({ driverUniqueId: ' card-7 ' })).toBe('card-7');
    expect(driverUniqueIdOf({ driverUniqueId: 4711 })).toBe('4711');
    expect(driverUniqueIdOf({ driverUniqueId: '' })).toBeNull();
    expect(driverUniqueIdOf({ driverUniqueId: true })).toBeNull();
    expect(driverUniqueIdOf({})).toBeNull();
    expect(driverUniqueIdOf(null)).toBeNull();
  });
});
