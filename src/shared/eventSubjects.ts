/**
 * What an event concerns, by name: the geofence entered or left, the maintenance due, the driver
 * identified, the command's result. Traccar's event carries ids (`geofenceId`, `maintenanceId`) and
 * attributes (`driverUniqueId`, `result`); the names come from the lists the person can see, loaded
 * once and kept by id by TanStack Query (`useEventSubjects`). Pure here: the lookups are given.
 */
import type { Driver, Geofence, Maintenance } from '../../contract/models';
import { driverName, driverUniqueIdOf, type DriverNames } from '../domain/drivers';

export interface EventSubjects {
  geofence(id: number): string | undefined;
  maintenance(id: number): string | undefined;
  /** a driver by the unique id the device reported */
  driver: DriverNames;
}

/** No names known (yet): the ids' names are simply left out. */
export const NO_SUBJECTS: EventSubjects = { geofence: () => undefined, maintenance: () => undefined, driver: () => undefined };

/** The fields of an event its title reads (a live event, a stored one, a report's row). */
export interface EventLike {
  type: string;
  geofenceId?: number | null;
  maintenanceId?: number | null;
  attributes?: Readonly<Record<string, unknown>> | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The name of what the event concerns, or null (none, or a name the person cannot see). */
export function eventSubject(event: EventLike, subjects: EventSubjects): string | null {
  if (event.geofenceId && event.geofenceId > 0) return subjects.geofence(event.geofenceId) ?? null;
  if (event.maintenanceId && event.maintenanceId > 0) return subjects.maintenance(event.maintenanceId) ?? null;
  if (event.type === 'driverChanged') {
    const uniqueId = driverUniqueIdOf(event.attributes);
    return uniqueId === null ? null : driverName(subjects.driver, uniqueId);
  }
  if (event.type === 'commandResult') return text(event.attributes?.result);
  return null;
}

/** The lookups over the lists as loaded (any of them still missing looks up nothing). */
export function subjectsFrom(lists: { geofences?: readonly Geofence[]; maintenance?: readonly Maintenance[]; drivers?: readonly Driver[] }): EventSubjects {
  const geofences = new Map((lists.geofences ?? []).map((g) => [g.id, g.name]));
  const maintenance = new Map((lists.maintenance ?? []).map((m) => [m.id, m.name]));
  const drivers = new Map((lists.drivers ?? []).map((d) => [d.uniqueId, d.name]));
  return { geofence: (id) => geofences.get(id), maintenance: (id) => maintenance.get(id), driver: (uniqueId) => drivers.get(uniqueId) };
}
