/**
 * Position attributes as chart series: which keys of a set of positions are numbers, and uPlot's
 * columnar data for some of them (time in seconds, then one column per attribute in the user's
 * units). Built in one pass over the positions with typed arrays, so 100,000 positions take a few
 * milliseconds.
 */
import type { ThemeName } from './theme';
import type { Position } from '../../contract/models';
import { altitudeFromMeters, distanceFromMeters, speedFromKnots, type Units } from './units';

/** The position's own numeric fields a chart offers (the rest of its numbers are ids and coordinates). */
export const POSITION_FIELDS: readonly string[] = ['speed', 'altitude', 'course', 'accuracy'];

/** Keys whose values are speeds in knots, distances in metres (the names Traccar uses). */
const SPEEDS: ReadonlySet<string> = new Set(['speed', 'obdSpeed', 'speedLimit']);
const DISTANCES: ReadonlySet<string> = new Set(['distance', 'totalDistance', 'odometer', 'serviceOdometer', 'tripOdometer', 'obdOdometer']);

/** What a key measures where it has a unit the user chooses; `null` for plain numbers. */
export type Quantity = 'speed' | 'distance' | 'altitude';

export function quantityOf(key: string): Quantity | null {
  if (SPEEDS.has(key)) return 'speed';
  if (DISTANCES.has(key)) return 'distance';
  if (key === 'altitude') return 'altitude';
  return null;
}

/**
 * Series colours, in order: each at least 3:1 against the dark theme's background, surface and raised
 * surface (non-text contrast, WCAG 1.4.11), and apart in hue from its neighbours.
 */
export const SERIES_COLORS: readonly string[] = ['#4f8cff', '#f0a500', '#3fb950', '#f2555a', '#c084fc', '#2bb3a3', '#f472b6', '#d4d4d8'];

/** The same hues, darker: each at least 3:1 against the light theme's surfaces. */
export const LIGHT_SERIES_COLORS: readonly string[] = ['#1a5fd0', '#b25e00', '#1a7f37', '#c1272d', '#8b3fd1', '#0b7368', '#c2185b', '#5b6372'];

