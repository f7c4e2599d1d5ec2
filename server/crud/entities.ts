import { calendarBudget, parseCalendar } from '../events/calendar.ts';
import type {
  Calendar,
  Command,
  ComputedAttribute,
  Driver,
  Geofence,
  Group,
  Maintenance,
  Notification,
} from '../../contract/models.ts';
import { parseAttributes } from '../db/convert.ts';
import { type Geometry, MAX_AREA_LENGTH, parseArea } from '../../contract/wkt.ts';
import { corridorOf, warmArea } from '../geo/areas.ts';
import { compileExpression } from './expression.ts';
import { badRequest } from '../http/errors.ts';
import type { EntityDef, Row } from './entity.ts';

function str(row: Row, key: string): string {
  const v = row[key];
  return typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
}
function nstr(row: Row, key: string): string | null {
  const v = row[key];
  return typeof v === 'string' ? v : null;
}
function num(row: Row, key: string): number {
  const v = row[key];
  return typeof v === 'number' ? v : 0;
}
function attrs(row: Row, exclude: boolean): Group['attributes'] {
  return exclude ? {} : parseAttributes(nstr(row, 'attributes'));
}

export const groupDef: EntityDef = {
  type: 'group',
  auditType: 'group',
  table: 'device_groups',
  path: '/api/groups',
  extended: false,
  sort: 'name',
  search: ['name'],
  editKind: 'other',
  hasAttributes: true,
  fields: { name: { kind: 'string', required: true }, groupId: { kind: 'ref', ref: 'group' } },
  toModel: (row, ex): Group => ({ id: num(row, 'id'), attributes: attrs(row, ex), groupId: num(row, 'groupId'), name: str(row, 'name') }),
};

export const driverDef: EntityDef = {
  type: 'driver',
  auditType: 'driver',
  table: 'drivers',
  path: '/api/drivers',
  extended: true,
  sort: 'name',
  search: ['name', 'uniqueId'],
  editKind: 'other',
  hasAttributes: true,
  fields: { name: { kind: 'string', required: true }, uniqueId: { kind: 'string', required: true } },
  toModel: (row, ex): Driver => ({ id: num(row, 'id'), attributes: attrs(row, ex), name: str(row, 'name'), uniqueId: str(row, 'uniqueId') }),
};

export const geofenceDef: EntityDef = {
  type: 'geofence',
  auditType: 'geofence',
  table: 'geofences',
  path: '/api/geofences',
  // a 100,000-vertex polygon is about 2.3 MB of WKT (the codec takes up to MAX_AREA_LENGTH)
  bodyLimit: 5 * 1024 * 1024,
  extended: true,
  sort: 'name',
  search: ['name', 'description'],
  editKind: 'other',
  hasAttributes: true,
  fields: {
    name: { kind: 'string', required: true },
    description: { kind: 'nullableString' },
    area: { kind: 'string', required: true, maxLength: MAX_AREA_LENGTH },
    calendarId: { kind: 'ref', ref: 'calendar' },
  },
  validate(row, base) {
    const area = str(row, 'area');
    const corridor = corridorOf(parseAttributes(nstr(row, 'attributes')));
    // an edit that keeps the stored area and corridor (a new name, a colour) neither parses nor
    // builds it again: the ingest cache keeps the area it built
    if (base && base.area === area && corridorOf(parseAttributes(nstr(base, 'attributes'))) === corridor) return;
    let geometry: Geometry;
    try {
      geometry = parseArea(area);
    } catch (error) {
      throw badRequest(`Invalid area: ${error instanceof Error ? error.message : String(error)}`);
    }
    // the ingest cache takes the prepared area from here rather than build it inside an ingest turn
    warmArea(area, corridor, geometry);
  },
  toModel: (row, ex): Geofence => ({
    id: num(row, 'id'),
    attributes: attrs(row, ex),
    calendarId: num(row, 'calendarId'),
    name: str(row, 'name'),
    description: nstr(row, 'description'),
    area: str(row, 'area'),
  }),
};

export const maintenanceDef: EntityDef = {
  type: 'maintenance',
  auditType: 'maintenance',
  table: 'maintenances',
  path: '/api/maintenance',
  extended: true,
  sort: 'name',
  search: ['name', 'type'],
  editKind: 'other',
  hasAttributes: true,
  fields: {
    name: { kind: 'string', required: true },
    type: { kind: 'string', required: true },
    start: { kind: 'number' },
    period: { kind: 'number' },
  },
  toModel: (row, ex): Maintenance => ({
    id: num(row, 'id'),
    attributes: attrs(row, ex),
    name: str(row, 'name'),
    type: str(row, 'type'),
    start: num(row, 'start'),
    period: num(row, 'period'),
  }),
};

