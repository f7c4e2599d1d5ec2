/**
 * Pure rules of the live store (spec §4 "Live routes and position history", "Tracking", "Logs",
 * "Events list"; §9 constants). Every function returns its input unchanged (same identity) when
 * nothing changes, so the store can skip notifications and consumers can compare by identity.
 */
import type { Event, LogRecord, Server, User } from '../../contract/models';
import { preference } from './permissions';

/** A map point: `[longitude, latitude]`, the order GeoJSON and MapLibre use. */
export type RoutePoint = [lon: number, lat: number];

export type RouteMode = 'none' | 'selected' | 'all';

export interface RouteOptions {
  readonly mode: RouteMode;
  /** Points kept per device (≥ 1). */
  readonly length: number;
}

export interface TrackingPath {
  /** ISO time when tracking started. */
  readonly startTime: string;
  readonly points: ReadonlyArray<RoutePoint>;
}

export const EVENTS_CAP = 50;
/** Log lines kept while streaming (the logs page shows the last thousand). */
export const LOGS_CAP = 1000;
export const DEFAULT_ROUTE_LENGTH = 10;
/** Upper bound on a user-provided route length, so a typo cannot make every update costly. */
export const MAX_ROUTE_LENGTH = 10_000;
export const DEFAULT_ROUTE_OPTIONS: RouteOptions = { mode: 'none', length: DEFAULT_ROUTE_LENGTH };

export function toRouteMode(value: unknown): RouteMode | null {
  return value === 'none' || value === 'selected' || value === 'all' ? value : null;
}

/** A positive whole route length from an attribute value (number or numeric string), else null. */
export function toRouteLength(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < 1) return null;
  return Math.min(Math.floor(n), MAX_ROUTE_LENGTH);
}

/**
 * Route options from the attributes `mapLiveRoutes` and `web.liveRouteLength`: the user's value,
 * then the server's (the server's first when it forces settings), else `none` and 10.
 * An unknown mode or an unusable length counts as absent.
 */
export function routeOptionsFrom(user: User | null | undefined, server: Server | null | undefined): RouteOptions {
  const mode = toRouteMode(preference('mapLiveRoutes', user, server, 'none'));
  const fallbackMode = toRouteMode(server?.attributes?.mapLiveRoutes) ?? 'none';
  const length = toRouteLength(preference('web.liveRouteLength', user, server, DEFAULT_ROUTE_LENGTH));
  return { mode: mode ?? fallbackMode, length: length ?? DEFAULT_ROUTE_LENGTH };
}

export function sameRouteOptions(a: RouteOptions, b: RouteOptions): boolean {
  return a.mode === b.mode && a.length === b.length;
}

/** True when the point differs from the route's last point (or the route is empty). */
export function differsFromLast(route: ReadonlyArray<RoutePoint> | undefined, point: RoutePoint): boolean {
  const last = route && route.length > 0 ? route[route.length - 1] : undefined;
  return !last || last[0] !== point[0] || last[1] !== point[1];
}

/**
 * Appends the point when it differs from the last, keeping at most `limit` points (the oldest
 * dropped). Returns the same array when the point repeats the last one.
 */
export function appendPoint(
  route: ReadonlyArray<RoutePoint> | undefined,
  point: RoutePoint,
  limit = Number.POSITIVE_INFINITY,
): ReadonlyArray<RoutePoint> {
  const previous = route ?? [];
  if (!differsFromLast(previous, point)) return previous;
  const keep = Math.max(0, limit - 1);
  const start = previous.length > keep ? previous.length - keep : 0;
  const next = previous.slice(start);
  next.push(point);
  return next;
}

/** Trims a route to its last `limit` points (same array when already short enough). */
export function trimRoute(route: ReadonlyArray<RoutePoint>, limit: number): ReadonlyArray<RoutePoint> {
  return route.length > limit ? route.slice(route.length - limit) : route;
}

/** Whether live-route history is recorded for this device under the options and selection. */
export function recordsHistory(options: RouteOptions, deviceId: number, selectedId: number | null): boolean {
  if (options.mode === 'all') return true;
  if (options.mode === 'selected') return deviceId === selectedId;
  return false;
}

/**
 * History after the route options or the selection changed: `none` clears it, `selected` keeps
 * only the selected device's route, and every kept route is trimmed to the length.
 * Returns the same map when nothing changes.
 */
export function reconcileHistory(
  history: ReadonlyMap<number, ReadonlyArray<RoutePoint>>,
  options: RouteOptions,
  selectedId: number | null,
): ReadonlyMap<number, ReadonlyArray<RoutePoint>> {
  if (history.size === 0) return history;
  let next: Map<number, ReadonlyArray<RoutePoint>> | null = null;
  for (const [id, route] of history) {
    const keep = recordsHistory(options, id, selectedId);
    const trimmed = keep ? trimRoute(route, options.length) : route;
    if (!keep || trimmed !== route) {
      next ??= new Map(history);
      if (keep) next.set(id, trimmed);
      else next.delete(id);
    }
  }
  return next ?? history;
}

/** New events go first (in the order given); the list keeps at most `cap` items. */
export function addEvents(list: readonly Event[], events: readonly Event[], cap = EVENTS_CAP): readonly Event[] {
  if (events.length === 0) return list;
  const next = [...events, ...list];
  return next.length > cap ? next.slice(0, cap) : next;
}

export function removeEvent(list: readonly Event[], id: number): readonly Event[] {
  const index = list.findIndex((event) => event.id === id);
  if (index < 0) return list;
  return [...list.slice(0, index), ...list.slice(index + 1)];
}

/** Log records are appended in arrival order; only the newest `cap` are kept. */
export function addLogs<T extends LogRecord>(list: readonly T[], logs: readonly T[], cap = LOGS_CAP): readonly T[] {
  if (logs.length === 0) return list;
  const next = [...list, ...logs];
  return next.length > cap ? next.slice(next.length - cap) : next;
}