/** The colour of the `index`th series, on the dark theme's surfaces (and the dark basemap) or the light theme's. */
export function seriesColor(index: number, theme: ThemeName = 'dark'): string {
  const colors = theme === 'light' ? LIGHT_SERIES_COLORS : SERIES_COLORS;
  return colors[index % colors.length]!;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function valueOf(position: Position, key: string, field: boolean): unknown {
  return field ? (position as unknown as Record<string, unknown>)[key] : position.attributes?.[key];
}

/** Reads one key of a position: the fields by name (a fast property load), an attribute by key. */
function getter(key: string): (position: Position) => unknown {
  if (key === 'speed') return (position) => position.speed;
  if (key === 'altitude') return (position) => position.altitude;
  if (key === 'course') return (position) => position.course;
  if (key === 'accuracy') return (position) => position.accuracy;
  return (position) => position.attributes?.[key];
}

/** The keys that are a finite number in at least one position: the position's fields, then its attributes; sorted. */
export function numericAttributes(positions: readonly Position[]): string[] {
  const keys = new Set<string>();
  for (const position of positions) {
    for (const field of POSITION_FIELDS) {
      if (!keys.has(field) && isNumber(valueOf(position, field, true))) keys.add(field);
    }
    const attributes = position.attributes;
    if (attributes) {
      for (const key in attributes) {
        if (!keys.has(key) && isNumber(attributes[key])) keys.add(key);
      }
    }
  }
  return [...keys].sort();
}

/** A column of values: typed while every value is a number, a plain array with `null` gaps otherwise. */
export type SeriesColumn = Float64Array | (number | null)[];

/** uPlot's aligned data: times in seconds (ascending), then one column per attribute. */
export type SeriesData = [times: Float64Array, ...columns: SeriesColumn[]];

function converter(key: string, units: Units): ((value: number) => number) | null {
  const quantity = quantityOf(key);
  if (quantity === 'speed') return (value) => speedFromKnots(value, units.speed);
  if (quantity === 'distance') return (value) => distanceFromMeters(value, units.distance);
  if (quantity === 'altitude') return (value) => altitudeFromMeters(value, units.altitude);
  return null;
}

/** Two decimal digits at `str[at]`, or -1. */
function twoDigits(str: string, at: number): number {
  const a = str.charCodeAt(at) - 48;
  const b = str.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

/**
 * Milliseconds since the epoch of an ISO time as Traccar sends it (`2024-05-01T10:20:30.000+00:00`,
 * `…Z`), read digit by digit: about three times faster than `Date.parse`, which reads anything else
 * (a time without a zone, a year with a sign). NaN when it is not a time.
 */
export function isoTimeMs(str: string): number {
  const length = str.length;
  if (length < 20 || str.charCodeAt(4) !== 45 || str.charCodeAt(7) !== 45 || str.charCodeAt(13) !== 58 || str.charCodeAt(16) !== 58) return Date.parse(str);
  const separator = str.charCodeAt(10);
  if (separator !== 84 && separator !== 32) return Date.parse(str);
  const century = twoDigits(str, 0);
  const yy = twoDigits(str, 2);
  const month = twoDigits(str, 5);
  const day = twoDigits(str, 8);
  const hour = twoDigits(str, 11);
  const minute = twoDigits(str, 14);
  const second = twoDigits(str, 17);
  if ((century | yy | month | day | hour | minute | second) < 0 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 24 || minute > 59 || second > 59) {
    return Date.parse(str);
  }
  let at = 19;
  let ms = 0;
  if (str.charCodeAt(at) === 46) {
    at++;
    let scale = 100;
    for (; at < length; at++) {
      const digit = str.charCodeAt(at) - 48;
      if (digit < 0 || digit > 9) break;
      ms += digit * scale;
      scale /= 10;
    }
  }
  let offsetMinutes = 0;
  const zone = str.charCodeAt(at);
  if (zone === 90 /* Z */) {
    if (at + 1 !== length) return Date.parse(str);
  } else if (zone === 43 || zone === 45) {
    const oh = twoDigits(str, at + 1);
    const colon = str.charCodeAt(at + 3) === 58;
    const om = twoDigits(str, colon ? at + 4 : at + 3);
    if (oh < 0 || om < 0 || at + (colon ? 6 : 5) !== length) return Date.parse(str);
    offsetMinutes = (oh * 60 + om) * (zone === 43 ? 1 : -1);
  } else {
    return Date.parse(str);
  }
  const seconds = daysFromCivil(century * 100 + yy, month, day) * 86_400 + hour * 3_600 + minute * 60 + second - offsetMinutes * 60;
  return seconds * 1000 + Math.floor(ms);
}

/** The time a position is charted at: its fix time, else its device time, else its server time (ms, NaN when none). */
export function positionTimeMs(position: Position): number {
  const time = position.fixTime ?? position.deviceTime ?? position.serverTime;
  return typeof time === 'string' ? isoTimeMs(time) : Number.NaN;
}

/**
 * uPlot's columnar data for `attributes` of `positions`: times in seconds, then a column per attribute
 * in the user's units (speeds from knots, distances from metres, altitude from metres); a value that is
 * not a finite number is a gap (`null`, the column then a plain array). Positions without a time are
 * left out; positions out of time order are sorted.
 */
export function toSeries(positions: readonly Position[], attributes: readonly string[], units: Units): SeriesData {
  const n = positions.length;
  const m = attributes.length;
  const times = new Float64Array(n);
  const typed: Float64Array[] = attributes.map(() => new Float64Array(n));
  /** a column's plain array once it has a gap (then written by push) */
  const plain: Array<(number | null)[] | null> = attributes.map(() => null);
  const getters = attributes.map(getter);
  const converters = attributes.map((key) => converter(key, units));
  let count = 0;
  let ordered = true;
  let previous = -Infinity;
  for (let i = 0; i < n; i++) {
    const position = positions[i]!;
    const ms = positionTimeMs(position);
    if (ms !== ms) continue; // NaN: no time
    const seconds = ms / 1000;
    if (seconds < previous) ordered = false;
    previous = seconds;
    times[count] = seconds;
    for (let j = 0; j < m; j++) {
      const raw = getters[j]!(position);
      const gaps = plain[j]!;
      if (typeof raw === 'number' && Number.isFinite(raw)) {
        const convert = converters[j];
        const value = convert ? convert(raw) : raw;
        if (gaps) gaps.push(value);
        else typed[j]![count] = value;
      } else if (gaps) {
        gaps.push(null);
      } else {
        const column: (number | null)[] = Array.from(typed[j]!.subarray(0, count));
        column.push(null);
        plain[j] = column;
      }
    }
    count++;
  }
  const columns: SeriesColumn[] = typed.map((column, j) => plain[j] ?? (count < n ? column.subarray(0, count) : column));
  const data: SeriesData = [count < n ? times.subarray(0, count) : times, ...columns];
  return ordered ? data : sortByTime(data);
}

/** The same data with its rows in time order (stable: equal times keep their order). */
function sortByTime(data: SeriesData): SeriesData {
  const [times, ...columns] = data;
  const order = Array.from({ length: times.length }, (_, k) => k).sort((a, b) => times[a]! - times[b]! || a - b);
  const sortedTimes = Float64Array.from(order, (k) => times[k]!);
  const sortedColumns = columns.map((column): SeriesColumn => (column instanceof Float64Array ? Float64Array.from(order, (k) => column[k]!) : order.map((k) => column[k] ?? null)));
  return [sortedTimes, ...sortedColumns];
}

/** The first and last time of the data (seconds), or null when it has none. */
export function timeSpan(data: SeriesData): { start: number; end: number } | null {
  const times = data[0];
  return times.length ? { start: times[0]!, end: times[times.length - 1]! } : null;
}
