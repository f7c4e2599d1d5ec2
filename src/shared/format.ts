/** The app's display formats: the active locale's numbers and dates, times in a zone, the user's units. */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  altitudeFromMeters,
  distanceFromMeters,
  speedFromKnots,
  volumeFromLiters,
  type AltitudeUnit,
  type DistanceUnit,
  type SpeedUnit,
  type Units,
  type VolumeUnit,
} from '../domain/units';
import { knownZone } from '../domain/timeZone';
import { intlLocale } from '../domain/language';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number in the locale's digits; one formatter per locale and precision (a report formats 100,000 rows). */
export function formatNumber(locale: string, value: number, digits = 1): string {
  const key = `${locale}|${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The one date formatter: one `Intl.DateTimeFormat` per language and options, kept (making one
 * costs far more than using it: a report formats 100,000 rows). A zone the browser does not know
 * is left out (the browser's own).
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = DATE_TIME): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    const { timeZone, ...rest } = options;
    const zone = knownZone(timeZone, undefined);
    format = new Intl.DateTimeFormat(intlLocale(locale), zone ? { ...rest, timeZone: zone } : rest);
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * A wire time (ISO text) with `options` (by default medium date and time; its `timeZone`, else the
 * browser's: screens use `unitFormatters`' `dateTime`, in the user's zone); null when there is none.
 */
export function formatDateTime(locale: string, value: string | null | undefined, options: Intl.DateTimeFormatOptions = DATE_TIME): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return null;
  return dateTimeFormat(locale, options).format(ms);
}

/** Left-to-right isolate (U+2066 … U+2069): a coordinate pair reads "lat, lon" in a right-to-left line too. */
export function ltr(text: string): string {
  return `\u2066${text}\u2069`;
}

/** "24.754396, 46.675796", isolated left-to-right so that it keeps its order in Arabic. */
export function formatCoordinates(locale: string, latitude: number, longitude: number): string {
  return ltr(`${formatNumber(locale, latitude, 6)}, ${formatNumber(locale, longitude, 6)}`);
}

const SPEED = { kn: msg`kn`, kmh: msg`km/h`, mph: msg`mph` } as const satisfies Record<SpeedUnit, unknown>;
const DISTANCE = { km: msg`km`, mi: msg`mi`, nmi: msg`nmi` } as const satisfies Record<DistanceUnit, unknown>;
const ALTITUDE = { m: msg`m`, ft: msg`ft` } as const satisfies Record<AltitudeUnit, unknown>;
const VOLUME = { ltr: msg`L`, usGal: msg`gal`, impGal: msg`gal` } as const satisfies Record<VolumeUnit, unknown>;

/** The name of a speed unit in the active language (km/h, mph, kn). */
export function speedUnitLabel(i18n: I18n, unit: SpeedUnit): string {
  return i18n._(SPEED[unit]);
}

/** The name of a distance unit in the active language (km, mi, nmi). */
export function distanceUnitLabel(i18n: I18n, unit: DistanceUnit): string {
  return i18n._(DISTANCE[unit]);
}

/** The measures a value can be in, each in the user's unit. */
export type Measure = 'speed' | 'distance' | 'altitude' | 'volume';

/** The decimals a measure is shown with: the screen and the exports round alike. */
const DIGITS: Record<Measure, number> = { speed: 1, distance: 2, altitude: 0, volume: 2 };

/**
 * Values with the user's units, in the active language: a number, a space, the unit. `value` is
 * the same number as a number (rounded as shown) and `unit` its unit's name, for the exports.
 */
export function unitFormatters(i18n: I18n, units: Units, timeZone?: string) {
  const n = (value: number, digits: number) => formatNumber(i18n.locale, value, digits);
  const convert: Record<Measure, (wire: number) => number> = {
    speed: (knots) => speedFromKnots(knots, units.speed),
    distance: (meters) => distanceFromMeters(meters, units.distance),
    altitude: (meters) => altitudeFromMeters(meters, units.altitude),
    volume: (liters) => volumeFromLiters(liters, units.volume),
  };
  const unit = (measure: Measure): string =>
    i18n._(measure === 'speed' ? SPEED[units.speed] : measure === 'distance' ? DISTANCE[units.distance] : measure === 'altitude' ? ALTITUDE[units.altitude] : VOLUME[units.volume]);
  const text = (measure: Measure) => (wire: number) => `${n(convert[measure](wire), DIGITS[measure])} ${unit(measure)}`;
  return {
    speed: text('speed'),
    distance: text('distance'),
    altitude: text('altitude'),
    volume: text('volume'),
    number: (value: number, digits = 2) => n(value, digits),
    /** the number shown, as a number (toFixed rounds the exact value half up, as Intl does for these positive figures) */
    value: (measure: Measure, wire: number): number | null => (Number.isFinite(wire) ? Number(convert[measure](wire).toFixed(DIGITS[measure])) : null),
    unit,
    /** the zone the user's times are shown in (undefined: the browser's) */
    timeZone,
    /** a wire time in the user's zone (medium date and time unless `options` say otherwise); null when there is none */
    dateTime: (value: string | null | undefined, options: Intl.DateTimeFormatOptions = DATE_TIME): string | null =>
      formatDateTime(i18n.locale, value, timeZone ? { ...options, timeZone } : options),
    /** the formatter of `dateTime`, for a list of times */
    dateFormat: (options: Intl.DateTimeFormatOptions = DATE_TIME): Intl.DateTimeFormat => dateTimeFormat(i18n.locale, timeZone ? { ...options, timeZone } : options),
  };
}

export type UnitFormatters = ReturnType<typeof unitFormatters>;

/** Any attribute or field value as plain text (never markup). */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
