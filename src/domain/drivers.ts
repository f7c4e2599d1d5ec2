/**
 * Drivers by the unique id a device reports (spec §3: the session's drivers are kept by
 * `uniqueId`): a position's or an event's `attributes.driverUniqueId` names the driver (an RFID
 * card, an iButton); a person reads the driver's name.
 */
import type { Driver } from '../../contract/models';

/** The session's drivers, by unique id. */
export type DriversByUniqueId = ReadonlyMap<string, Pick<Driver, 'name' | 'uniqueId'>>;

export function driversByUniqueId(drivers: readonly Driver[]): DriversByUniqueId {
  return new Map(drivers.map((driver) => [driver.uniqueId, driver]));
}

/** The driver's name, or the identifier itself when no driver of the session has it (or the drivers are not loaded yet). */
export function driverName(drivers: DriversByUniqueId | undefined, uniqueId: string): string {
  const name = drivers?.get(uniqueId)?.name;
  return typeof name === 'string' && name.trim() !== '' ? name : uniqueId;
}

/** The driver identifier an attributes object carries, or null. */
export function driverUniqueIdOf(attributes: Readonly<Record<string, unknown>> | null | undefined): string | null {
  const value = attributes?.driverUniqueId;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
