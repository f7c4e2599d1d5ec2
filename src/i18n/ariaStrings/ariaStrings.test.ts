import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LocalizedStringDictionary, LocalizedStringFormatter, type LocalizedString } from '@internationalized/string';
import fa from './fa';
import ur from './ur';
import id from './id';

type Strings = Record<string, Record<string, LocalizedString>>;
type Variables = Record<string, string | number | boolean>;

/** React Aria's formatter, `plural` made public to record the categories each call offers. */
class RecordingFormatter extends LocalizedStringFormatter {
  pluralKeys: string[][] = [];
  public override plural(count: number, options: Record<string, string | (() => string)>, type?: Intl.PluralRuleType): string {
    this.pluralKeys.push(Object.keys(options));
    return super.plural(count, options, type);
  }
}

interface Locale {
  strings: Strings;
  /** CLDR's plural categories for the language, the ones every `t.plural` offers (with `=0` where the English has it). */
  categories: string[];
  /** Letters the language does not write (Arabic yeh, kaf, and for Urdu the Arabic heh; any Arabic-script letter in Indonesian). */
  foreignLetters: RegExp;
  /** `package/key` of strings meant to read exactly as the English. */
  sameAsEnglish: string[];
}

const LOCALES: Record<string, Locale> = {
  fa: {
    strings: fa,
    categories: ['one', 'other'],
    foreignLetters: /[\u064A\u0643]/,
    // "name: value": nothing but the variables and a colon.
    sameAsEnglish: ['@react-aria/color/colorNameAndValue'],
  },
  ur: {
    strings: ur,
    categories: ['one', 'other'],
    foreignLetters: /[\u064A\u0643\u0647]/,
    // Only variables; Urdu orders the colour's adjectives as English does.
    sameAsEnglish: ['@react-aria/color/colorNameAndValue', '@react-stately/color/colorName'],
  },
  id: {
    strings: id,
    categories: ['other'],
    foreignLetters: /[\u0600-\u06FF]/,
    sameAsEnglish: [
      // Only variables, with the comma Indonesian uses too.
      '@react-aria/color/colorNameAndValue',
      '@react-aria/color/colorInputLabel',
      // CLDR's Indonesian field names (what Intl.DisplayNames says) and an Indonesian word.
      '@react-aria/datepicker/era',
      '@react-aria/datepicker/dayPeriod',
      '@react-stately/color/magenta',
    ],
  },
};

/**
 * React Aria's English, from `react-aria-components/i18n/en-US` (its types declare the default export a
 * type only, so it is loaded as the CommonJS module it also is: `module.exports = {package: {key: …}}`).
 */
const en = createRequire(import.meta.url)('react-aria-components/i18n/en-US') as Strings;
const COUNTS = [0, 1, 2, 5, 21];

const sorted = (values: Iterable<string>): string[] => [...values].sort();
/** The variables a compiled string function reads (`e.name`). */
const variablesOf = (fn: LocalizedString): string[] => sorted(new Set([...String(fn).matchAll(/\be\.(\w+)/g)].map((m) => m[1] ?? '')));
const isNumeric = (pkg: string, key: string, name: string): boolean =>
  /count$/i.test(name) || (pkg === '@react-aria/table' && key === 'columnSize' && name === 'value');

/** Sample variables: a number for counts and sizes, a flag for `is…`, a recognisable string otherwise. */
function sample(pkg: string, key: string, names: string[], n: number, flag: boolean): Variables {
  return Object.fromEntries(names.map((name) => [name, isNumeric(pkg, key, name) ? n : name.startsWith('is') ? flag : `«${name}»`]));
}

function format(locale: string, strings: Strings, pkg: string, key: string, variables?: Variables): string {
  return new LocalizedStringFormatter(locale, new LocalizedStringDictionary({ [locale]: strings[pkg] ?? {} })).format(key, variables);
}