export const calendarDef: EntityDef = {
  type: 'calendar',
  auditType: 'calendar',
  table: 'calendars',
  path: '/api/calendars',
  extended: false,
  sort: 'name',
  search: ['name'],
  editKind: 'other',
  hasAttributes: true,
  fields: { name: { kind: 'string', required: true }, data: { kind: 'base64', required: true } },
  validate(row) {
    const data = row.data;
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : '';
    if (!text.replace(/^\uFEFF/, '').trimStart().startsWith('BEGIN:VCALENDAR')) {
      throw badRequest('Invalid calendar data: expected base64 of an iCalendar file (BEGIN:VCALENDAR)');
    }
    let refused: string | null;
    try {
      parseCalendar(text);
      refused = calendarBudget(text);
    } catch (error) {
      throw badRequest(`Invalid calendar data: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (refused) throw badRequest(`Calendar refused: ${refused}`);
  },
  toModel: (row, ex): Calendar => {
    const data = row.data;
    return {
      id: num(row, 'id'),
      attributes: attrs(row, ex),
      name: str(row, 'name'),
      data: Buffer.isBuffer(data) ? data.toString('base64') : typeof data === 'string' ? Buffer.from(data).toString('base64') : '',
    };
  },
};

const ATTRIBUTE_TYPES = ['string', 'number', 'boolean'] as const;
function attributeType(value: string): ComputedAttribute['type'] {
  return ATTRIBUTE_TYPES.find((t) => t === value) ?? 'string';
}

export const attributeDef: EntityDef = {
  type: 'attribute',
  auditType: 'attribute',
  table: 'computed_attributes',
  path: '/api/attributes/computed',
  extended: true,
  sort: 'description',
  search: ['description', 'attribute'],
  editKind: 'attribute',
  hasAttributes: false,
  fields: {
    description: { kind: 'string' },
    attribute: { kind: 'string', required: true },
    expression: { kind: 'string', required: true },
    type: { kind: 'string', required: true },
    priority: { kind: 'integer' },
  },
  validate(row) {
    if (!ATTRIBUTE_TYPES.some((t) => t === row.type)) throw badRequest('Field type must be string, number or boolean');
    try {
      compileExpression(str(row, 'expression'));
    } catch (error) {
      throw badRequest(`Invalid expression: ${error instanceof Error ? error.message : String(error)}`);
    }
  },
  toModel: (row): ComputedAttribute => ({
    id: num(row, 'id'),
    description: str(row, 'description'),
    attribute: str(row, 'attribute'),
    expression: str(row, 'expression'),
    type: attributeType(str(row, 'type')),
    priority: num(row, 'priority'),
  }),
};

export const commandDef: EntityDef = {
  type: 'command',
  auditType: 'command',
  table: 'commands',
  path: '/api/commands',
  extended: true,
  sort: 'description',
  search: ['description', 'type'],
  editKind: 'command',
  hasAttributes: true,
  fields: {
    deviceId: { kind: 'integer' },
    type: { kind: 'string', required: true },
    textChannel: { kind: 'boolean' },
    description: { kind: 'nullableString' },
  },
  toModel: (row, ex): Command => ({
    id: num(row, 'id'),
    attributes: attrs(row, ex),
    deviceId: num(row, 'deviceId'),
    type: str(row, 'type'),
    textChannel: row.textChannel === 1,
    description: nstr(row, 'description'),
  }),
};

export const notificationDef: EntityDef = {
  type: 'notification',
  auditType: 'notification',
  table: 'notifications',
  path: '/api/notifications',
  extended: true,
  sort: 'description',
  search: ['description', 'type'],
  editKind: 'other',
  hasAttributes: true,
  fields: {
    description: { kind: 'nullableString' },
    type: { kind: 'string', required: true },
    always: { kind: 'boolean' },
    calendarId: { kind: 'ref', ref: 'calendar' },
    commandId: { kind: 'ref', ref: 'command' },
    notificators: { kind: 'string' },
  },
  validate(row) {
    if (!/^[A-Za-z0-9_, ]*$/.test(str(row, 'notificators'))) throw badRequest('Field notificators must be a comma-separated list of names');
  },
  toModel: (row, ex): Notification => ({
    id: num(row, 'id'),
    attributes: attrs(row, ex),
    description: nstr(row, 'description'),
    calendarId: num(row, 'calendarId'),
    always: row.always === 1,
    type: str(row, 'type'),
    commandId: num(row, 'commandId'),
    notificators: str(row, 'notificators'),
  }),
};

export const ENTITIES: EntityDef[] = [
  groupDef,
  driverDef,
  geofenceDef,
  maintenanceDef,
  calendarDef,
  attributeDef,
  commandDef,
  notificationDef,
];
