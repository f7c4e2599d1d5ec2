import { describe, expect, it } from 'vitest';
import { coordinateFormatOf, formatCoordinate } from './coordinates';

describe('coordinate formats', () => {
  it.each([
    [24.7136, 'latitude', 'dd', '24.713600°'],
    [24.7136, 'latitude', 'ddm', '24° 42.8160′ N'],
    [24.7136, 'latitude', 'dms', '24° 42′ 48.96″ N'],
    [-33.8688, 'latitude', 'dms', '33° 52′ 7.68″ S'],
    [-0.5, 'longitude', 'ddm', '0° 30.0000′ W'],
    [46.6753, 'longitude', 'dms', '46° 40′ 31.08″ E'],
    [10.99999999, 'latitude', 'dms', '11° 0′ 0.00″ N'],
    [Number.NaN, 'latitude', 'dd', ''],
  ] as const)('%d as %s in %s is %s', (value, axis, format, text) => {
    expect(formatCoordinate(value, axis, format)).toBe(text);
  });

  it('an unknown preference is decimal degrees', () => {
    expect(coordinateFormatOf('dms')).toBe('dms');
    expect(coordinateFormatOf('x')).toBe('dd');
    expect(coordinateFormatOf(null)).toBe('dd');
  });
});
