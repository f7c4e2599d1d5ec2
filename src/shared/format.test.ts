import { describe, expect, it } from 'vitest';
import { activateLanguage, i18n } from '../i18n/i18n';
import { DEFAULT_UNITS } from '../domain/units';
import { dateTimeFormat, formatCoordinates, formatDateTime, unitFormatters } from './format';

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

describe('the one date formatter', () => {
  const fix = '2026-11-28T21:30:00.000+00:00';

  it('shows a fix time in the user’s preferred zone, whatever the browser’s', async () => {
    await activateLanguage('en', null);
    const riyadh = unitFormatters(i18n, DEFAULT_UNITS, 'Asia/Riyadh');
    const tokyo = unitFormatters(i18n, DEFAULT_UNITS, 'Asia/Tokyo');
    expect(riyadh.dateTime(fix, { timeStyle: 'short' })).toBe('12:30 AM');
    expect(tokyo.dateTime(fix, { timeStyle: 'short' })).toBe('6:30 AM');
    expect(riyadh.dateTime(fix, { dateStyle: 'medium' })).toBe('Nov 29, 2026');
    expect(riyadh.dateFormat({ timeStyle: 'short' }).format(Date.parse(fix))).toBe('12:30 AM');
    expect(riyadh.dateTime(null)).toBeNull();
    expect(riyadh.dateTime('not a time')).toBeNull();
  });

  it('keeps one formatter per language and options, and leaves out a zone the browser does not know', () => {
    expect(dateTimeFormat('en', { timeStyle: 'short', timeZone: 'Asia/Riyadh' })).toBe(dateTimeFormat('en', { timeStyle: 'short', timeZone: 'Asia/Riyadh' }));
    expect(dateTimeFormat('en', { timeStyle: 'short', timeZone: 'Asia/Riyadh' })).not.toBe(dateTimeFormat('ar', { timeStyle: 'short', timeZone: 'Asia/Riyadh' }));
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(dateTimeFormat('en', { timeStyle: 'short', timeZone: 'Mars/Olympus' }).resolvedOptions().timeZone).toBe(browser);
    expect(formatDateTime('en', fix, { timeStyle: 'short', timeZone: 'Asia/Tokyo' })).toBe('6:30 AM');
  });
});
