/**
 * The fleet overview's figures, from the live store and today's reports: how many vehicles are in
 * each state (per group as well), which need attention (silent, expiring, maintenance), which
 * geofences hold vehicles now, today's distance, driving time and engine hours, and today's events by
 * kind. And the overview's filters, which the device list and the map apply (`/?fleet=idle`).
 *
 * Pure and linear: one pass over the devices for the counts (10,000 devices in a few milliseconds),
 * memoised by the store's maps (`createOverviewCounter`), so a render per position never recounts.
 */
import type { Device, Event, Position, SummaryReportItem, TripReportItem } from '../../contract/models';
import { FLEET_STATES, fleetState, isSilent, type FleetState, type FleetThresholds } from './fleetState';
import type { MaintenanceFinding } from './maintenanceDue';

export { FLEET_FILTERS, FLEET_FIRST_RENDER_MEASURE, parseFleetSearch, type FleetFilterKind, type FleetSearch } from './fleetSearch';
import type { FleetFilterKind, FleetSearch } from './fleetSearch';

/** A filter as the address holds it: `?fleet=idle`, `?fleet=idle&fleetGroup=3`, `?fleet=geofence&geofence=7`. */
export interface FleetFilter {
  readonly kind: FleetFilterKind;
  /** only the devices of this group (0: those in no group) */
  readonly groupId?: number;
  /** the geofence of `kind: 'geofence'` */
  readonly geofenceId?: number;
}

/** The filter a search gives, or null. */
export function fleetFilterOf(search: FleetSearch): FleetFilter | null {
  if (!search.fleet) return null;
  return { kind: search.fleet, groupId: search.fleetGroup, geofenceId: search.geofence };
}

/** The search of a filter (what a tile links to). */
export function fleetSearchOf(filter: FleetFilter): FleetSearch {
  const search: FleetSearch = { fleet: filter.kind };
  if (filter.groupId !== undefined) search.fleetGroup = filter.groupId;
  if (filter.kind === 'geofence' && filter.geofenceId !== undefined) search.geofence = filter.geofenceId;
  return search;
}

/** What the filters need besides a device and its position. */
export interface FleetContext {
  readonly thresholds: FleetThresholds;
  readonly now: number;
  /** devices with maintenance due or overdue (null: not known yet) */
  readonly maintenance: ReadonlyMap<number, readonly MaintenanceFinding[]> | null;
}

/** Whether a device's expiry falls within the next `expiryDays` (an expired device counts too). */
export function isExpiring(device: Pick<Device, 'expirationTime'>, now: number, thresholds: FleetThresholds): boolean {
  if (!device.expirationTime) return false;
  const time = Date.parse(device.expirationTime);
  return Number.isFinite(time) && time - now <= thresholds.expiryDays * 86_400_000;
}

/** Whether a device is in a filter. */
export function matchesFleet(filter: FleetFilter, device: Device, position: Position | undefined, context: FleetContext): boolean {
  if (filter.groupId !== undefined && (device.groupId || 0) !== filter.groupId) return false;
  switch (filter.kind) {
    case 'silent':
      return isSilent(device, position, context.now, context.thresholds);
    case 'expiring':
      return isExpiring(device, context.now, context.thresholds);
    case 'maintenance':
      return context.maintenance?.has(device.id) ?? false;
    case 'geofence':
      return filter.geofenceId !== undefined && (position?.geofenceIds?.includes(filter.geofenceId) ?? false);
    default:
      return fleetState(device, position, context.thresholds) === filter.kind;
  }
}

/** The ids of the devices in a filter, in one pass. */
export function fleetMembers(
  filter: FleetFilter,
  devices: ReadonlyMap<number, Device>,
  positions: ReadonlyMap<number, Position>,
  context: FleetContext,
): Set<number> {
  const ids = new Set<number>();
  for (const device of devices.values()) if (matchesFleet(filter, device, positions.get(device.id), context)) ids.add(device.id);
  return ids;
}

