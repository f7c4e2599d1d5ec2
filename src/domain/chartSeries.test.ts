import { describe, expect, it } from 'vitest';
import type { Attributes, Position } from '../../contract/models';
import { contrastRatio } from '../ui/color';
import { darkTokens, lightTokens } from '../ui/theme.css';
import { isoTimeMs, LIGHT_SERIES_COLORS, numericAttributes, quantityOf, SERIES_COLORS, seriesColor, timeSpan, toSeries } from './chartSeries';
import { DEFAULT_UNITS, type Units } from './units';
import { makePosition } from '../../tests/fixtures/models';

const T0 = Date.UTC(2024, 4, 1, 10, 0, 0) / 1000;

const position = (k: number, fields: Partial<Position> = {}, attributes: Attributes = {}): Position =>
  makePosition({ id: k + 1, fixTime: new Date((T0 + k * 10) * 1000).toISOString(), latitude: 24.7, longitude: 46.6, altitude: 600, speed: 10, course: 90, accuracy: 5, attributes, ...fields });

const METRIC: Units = DEFAULT_UNITS;
const IMPERIAL: Units = { speed: 'mph', distance: 'mi', altitude: 'ft', volume: 'usGal' };
const NAUTICAL: Units = { speed: 'kn', distance: 'nmi', altitude: 'm', volume: 'ltr' };

describe('numericAttributes', () => {
  it.each<[string, Position[], string[]]>([
    ['no positions', [], []],
    ['the fields only', [position(0)], ['accuracy', 'altitude', 'course', 'speed']],
    ['numeric attributes, sorted', [position(0, {}, { rpm: 900, fuel: 40.5, ignition: true, driver: 'x' })], ['accuracy', 'altitude', 'course', 'fuel', 'rpm', 'speed']],
    ['a key numeric in one position of many', [position(0, {}, { battery: 'low' }), position(1, {}, { battery: 12.4 })], ['accuracy', 'altitude', 'battery', 'course', 'speed']],
    ['never a number: left out', [position(0, {}, { battery: 'low', odometer: null }), position(1, {}, { battery: '12' })], ['accuracy', 'altitude', 'course', 'speed']],
    ['NaN and Infinity are not numbers', [position(0, { speed: Number.NaN }, { temp: Number.POSITIVE_INFINITY })], ['accuracy', 'altitude', 'course']],
    ['ids and coordinates are not offered', [position(0, {}, { totalDistance: 1000 })], ['accuracy', 'altitude', 'course', 'speed', 'totalDistance']],
  ])('%s', (_name, positions, expected) => {
    expect(numericAttributes(positions)).toEqual(expected);
  });

  it('tolerates a position without attributes', () => {
    expect(numericAttributes([{ ...position(0), attributes: undefined as unknown as Attributes }])).toEqual(['accuracy', 'altitude', 'course', 'speed']);
  });
});

describe('quantityOf', () => {
  it.each<[string, string | null]>([
    ['speed', 'speed'],
    ['obdSpeed', 'speed'],
    ['altitude', 'altitude'],
    ['distance', 'distance'],
    ['totalDistance', 'distance'],
    ['odometer', 'distance'],
    ['course', null],
    ['fuel', null],
  ])('%s → %s', (key, quantity) => {
    expect(quantityOf(key)).toBe(quantity);
  });
});

describe('isoTimeMs', () => {
  it.each([
    '2024-05-01T10:20:30.000+00:00',
    '2024-05-01T10:20:30.123Z',
    '2024-05-01T10:20:30Z',
    '2024-05-01T10:20:30.5+03:00',
    '2024-05-01T10:20:30.123456-04:30',
    '2024-02-29T23:59:59.999+0530',
    '1999-12-31T23:59:59-12:00',
    '2100-03-01T00:00:00+14:00',
    '1970-01-01T00:00:00.000Z',
    '1960-06-15T12:00:00Z',
  ])('%s reads as Date.parse does', (text) => {
    expect(isoTimeMs(text)).toBe(Date.parse(text));
  });

  it.each(['2024-05-01T10:20:30', '2024-05-01', 'yesterday', '', '2024-05-01T10:20:30+03', '2024-13-01T10:20:30Z'])('%s is left to Date.parse', (text) => {
    expect(Object.is(isoTimeMs(text), Date.parse(text))).toBe(true);
  });
});

