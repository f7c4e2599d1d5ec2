import { describe, expect, it } from 'vitest';
import { scaleUnit } from './scale';

describe('the scale bar unit', () => {
  it('follows the distance unit: km metric, mi imperial, nmi nautical, metric by default', () => {
    expect(scaleUnit('km')).toBe('metric');
    expect(scaleUnit('mi')).toBe('imperial');
    expect(scaleUnit('nmi')).toBe('nautical');
    expect(scaleUnit(undefined)).toBe('metric');
  });
});