export function sameSet(a: ReadonlySet<number> | null, b: ReadonlySet<number> | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

// --- counts ---

export type StateCounts = Record<FleetState, number>;

const zeroCounts = (): StateCounts => ({ moving: 0, idle: 0, parked: 0, offline: 0, never: 0 });

export interface OverviewCounts {
  readonly total: number;
  readonly states: StateCounts;
  /** per group id (0: no group): its devices' states and total */
  readonly groups: ReadonlyMap<number, { total: number; states: StateCounts }>;
  readonly silent: number;
  readonly expiring: number;
  /** geofence id → vehicles inside now */
  readonly geofences: ReadonlyMap<number, number>;
}

/** Every count of the overview, in one pass over the devices. */
export function overviewCounts(
  devices: ReadonlyMap<number, Device>,
  positions: ReadonlyMap<number, Position>,
  thresholds: FleetThresholds,
  now: number,
): OverviewCounts {
  const states = zeroCounts();
  const groups = new Map<number, { total: number; states: StateCounts }>();
  const geofences = new Map<number, number>();
  let silent = 0;
  let expiring = 0;
  for (const device of devices.values()) {
    const position = positions.get(device.id);
    const state = fleetState(device, position, thresholds);
    states[state] += 1;
    const groupId = device.groupId || 0;
    let group = groups.get(groupId);
    if (!group) groups.set(groupId, (group = { total: 0, states: zeroCounts() }));
    group.total += 1;
    group.states[state] += 1;
    if (isSilent(device, position, now, thresholds)) silent += 1;
    if (isExpiring(device, now, thresholds)) expiring += 1;
    const inside = position?.geofenceIds;
    if (inside) for (const id of inside) geofences.set(id, (geofences.get(id) ?? 0) + 1);
  }
  return { total: devices.size, states, groups, silent, expiring, geofences };
}

export function sameCounts(a: OverviewCounts, b: OverviewCounts): boolean {
  if (a === b) return true;
  if (a.total !== b.total || a.silent !== b.silent || a.expiring !== b.expiring) return false;
  if (!sameStateCounts(a.states, b.states) || a.groups.size !== b.groups.size || a.geofences.size !== b.geofences.size) return false;
  for (const [id, group] of a.groups) {
    const other = b.groups.get(id);
    if (!other || other.total !== group.total || !sameStateCounts(group.states, other.states)) return false;
  }
  for (const [id, count] of a.geofences) if (b.geofences.get(id) !== count) return false;
  return true;
}

function sameStateCounts(a: StateCounts, b: StateCounts): boolean {
  return FLEET_STATES.every((state) => a[state] === b[state]);
}

/**
 * `overviewCounts` memoised by the store's version: recounted only when the devices or positions
 * map changed, or the minute changed (silence and expiry age with the clock); the previous object is
 * kept when every count is equal, so a subscriber re-renders only when a count changes.
 */
export function createOverviewCounter(): (
  devices: ReadonlyMap<number, Device>,
  positions: ReadonlyMap<number, Position>,
  thresholds: FleetThresholds,
  now: number,
) => OverviewCounts {
  let last: { devices: unknown; positions: unknown; thresholds: FleetThresholds; minute: number; counts: OverviewCounts } | null = null;
  return (devices, positions, thresholds, now) => {
    const minute = Math.floor(now / 60_000);
    if (last && last.devices === devices && last.positions === positions && last.thresholds === thresholds && last.minute === minute) return last.counts;
    const counts = overviewCounts(devices, positions, thresholds, now);
    const kept = last && sameCounts(last.counts, counts) ? last.counts : counts;
    last = { devices, positions, thresholds, minute, counts: kept };
    return kept;
  };
}

// --- today's figures ---

export interface VehicleDay {
  readonly id: number;
  readonly name: string;
  /** metres */
  readonly distance: number;
  /** milliseconds driving (the trips' durations) */
  readonly driving: number;
  /** milliseconds with the engine on */
  readonly engineHours: number;
}

export interface DayTotals {
  readonly distance: number;
  readonly driving: number;
  readonly engineHours: number;
  /** one row per vehicle in the summary */
  readonly vehicles: readonly VehicleDay[];
}

/**
 * Today's totals and per-vehicle figures: distance and engine hours from the summary report (one
 * row per device, `daily=false`), driving time from the trips report (the sum of each device's
 * trips' durations). Names from the live store when it knows the device.
 */
export function dayTotals(
  summary: readonly Pick<SummaryReportItem, 'deviceId' | 'deviceName' | 'distance' | 'engineHours'>[],
  trips: readonly Pick<TripReportItem, 'deviceId' | 'duration'>[],
  devices: ReadonlyMap<number, Pick<Device, 'name'>>,
): DayTotals {
  const driving = new Map<number, number>();
  for (const trip of trips) if (Number.isFinite(trip.duration)) driving.set(trip.deviceId, (driving.get(trip.deviceId) ?? 0) + trip.duration);
  const rows = new Map<number, VehicleDay>();
  for (const item of summary) {
    const previous = rows.get(item.deviceId);
    const distance = (previous?.distance ?? 0) + (Number.isFinite(item.distance) ? item.distance : 0);
    const engineHours = (previous?.engineHours ?? 0) + (Number.isFinite(item.engineHours) ? item.engineHours : 0);
    const name = devices.get(item.deviceId)?.name ?? item.deviceName;
    rows.set(item.deviceId, { id: item.deviceId, name, distance, engineHours, driving: driving.get(item.deviceId) ?? 0 });
  }
  for (const [deviceId, ms] of driving) {
    if (!rows.has(deviceId)) rows.set(deviceId, { id: deviceId, name: devices.get(deviceId)?.name ?? '', distance: 0, engineHours: 0, driving: ms });
  }
  let distance = 0;
  let drivingTotal = 0;
  let engineHours = 0;
  for (const row of rows.values()) {
    distance += row.distance;
    drivingTotal += row.driving;
    engineHours += row.engineHours;
  }
  return { distance, driving: drivingTotal, engineHours, vehicles: [...rows.values()] };
}

export type VehicleMeasure = 'distance' | 'driving' | 'engineHours';

/**
 * The top or bottom `count` vehicles by a measure (the bottom counts only vehicles that reported
 * today), ties by name then id.
 */
export function rankVehicles(vehicles: readonly VehicleDay[], measure: VehicleMeasure, end: 'top' | 'bottom', count: number): VehicleDay[] {
  const sign = end === 'top' ? -1 : 1;
  return [...vehicles]
    .sort((a, b) => sign * (a[measure] - b[measure]) || a.name.localeCompare(b.name) || a.id - b.id)
    .slice(0, Math.max(0, count));
}

// --- today's events ---

export interface EventKind {
  /** the event type; for alarms `alarm` with `alarm` set */
  readonly type: string;
  readonly alarm?: string;
  readonly count: number;
  /** the devices that had it, by id */
  readonly deviceIds: readonly number[];
}

/** Today's events by kind (each alarm kind apart), the most frequent first, ties by type. */
export function eventKinds(events: readonly Pick<Event, 'type' | 'deviceId' | 'attributes'>[]): EventKind[] {
  const kinds = new Map<string, { type: string; alarm?: string; count: number; deviceIds: Set<number> }>();
  for (const event of events) {
    const alarm = event.type === 'alarm' && typeof event.attributes?.alarm === 'string' ? event.attributes.alarm : undefined;
    const key = alarm === undefined ? event.type : `alarm:${alarm}`;
    let kind = kinds.get(key);
    if (!kind) kinds.set(key, (kind = { type: event.type, ...(alarm === undefined ? {} : { alarm }), count: 0, deviceIds: new Set() }));
    kind.count += 1;
    kind.deviceIds.add(event.deviceId);
  }
  return [...kinds.values()]
    .map((kind) => ({ ...kind, deviceIds: [...kind.deviceIds].sort((a, b) => a - b) }))
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type) || (a.alarm ?? '').localeCompare(b.alarm ?? ''));
}

/** The events report's address for a kind today: its devices (at most 1,000: the filter's limit), its type, today, shown at once. */
export function eventsReportSearch(kind: Pick<EventKind, 'type' | 'deviceIds'>): { deviceId: number[]; type: string[]; period: 'today'; show: true } {
  return { deviceId: kind.deviceIds.slice(0, 1000), type: [kind.type], period: 'today', show: true };
}