describe('toSeries', () => {
  it('times in seconds and a typed column per attribute, converted to the user units', () => {
    const positions = [
      position(0, { speed: 10, altitude: 100 }, { totalDistance: 1609.344, fuel: 50 }),
      position(1, { speed: 20, altitude: 200 }, { totalDistance: 3218.688, fuel: 49 }),
    ];
    const [times, speed, altitude, distance, fuel] = toSeries(positions, ['speed', 'altitude', 'totalDistance', 'fuel'], IMPERIAL);
    expect(times).toBeInstanceOf(Float64Array);
    expect([...times]).toEqual([T0, T0 + 10]);
    expect(speed).toBeInstanceOf(Float64Array);
    expect([...speed!].map((v) => Number(v!.toFixed(4)))).toEqual([11.5078, 23.0156]);
    expect([...altitude!].map((v) => Number(v!.toFixed(3)))).toEqual([328.084, 656.168]);
    expect([...distance!].map((v) => Number(v!.toFixed(6)))).toEqual([1, 2]);
    expect([...fuel!]).toEqual([50, 49]);
  });

  it.each<[string, Units, number, number]>([
    ['km/h', METRIC, 10, 18.52],
    ['mph', IMPERIAL, 10, 11.5078],
    ['knots', NAUTICAL, 10, 10],
  ])('speed in %s', (_name, units, knots, expected) => {
    const [, speed] = toSeries([position(0, { speed: knots })], ['speed'], units);
    expect(speed![0]).toBeCloseTo(expected, 4);
  });

  it.each<[string, Units, number]>([
    ['km', METRIC, 1.852],
    ['mi', IMPERIAL, 1.150779],
    ['nmi', NAUTICAL, 1],
  ])('distance, total distance and odometer in %s', (_name, units, expected) => {
    const [, distance, total, odometer] = toSeries([position(0, {}, { distance: 1852, totalDistance: 1852, odometer: 1852 })], ['distance', 'totalDistance', 'odometer'], units);
    for (const column of [distance, total, odometer]) expect(column![0]).toBeCloseTo(expected, 5);
  });

  it('course, accuracy and unknown attributes as they are', () => {
    const [, course, accuracy, rpm] = toSeries([position(0, { course: 270, accuracy: 12 }, { rpm: 2400 })], ['course', 'accuracy', 'rpm'], IMPERIAL);
    expect([course![0], accuracy![0], rpm![0]]).toEqual([270, 12, 2400]);
  });

  it('a value that is not a number is a gap: the column becomes a plain array with null', () => {
    const positions = [
      position(0, {}, { fuel: 10 }),
      position(1, {}, { fuel: 'n/a' }),
      position(2, {}, {}),
      position(3, {}, { fuel: 7 }),
      position(4, {}, { fuel: Number.NaN }),
      position(5, {}, { fuel: true }),
      position(6, {}, { fuel: null }),
      position(7, {}, { fuel: 5 }),
    ];
    const [times, fuel, speed] = toSeries(positions, ['fuel', 'speed'], METRIC);
    expect(times).toHaveLength(8);
    expect(Array.isArray(fuel)).toBe(true);
    expect(fuel).toEqual([10, null, null, 7, null, null, null, 5]);
    expect(speed).toBeInstanceOf(Float64Array);
    expect(speed).toHaveLength(8);
  });

  it('a gap in the first position', () => {
    const [, rpm] = toSeries([position(0), position(1, {}, { rpm: 1000 })], ['rpm'], METRIC);
    expect(rpm).toEqual([null, 1000]);
  });

  it('a key missing everywhere is all gaps', () => {
    const [, missing] = toSeries([position(0), position(1)], ['nothing'], METRIC);
    expect(missing).toEqual([null, null]);
  });

  it('positions without a time are left out, every column the same length', () => {
    const positions = [position(0, { speed: 1 }), position(1, { speed: 2, fixTime: null }), position(2, { speed: 3 }, { rpm: 1 })];
    const [times, speed, rpm] = toSeries(positions, ['speed', 'rpm'], NAUTICAL);
    expect([...times]).toEqual([T0, T0 + 20]);
    expect([...speed!]).toEqual([1, 3]);
    expect(rpm).toEqual([null, 1]);
  });

  it('falls back to the device time, then the server time', () => {
    const deviceTime = new Date((T0 + 5) * 1000).toISOString();
    const serverTime = new Date((T0 + 7) * 1000).toISOString();
    const [times] = toSeries(
      [position(0, { fixTime: null, deviceTime }), position(1, { fixTime: null, deviceTime: null, serverTime }), position(2, { fixTime: null })],
      [],
      METRIC,
    );
    expect([...times]).toEqual([T0 + 5, T0 + 7]);
  });

  it('positions out of order are sorted by time, columns with them', () => {
    const positions = [position(2, { speed: 3 }), position(0, { speed: 1 }, { rpm: 10 }), position(1, { speed: 2 })];
    const [times, speed, rpm] = toSeries(positions, ['speed', 'rpm'], NAUTICAL);
    expect([...times]).toEqual([T0, T0 + 10, T0 + 20]);
    expect(speed).toBeInstanceOf(Float64Array);
    expect([...speed!]).toEqual([1, 2, 3]);
    expect(rpm).toEqual([10, null, null]);
  });

  it('no positions, no attributes', () => {
    const data = toSeries([], ['speed'], METRIC);
    expect(data).toHaveLength(2);
    expect(data[0]).toHaveLength(0);
    expect(timeSpan(data)).toBeNull();
    expect(toSeries([position(0)], [], METRIC)).toHaveLength(1);
  });

  it('timeSpan is the first and last time', () => {
    expect(timeSpan(toSeries([position(0), position(1), position(5)], ['speed'], METRIC))).toEqual({ start: T0, end: T0 + 50 });
  });

  it('100,000 positions as the server sends them (the time is measured in bench/, not here)', () => {
    const base = Date.UTC(2024, 0, 1);
    const positions = Array.from({ length: 100_000 }, (_, k) =>
      position(k, { speed: (k % 120) / 1.852, altitude: 600 + Math.sin(k / 500) * 50, fixTime: new Date(base + k * 5000).toISOString().replace('Z', '+00:00') }),
    );
    // the strings as JSON.parse makes them (flat), as a report response would
    const parsed = JSON.parse(JSON.stringify(positions)) as Position[];
    const data = toSeries(parsed, ['speed', 'altitude'], METRIC);
    expect(data[0]).toHaveLength(100_000);
    expect(data[0][99_999]).toBe((base + 99_999 * 5000) / 1000);
    expect(data[1]).toBeInstanceOf(Float64Array);
  });
});

