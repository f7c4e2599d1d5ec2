import { describe, expect, it } from 'vitest';
import type { Server, User } from '../../contract/models';
import { altitudeFromMeters, DEFAULT_UNITS, distanceFromMeters, distanceToMeters, speedFromKnots, speedToKnots, unitsOf, volumeFromLiters } from './units';

const user = (attributes: Record<string, unknown>) => ({ id: 1, attributes }) as unknown as User;
const server = (attributes: Record<string, unknown>, forceSettings = false) => ({ id: 1, attributes, forceSettings }) as unknown as Server;

describe('units', () => {
  it('converts from the wire units', () => {
    expect(speedFromKnots(25.97, 'kmh')).toBeCloseTo(48.096, 3);
    expect(speedFromKnots(10, 'mph')).toBeCloseTo(11.508, 3);
    expect(speedFromKnots(10, 'kn')).toBe(10);
    expect(distanceFromMeters(12_345, 'km')).toBeCloseTo(12.345, 6);
    expect(distanceFromMeters(1609.344, 'mi')).toBeCloseTo(1, 6);
    for (const unit of ['km', 'mi', 'nmi'] as const) expect(distanceToMeters(distanceFromMeters(12_345, unit), unit)).toBeCloseTo(12_345, 6);
    expect(distanceToMeters(1, 'nmi')).toBeCloseTo(1852, 6);
    expect(distanceFromMeters(1852, 'nmi')).toBeCloseTo(1, 6);
    expect(altitudeFromMeters(100, 'ft')).toBeCloseTo(328.084, 3);
    expect(volumeFromLiters(3.785411784, 'usGal')).toBeCloseTo(1, 6);
  });

  it('takes the user attribute, then the server one, unless the server forces its settings', () => {
    expect(unitsOf(null, null)).toEqual(DEFAULT_UNITS);
    expect(unitsOf(user({ speedUnit: 'mph' }), server({ speedUnit: 'kn', distanceUnit: 'mi' }))).toMatchObject({ speed: 'mph', distance: 'mi' });
    expect(unitsOf(user({ speedUnit: 'mph' }), server({ speedUnit: 'kn' }, true)).speed).toBe('kn');
    expect(unitsOf(user({ speedUnit: 'furlongs' }), null).speed).toBe('kmh');
  });
});

describe('speedToKnots', () => {
  it('is the inverse of speedFromKnots for every unit', () => {
    for (const unit of ['kn', 'kmh', 'mph'] as const) {
      expect(speedToKnots(speedFromKnots(54, unit), unit)).toBeCloseTo(54, 10);
    }
    expect(speedToKnots(100, 'kmh')).toBeCloseTo(100 / 1.852, 10);
  });
});
