/**
 * Traccar reports: GET /api/reports/{route|events|trips|stops|summary|combined|geofences} (JSON, or
 * Excel by Accept header), /api/reports/{kind}/xlsx and /mail, /api/reports/devices/xlsx|mail, and
 * the scheduled-report CRUD at /api/reports[/{id}].
 */
import { appendFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Attributes, Event, Position, Report } from '../../contract/models.ts';
import type { AppContext } from '../auth/context.ts';
import { assertReportsAllowed, checkEdit } from '../auth/restrictions.ts';
import { canAccess } from '../crud/access.ts';
import { type DeviceRow, canAccessDevice, findDevice, toDevice } from '../db/devices.ts';
import { getServerSettings } from '../db/server.ts';
import { isManagedBy, type UserRow } from '../db/users.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { field, objectBody, parseId, parseZonedDate, queryBool, queryInt, queryList, queryString } from '../http/input.ts';
import { lookupNumber, lookupString } from '../reports/common.ts';
import {
  allAccessibleDevices,
  canAccessGroup,
  deleteReport,
  findReport,
  groupDevices,
  insertReport,
  latestPositionsOf,
  listReports,
  updateReport,
} from '../reports/queries.ts';
import {
  type ReportScope,
  combinedReport,
  eventsReport,
  geofencesReport,
  routePages,
  routeReport,
  stopsReport,
  summaryReport,
  tripsReport,
} from '../reports/service.ts';
import { validTimezone, zoneOffset } from '../reports/summary.ts';
import { type CellValue, type Column, buildWorkbook } from '../reports/xlsx.ts';
import { access, signedIn } from '../auth/authorize.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const KINDS = ['route', 'events', 'trips', 'stops', 'summary', 'combined', 'geofences'] as const;
type Kind = (typeof KINDS)[number];
const EXCEL_KINDS: Kind[] = ['route', 'events', 'trips', 'stops', 'summary'];
/** Types a scheduled report may have. */
const SCHEDULED_TYPES = new Set<string>([...KINDS, 'devices']);

interface Common {
  user: UserRow;
  scope: ReportScope;
  devices: DeviceRow[];
  timezone: string;
}

function userAttributes(user: UserRow): Attributes {
  try {
    const parsed: unknown = JSON.parse(user.attributes);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Attributes) : {};
  } catch {
    return {};
  }
}

function commonParams(ctx: AppContext, request: FastifyRequest, needsDevices = true): Common {
  const { user } = signedIn(request);
  assertReportsAllowed(ctx, user);
  const userId = user.administrator ? null : user.id;
  const fromValue = queryString(request.query, 'from');
  const toValue = queryString(request.query, 'to');
  if (!fromValue || !toValue) throw badRequest('Parameters from and to are required');
  const from = parseZonedDate(fromValue, 'from');
  const to = parseZonedDate(toValue, 'to');
  if (from > to) throw badRequest('Parameter from must not be after to');

  const server = getServerSettings(ctx.db);
  const limit = lookupNumber({ server: server.attributes }, 'report.periodLimit', 0) * 1000;
  if (limit > 0 && to - from > limit) throw badRequest('Time period exceeds the limit');

  const deviceIds = queryList(request.query, 'deviceId').map((v) => parseId(v, 'deviceId'));
  const groupIds = queryList(request.query, 'groupId').map((v) => parseId(v, 'groupId'));
  let devices: DeviceRow[] = [];
  if (needsDevices) {
    for (const id of deviceIds) if (!canAccessDevice(ctx.db, userId, id)) throw forbidden(`Device ${id} access denied`);
    for (const id of groupIds) if (!canAccessGroup(ctx.db, userId, id)) throw forbidden(`Group ${id} access denied`);
    if (!deviceIds.length && !groupIds.length) {
      devices = allAccessibleDevices(ctx.db, userId);
    } else {
      const byId = new Map<number, DeviceRow>();
      for (const id of deviceIds) {
        const row = findDevice(ctx.db, id);
        if (row) byId.set(row.id, row);
      }
      for (const id of groupIds) for (const row of groupDevices(ctx.db, id)) byId.set(row.id, row);
      devices = [...byId.values()];
    }
  }
  const timezone = validTimezone(
    lookupString({ device: userAttributes(user), server: server.attributes }, 'timezone') ?? null,
  );
  return { user, scope: { db: ctx.db, userId, serverAttributes: server.attributes, from, to }, devices, timezone };
}

