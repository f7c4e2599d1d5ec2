import { describe, expect, it } from 'vitest';
import { browserTimeZone, isTimeZone, knownZone, preferredTimeZone } from './timeZone';

describe('time zones', () => {
  it.each([
    ['Asia/Riyadh', true],
    ['UTC', true],
    ['America/Argentina/Buenos_Aires', true],
    ['Mars/Olympus', false],
    ['', false],
    [null, false],
    [3, false],
  ])('%j is a zone: %s', (zone, known) => {
    expect(isTimeZone(zone)).toBe(known);
  });

  it('a known zone, else the fallback', () => {
    expect(knownZone('Asia/Riyadh', 'UTC')).toBe('Asia/Riyadh');
    expect(knownZone('Mars/Olympus', 'UTC')).toBe('UTC');
    expect(knownZone(undefined, undefined)).toBeUndefined();
  });

  it('the preferred zone is the preference when known, else the browser’s', () => {
    expect(preferredTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(preferredTimeZone('Mars/Olympus')).toBe(browserTimeZone());
    expect(preferredTimeZone('')).toBe(browserTimeZone());
  });
});
