/**
 * Drivers by the unique id a device reports (spec §3: the session's drivers are kept by
 * `uniqueId`): a position's or an event's `attributes.driverUniqueId` names the driver (an RFID
 * card, an iButton); a person reads the driver's name.
 */
/** A driver's name by the unique id a device reported (the session's drivers: `EventSubjects.driver`). */
export type DriverNames = (uniqueId: string) => string | undefined;

/** The driver's name, or the identifier itself when no driver of the session has it (or the drivers are not loaded yet). */
export function driverName(names: DriverNames | undefined, uniqueId: string): string {
  const name = names?.(uniqueId);
  return typeof name === 'string' && name.trim() !== '' ? name : uniqueId;
}

/** The driver identifier an attributes object carries, or null. */
export function driverUniqueIdOf(attributes: Readonly<Record<string, unknown>> | null | undefined): string | null {
  const value = attributes?.driverUniqueId;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
