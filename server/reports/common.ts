/**
 * Shared helpers of the report computations (Traccar's ReportUtils, PositionUtil, DistanceCalculator,
 * UnitsConverter, AttributeUtil.lookup). Pure: no database access.
 */
import type { Attributes, AttributeValue, BaseReportItem, Device, Position } from '../../contract/models.ts';

import { distanceMeters } from '../../contract/units.ts';

/** Traccar's DistanceCalculator and UnitsConverter: one radius and one knot for the whole product. */
export { distanceMeters, knotsFromMps } from '../../contract/units.ts';

export function positionDistance(a: Position, b: Position): number {
  return distanceMeters(a.latitude, a.longitude, b.latitude, b.longitude);
}


export function fixTime(position: Position): number {
  return position.fixTime ? Date.parse(position.fixTime) : 0;
}

/** Position.getDouble: a number, a numeric string, else 0. */
export function attrNumber(attributes: Attributes, key: string): number {
  const value = attributes[key];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return 0;
}

export function hasAttr(attributes: Attributes, key: string): boolean {
  return attributes[key] !== undefined && attributes[key] !== null;
}

/** Position.getBoolean: true, or the string "true". */
export function attrBool(attributes: Attributes, key: string): boolean {
  const value = attributes[key];
  return value === true || (typeof value === 'string' && value.toLowerCase() === 'true');
}

/** `motion` when the position carries it, else speed above Traccar's default threshold (0.01 kn). */
export function isMoving(position: Position): boolean {
  const motion = position.attributes.motion;
  if (typeof motion === 'boolean') return motion;
  if (typeof motion === 'string') return motion.toLowerCase() === 'true';
  return position.speed > 0.01;
}

/** PositionUtil.calculateDistance: odometer difference when both are non-zero and allowed, else totalDistance. */
export function calculateDistance(first: Position, last: Position, useOdometer: boolean): number {
  const a = attrNumber(first.attributes, 'odometer');
  const b = attrNumber(last.attributes, 'odometer');
  if (useOdometer && a !== 0 && b !== 0) return b - a;
  return attrNumber(last.attributes, 'totalDistance') - attrNumber(first.attributes, 'totalDistance');
}

/** Start/end odometer as Traccar reports them: the odometer when usable, else totalDistance. */
export function odometers(first: Position, last: Position, ignoreOdometer: boolean): [number, number] {
  const a = attrNumber(first.attributes, 'odometer');
  const b = attrNumber(last.attributes, 'odometer');
  if (!ignoreOdometer && a !== 0 && b !== 0) return [a, b];
  return [attrNumber(first.attributes, 'totalDistance'), attrNumber(last.attributes, 'totalDistance')];
}

/** ReportUtils.calculateFuel: fuelUsed difference, else fuel drop, else fuelLevel % × the device's fuelCapacity. */
export function calculateFuel(first: Position, last: Position, deviceAttributes: Attributes): number {
  const f = first.attributes;
  const l = last.attributes;
  if (hasAttr(f, 'fuelUsed') && hasAttr(l, 'fuelUsed')) return attrNumber(l, 'fuelUsed') - attrNumber(f, 'fuelUsed');
  if (hasAttr(f, 'fuel') && hasAttr(l, 'fuel')) return attrNumber(f, 'fuel') - attrNumber(l, 'fuel');
  if (hasAttr(f, 'fuelLevel') && hasAttr(l, 'fuelLevel') && hasAttr(deviceAttributes, 'fuelCapacity')) {
    return ((attrNumber(f, 'fuelLevel') - attrNumber(l, 'fuelLevel')) / 100) * attrNumber(deviceAttributes, 'fuelCapacity');
  }
  return 0;
}

/** What the caller measured over the positions of an item: its distance and speeds. */
export interface ItemMotion {
  distance: number;
  averageSpeed: number;
  maxSpeed: number;
}

/**
 * The fields every trip, stop and summary item has (BaseReportItem), from its first and last
 * position: the fuel spent, the odometers and the times; the distance and speeds as measured.
 */
