import { describe, expect, it } from 'vitest';
import { chooseLanguage, directionOf, toLanguage } from './language';

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
