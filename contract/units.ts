/**
 * The wire's units (Traccar's): speed in knots, distance and altitude in metres, volume in litres,
 * and the one distance on the earth that the client, the server and the reports all use.
 */

/** One knot is exactly 1.852 km/h (1852 m per hour). */
export const METERS_PER_KNOT_HOUR = 1852;
export const KNOTS_TO_KMH = METERS_PER_KNOT_HOUR / 1000;
export const KNOTS_TO_MPH = METERS_PER_KNOT_HOUR / 1609.344;
export const METERS_PER_MILE = 1609.344;
export const METERS_PER_NAUTICAL_MILE = METERS_PER_KNOT_HOUR;
export const FEET_PER_METER = 1 / 0.3048;
export const LITERS_PER_US_GALLON = 3.785411784;
export const LITERS_PER_IMPERIAL_GALLON = 4.54609;

/** Traccar's UnitsConverter.knotsFromMps. */
export function knotsFromMps(mps: number): number {
  return (mps * 3600) / METERS_PER_KNOT_HOUR;
}

export function mpsFromKnots(knots: number): number {
  return (knots * METERS_PER_KNOT_HOUR) / 3600;
}

export function knotsFromKmh(kmh: number): number {
  return kmh / KNOTS_TO_KMH;
}

/**
 * The earth radius of every distance (Traccar's DistanceCalculator: the WGS-84 equatorial
 * radius), so that ingest (odometer, geofence circles) and reports agree to the metre.
 */
export const EARTH_RADIUS = 6_378_137;

const RAD = Math.PI / 180;

/** Great-circle (haversine) distance in metres between two points given latitude first. */
export function distanceMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a));
}

/** Metres per degree of latitude on the same sphere. */
export const METERS_PER_DEGREE = EARTH_RADIUS * RAD;