function compute(kind: Kind, c: Common, request: FastifyRequest): unknown[] {
  const q = request.query;
  switch (kind) {
    case 'route':
      return routeReport(c.scope, c.devices);
    case 'events':
      return eventsReport(c.scope, c.devices, queryList(q, 'type'), queryList(q, 'alarm'));
    case 'trips':
      return tripsReport(c.scope, c.devices);
    case 'stops':
      return stopsReport(c.scope, c.devices);
    case 'summary':
      return summaryReport(c.scope, c.devices, queryBool(q, 'daily'), c.timezone);
    case 'combined':
      return combinedReport(c.scope, c.devices);
    case 'geofences':
      return geofencesReport(c.scope, c.devices, queryList(q, 'geofenceId').map((v) => parseId(v, 'geofenceId')));
  }
}

// Excel layout

function localTime(iso: string | null, timezone: string): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(ms + zoneOffset(ms, timezone)).toISOString().slice(0, 19).replace('T', ' ');
}

const hours = (ms: number): number => Math.round((ms / 3600000) * 100) / 100;
const km = (m: number): number => Math.round(m / 10) / 100;

function sheet(
  kind: Kind | 'devices',
  items: unknown[],
  c: Common,
  names: Map<number, string>,
  latest: Map<number, Position>,
): { columns: Column[]; rows: CellValue[][] } {
  const t = (iso: string | null): string => localTime(iso, c.timezone);
  const h = (headers: string[]): Column[] => headers.map((header) => ({ header }));
  switch (kind) {
    case 'route': {
      const rows = (items as Position[]).map((p) => [
        names.get(p.deviceId) ?? '', t(p.fixTime), p.latitude, p.longitude, p.speed, p.altitude, p.course, p.address ?? '',
      ]);
      return { columns: h(['Device', 'Fix time', 'Latitude', 'Longitude', 'Speed (kn)', 'Altitude (m)', 'Course', 'Address']), rows };
    }
    case 'events': {
      const rows = (items as Event[]).map((e) => [
        names.get(e.deviceId) ?? '', t(e.eventTime), e.type, e.geofenceId || null, e.maintenanceId || null,
        typeof e.attributes.alarm === 'string' ? e.attributes.alarm : '',
      ]);
      return { columns: h(['Device', 'Time', 'Type', 'Geofence', 'Maintenance', 'Alarm']), rows };
    }
    case 'trips': {
      const rows = (items as ReturnType<typeof tripsReport>).map((r) => [
        r.deviceName, t(r.startTime), r.startAddress ?? `${r.startLat}, ${r.startLon}`, r.startOdometer, t(r.endTime),
        r.endAddress ?? `${r.endLat}, ${r.endLon}`, r.endOdometer, km(r.distance), r.averageSpeed, r.maxSpeed, hours(r.duration),
        r.spentFuel, r.driverName ?? r.driverUniqueId ?? '',
      ]);
      return {
        columns: h(['Device', 'Start time', 'Start address', 'Start odometer (m)', 'End time', 'End address', 'End odometer (m)',
          'Distance (km)', 'Average speed (kn)', 'Max speed (kn)', 'Duration (h)', 'Spent fuel', 'Driver']),
        rows,
      };
    }
    case 'stops': {
      const rows = (items as ReturnType<typeof stopsReport>).map((r) => [
        r.deviceName, t(r.startTime), r.address ?? `${r.latitude}, ${r.longitude}`, r.startOdometer, t(r.endTime), hours(r.duration),
        hours(r.engineHours), r.spentFuel,
      ]);
      return { columns: h(['Device', 'Start time', 'Address', 'Odometer (m)', 'End time', 'Duration (h)', 'Engine hours (h)', 'Spent fuel']), rows };
    }
    case 'summary': {
      const rows = (items as ReturnType<typeof summaryReport>).map((r) => [
        r.deviceName, t(r.startTime), t(r.endTime), km(r.distance), r.startOdometer, r.endOdometer, r.averageSpeed, r.maxSpeed,
        hours(r.engineHours), r.spentFuel,
      ]);
      return {
        columns: h(['Device', 'Start time', 'End time', 'Distance (km)', 'Start odometer (m)', 'End odometer (m)', 'Average speed (kn)',
          'Max speed (kn)', 'Engine hours (h)', 'Spent fuel']),
        rows,
      };
    }
    case 'devices': {
      const rows = (items as DeviceRow[]).map((d) => {
        const device = toDevice(d);
        const position = latest.get(d.id);
        return [
          device.name, device.uniqueId, device.status, t(device.lastUpdate), device.phone ?? '', device.model ?? '', device.contact ?? '',
          device.category ?? '', position?.latitude ?? null, position?.longitude ?? null, position?.address ?? '',
        ];
      });
      return {
        columns: h(['Name', 'Identifier', 'Status', 'Last update', 'Phone', 'Model', 'Contact', 'Category', 'Latitude', 'Longitude', 'Address']),
        rows,
      };
    }
    default:
      return { columns: [], rows: [] };
  }
}

