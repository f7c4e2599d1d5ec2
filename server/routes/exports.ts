import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../auth/context.ts';
import { assertReportsAllowed } from '../auth/restrictions.ts';
import { type DeviceRow, canAccessDevice, findDevice } from '../db/devices.ts';
import { OWNER_IDS } from '../db/visibility.ts';
import { parseAttributes } from '../db/convert.ts';
import { type PositionRow, positionHistory } from '../db/positions.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { parseId, parseZonedDate, queryString } from '../http/input.ts';
import { zip } from '../media/zip.ts';
import { type Geometry, parseArea } from '../../contract/wkt.ts';
import { prepareArea } from '../geo/contains.ts';
import { corridorOf } from '../geo/areas.ts';
import { access, signedIn } from '../auth/authorize.ts';

/** Text for XML content and attribute values: the five special characters escaped, invalid XML 1.0 characters dropped. */
export function xmlEscape(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/**
 * One CSV cell (RFC 4180 quoting); text a spreadsheet would run as a formula (starting with = + - @, tab or CR)
 * gets a leading apostrophe. Plain numbers such as -12.5 stay numbers.
 */
export function csvCell(value: string): string {
  let text = value;
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text)) text = "'" + text;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const iso = (ms: number): string => new Date(ms).toISOString();

interface Export {
  device: DeviceRow;
  from: number;
  to: number;
  positions: PositionRow[];
}

function kml({ device, from, to, positions }: Export): string {
  const coordinates = positions.map((p) => `${p.longitude},${p.latitude},${p.altitude}`).join(' ');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    '<Document>',
    `<name>${xmlEscape(device.name)}</name>`,
    '<Placemark>',
    `<name>${xmlEscape(`${iso(from)} - ${iso(to)}`)}</name>`,
    '<LineString>',
    '<extrude>1</extrude>',
    '<tessellate>1</tessellate>',
    '<altitudeMode>absolute</altitudeMode>',
    `<coordinates>${coordinates}</coordinates>`,
    '</LineString>',
    '</Placemark>',
    '</Document>',
    '</kml>',
    '',
  ].join('\n');
}

