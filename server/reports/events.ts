/**
 * Events, combined and geofence reports (EventsReportProvider, CombinedReportProvider,
 * GeofenceReportProvider). Pure.
 */
import type { CombinedReportItem, Event, GeofenceReportItem, Position } from '../../contract/models.ts';
import type { ReportDevice } from './common.ts';

export interface EventFilter {
  /** `type` parameters; empty or containing `allEvents` = every type */
  types: string[];
  /** `alarm` parameters; filters alarm events by their `alarm` attribute */
  alarms: string[];
  /** whether the user may see the event's geofence / maintenance (ids > 0 only) */
  geofenceVisible?: (id: number) => boolean;
  maintenanceVisible?: (id: number) => boolean;
}

export function filterEvents(events: Event[], filter: EventFilter): Event[] {
  const all = filter.types.length === 0 || filter.types.includes('allEvents');
  return events.filter((event) => {
    if (!all && !filter.types.includes(event.type)) return false;
    if (event.geofenceId > 0 && filter.geofenceVisible && !filter.geofenceVisible(event.geofenceId)) return false;
    if (event.maintenanceId > 0 && filter.maintenanceVisible && !filter.maintenanceVisible(event.maintenanceId)) return false;
    if (event.type === 'alarm' && filter.alarms.length) {
      const alarm = event.attributes.alarm;
      if (typeof alarm !== 'string' || !filter.alarms.includes(alarm)) return false;
    }
    return true;
  });
}

const COMBINED_EXCLUDED = new Set(['deviceMoving']);

/** route = [lon, lat] of every position; events without deviceMoving or a position; their positions. */
export function combined(deviceId: number, positions: Position[], events: Event[]): CombinedReportItem {
  const kept = events.filter((e) => e.positionId > 0 && !COMBINED_EXCLUDED.has(e.type));
  const ids = new Set(kept.map((e) => e.positionId));
  return {
    deviceId,
    route: positions.map((p): [number, number] => [p.longitude, p.latitude]),
    events: kept,
    positions: positions.filter((p) => ids.has(p.id)),
  };
}

/**
 * geofenceEnter/geofenceExit pairs of the listed geofences (only those): an exit closes the latest
 * enter of the same geofence; unmatched exits and enters still open at the end are dropped.
 */
export function geofenceVisits(device: ReportDevice, events: Event[], geofenceIds: number[]): GeofenceReportItem[] {
  const wanted = new Set(geofenceIds);
  const open = new Map<number, Event>();
  const result: GeofenceReportItem[] = [];
  const ordered = [...events].sort((a, b) => Date.parse(a.eventTime ?? '') - Date.parse(b.eventTime ?? ''));
  for (const event of ordered) {
    if (!wanted.has(event.geofenceId)) continue;
    if (event.type === 'geofenceEnter') {
      open.set(event.geofenceId, event);
    } else if (event.type === 'geofenceExit') {
      const enter = open.get(event.geofenceId);
      open.delete(event.geofenceId);
      if (enter && enter.eventTime && event.eventTime && Date.parse(event.eventTime) >= Date.parse(enter.eventTime)) {
        result.push({
          deviceId: device.id,
          deviceName: device.name,
          distance: 0,
          averageSpeed: 0,
          maxSpeed: 0,
          spentFuel: 0,
          startOdometer: 0,
          endOdometer: 0,
          startTime: enter.eventTime,
          endTime: event.eventTime,
          geofenceId: event.geofenceId,
        });
      }
    }
  }
  return result;
}

export function sortByStartTime<T extends { startTime: string }>(items: T[]): T[] {
  return items.sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
}
