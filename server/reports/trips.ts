/**
 * Trips and stops (ReportUtils.calculateTrip/calculateStop, slowTripsAndStops, fastTripsAndStops).
 * Pure: positions (and, in fast mode, stored motion events) in, report items out.
 */
import type { Event, Position, StopReportItem, TripReportItem } from '../../contract/models.ts';
import {
  type ReportDevice,
  type TripsConfig,
  attrNumber,
  baseReportItem,
  calculateDistance,
  findDriver,
  fixTime,
  hasAttr,
  isMoving,
  knotsFromMps,
} from './common.ts';
import { type MotionEvent, newLogicEvents, oldLogicEvents } from './motion.ts';

/** driverUniqueId → driver name (the drivers table). */
export type DriverNames = (uniqueId: string) => string | null;

export function calculateTrip(
  device: ReportDevice,
  start: Position,
  end: Position,
  maxSpeed: number,
  config: Pick<TripsConfig, 'ignoreOdometer'>,
  driverName: DriverNames = () => null,
): TripReportItem {
  const duration = fixTime(end) - fixTime(start);
  const distance = calculateDistance(start, end, !config.ignoreOdometer);
  const averageSpeed = duration > 0 ? knotsFromMps((distance * 1000) / duration) : 0;
  const driverUniqueId = findDriver(start, end);
  return {
    ...baseReportItem(device, start, end, config.ignoreOdometer, { distance, averageSpeed, maxSpeed }),
    startPositionId: start.id,
    endPositionId: end.id,
    startLat: start.latitude,
    startLon: start.longitude,
    endLat: end.latitude,
    endLon: end.longitude,
    startAddress: start.address,
    endAddress: end.address,
    duration,
    driverUniqueId,
    driverName: driverUniqueId === null ? null : driverName(driverUniqueId),
  };
}

export function calculateStop(
  device: ReportDevice,
  start: Position,
  end: Position,
  config: Pick<TripsConfig, 'ignoreOdometer'>,
): StopReportItem {
  return {
    ...baseReportItem(device, start, end, config.ignoreOdometer, { distance: 0, averageSpeed: 0, maxSpeed: 0 }),
    positionId: start.id,
    latitude: start.latitude,
    longitude: start.longitude,
    address: start.address,
    duration: fixTime(end) - fixTime(start),
    engineHours:
      hasAttr(start.attributes, 'hours') && hasAttr(end.attributes, 'hours')
        ? Math.trunc(attrNumber(end.attributes, 'hours')) - Math.trunc(attrNumber(start.attributes, 'hours'))
        : 0,
  };
}

export type TripsOrStops = 'trips' | 'stops';

/** The motion transitions of a position history under the configured logic. */
export function motionEvents(positions: Position[], config: TripsConfig): MotionEvent[] {
  return config.newLogic
    ? newLogicEvents(positions, { minDistance: config.minDistance, minDuration: config.minDuration, stopGap: config.stopGap })
    : oldLogicEvents(positions, config);
}

function maxSpeedBetween(positions: Position[], from: number, to: number): number {
  let max = 0;
  for (let i = from; i <= to; i++) max = Math.max(max, positions[i]!.speed);
  return max;
}

/**
 * slowTripsAndStops: the first position's motion decides whether an item is open at the start;
 * moving/stopped transitions open and close items; an item still open runs to the last position.
 */
export function detectTripsAndStops(
  kind: 'trips',
  device: ReportDevice,
  positions: Position[],
  config: TripsConfig,
  driverName?: DriverNames,
): TripReportItem[];
export function detectTripsAndStops(
  kind: 'stops',
  device: ReportDevice,
  positions: Position[],
  config: TripsConfig,
  driverName?: DriverNames,
): StopReportItem[];
export function detectTripsAndStops(
  kind: TripsOrStops,
  device: ReportDevice,
  positions: Position[],
  config: TripsConfig,
  driverName?: DriverNames,
): Array<TripReportItem | StopReportItem> {
  const result: Array<TripReportItem | StopReportItem> = [];
  if (!positions.length) return result;
  const trips = kind === 'trips';
  const build = (startIndex: number, endIndex: number): TripReportItem | StopReportItem =>
    trips
      ? calculateTrip(device, positions[startIndex]!, positions[endIndex]!, maxSpeedBetween(positions, startIndex, endIndex), config, driverName)
      : calculateStop(device, positions[startIndex]!, positions[endIndex]!, config);

  let start: number | null = isMoving(positions[0]!) === trips ? 0 : null;
  for (const event of motionEvents(positions, config)) {
    const motion = event.type === 'deviceMoving';
    if (motion === trips) {
      start = event.index;
    } else if (start !== null) {
      result.push(build(start, event.index));
      start = null;
    }
  }
  if (start !== null) result.push(build(start, positions.length - 1));
  return result;
}

/**
 * fastTripsAndStops (ranges over report.fastThreshold): the stored deviceMoving/deviceStopped
 * events decide; maxSpeed is 0. `first`/`last` are the edge positions of the range, `byId` resolves
 * event positions (of this device).
 */
export function fastTripsAndStops(
  kind: TripsOrStops,
  device: ReportDevice,
  events: Event[],
  first: Position | null,
  last: Position | null,
  byId: (id: number) => Position | undefined,
  config: TripsConfig,
  driverName?: DriverNames,
): Array<TripReportItem | StopReportItem> {
  const trips = kind === 'trips';
  const build = (start: Position, end: Position): TripReportItem | StopReportItem =>
    trips ? calculateTrip(device, start, end, 0, config, driverName) : calculateStop(device, start, end, config);
  const result: Array<TripReportItem | StopReportItem> = [];
  let start: Position | null | undefined = first && isMoving(first) === trips ? first : null;
  const ordered = events
    .filter((e) => e.type === 'deviceMoving' || e.type === 'deviceStopped')
    .sort((a, b) => Date.parse(a.eventTime ?? '') - Date.parse(b.eventTime ?? ''));
  for (const event of ordered) {
    const motion = event.type === 'deviceMoving';
    if (motion === trips) {
      start = byId(event.positionId) ?? null;
    } else if (start) {
      const end = byId(event.positionId);
      if (end) result.push(build(start, end));
      start = null;
    }
  }
  if (start && last) result.push(build(start, last));
  return result;
}
