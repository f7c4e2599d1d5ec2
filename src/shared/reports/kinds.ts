/**
 * Every report kind, declared once: its route, its title, what its filter asks for, where its rows
 * come from, its columns and what it can export. The report page (`ReportPage.tsx`) is built from
 * these descriptors, so a new report is a declaration.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  Action,
  CombinedReportItem,
  Event,
  Position,
  Statistics,
  StopReportItem,
  SummaryReportItem,
  TripReportItem,
} from '../../../contract/models';
import type { EntityEndpoints, ReportApi } from '../../api/entityEndpoints';
import type { ListParams } from '../../api/resources';
import { formatCoordinate, type CoordinateFormat } from '../../domain/coordinates';
import type { ReportKindId } from '../../domain/reportFilter';
import type { TableReportId } from '../../domain/reportSearch';
import { dateTimeFormat, type Measure, type UnitFormatters } from '../format';
import { eventTitle } from '../eventTypes';
import type { EventSubjects } from '../eventSubjects';
import { driverName, driverUniqueIdOf } from '../../domain/drivers';

export interface CellContext {
  i18n: I18n;
  timeZone: string;
  units: UnitFormatters;
  coordinates: CoordinateFormat;
  deviceName(id: number): string;
  /** the names of what events concern (geofences, maintenance, drivers) */
  subjects?: EventSubjects;
}

/** A cell of an export: a number (in the column's unit), an instant, text, or nothing. */
export type ExportValue = number | Date | string | null;

export interface ReportColumn<Row> {
  id: string;
  header: MessageDescriptor;
  text(row: Row, context: CellContext): string;
  /** the cell in an export, typed so a spreadsheet can compute with it; the `text` where none */
  value?(row: Row, context: CellContext): ExportValue;
  /** the user's unit of a number `value`, named in the export's header ("Speed (km/h)") */
  unit?: Measure;
  /** an instant `value` is a day, not a date and time (the daily summary) */
  day?: boolean;
  /** shown until the person chooses otherwise */
  defaultVisible?: boolean;
  /** shown only where the report covers several devices (a group, or more than one device): the device's name */
  onlyForMany?: boolean;
  /** a share of the row's width (1fr otherwise): a date and time, or an address, more; a duration less */
  width?: number | `${number}fr`;
  /** the least width its texts need (`TableColumn.minWidth`): a time, a coordinate */
  minWidth?: number;
  /**
   * false: not the text a row is found by when typed (a time: the table names every row when it opens,
   * and formatting 100,000 times would delay the first rows)
   */
  typeAhead?: false;
}

/** What the map beside the table draws for a report (see `ReportMap`). */
export type MapKind = 'positions' | 'trips' | 'stops' | 'events' | 'combined';

export interface ReportKind<Row = unknown> {
  id: ReportKindId;
  title: MessageDescriptor;
  /** who may open it */
  access: 'all' | 'admin';
  /** the filter: which devices (none for server-wide reports), whether one must be chosen */
  devices: 'many' | 'one' | 'none';
  needsDevice: boolean;
  /** the filter's extra parts */
  eventTypes?: boolean;
  daily?: boolean;
  /** the rows of one run */
  fetch(entities: EntityEndpoints, params: ListParams, signal: AbortSignal): Promise<readonly Row[]>;
  /** the server's report (Traccar's xlsx) for Email, when it makes one; the Export files are made in the client */
  server: ReportApi | null;
  /** the rows are positions (GPX, KML, KMZ exports as tracks; the chart) */
  positions?: boolean;
  /** results as a table (default) or a chart */
  view?: 'table' | 'chart';
  columns: ReadonlyArray<ReportColumn<Row>>;
  map: MapKind | null;
  /** can be ordered as a scheduled report */
  schedule: boolean;
}

function formatter(locale: string, timeZone: string, style: 'time' | 'day'): Intl.DateTimeFormat {
  return dateTimeFormat(locale, style === 'time' ? { dateStyle: 'short', timeStyle: 'medium', timeZone } : { dateStyle: 'medium', timeZone });
}

