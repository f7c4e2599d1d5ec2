import { describe, expect, it } from 'vitest';
import { chooseLanguage, directionOf, intlLocale, LANGUAGE_NAMES, SUPPORTED_LANGUAGES, toLanguage } from './language';
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
  it('direction is rtl for ar, he, fa and ur', () => {
    expect(['ar', 'he', 'fa', 'ur', 'ar-SA', 'en', 'fr', 'pt-BR'].map(directionOf)).toEqual(['rtl', 'rtl', 'rtl', 'rtl', 'rtl', 'ltr', 'ltr', 'ltr']);
  });
  it('normalises', () => {
    expect(toLanguage('ar_SA')).toBe('ar');
    expect(toLanguage('pt')).toBe('pt-BR');
    expect(toLanguage('pt_br')).toBe('pt-BR');
    expect(toLanguage('pt-PT')).toBe('pt-BR');
    expect(toLanguage('iw')).toBe('he');
    expect(toLanguage('DE-at')).toBe('de');
    expect(toLanguage('zh')).toBeNull();
    expect(toLanguage(3)).toBeNull();
  });
  it('names every language in itself, and formats Persian dates on the Gregorian calendar with Persian digits', () => {
    expect(Object.keys(LANGUAGE_NAMES).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    const date = new Date(Date.UTC(2026, 10, 29, 12));
    expect(new Intl.DateTimeFormat(intlLocale('fa'), { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: 'UTC' }).format(date)).toBe('۲۰۲۶/۱۱/۲۹');
    expect(intlLocale('de')).toBe('de');
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