for (const [locale, { strings, categories, foreignLetters, sameAsEnglish }] of Object.entries(LOCALES)) {
  const entries = Object.entries(en).flatMap(([pkg, keys]) => Object.keys(keys).map((key) => [pkg, key] as const));
  const translated = (pkg: string, key: string): LocalizedString | undefined => strings[pkg]?.[key];

  describe(`React Aria strings: ${locale}`, () => {
    it('has exactly the English packages and keys, each a string where the English is one and a function where it is one', () => {
      expect(sorted(Object.keys(strings))).toEqual(sorted(Object.keys(en)));
      for (const [pkg, keys] of Object.entries(en)) expect(sorted(Object.keys(strings[pkg] ?? {})), pkg).toEqual(sorted(Object.keys(keys)));
      expect(entries.length).toBe(147);
      for (const [pkg, key] of entries) expect(typeof translated(pkg, key), `${pkg} ${key}`).toBe(typeof en[pkg]?.[key]);
    });

    it('uses the plural categories CLDR gives the language', () => {
      expect(sorted(new Intl.PluralRules(locale).resolvedOptions().pluralCategories)).toEqual(categories);
    });

    it('every plain string is non-empty and trimmed', () => {
      for (const [pkg, key] of entries) {
        const value = translated(pkg, key);
        if (typeof value !== 'string') continue;
        expect(value.trim(), `${pkg} ${key}`).not.toBe('');
        expect(value, `${pkg} ${key}`).toBe(value.trim());
        expect(value, `${pkg} ${key}`).not.toMatch(/undefined/);
      }
    });

    it('every function reads the English variables, and gives every value the English shows, for each count and flag', () => {
      for (const [pkg, key] of entries) {
        const english = en[pkg]?.[key];
        const value = translated(pkg, key);
        if (typeof english !== 'function' || typeof value !== 'function') continue;
        const names = variablesOf(english);
        expect(variablesOf(value), `${pkg} ${key}`).toEqual(names);
        const counts = names.some((name) => isNumeric(pkg, key, name)) ? COUNTS : [2];
        const flags = names.some((name) => name.startsWith('is')) ? [true, false] : [true];
        const zeroCase = String(english).includes('"=0"');
        for (const n of counts) {
          for (const flag of flags) {
            const variables = sample(pkg, key, names, n, flag);
            const where = `${pkg} ${key} ${JSON.stringify(variables)}`;
            const out = format(locale, strings, pkg, key, variables);
            const englishOut = format('en-US', en, pkg, key, variables);
            expect(out.trim(), where).not.toBe('');
            expect(out, where).not.toMatch(/undefined|NaN|\[object/);
            for (const [name, v] of Object.entries(variables)) {
              if (typeof v === 'boolean') continue;
              if (typeof v === 'string') {
                if (englishOut.includes(v)) expect(out, `${where}: ${name}`).toContain(v);
              } else if (englishOut.includes(String(v))) {
                expect(out, `${where}: ${name}`).toContain(new Intl.NumberFormat(locale).format(v));
              }
            }
            // The plural categories offered, recorded by calling the function as React Aria does.
            const formatter = new RecordingFormatter(locale, new LocalizedStringDictionary({ [locale]: {} }));
            expect(value(variables, formatter), where).toBe(out);
            for (const keys of formatter.pluralKeys) expect(sorted(keys), where).toEqual(sorted(zeroCase ? ['=0', ...categories] : categories));
            // LocalizedStringProvider serialises functions with toString(): each must stand alone.
            const revived = new Function(`return (${String(value)});`)() as typeof value;
            expect(revived(variables, formatter), where).toBe(out);
          }
        }
      }
    });

    it('leaves no string as the English but the listed ones, which are', () => {
      for (const [pkg, key] of entries) {
        const english = en[pkg]?.[key];
        const value = translated(pkg, key);
        const names = typeof english === 'function' ? variablesOf(english) : [];
        const variables = sample(pkg, key, names, 2, true);
        const same =
          typeof value === 'function'
            ? format(locale, strings, pkg, key, variables) === format('en-US', en, pkg, key, variables)
            : value === english;
        expect(same, `${pkg}/${key}`).toBe(sameAsEnglish.includes(`${pkg}/${key}`));
      }
    });

    it("writes the language's own letters", () => {
      for (const [pkg, key] of entries) {
        const english = en[pkg]?.[key];
        const names = typeof english === 'function' ? variablesOf(english) : [];
        const text = format(locale, strings, pkg, key, sample(pkg, key, names, 2, true));
        expect(text, `${pkg} ${key}`).not.toMatch(foreignLetters);
      }
    });
  });
}
