/**
 * Units as Traccar names them (user or server attributes `speedUnit`, `distanceUnit`,
 * `altitudeUnit`, `volumeUnit`): conversions from the wire's units (speed in knots, distances and
 * altitude in metres, volumes in litres) and the unit a user sees.
 */
import type { Server, User } from '../../contract/models';
import { preference } from './permissions';
import {
  FEET_PER_METER,
  KNOTS_TO_KMH,
  KNOTS_TO_MPH,
  LITERS_PER_IMPERIAL_GALLON,
  LITERS_PER_US_GALLON,
  METERS_PER_MILE,
  METERS_PER_NAUTICAL_MILE,
} from '../../contract/units';

export type SpeedUnit = 'kn' | 'kmh' | 'mph';
export type DistanceUnit = 'km' | 'mi' | 'nmi';
export type AltitudeUnit = 'm' | 'ft';
export type VolumeUnit = 'ltr' | 'usGal' | 'impGal';

export interface Units {
  speed: SpeedUnit;
  distance: DistanceUnit;
  altitude: AltitudeUnit;
  volume: VolumeUnit;
}

/** Metric by default (the product's first users drive in km/h). */
export const DEFAULT_UNITS: Units = { speed: 'kmh', distance: 'km', altitude: 'm', volume: 'ltr' };

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** The user's units: user attribute, then server attribute (server first when it forces settings). */
export function unitsOf(user: User | null | undefined, server: Server | null | undefined): Units {
  return {
    speed: oneOf(preference('speedUnit', user, server, null), ['kn', 'kmh', 'mph'], DEFAULT_UNITS.speed),
    distance: oneOf(preference('distanceUnit', user, server, null), ['km', 'mi', 'nmi'], DEFAULT_UNITS.distance),
    altitude: oneOf(preference('altitudeUnit', user, server, null), ['m', 'ft'], DEFAULT_UNITS.altitude),
    volume: oneOf(preference('volumeUnit', user, server, null), ['ltr', 'usGal', 'impGal'], DEFAULT_UNITS.volume),
  };
}

export function speedFromKnots(knots: number, unit: SpeedUnit): number {
  if (unit === 'kmh') return knots * KNOTS_TO_KMH;
  if (unit === 'mph') return knots * KNOTS_TO_MPH;
  return knots;
}

/** The inverse of `speedFromKnots`: a speed typed in the user's unit, in knots (the wire's unit). */
export function speedToKnots(value: number, unit: SpeedUnit): number {
  return value / speedFromKnots(1, unit);
}

export function distanceFromMeters(meters: number, unit: DistanceUnit): number {
  if (unit === 'mi') return meters / METERS_PER_MILE;
  if (unit === 'nmi') return meters / METERS_PER_NAUTICAL_MILE;
  return meters / 1000;
}

/** The inverse of `distanceFromMeters`: a distance typed in the user's unit, in metres (the wire's unit). */
export function distanceToMeters(value: number, unit: DistanceUnit): number {
  return value / distanceFromMeters(1, unit);
}

export function altitudeFromMeters(meters: number, unit: AltitudeUnit): number {
  return unit === 'ft' ? meters * FEET_PER_METER : meters;
}

export function volumeFromLiters(liters: number, unit: VolumeUnit): number {
  if (unit === 'usGal') return liters / LITERS_PER_US_GALLON;
  if (unit === 'impGal') return liters / LITERS_PER_IMPERIAL_GALLON;
  return liters;
}
