/** Runs the report computations against the database for a set of devices. */
import type {
  Attributes,
  CombinedReportItem,
  Event,
  GeofenceReportItem,
  Position,
  StopReportItem,
  SummaryReportItem,
  TripReportItem,
} from '../../contract/models.ts';
import type { Db } from '../db/database.ts';
import { type DeviceRow, toDevice } from '../db/devices.ts';
import { type ConfigSource, type ReportDevice, lookupNumber, reportDevice, tripsConfig } from './common.ts';
import { combined, filterEvents, geofenceVisits, sortByStartTime } from './events.ts';
import {
  deviceEvents,
  devicePositionById,
  devicePositionPages,
  devicePositions,
  driverName,
  edgePosition,
  groupChainAttributes,
  propertyVisible,
} from './queries.ts';
import { dailyRanges, summarize } from './summary.ts';
import { detectTripsAndStops, fastTripsAndStops } from './trips.ts';

export const DEFAULT_MAX_POSITIONS = 50000;
export const DEFAULT_FAST_THRESHOLD = 86400;

export interface ReportScope {
  db: Db;
  /** null: administrator */
  userId: number | null;
  serverAttributes: Attributes;
  from: number;
  to: number;
}

interface Resolved {
  device: ReportDevice;
  config: ConfigSource;
}

function resolve(scope: ReportScope, row: DeviceRow): Resolved {
  const device = reportDevice(toDevice(row));
  return {
    device,
    config: { device: device.attributes, groups: groupChainAttributes(scope.db, row.groupId), server: scope.serverAttributes },
  };
}

export function maxPositions(scope: ReportScope): number {
  const value = lookupNumber({ server: scope.serverAttributes }, 'report.maxPositions', DEFAULT_MAX_POSITIONS);
  return value > 0 ? value : DEFAULT_MAX_POSITIONS;
}

/** Ranges longer than report.fastThreshold use the stored motion events. */
export function isFast(scope: ReportScope): boolean {
  const threshold = lookupNumber({ server: scope.serverAttributes }, 'report.fastThreshold', DEFAULT_FAST_THRESHOLD);
  return (scope.to - scope.from) / 1000 > threshold;
}

export function routeReport(scope: ReportScope, devices: DeviceRow[]): Position[] {
  const result: Position[] = [];
  // one at a time: spreading 100,000 positions as arguments nears the engine's stack limit
  for (const page of routePages(scope, devices)) for (const position of page) result.push(position);
  return result;
}

/** The route report in pages of `size` positions (at most `report.maxPositions` in all), device by device. */
export function* routePages(scope: ReportScope, devices: DeviceRow[], size = 2000): Generator<Position[]> {
  let left = maxPositions(scope);
  for (const row of devices) {
    if (left <= 0) return;
    for (const page of devicePositionPages(scope.db, row.id, scope.from, scope.to, left, size)) {
      left -= page.length;
      yield page;
    }
  }
}

export function eventsReport(scope: ReportScope, devices: DeviceRow[], types: string[], alarms: string[]): Event[] {
  const result: Event[] = [];
  for (const row of devices) {
    const events = deviceEvents(scope.db, row.id, scope.from, scope.to);
    result.push(
      ...filterEvents(events, {
        types,
        alarms,
        geofenceVisible: (id) => propertyVisible(scope.db, scope.userId, 'geofence', id),
        maintenanceVisible: (id) => propertyVisible(scope.db, scope.userId, 'maintenance', id),
      }),
    );
  }
  return result;
}

function tripsOrStops(scope: ReportScope, devices: DeviceRow[], kind: 'trips' | 'stops'): Array<TripReportItem | StopReportItem> {
  const result: Array<TripReportItem | StopReportItem> = [];
  const names = (uniqueId: string): string | null => driverName(scope.db, uniqueId);
  const fast = isFast(scope);
  for (const row of devices) {
    const { device, config } = resolve(scope, row);
    const trips = tripsConfig(config);
    if (fast) {
      const events = deviceEvents(scope.db, row.id, scope.from, scope.to, ['deviceMoving', 'deviceStopped']);
      const first = edgePosition(scope.db, row.id, scope.from, scope.to, false);
      const last = edgePosition(scope.db, row.id, scope.from, scope.to, true);
      result.push(
        ...fastTripsAndStops(kind, device, events, first, last, (id) => devicePositionById(scope.db, row.id, id), trips, names),
      );
    } else {
      const positions = devicePositions(scope.db, row.id, scope.from, scope.to);
      if (kind === 'trips') result.push(...detectTripsAndStops('trips', device, positions, trips, names));
      else result.push(...detectTripsAndStops('stops', device, positions, trips, names));
    }
  }
  return result;
}

export function tripsReport(scope: ReportScope, devices: DeviceRow[]): TripReportItem[] {
  return tripsOrStops(scope, devices, 'trips') as TripReportItem[];
}

export function stopsReport(scope: ReportScope, devices: DeviceRow[]): StopReportItem[] {
  return tripsOrStops(scope, devices, 'stops') as StopReportItem[];
}

export function summaryReport(scope: ReportScope, devices: DeviceRow[], daily: boolean, timezone: string): SummaryReportItem[] {
  const fast = isFast(scope);
  const result: SummaryReportItem[] = [];
  for (const row of devices) {
    const { device, config } = resolve(scope, row);
    const { ignoreOdometer } = tripsConfig(config);
    const ranges: Array<[number, number]> = daily ? dailyRanges(scope.from, scope.to, timezone) : [[scope.from, scope.to]];
    for (const [from, to] of ranges) {
      let item: SummaryReportItem | null;
      if (fast) {
        const first = edgePosition(scope.db, row.id, from, to, false);
        const last = edgePosition(scope.db, row.id, from, to, true);
        item = first && last ? summarize(device, [first, last], ignoreOdometer, true) : null;
      } else {
        item = summarize(device, devicePositions(scope.db, row.id, from, to), ignoreOdometer);
      }
      if (item) result.push(item);
    }
  }
  return result;
}

export function combinedReport(scope: ReportScope, devices: DeviceRow[]): CombinedReportItem[] {
  const limit = maxPositions(scope);
  return devices.map((row) =>
    combined(row.id, devicePositions(scope.db, row.id, scope.from, scope.to, limit), deviceEvents(scope.db, row.id, scope.from, scope.to)),
  );
}

export function geofencesReport(scope: ReportScope, devices: DeviceRow[], geofenceIds: number[]): GeofenceReportItem[] {
  const result: GeofenceReportItem[] = [];
  for (const row of devices) {
    const { device } = resolve(scope, row);
    const events = deviceEvents(scope.db, row.id, scope.from, scope.to, ['geofenceEnter', 'geofenceExit']);
    result.push(...geofenceVisits(device, events, geofenceIds));
  }
  return sortByStartTime(result);
}