function formatAt(context: Pick<CellContext, 'i18n' | 'timeZone'>, iso: string | null | undefined, style: 'time' | 'day'): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : formatter(context.i18n.locale, context.timeZone, style).format(ms);
}

/** A date and time in the user's time zone and the active language. */
export function formatTime(context: Pick<CellContext, 'i18n' | 'timeZone'>, iso: string | null | undefined): string {
  return formatAt(context, iso, 'time');
}

/** A day in the user's time zone (the daily summary's rows). */
function formatDay(context: CellContext, iso: string | null | undefined): string {
  return formatAt(context, iso, 'day');
}

/** A duration in hours and minutes ("2 h 5 min", "8 min": no leading zero), from milliseconds. */
export function formatDuration(i18n: I18n, ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  const minutes = Math.round(ms / 60000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? i18n._(msg`${h} h ${m} min`) : i18n._(msg`${m} min`);
}

/** The dash of a figure the device does not report (engine hours without an ignition). */
export const NOT_REPORTED = '—';

/**
 * A summary row whose device reports no engine hours (no ignition, so the server accumulates none):
 * its engine hours and the average speed derived from them are unknown, not zero.
 */
function withoutHours(row: SummaryReportItem): boolean {
  return row.engineHours === 0 && row.startHours === 0 && row.endHours === 0;
}

/** A date and its time: on two lines ("11/2/26," and "8:10:00 AM"), never inside the digits. */
const TIME_WIDTH = { width: '1.2fr', minWidth: 86 } as const;
/** An address, or a coordinate pair on two lines ("24.700000°" each). */
const PLACE_WIDTH = { width: '1.3fr', minWidth: 86 } as const;
/** One coordinate ("46.600000°") on one line. */
const COORDINATE_WIDTH = 86;

/** An instant the server sent, or nothing. */
function instant(iso: string | null | undefined): Date | null {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** A column of a date and time in the user's zone; exported as the instant. */
function timeColumn<Row>(id: string, header: MessageDescriptor, of: (row: Row) => string | null | undefined): ReportColumn<Row> {
  return { id, header, text: (r, c) => formatTime(c, of(r)), value: (r) => instant(of(r)), ...TIME_WIDTH, typeAhead: false };
}

/** A column of a figure in the user's unit: shown with it, exported as the number shown with the unit in the header. */
function measureColumn<Row>(id: string, header: MessageDescriptor, unit: Measure, of: (row: Row) => number, extra: Partial<ReportColumn<Row>> = {}): ReportColumn<Row> {
  return { id, header, unit, text: (r, c) => c.units[unit](of(r)), value: (r, c) => c.units.value(unit, of(r)), ...extra };
}

/** A column of a count. */
function countColumn<Row>(id: string, header: MessageDescriptor, of: (row: Row) => number, extra: Partial<ReportColumn<Row>> = {}): ReportColumn<Row> {
  return { id, header, text: (r) => String(of(r)), value: (r) => of(r), ...extra };
}

const device = <Row extends { deviceId: number }>(): ReportColumn<Row> => ({ id: 'device', header: msg`Device`, text: (row, c) => c.deviceName(row.deviceId), onlyForMany: true });
const lat = (value: number, c: CellContext) => formatCoordinate(value, 'latitude', c.coordinates);
const lon = (value: number, c: CellContext) => formatCoordinate(value, 'longitude', c.coordinates);

const positionColumns: ReadonlyArray<ReportColumn<Position>> = [
  device<Position>(),
  timeColumn<Position>('fixTime', msg`Time`, (p) => p.fixTime),
  { id: 'latitude', header: msg`Latitude`, text: (p, c) => lat(p.latitude, c), minWidth: COORDINATE_WIDTH },
  { id: 'longitude', header: msg`Longitude`, text: (p, c) => lon(p.longitude, c), minWidth: COORDINATE_WIDTH },
  measureColumn<Position>('speed', msg`Speed`, 'speed', (p) => p.speed),
  measureColumn<Position>('altitude', msg`Altitude`, 'altitude', (p) => p.altitude, { defaultVisible: false }),
  { id: 'course', header: msg`Course`, text: (p, c) => `${c.units.number(p.course, 0)}°`, defaultVisible: false },
  { id: 'address', header: msg`Address`, text: (p) => p.address ?? '', ...PLACE_WIDTH, width: '2fr' },
  { id: 'valid', header: msg`Valid`, text: (p, c) => (p.valid ? c.i18n._(msg`Yes`) : c.i18n._(msg`No`)), defaultVisible: false },
  measureColumn<Position>('accuracy', msg`Accuracy`, 'altitude', (p) => p.accuracy, { defaultVisible: false }),
  { id: 'driver', header: msg`Driver`, text: (p, c) => positionDriver(p, c), defaultVisible: false },
];

/** The driver a position names (`attributes.driverUniqueId`): the session's name for it, else the identifier. */
function positionDriver(p: Position, c: CellContext): string {
  const uniqueId = driverUniqueIdOf(p.attributes);
  return uniqueId === null ? '' : driverName(c.subjects?.driver, uniqueId);
}

const eventColumns: ReadonlyArray<ReportColumn<Event>> = [
  device<Event>(),
  timeColumn<Event>('eventTime', msg`Time`, (e) => e.eventTime),
  { id: 'type', header: msg`Event`, text: (e, c) => eventTitle(c.i18n, e, c.subjects) },
];

const baseColumns = <Row extends TripReportItem | StopReportItem | SummaryReportItem>(): Array<ReportColumn<Row>> => [
  measureColumn<Row>('distance', msg`Distance`, 'distance', (r) => r.distance, { width: '0.8fr' }),
  measureColumn<Row>('averageSpeed', msg`Average speed`, 'speed', (r) => r.averageSpeed),
  measureColumn<Row>('maxSpeed', msg`Top speed`, 'speed', (r) => r.maxSpeed),
  measureColumn<Row>('spentFuel', msg`Fuel spent`, 'volume', (r) => r.spentFuel, { defaultVisible: false }),
  measureColumn<Row>('startOdometer', msg`Odometer start`, 'distance', (r) => r.startOdometer, { defaultVisible: false }),
  measureColumn<Row>('endOdometer', msg`Odometer end`, 'distance', (r) => r.endOdometer, { defaultVisible: false }),
];

const tripColumns: ReadonlyArray<ReportColumn<TripReportItem>> = [
  device<TripReportItem>(),
  timeColumn<TripReportItem>('startTime', msg`Start time`, (r) => r.startTime),
  { id: 'startAddress', header: msg`Start address`, text: (r, c) => r.startAddress ?? `${lat(r.startLat, c)} ${lon(r.startLon, c)}`, ...PLACE_WIDTH },
  timeColumn<TripReportItem>('endTime', msg`End time`, (r) => r.endTime),
  { id: 'endAddress', header: msg`End address`, text: (r, c) => r.endAddress ?? `${lat(r.endLat, c)} ${lon(r.endLon, c)}`, ...PLACE_WIDTH },
  { id: 'duration', header: msg`Duration`, text: (r, c) => formatDuration(c.i18n, r.duration), width: '0.8fr' },
  ...baseColumns<TripReportItem>(),
  // the server's name for the driver, else the session's, else the identifier the device reported
  { id: 'driverName', header: msg`Driver`, text: (r, c) => r.driverName || (r.driverUniqueId ? driverName(c.subjects?.driver, r.driverUniqueId) : ''), defaultVisible: false },
];

const stopColumns: ReadonlyArray<ReportColumn<StopReportItem>> = [
  device<StopReportItem>(),
  timeColumn<StopReportItem>('startTime', msg`Start time`, (r) => r.startTime),
  timeColumn<StopReportItem>('endTime', msg`End time`, (r) => r.endTime),
  { id: 'duration', header: msg`Duration`, text: (r, c) => formatDuration(c.i18n, r.duration), width: '0.8fr' },
  { id: 'address', header: msg`Address`, text: (r, c) => r.address ?? `${lat(r.latitude, c)} ${lon(r.longitude, c)}`, ...PLACE_WIDTH },
  { id: 'engineHours', header: msg`Engine hours`, text: (r, c) => formatDuration(c.i18n, r.engineHours) },
  measureColumn<StopReportItem>('spentFuel', msg`Fuel spent`, 'volume', (r) => r.spentFuel, { defaultVisible: false }),
];

const summaryColumns: ReadonlyArray<ReportColumn<SummaryReportItem>> = [
  device<SummaryReportItem>(),
  { id: 'startTime', header: msg`Day`, text: (r, c) => formatDay(c, r.startTime), value: (r) => instant(r.startTime), day: true },
  ...baseColumns<SummaryReportItem>().map((column) =>
    column.id === 'averageSpeed'
      ? { ...column, text: (r: SummaryReportItem, c: CellContext) => (withoutHours(r) ? NOT_REPORTED : column.text(r, c)), value: (r: SummaryReportItem, c: CellContext) => (withoutHours(r) ? null : column.value!(r, c)) }
      : column,
  ),
  { id: 'engineHours', header: msg`Engine hours`, text: (r, c) => (withoutHours(r) ? NOT_REPORTED : formatDuration(c.i18n, r.engineHours)) },
];

const statisticsColumns: ReadonlyArray<ReportColumn<Statistics>> = [
  timeColumn<Statistics>('captureTime', msg`Time`, (r) => r.captureTime),
  countColumn<Statistics>('activeUsers', msg`Active users`, (r) => r.activeUsers),
  countColumn<Statistics>('activeDevices', msg`Active devices`, (r) => r.activeDevices),
  countColumn<Statistics>('requests', msg`Requests`, (r) => r.requests),
  countColumn<Statistics>('messagesReceived', msg`Messages received`, (r) => r.messagesReceived),
  countColumn<Statistics>('messagesStored', msg`Messages stored`, (r) => r.messagesStored),
  countColumn<Statistics>('mailSent', msg`Mail sent`, (r) => r.mailSent, { defaultVisible: false }),
  countColumn<Statistics>('smsSent', msg`SMS sent`, (r) => r.smsSent, { defaultVisible: false }),
  countColumn<Statistics>('geocoderRequests', msg`Geocoder requests`, (r) => r.geocoderRequests, { defaultVisible: false }),
  countColumn<Statistics>('geolocationRequests', msg`Geolocation requests`, (r) => r.geolocationRequests, { defaultVisible: false }),
];

const auditColumns: ReadonlyArray<ReportColumn<Action>> = [
  timeColumn<Action>('actionTime', msg`Time`, (r) => r.actionTime),
  { id: 'userEmail', header: msg`User`, text: (r) => r.userEmail ?? String(r.userId) },
  { id: 'actionType', header: msg`Action`, text: (r) => r.actionType },
  { id: 'objectType', header: msg`Object`, text: (r) => r.objectType },
  countColumn<Action>('objectId', msg`Object ID`, (r) => r.objectId),
  { id: 'address', header: msg`Address`, text: (r) => r.address ?? '', defaultVisible: false },
];

/** The combined report's rows: its events, each with its device (the routes go to the map). */
export interface CombinedRow extends Event {
  route: Array<[number, number]>;
  position: Position | null;
}

function combinedRows(items: readonly CombinedReportItem[]): CombinedRow[] {
  const rows: CombinedRow[] = [];
  for (const item of items) {
    const positions = new Map(item.positions.map((p) => [p.id, p]));
    for (const event of item.events) rows.push({ ...event, route: item.route, position: positions.get(event.positionId) ?? null });
  }
  return rows.sort((a, b) => Date.parse(a.eventTime ?? '') - Date.parse(b.eventTime ?? ''));
}

const fromServer =
  <Row>(api: ReportApi) =>
  (entities: EntityEndpoints, params: ListParams, signal: AbortSignal) =>
    entities.report<Row>(api, params, signal);

const range = (params: ListParams) => ({ from: String(params.from), to: String(params.to) });

function kind<Row>(descriptor: ReportKind<Row>): ReportKind<unknown> {
  return descriptor as unknown as ReportKind<unknown>;
}

export const REPORTS: Readonly<Record<TableReportId, ReportKind<unknown>>> = {
  combined: kind<CombinedRow>({
    id: 'combined', title: msg`Combined`, access: 'all', devices: 'many', needsDevice: true, server: null, schedule: false, map: 'combined',
    fetch: async (entities, params, signal) => combinedRows(await entities.report<CombinedReportItem>('combined', params, signal)),
    columns: eventColumns as ReadonlyArray<ReportColumn<CombinedRow>>,
  }),
  route: kind<Position>({
    id: 'route', title: msg`Route`, access: 'all', devices: 'many', needsDevice: true, server: 'route', schedule: true, positions: true, map: 'positions',
    fetch: fromServer<Position>('route'), columns: positionColumns,
  }),
  events: kind<Event>({
    id: 'events', title: msg`Events`, access: 'all', devices: 'many', needsDevice: true, eventTypes: true, server: 'events', schedule: true, map: 'events',
    fetch: fromServer<Event>('events'), columns: eventColumns,
  }),
  trips: kind<TripReportItem>({
    id: 'trips', title: msg`Trips`, access: 'all', devices: 'many', needsDevice: true, server: 'trips', schedule: true, map: 'trips',
    fetch: fromServer<TripReportItem>('trips'), columns: tripColumns,
  }),
  stops: kind<StopReportItem>({
    id: 'stops', title: msg`Stops`, access: 'all', devices: 'many', needsDevice: true, server: 'stops', schedule: true, map: 'stops',
    fetch: fromServer<StopReportItem>('stops'), columns: stopColumns,
  }),
  summary: kind<SummaryReportItem>({
    id: 'summary', title: msg`Summary`, access: 'all', devices: 'many', needsDevice: true, daily: true, server: 'summary', schedule: true, map: null,
    fetch: fromServer<SummaryReportItem>('summary'), columns: summaryColumns,
  }),
  chart: kind<Position>({
    id: 'chart', title: msg`Chart`, access: 'all', devices: 'one', needsDevice: true, server: null, schedule: false, positions: true, view: 'chart', map: null,
    fetch: fromServer<Position>('route'), columns: positionColumns,
  }),
  statistics: kind<Statistics>({
    id: 'statistics', title: msg`Statistics`, access: 'admin', devices: 'none', needsDevice: false, server: null, schedule: false, map: null,
    fetch: (entities, params, signal) => entities.statistics(range(params), signal), columns: statisticsColumns,
  }),
  audit: kind<Action>({
    id: 'audit', title: msg`Audit`, access: 'admin', devices: 'none', needsDevice: false, server: null, schedule: false, map: null,
    fetch: (entities, params, signal) => entities.audit(range(params), signal), columns: auditColumns,
  }),
};

/** The reports menu, in Traccar's order. */
export const REPORT_MENU: ReadonlyArray<{ id: ReportKindId; title: MessageDescriptor; access: 'all' | 'admin' }> = [
  { id: 'combined', title: msg`Combined`, access: 'all' },
  { id: 'route', title: msg`Route`, access: 'all' },
  { id: 'events', title: msg`Events`, access: 'all' },
  { id: 'trips', title: msg`Trips`, access: 'all' },
  { id: 'stops', title: msg`Stops`, access: 'all' },
  { id: 'summary', title: msg`Summary`, access: 'all' },
  { id: 'chart', title: msg`Chart`, access: 'all' },
  { id: 'scheduled', title: msg`Scheduled`, access: 'all' },
  { id: 'statistics', title: msg`Statistics`, access: 'admin' },
  { id: 'audit', title: msg`Audit`, access: 'admin' },
  { id: 'logs', title: msg`Logs`, access: 'all' },
];
