import { describe, expect, it } from 'vitest';
import { activateLanguage, i18n } from '../../i18n/i18n';
import { DEFAULT_UNITS } from '../../domain/units';
import { formatCoordinates, unitFormatters } from './format';

describe('map page formats', () => {
  it('isolates coordinates left-to-right, so "lat, lon" keeps its order in a right-to-left line', () => {
    const text = formatCoordinates('ar', 24.754396, 46.675796);
    expect(text.startsWith('\u2066')).toBe(true);
    expect(text.endsWith('\u2069')).toBe(true);
    expect(text.slice(1, -1).split(', ')).toHaveLength(2);
  });

  it('shows speed in the user unit, not knots (25.97 kn is 48.1 km/h), with the unit in the UI language', async () => {
    await activateLanguage('en', null);
    expect(unitFormatters(i18n, DEFAULT_UNITS).speed(25.97)).toBe('48.1 km/h');
    expect(unitFormatters(i18n, { ...DEFAULT_UNITS, speed: 'mph' }).speed(25.97)).toBe('29.9 mph');
    await activateLanguage('ar', null);
    expect(unitFormatters(i18n, DEFAULT_UNITS).speed(25.97)).toMatch(/كم\/س$/);
    await activateLanguage('en', null);
  });
});
