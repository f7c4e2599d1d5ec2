import { describe, expect, it } from 'vitest';
import { chooseLanguage, directionOf, toLanguage } from './language';
import { valueDirection } from './bidi';

describe('language', () => {
  it.each([
    [{ user: 'en', server: 'ar', stored: 'ar' }, 'en'],
    [{ user: undefined, server: 'en', stored: 'ar' }, 'en'],
    [{ user: 'xx', server: null, stored: 'en' }, 'en'],
    [{}, 'ar'],
    [{ stored: 'EN-us' }, 'en'],
  ])('chooses %j → %s', (sources, expected) => {
    expect(chooseLanguage(sources)).toBe(expected);
  });
  it('direction is rtl for ar, he and fa', () => {
    expect(['ar', 'he', 'fa', 'ar-SA', 'en', 'fr'].map(directionOf)).toEqual(['rtl', 'rtl', 'rtl', 'rtl', 'ltr', 'ltr']);
  });
  it('normalises', () => {
    expect(toLanguage('ar_SA')).toBe('ar');
    expect(toLanguage(3)).toBeNull();
  });
});

describe('valueDirection', () => {
  it('isolates a value without letters left to right: signs and degree marks keep their side in Arabic', () => {
    expect(valueDirection('-1')).toBe('ltr');
    expect(valueDirection('24.713600°')).toBe('ltr');
    expect(valueDirection('-46.675796°')).toBe('ltr');
    expect(valueDirection('24.713600° 46.675796°')).toBe('ltr');
    expect(valueDirection('')).toBe('ltr');
  });

  it('leaves a value with letters to its own first strong letter', () => {
    expect(valueDirection('40 كم/س')).toBe('auto');
    expect(valueDirection('40 km/h')).toBe('auto');
    expect(valueDirection('24° 42.8160′ N')).toBe('auto');
    expect(valueDirection('الرياض')).toBe('auto');
  });
});