function gpx({ device, positions }: Export): string {
  const points = positions.map(
    (p) =>
      `<trkpt lat="${p.latitude}" lon="${p.longitude}"><ele>${p.altitude}</ele><time>${iso(p.fixTime)}</time>` +
      `<course>${p.course}</course><speed>${p.speed}</speed></trkpt>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.0" creator="Athar" xmlns="http://www.topografix.com/GPX/1/0">',
    '<trk>',
    `<name>${xmlEscape(device.name)}</name>`,
    '<trkseg>',
    ...points,
    '</trkseg>',
    '</trk>',
    '</gpx>',
    '',
  ].join('\n');
}

function csv({ positions }: Export): string {
  const fixed: Array<[string, (p: PositionRow) => unknown]> = [
    ['id', (p) => p.id],
    ['deviceId', (p) => p.deviceId],
    ['protocol', (p) => p.protocol],
    ['serverTime', (p) => iso(p.serverTime)],
    ['deviceTime', (p) => iso(p.deviceTime)],
    ['fixTime', (p) => iso(p.fixTime)],
    ['valid', (p) => p.valid === 1],
    ['latitude', (p) => p.latitude],
    ['longitude', (p) => p.longitude],
    ['altitude', (p) => p.altitude],
    ['speed', (p) => p.speed],
    ['course', (p) => p.course],
    ['address', (p) => p.address],
    ['accuracy', (p) => p.accuracy],
  ];
  const parsed = positions.map((p) => parseAttributes(p.attributes));
  const keys = [...new Set(parsed.flatMap((a) => Object.keys(a)))].filter((k) => !fixed.some(([name]) => name === k));
  const lines = [[...fixed.map(([name]) => name), ...keys].map(csvCell).join(',')];
  positions.forEach((p, i) => {
    const cells = [...fixed.map(([, get]) => get(p)), ...keys.map((k) => parsed[i]![k])];
    lines.push(cells.map((v) => csvCell(v === null || v === undefined ? '' : String(v))).join(','));
  });
  return lines.join('\r\n') + '\r\n';
}

// --- geofence filter: the contract's WKT codec and the server's containment (one parser) ---

function canAccessGeofence(ctx: AppContext, userId: number, geofenceId: number, deviceId: number): boolean {
  return !!ctx.db
    .prepare(
      `SELECT 1 FROM links WHERE propertyType = 'geofence' AND propertyId = @geofenceId AND (
         (ownerType = 'user' AND ownerId IN (${OWNER_IDS}))
         OR (ownerType = 'device' AND ownerId = @deviceId))`,
    )
    .get({ userId, geofenceId, deviceId });
}

/** Loads and checks the common parameters of every export. */
function load(ctx: AppContext, request: FastifyRequest): Export {
  const { user } = signedIn(request);
  const deviceIdValue = queryString(request.query, 'deviceId');
  const fromValue = queryString(request.query, 'from');
  const toValue = queryString(request.query, 'to');
  if (deviceIdValue === undefined || fromValue === undefined || toValue === undefined) throw badRequest('deviceId, from and to are required');
  const deviceId = parseId(deviceIdValue, 'deviceId');
  const from = parseZonedDate(fromValue, 'from');
  const to = parseZonedDate(toValue, 'to');
  const device = findDevice(ctx.db, deviceId);
  if (!device || !canAccessDevice(ctx.db, user.administrator ? null : user.id, deviceId)) throw forbidden('Device access denied');
  assertReportsAllowed(ctx, user);
  let positions = positionHistory(ctx.db, deviceId, from, to);
  const geofenceValue = queryString(request.query, 'geofenceId');
  if (geofenceValue !== undefined && geofenceValue !== '' && geofenceValue !== '0') {
    const geofenceId = parseId(geofenceValue, 'geofenceId');
    const row = ctx.db.prepare('SELECT area, attributes FROM geofences WHERE id = ?').get(geofenceId) as
      | { area: string; attributes: string }
      | undefined;
    if (!row) throw notFound('Geofence not found');
    if (!user.administrator && !canAccessGeofence(ctx, user.id, geofenceId, deviceId)) throw forbidden('Geofence access denied');
    let area: Geometry;
    try {
      area = parseArea(row.area);
    } catch (error) {
      throw badRequest(`Geofence area is not valid: ${(error as Error).message}`);
    }
    const prepared = prepareArea(area, corridorOf(parseAttributes(row.attributes)));
    positions = positions.filter((p) => prepared.contains(p.latitude, p.longitude));
  }
  return { device, from, to, positions };
}

function download(reply: FastifyReply, type: string, file: string, body: string | Buffer): FastifyReply {
  return reply.header('Content-Disposition', `attachment; filename=${file}`).header('X-Content-Type-Options', 'nosniff').type(type).send(body);
}

/** `GET /api/positions/{kml|kmz|csv|gpx}?deviceId&from&to[&geofenceId]` as file downloads. */
export function exportRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/positions/kml', access('object:device'), async (request, reply) =>
    download(reply, 'application/vnd.google-earth.kml+xml; charset=utf-8', 'positions.kml', kml(load(ctx, request))),
  );
  app.get('/api/positions/kmz', access('object:device'), async (request, reply) => {
    const document = Buffer.from(kml(load(ctx, request)), 'utf8');
    return download(reply, 'application/vnd.google-earth.kmz', 'positions.kmz', zip([{ name: 'doc.kml', data: document }]));
  });
  app.get('/api/positions/csv', access('object:device'), async (request, reply) =>
    download(reply, 'text/csv; charset=utf-8', 'positions.csv', csv(load(ctx, request))),
  );
  app.get('/api/positions/gpx', access('object:device'), async (request, reply) =>
    download(reply, 'application/gpx+xml; charset=utf-8', 'positions.gpx', gpx(load(ctx, request))),
  );
}
