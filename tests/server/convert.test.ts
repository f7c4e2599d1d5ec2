/** The database's conversions that every report row goes through (server/db/convert.ts). */
import { describe, expect, it } from 'vitest';
import { isoDate, parseAttributes } from '../../server/db/convert.ts';

const reference = (ms: number) => new Date(ms).toISOString().replace(/Z$/, '+00:00');

describe('isoDate', () => {
  it('writes what Date writes, with +00:00, across days, years and the epoch', () => {
    let seed = 19;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const moments = [0, -1, 1, 999, 1000, 86_399_999, 86_400_000, -86_400_001, 951_782_400_000, 253_402_300_799_999, -62_167_219_200_000, 1.7e12 + 0.9];
    for (let i = 0; i < 20_000; i++) moments.push(Math.floor((next() - 0.3) * 4e12));
    // a report's run of fixes within a day and across midnight (the cached day changes)
    for (let ms = 1_732_751_990_000; ms < 1_732_752_010_000; ms += 137) moments.push(ms);
    for (const ms of moments) expect(isoDate(ms), String(ms)).toBe(reference(ms));
  });

  it('keeps Date’s own form beyond year 9999 and before year 0, and null for none', () => {
    expect(isoDate(253_402_300_800_000)).toBe('+010000-01-01T00:00:00.000+00:00');
    expect(isoDate(-62_167_219_200_001)).toBe(reference(-62_167_219_200_001));
    expect(isoDate(null)).toBeNull();
    expect(isoDate(undefined)).toBeNull();
  });
});

describe('parseAttributes', () => {
  it('keeps values a Traccar attribute may hold and drops the rest', () => {
    expect(parseAttributes('{"a":1,"b":"x","c":true,"d":null,"e":{"f":1},"g":[1]}')).toEqual({ a: 1, b: 'x', c: true, d: null });
    expect(parseAttributes('[1]')).toEqual({});
    expect(parseAttributes('not json')).toEqual({});
    expect(parseAttributes(null)).toEqual({});
  });
});