async function excel(ctx: AppContext, kind: Kind | 'devices', c: Common, items: unknown[]): Promise<Buffer> {
  const names = new Map<number, string>(c.devices.map((d) => [d.id, d.name]));
  const latest = new Map<number, Position>(
    kind === 'devices' ? latestPositionsOf(ctx.db, c.devices.map((d) => d.id)).map((p) => [p.deviceId, p]) : [],
  );
  const { columns, rows } = sheet(kind, items, c, names, latest);
  return buildWorkbook(kind, columns, rows);
}

function sendXlsx(reply: FastifyReply, buffer: Buffer): FastifyReply {
  return reply.code(200).type(XLSX_TYPE).header('Content-Disposition', 'attachment; filename=report.xlsx').send(buffer);
}

/** No mail server: the notice goes to DATA_DIR/mail.log, like the password-reset mail. */
function mail(ctx: AppContext, user: UserRow, kind: string, buffer: Buffer): void {
  appendFileSync(
    join(ctx.dataDir, 'mail.log'),
    `${new Date().toISOString()} to=${user.email} subject="Report: ${kind}" attachment=report.xlsx bytes=${buffer.length}\n`,
  );
  ctx.log.info({ email: user.email, kind }, 'report mail');
}

function wantsExcel(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes(XLSX_TYPE) && !accept.includes('application/json');
}

function reportFields(body: unknown, current?: Report): { type: string; description: string | null; calendarId: number; attributes: Attributes } {
  const o = objectBody(body);
  const type = field.string(o, 'type') ?? current?.type;
  if (!type || !SCHEDULED_TYPES.has(type)) throw badRequest(`Field type must be one of ${[...SCHEDULED_TYPES].join(', ')}`);
  const description = field.string(o, 'description');
  const calendarId = field.integer(o, 'calendarId');
  return {
    type,
    description: description === undefined ? (current?.description ?? null) : description,
    calendarId: calendarId ?? current?.calendarId ?? 0,
    attributes: field.attributes(o) ?? current?.attributes ?? {},
  };
}

