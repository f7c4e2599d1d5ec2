/**
 * Typed models of the Traccar API (field names and types from Traccar's model getters,
 * see shared/traccar/model-fields.txt). Dates are ISO strings on the wire.
 * Shared by the client and the embedded server.
 */

export type AttributeValue = string | number | boolean | null;
export type Attributes = Record<string, AttributeValue | undefined>;

export type IsoDate = string;

export interface BaseModel {
  id: number;
}

export interface ExtendedModel extends BaseModel {
  attributes: Attributes;
}

export type DeviceStatus = 'online' | 'offline' | 'unknown';

export interface Device extends ExtendedModel {
  groupId: number;
  calendarId: number;
  name: string;
  uniqueId: string;
  status: DeviceStatus;
  lastUpdate: IsoDate | null;
  positionId: number;
  phone: string | null;
  model: string | null;
  contact: string | null;
  category: string | null;
  disabled: boolean;
  expirationTime: IsoDate | null;
}

export interface CellTower {
  radioType?: string;
  cellId?: number;
  locationAreaCode?: number;
  mobileCountryCode?: number;
  mobileNetworkCode?: number;
  signalStrength?: number;
}

export interface WifiAccessPoint {
  macAddress?: string;
  signalStrength?: number;
  channel?: number;
}

export interface Network {
  homeMobileCountryCode?: number;
  homeMobileNetworkCode?: number;
  radioType?: string;
  carrier?: string;
  considerIp?: boolean;
  cellTowers?: CellTower[];
  wifiAccessPoints?: WifiAccessPoint[];
}

export interface Position extends ExtendedModel {
  deviceId: number;
  protocol: string | null;
  serverTime: IsoDate | null;
  deviceTime: IsoDate | null;
  fixTime: IsoDate | null;
  valid: boolean;
  latitude: number;
  longitude: number;
  altitude: number;
  /** knots */
  speed: number;
  /** degrees */
  course: number;
  address: string | null;
  /** metres */
  accuracy: number;
  network: Network | null;
  geofenceIds: number[] | null;
}

export interface Event extends ExtendedModel {
  deviceId: number;
  type: string;
  eventTime: IsoDate | null;
  positionId: number;
  geofenceId: number;
  maintenanceId: number;
}

export interface Geofence extends ExtendedModel {
  calendarId: number;
  name: string;
  description: string | null;
  /** WKT, latitude first: `CIRCLE (lat lon, r)`, `POLYGON ((lat lon, …))`, `LINESTRING (lat lon, …)` */
  area: string;
}

export interface Group extends ExtendedModel {
  groupId: number;
  name: string;
}

export interface Driver extends ExtendedModel {
  name: string;
  uniqueId: string;
}

export interface Maintenance extends ExtendedModel {
  name: string;
  type: string;
  start: number;
  period: number;
}

export interface Calendar extends ExtendedModel {
  name: string;
  /** base64 of an iCalendar file */
  data: string;
}

export interface ComputedAttribute extends BaseModel {
  description: string;
  attribute: string;
  expression: string;
  type: 'string' | 'number' | 'boolean';
  priority: number;
}

export interface Command extends ExtendedModel {
  deviceId: number;
  type: string;
  textChannel: boolean;
  description: string | null;
}

export interface QueuedCommand extends ExtendedModel {
  deviceId: number;
  type: string;
  textChannel: boolean;
}

export interface Notification extends ExtendedModel {
  description: string | null;
  calendarId: number;
  always: boolean;
  type: string;
  commandId: number;
  notificators: string;
}

export interface User extends ExtendedModel {
  name: string;
  login: string | null;
  email: string;
  phone: string | null;
  readonly: boolean;
  administrator: boolean;
  map: string | null;
  latitude: number;
  longitude: number;
  zoom: number;
  coordinateFormat: string | null;
  disabled: boolean;
  expirationTime: IsoDate | null;
  deviceLimit: number;
  userLimit: number;
  deviceReadonly: boolean;
  limitCommands: boolean;
  disableReports: boolean;
  fixedEmail: boolean;
  poiLayer: string | null;
  totpKey: string | null;
  temporary: boolean;
  /** write-only: always null when read */
  password: string | null;
}

export interface Server extends ExtendedModel {
  registration: boolean;
  readonly: boolean;
  deviceReadonly: boolean;
  map: string | null;
  bingKey: string | null;
  mapUrl: string | null;
  overlayUrl: string | null;
  latitude: number;
  longitude: number;
  zoom: number;
  forceSettings: boolean;
  coordinateFormat: string | null;
  limitCommands: boolean;
  disableReports: boolean;
  fixedEmail: boolean;
  poiLayer: string | null;
  announcement: string | null;
  version: string | null;
  emailEnabled: boolean | null;
  textEnabled: boolean | null;
  geocoderEnabled: boolean;
  storageSpace: number[] | null;
  newServer: boolean;
  openIdEnabled: boolean;
  openIdForce: boolean;
}

export interface Statistics extends ExtendedModel {
  captureTime: IsoDate;
  activeUsers: number;
  activeDevices: number;
  requests: number;
  messagesReceived: number;
  messagesStored: number;
  mailSent: number;
  smsSent: number;
  geocoderRequests: number;
  geolocationRequests: number;
  protocols: Record<string, number> | null;
}

export interface Action extends ExtendedModel {
  actionTime: IsoDate;
  address: string | null;
  userId: number;
  actionType: string;
  objectType: string;
  objectId: number;
  userEmail: string | null;
}

export interface Report extends ExtendedModel {
  calendarId: number;
  type: string;
  description: string | null;
}

export interface DeviceAccumulators {
  deviceId: number;
  totalDistance?: number | null;
  hours?: number | null;
}

export interface LogRecord {
  host: string;
  protocol: string;
  uniqueId: string;
  deviceId: number;
  data: string;
}

export interface BaseReportItem {
  deviceId: number;
  deviceName: string;
  distance: number;
  averageSpeed: number;
  maxSpeed: number;
  spentFuel: number;
  startOdometer: number;
  endOdometer: number;
  startTime: IsoDate;
  endTime: IsoDate;
}

export interface TripReportItem extends BaseReportItem {
  startPositionId: number;
  endPositionId: number;
  startLat: number;
  startLon: number;
  endLat: number;
  endLon: number;
  startAddress: string | null;
  endAddress: string | null;
  duration: number;
  driverUniqueId: string | null;
  driverName: string | null;
}

export interface StopReportItem extends BaseReportItem {
  positionId: number;
  latitude: number;
  longitude: number;
  address: string | null;
  duration: number;
  engineHours: number;
}

export interface SummaryReportItem extends BaseReportItem {
  engineHours: number;
  startHours: number;
  endHours: number;
}

export interface GeofenceReportItem extends BaseReportItem {
  geofenceId: number;
}

export interface CombinedReportItem {
  deviceId: number;
  route: Array<[number, number]>;
  events: Event[];
  positions: Position[];
}

export interface Typed {
  type: string;
}

/** A flat two-key object: the first key names the owner. */
export type Permission = Record<string, number>;

/** What the server pushes over /api/socket; keys present only when non-empty. */
export interface SocketMessage {
  devices?: Device[];
  positions?: Position[];
  events?: Event[];
  logs?: LogRecord[];
}

/**
 * The close codes of /api/socket a server sends on purpose (RFC 6455): it stops (1001, going away)
 * or restarts (1012, service restart: `POST /api/server/reboot`). Either way the client reconnects
 * by itself, without reporting a connection error.
 */
export const SOCKET_CLOSE = { goingAway: 1001, serviceRestart: 1012 } as const;