export function baseReportItem(
  device: ReportDevice,
  first: Position,
  last: Position,
  ignoreOdometer: boolean,
  { distance, averageSpeed, maxSpeed }: ItemMotion,
): BaseReportItem {
  const [startOdometer, endOdometer] = odometers(first, last, ignoreOdometer);
  return {
    deviceId: device.id,
    deviceName: device.name,
    distance,
    averageSpeed,
    maxSpeed,
    spentFuel: calculateFuel(first, last, device.attributes),
    startOdometer,
    endOdometer,
    startTime: first.fixTime ?? '',
    endTime: last.fixTime ?? '',
  };
}

/** ReportUtils.findDriver: the first position's driverUniqueId, else the last one's. */
export function findDriver(first: Position, last: Position): string | null {
  for (const position of [first, last]) {
    const value = position.attributes.driverUniqueId;
    if (value !== undefined && value !== null) return String(value);
  }
  return null;
}

/**
 * A configuration value looked up as Traccar's AttributeUtil.lookup: device attributes, then the
 * parent-group chain (nearest first), then server attributes, then the default.
 */
export interface ConfigSource {
  device?: Attributes;
  groups?: Attributes[];
  server?: Attributes;
}

function lookupRaw(source: ConfigSource, key: string): AttributeValue | undefined {
  for (const attributes of [source.device, ...(source.groups ?? []), source.server]) {
    const value = attributes?.[key];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

export function lookupNumber(source: ConfigSource, key: string, fallback: number): number {
  const value = lookupRaw(source, key);
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return fallback;
}

export function lookupBoolean(source: ConfigSource, key: string, fallback: boolean): boolean {
  const value = lookupRaw(source, key);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    if (value.toLowerCase() === 'true') return true;
    if (value.toLowerCase() === 'false') return false;
  }
  return fallback;
}

export function lookupString(source: ConfigSource, key: string): string | undefined {
  const value = lookupRaw(source, key);
  return typeof value === 'string' ? value : undefined;
}

/** Every configuration key the trip/stop/summary computations read, with Traccar's defaults. */
export interface TripsConfig {
  ignoreOdometer: boolean;
  newLogic: boolean;
  /** new logic, metres */
  minDistance: number;
  /** new logic, ms */
  minDuration: number;
  /** new logic, ms */
  stopGap: number;
  /** old logic (TripsConfig), metres */
  minimalTripDistance: number;
  /** old logic, ms */
  minimalTripDuration: number;
  /** old logic, ms */
  minimalParkingDuration: number;
  /** old logic, ms */
  minimalNoDataDuration: number;
  useIgnition: boolean;
}

export function tripsConfig(source: ConfigSource): TripsConfig {
  return {
    ignoreOdometer: lookupBoolean(source, 'report.ignoreOdometer', false),
    newLogic: lookupBoolean(source, 'report.trip.newLogic', true),
    minDistance: lookupNumber(source, 'report.trip.minDistance', 200),
    minDuration: lookupNumber(source, 'report.trip.minDuration', 180) * 1000,
    stopGap: lookupNumber(source, 'report.trip.stopGap', 3600) * 1000,
    minimalTripDistance: lookupNumber(source, 'report.trip.minimalTripDistance', 500),
    minimalTripDuration: lookupNumber(source, 'report.trip.minimalTripDuration', 300) * 1000,
    minimalParkingDuration: lookupNumber(source, 'report.trip.minimalParkingDuration', 300) * 1000,
    minimalNoDataDuration: lookupNumber(source, 'report.trip.minimalNoDataDuration', 3600) * 1000,
    useIgnition: lookupBoolean(source, 'report.trip.useIgnition', false),
  };
}

/** What the item builders need to know about the device. */
export interface ReportDevice {
  id: number;
  name: string;
  attributes: Attributes;
}

export function reportDevice(device: Pick<Device, 'id' | 'name' | 'attributes'>): ReportDevice {
  return { id: device.id, name: device.name, attributes: device.attributes };
}