describe('series colours', () => {
  const surfaces = [darkTokens.color.background, darkTokens.color.surface, darkTokens.color.surfaceRaised];
  it.each([...SERIES_COLORS])('%s is at least 3:1 on every surface', (color) => {
    for (const surface of surfaces) expect(contrastRatio(color, surface)).toBeGreaterThanOrEqual(3);
  });

  const lightSurfaces = [lightTokens.color.background, lightTokens.color.surface, lightTokens.color.surfaceRaised];
  it.each([...LIGHT_SERIES_COLORS])('light theme: %s is at least 3:1 on every surface', (color) => {
    for (const surface of lightSurfaces) expect(contrastRatio(color, surface)).toBeGreaterThanOrEqual(3);
  });

  it('are distinct and repeat after the last, in each theme', () => {
    expect(new Set(SERIES_COLORS).size).toBe(SERIES_COLORS.length);
    expect(seriesColor(SERIES_COLORS.length)).toBe(SERIES_COLORS[0]);
    expect(LIGHT_SERIES_COLORS).toHaveLength(SERIES_COLORS.length);
    expect(new Set(LIGHT_SERIES_COLORS).size).toBe(LIGHT_SERIES_COLORS.length);
    expect(seriesColor(1, 'light')).toBe(LIGHT_SERIES_COLORS[1]);
    expect(seriesColor(LIGHT_SERIES_COLORS.length, 'light')).toBe(LIGHT_SERIES_COLORS[0]);
    expect(seriesColor(1, 'dark')).toBe(SERIES_COLORS[1]);
  });
});
