/**
 * The client's resource layer: every Traccar entity declared once (its REST path, its query key,
 * its model). List and item queries, and the mutations that invalidate them, derive from these
 * declarations (`queries.ts`, `mutations.ts`); no query key is written anywhere else.
 * Plain data: no import of TanStack Query, so the login route's bundle stays small.
 */
import type {
  Calendar,
  Command,
  ComputedAttribute,
  Device,
  Driver,
  Event,
  Geofence,
  Group,
  Maintenance,
  Notification,
  Position,
  Report,
  Server,
  User,
} from '../../contract/models';

export interface Resource<T extends { id: number }, Name extends string = string> {
  /** the query key's first part and the name in `/api/permissions` (e.g. `deviceId`) */
  readonly name: Name;
  /** REST collection path: list (GET), create (POST); item path is `${path}/{id}` */
  readonly path: string;
  /** the key of the permission object (`deviceId`, `groupId`, …), when it can be linked */
  readonly permission: string | null;
  /** phantom: the model type */
  readonly model?: T;
}

function resource<T extends { id: number }, Name extends string>(name: Name, path: string, permission: string | null): Resource<T, Name> {
  return { name, path, permission };
}

export const resources = {
  devices: resource<Device, 'devices'>('devices', '/api/devices', 'deviceId'),
  groups: resource<Group, 'groups'>('groups', '/api/groups', 'groupId'),
  drivers: resource<Driver, 'drivers'>('drivers', '/api/drivers', 'driverId'),
  users: resource<User, 'users'>('users', '/api/users', 'userId'),
  geofences: resource<Geofence, 'geofences'>('geofences', '/api/geofences', 'geofenceId'),
  notifications: resource<Notification, 'notifications'>('notifications', '/api/notifications', 'notificationId'),
  calendars: resource<Calendar, 'calendars'>('calendars', '/api/calendars', 'calendarId'),
  attributes: resource<ComputedAttribute, 'attributes'>('attributes', '/api/attributes/computed', 'attributeId'),
  commands: resource<Command, 'commands'>('commands', '/api/commands', 'commandId'),
  maintenance: resource<Maintenance, 'maintenance'>('maintenance', '/api/maintenance', 'maintenanceId'),
  positions: resource<Position, 'positions'>('positions', '/api/positions', null),
  events: resource<Event, 'events'>('events', '/api/events', null),
  /** scheduled report orders (`/api/reports`), linked to devices and groups by `reportId` */
  reports: resource<Report, 'reports'>('reports', '/api/reports', 'reportId'),
} as const;

export type Resources = typeof resources;

/**
 * The session lists (spec §3, §7): geofences, groups, drivers, maintenance and calendars, loaded
 * once after sign-in (after the first map is drawn: `src/shared/sessionLists.ts`) and kept
 * for the whole session, by id (drivers also by `uniqueId`). The list of each (`keys.list(r)`,
 * no parameters) is the one every screen reads: it never goes stale by time, it is kept fresh by
 * this client's own edits (`mutations.ts` puts the saved item in it, takes the removed one out)
 * and refetched after each socket reconnect (the socket carries none of them); a sign-out drops it.
 */
export const SESSION_LISTS = [resources.geofences, resources.groups, resources.drivers, resources.maintenance, resources.calendars] as const;

export type SessionListResource = (typeof SESSION_LISTS)[number];

/** Whether `r` is one of the session lists. */
export function isSessionList(r: Resource<{ id: number }>): r is SessionListResource {
  return SESSION_LISTS.some((list) => list.name === r.name);
}
export type ResourceName = keyof Resources;
export type ModelOf<R> = R extends Resource<infer T> ? T : never;
export type AnyResource = Resources[ResourceName];

/** List parameters as Traccar takes them (`all`, `userId`, `deviceId`, `groupId`, `id`, …). */
export type ListParams = Record<string, string | number | boolean | Array<string | number> | undefined>;

/**
 * The query keys. `[name]` is the prefix of every key of an entity, so one invalidation after a
 * write refreshes its lists and items; `['server']`, `['session-token']`… are the other data.
 */
export const keys = {
  all: (r: AnyResource | Resource<{ id: number }>) => [r.name] as const,
  list: (r: AnyResource | Resource<{ id: number }>, params: ListParams = {}) => [r.name, 'list', params] as const,
  item: (r: AnyResource | Resource<{ id: number }>, id: number) => [r.name, 'item', id] as const,
  permissions: (params: ListParams) => ['permissions', params] as const,
  server: () => ['server'] as const,
  timezones: () => ['server', 'timezones'] as const,
  address: (latitude: number, longitude: number) => ['address', latitude, longitude] as const,
  totpKey: () => ['totpKey'] as const,
  commandTypes: (deviceId: number | null) => ['commandTypes', deviceId] as const,
  notificationTypes: () => ['notificationTypes'] as const,
  notificators: () => ['notificators'] as const,
  savedCommandsFor: (deviceId: number) => ['commands', 'send', deviceId] as const,
  statistics: (params: ListParams) => ['statistics', params] as const,
  audit: (params: ListParams) => ['audit', params] as const,
  /** the announcements file (`/announcements.json`), not a Traccar entity */
  announcements: () => ['announcements'] as const,
} as const;

/** Whether a query key is a session list itself: `keys.list(r)` of a `SESSION_LISTS` entity, without parameters. */
export function isSessionListKey(key: readonly unknown[]): boolean {
  const [name, kind, params] = key;
  return kind === 'list' && SESSION_LISTS.some((list) => list.name === name) && typeof params === 'object' && params !== null && Object.keys(params).length === 0;
}

/** The link object of `/api/permissions` between two declared resources, e.g. `{userId: 1, deviceId: 2}`. */
export function permissionOf(owner: AnyResource, ownerId: number, target: AnyResource, targetId: number): Record<string, number> {
  if (!owner.permission || !target.permission) throw new Error(`${owner.name} and ${target.name} cannot be linked`);
  // Traccar names user-user links `managedUserId`.
  const targetKey = owner.name === 'users' && target.name === 'users' ? 'managedUserId' : target.permission;
  return { [owner.permission]: ownerId, [targetKey]: targetId };
}