/** A JSON array written from pages of items, one string per page. */
export async function* jsonArray(pages: Iterable<unknown[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for (const page of pages) {
    if (page.length === 0) continue;
    const text = JSON.stringify(page);
    yield (first ? '' : ',') + text.slice(1, -1);
    first = false;
    // the next page after other waiting work (the socket drains, other requests are answered)
    await new Promise((resolve) => setImmediate(resolve));
  }
  yield ']';
}

export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const kind of KINDS) {
    app.get(`/api/reports/${kind}`, access('user'), async (request, reply) => {
      const c = commonParams(ctx, request);
      if (kind === 'route' && !wantsExcel(request)) {
        // 100,000 positions are some 50 MB of JSON: written page by page, the first bytes leave at once and
        // other requests run between pages (each page is its own query)
        return reply.type('application/json; charset=utf-8').send(Readable.from(jsonArray(routePages(c.scope, c.devices))));
      }
      const items = compute(kind, c, request);
      if (wantsExcel(request) && EXCEL_KINDS.includes(kind)) {
        const buffer = await excel(ctx, kind, c, items);
        if (queryBool(request.query, 'mail')) {
          mail(ctx, c.user, kind, buffer);
          return reply.code(204).send();
        }
        return sendXlsx(reply, buffer);
      }
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(items));
    });
  }
  for (const kind of [...EXCEL_KINDS, 'devices'] as const) {
    for (const suffix of ['xlsx', 'mail'] as const) {
      app.get(`/api/reports/${kind}/${suffix}`, access('user'), async (request, reply) => {
        let c: Common;
        let items: unknown[];
        if (kind === 'devices') {
          const { user } = signedIn(request);
          assertReportsAllowed(ctx, user);
          const userId = user.administrator ? null : user.id;
          const server = getServerSettings(ctx.db);
          const devices = allAccessibleDevices(ctx.db, userId);
          const timezone = validTimezone(lookupString({ device: userAttributes(user), server: server.attributes }, 'timezone') ?? null);
          c = { user, scope: { db: ctx.db, userId, serverAttributes: server.attributes, from: 0, to: 0 }, devices, timezone };
          items = devices;
        } else {
          c = commonParams(ctx, request);
          items = compute(kind, c, request);
        }
        const buffer = await excel(ctx, kind, c, items);
        if (suffix === 'mail') {
          mail(ctx, c.user, kind, buffer);
          return reply.code(204).send();
        }
        return sendXlsx(reply, buffer);
      });
    }
  }

  // Scheduled reports
  app.get('/api/reports', access('user'), async (request): Promise<Report[]> => {
    const { user } = signedIn(request);
    const scope = user.administrator ? null : user.id;
    const q = request.query;
    const keyword = queryString(q, 'keyword');
    const limit = queryInt(q, 'limit');
    const offset = queryInt(q, 'offset');
    const options = { ...(keyword ? { keyword } : {}), ...(limit !== undefined ? { limit } : {}), ...(offset !== undefined ? { offset: Math.max(0, offset) } : {}) };
    if (queryBool(q, 'all')) return listReports(ctx.db, scope, options);
    const userId = queryInt(q, 'userId') ?? 0;
    const target = userId > 0 ? userId : user.id;
    if (target !== user.id && !user.administrator && !isManagedBy(ctx.db, user.id, target)) throw forbidden('User access denied');
    return listReports(ctx.db, null, { ...options, linkedToUserId: target });
  });

  /** Traccar's checkEdit of a Schedulable: a calendar set or changed must be one the user reaches. */
  const checkCalendar = (user: UserRow, fields: { calendarId: number }, current?: Report): void => {
    if (fields.calendarId > 0 && fields.calendarId !== current?.calendarId && !canAccess(ctx.db, user, 'calendar', fields.calendarId)) {
      throw forbidden(`No access to calendar ${fields.calendarId}`);
    }
  };

  app.post('/api/reports', access('writable'), async (request): Promise<Report> => {
    const auth = signedIn(request);
    checkEdit(ctx, auth.user, 'other', true);
    const fields = reportFields(request.body);
    checkCalendar(auth.user, fields);
    return insertReport(ctx.db, auth.user.id, fields);
  });

  const visible = (request: FastifyRequest<{ Params: { id: string } }>): { report: Report; user: UserRow } => {
    const auth = signedIn(request);
    const id = parseId(request.params.id, 'id');
    const report = findReport(ctx.db, auth.user.administrator ? null : auth.user.id, id);
    if (!report) throw notFound('Report not found');
    return { report, user: auth.user };
  };

  app.get<{ Params: { id: string } }>('/api/reports/:id', access('object:report'), async (request): Promise<Report> => visible(request).report);

  app.put<{ Params: { id: string } }>('/api/reports/:id', access('writable'), async (request): Promise<Report> => {
    const { report, user } = visible(request);
    checkEdit(ctx, user, 'other', false);
    const body = objectBody(request.body);
    const bodyId = field.integer(body, 'id');
    if (bodyId !== undefined && bodyId !== report.id) throw badRequest('Body id does not match the path');
    const fields = reportFields(body, report);
    checkCalendar(user, fields, report);
    return updateReport(ctx.db, report.id, fields);
  });

  app.delete<{ Params: { id: string } }>('/api/reports/:id', access('writable'), async (request, reply) => {
    const { report, user } = visible(request);
    checkEdit(ctx, user, 'other', false);
    deleteReport(ctx.db, report.id);
    return reply.code(204).send();
  });
}
