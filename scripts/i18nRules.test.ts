import { describe, expect, it } from 'vitest';
import { checkGlossary, checkMessage, GLOSSARY_TERMS, parsePo, type Glossary } from './i18nRules';

describe('checkMessage', () => {
  it('accepts a translation with the same placeholders and the plural categories the language needs', () => {
    expect(checkMessage('ru', '{count, plural, one {# device} other {# devices}}', '{count, plural, one {# устройство} few {# устройства} many {# устройств} other {# устройства}}')).toEqual([]);
    expect(checkMessage('fr', 'Saved {name}', '{name} enregistré')).toEqual([]);
  });
  it('refuses an empty translation', () => {
    expect(checkMessage('de', 'Save', ' ')).toEqual(['no translation']);
  });
  it('refuses a lost or an invented placeholder', () => {
    expect(checkMessage('de', 'Saved {name} at {0}', '{name} gespeichert')).toEqual(['placeholder missing: {0}']);
    expect(checkMessage('de', 'Saved', '{name} gespeichert')).toEqual(['placeholder not in the English: {name}']);
  });
  it('refuses a lost tag', () => {
    expect(checkMessage('fr', 'Read <0>the guide</0>', 'Lire le guide')[0]).toMatch(/^tags differ/);
  });
  it('refuses a plural without a category the language needs, and one with a category it never uses', () => {
    expect(checkMessage('ru', '{n, plural, one {# row} other {# rows}}', '{n, plural, one {# строка} other {# строки}}')).toEqual([
      'plural {n} lacks few, many (ru needs few, many, one, other)',
    ]);
    expect(checkMessage('id', '{n, plural, one {# row} other {# rows}}', '{n, plural, one {# baris} other {# baris}}')).toEqual([
      'plural {n} has one, which id never uses',
    ]);
    expect(checkMessage('ar', '{n, plural, one {# row} other {# rows}}', '{n, plural, =0 {لا صفوف} zero {لا صفوف} one {صف} two {صفان} few {# صفوف} many {# صفًا} other {# صف}}')).toEqual([]);
  });
  it('refuses a translation that is not ICU', () => {
    expect(checkMessage('fr', 'Saved {name}', 'Enregistré {name')[0]).toMatch(/^not a valid ICU message/);
  });
});

describe('checkGlossary', () => {
  const terms = Object.fromEntries(GLOSSARY_TERMS.map((t) => [t, { translation: t, forms: [t] }]));
  const glossary: Glossary = { language: 'de', terms: { ...terms, device: { translation: 'Gerät', forms: ['gerät'] } } };
  it('passes when every message using a term uses one of its forms, case-insensitively', () => {
    expect(checkGlossary(glossary, new Map([['Devices', 'Geräte'], ['Add a device', 'Gerät hinzufügen']]))).toEqual([]);
  });
  it('names a message whose translation uses another word for the term', () => {
    expect(checkGlossary(glossary, new Map([['Add a device', 'Apparat hinzufügen']]))).toEqual([
      'glossary de: "device" is not translated as "gerät": "Add a device" → "Apparat hinzufügen"',
    ]);
  });
  it('skips ignored messages and placeholders, and matches whole words only', () => {
    const ignoring: Glossary = { language: 'de', terms: { ...terms, device: { translation: 'Gerät', forms: ['gerät'], ignore: ['Device off'] } } };
    expect(checkGlossary(ignoring, new Map([['Device off', 'Aus'], ['{device}', '{device}'], ['Devicetree', 'X']]))).toEqual([]);
  });
  it('names a term the glossary lacks, and an ignored message the catalogue lacks', () => {
    const lacking: Glossary = { language: 'de', terms: { ...terms, alarm: { translation: '', forms: [] }, device: { translation: 'Gerät', forms: ['gerät'], ignore: ['Gone'] } } };
    expect(checkGlossary(lacking, new Map())).toEqual([
      'glossary de: "device" ignores a message the catalogue lacks: "Gone"',
      'glossary de: no translation of "alarm"',
    ]);
  });
});

describe('parsePo', () => {
  it('reads escaped single-line entries and skips the header', () => {
    const text = 'msgid ""\nmsgstr "Language: de\\n"\n\n#: a.tsx\nmsgid "Say \\"hi\\""\nmsgstr "Sag \\"hallo\\""\n';
    expect([...parsePo(text)]).toEqual([['Say "hi"', 'Sag "hallo"']]);
  });
});
