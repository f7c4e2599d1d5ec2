/**
 * Maintenance that needs attention: each maintenance item (Traccar's `type` names a position
 * attribute, such as `totalDistance` or `odometer` in metres or `hours` in milliseconds; `start` is
 * the value at which the service falls due, `period` the interval Traccar repeats its reminder at)
 * against a device's latest position.
 *
 * - `overdue`: the value has reached `start` (the service point passed; a fleet manager moves
 *   `start` on when the service is done);
 * - `due`: within `dueShare` of a period before `start` (`maintenanceDueShare`, 10 % by default);
 * - nothing otherwise, or when the position does not report the attribute.
 *
 * Pure; the links between items and devices (direct, or through the device's group) come from the
 * caller (`GET /api/maintenance?deviceId=` and `?groupId=`, Traccar's API).
 */
import type { Maintenance, Position } from '../../contract/models';

export type MaintenanceState = 'due' | 'overdue';

export interface MaintenanceFinding {
  readonly maintenanceId: number;
  readonly state: MaintenanceState;
  /** how far past (overdue, ≥ 0) or before (due, > 0) the service point, in the attribute's unit */
  readonly gap: number;
}

/** Aliases a position may report for a type: Traccar fills `totalDistance`; many devices report `odometer`. */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  totalDistance: ['totalDistance', 'odometer'],
  odometer: ['odometer', 'totalDistance'],
};

/** The value a position reports for a maintenance type, or null when it reports none. */
export function maintenanceValue(position: Pick<Position, 'attributes'> | null | undefined, type: string): number | null {
  if (!position) return null;
  for (const key of ALIASES[type] ?? [type]) {
    const raw = position.attributes?.[key];
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    if (Number.isFinite(value)) return value;
  }
  return null;
}

/** One item against one value: overdue, due, or null. */
export function maintenanceState(
  item: Pick<Maintenance, 'id' | 'start' | 'period'>,
  value: number | null,
  dueShare: number,
): MaintenanceFinding | null {
  if (value === null || !Number.isFinite(item.start)) return null;
  if (value >= item.start) return { maintenanceId: item.id, state: 'overdue', gap: value - item.start };
  const window = item.period > 0 ? item.period * dueShare : 0;
  const left = item.start - value;
  return left <= window ? { maintenanceId: item.id, state: 'due', gap: left } : null;
}

/**
 * Each device's findings: `links` gives each device's maintenance ids (direct and through its group),
 * `items` the maintenance items by id. Devices with nothing to report are absent. Linear in the links.
 */
export function maintenanceFindings(
  items: ReadonlyMap<number, Pick<Maintenance, 'id' | 'type' | 'start' | 'period'>>,
  links: ReadonlyMap<number, readonly number[]>,
  positions: ReadonlyMap<number, Pick<Position, 'attributes'>>,
  dueShare: number,
): Map<number, MaintenanceFinding[]> {
  const result = new Map<number, MaintenanceFinding[]>();
  for (const [deviceId, ids] of links) {
    const position = positions.get(deviceId);
    if (!position) continue;
    let found: MaintenanceFinding[] | undefined;
    for (const id of new Set(ids)) {
      const item = items.get(id);
      if (!item) continue;
      const finding = maintenanceState(item, maintenanceValue(position, item.type), dueShare);
      if (finding) (found ??= []).push(finding);
    }
    if (found) result.set(deviceId, found);
  }
  return result;
}

/**
 * The links of each device from the two kinds of look-up: the items linked to each device directly,
 * and those linked to each group (a device inherits its own group's, and that group's parents').
 */
export function mergeMaintenanceLinks(
  devices: Iterable<{ id: number; groupId: number }>,
  byDevice: ReadonlyMap<number, readonly number[]>,
  byGroup: ReadonlyMap<number, readonly number[]>,
  parentOf: ReadonlyMap<number, number>,
): Map<number, number[]> {
  const result = new Map<number, number[]>();
  for (const device of devices) {
    const ids = [...(byDevice.get(device.id) ?? [])];
    const seen = new Set<number>();
    for (let group = device.groupId; group > 0 && !seen.has(group); group = parentOf.get(group) ?? 0) {
      seen.add(group);
      ids.push(...(byGroup.get(group) ?? []));
    }
    if (ids.length) result.set(device.id, [...new Set(ids)]);
  }
  return result;
}
