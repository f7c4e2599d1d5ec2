import type { FastifyInstance } from 'fastify';
import type { Device } from '../../contract/models.ts';
import type { AppContext } from '../auth/context.ts';
import { checkEdit } from '../auth/restrictions.ts';
import { recordAction } from '../audit.ts';
import { canAccess } from '../crud/access.ts';
import type { Db } from '../db/database.ts';
import {
  type DeviceFields,
  type DeviceQuery,
  canAccessDevice,
  countAccessibleDevices,
  defaultDeviceFields,
  deleteDevice,
  deviceFields,
  findDevice,
  findDeviceByUniqueId,
  insertDevice,
  queryDevices,
  toDevice,
  uniqueIdProblem,
  updateDevice,
} from '../db/devices.ts';
import { type UserRow, isManagedBy } from '../db/users.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { type Json, field, objectBody, parseId, queryBool, queryInt, queryList, queryString } from '../http/input.ts';
import { access, signedIn } from '../auth/authorize.ts';

const MAX_TEXT = 4096;

function text(o: Json, key: string): string | null | undefined {
  const v = field.string(o, key);
  if (typeof v === 'string' && v.length > MAX_TEXT) throw badRequest(`Field ${key} is too long`);
  return v;
}

function ref(db: Db, user: UserRow, o: Json, key: 'groupId' | 'calendarId', current: number | null): number | null {
  const v = field.integer(o, key);
  if (v === undefined) return current;
  if (v < 0) throw badRequest(`Field ${key} must be a positive id`);
  if (v === 0) return null;
  if (v === current) return v;
  const type = key === 'groupId' ? 'group' : 'calendar';
  if (!db.prepare(`SELECT 1 FROM ${type === 'group' ? 'device_groups' : 'calendars'} WHERE id = ?`).get(v)) throw badRequest(`Unknown ${type} ${v}`);
  if (!canAccess(db, user, type, v)) throw forbidden(`No access to ${type} ${v}`);
  return v;
}

/** Merges a (possibly partial) JSON device over `base`; absent fields keep their value. */
export function applyDeviceInput(db: Db, user: UserRow, o: Json, base: DeviceFields): DeviceFields {
  const r: DeviceFields = { ...base };
  const name = text(o, 'name');
  if (name !== undefined) r.name = name ?? '';
  const uniqueId = text(o, 'uniqueId');
  if (uniqueId !== undefined) r.uniqueId = (uniqueId ?? '').trim();
  for (const key of ['phone', 'model', 'contact', 'category'] as const) {
    const v = text(o, key);
    if (v !== undefined) r[key] = v === null || v === '' ? null : v;
  }
  const disabled = field.boolean(o, 'disabled');
  if (disabled !== undefined) r.disabled = disabled ? 1 : 0;
  const expiration = field.date(o, 'expirationTime');
  if (expiration !== undefined) r.expirationTime = expiration;
  const attributes = field.attributes(o);
  if (attributes !== undefined) r.attributes = JSON.stringify(attributes);
  r.groupId = ref(db, user, o, 'groupId', base.groupId);
  r.calendarId = ref(db, user, o, 'calendarId', base.calendarId);
  if (!r.name.trim()) throw badRequest('Field name is required');
  const problem = uniqueIdProblem(r.uniqueId);
  if (problem) throw badRequest(problem);
  return r;
}

function ensureUniqueId(db: Db, uniqueId: string, exceptId: number | null): void {
  const existing = findDeviceByUniqueId(db, uniqueId);
  if (existing && existing.id !== exceptId) throw badRequest(`Duplicate uniqueId: ${uniqueId}`);
}

export function deviceRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/devices', access('user'), async (request): Promise<Device[]> => {
    const { user } = signedIn(request);
    const scope = user.administrator ? null : user.id;
    const ids = queryList(request.query, 'id').map((v) => parseId(v, 'id'));
    const uniqueIds = queryList(request.query, 'uniqueId');
    let query: DeviceQuery;
    if (ids.length || uniqueIds.length) {
      query = { userId: scope, ids, uniqueIds };
    } else {
      query = { userId: scope };
      const userId = queryInt(request.query, 'userId');
      if (!queryBool(request.query, 'all') && userId !== undefined && userId > 0) {
        if (!user.administrator && userId !== user.id && !isManagedBy(ctx.db, user.id, userId)) {
          throw forbidden('User access denied');
        }
        // Devices linked directly to that user (Traccar: excludeGroups).
        query = { userId: null, linkedToUserId: userId };
      }
      const keyword = queryString(request.query, 'keyword');
      if (keyword) query.keyword = keyword;
      const limit = queryInt(request.query, 'limit');
      if (limit !== undefined) query.limit = limit;
      const offset = queryInt(request.query, 'offset');
      if (offset !== undefined) query.offset = Math.max(offset, 0);
    }
    return queryDevices(ctx.db, query).map(toDevice);
  });

  app.get<{ Params: { id: string } }>('/api/devices/:id', access('object:device'), async (request) => {
    const { user } = signedIn(request);
    const id = parseId(request.params.id, 'id');
    const device = findDevice(ctx.db, id);
    if (!device || !canAccessDevice(ctx.db, user.administrator ? null : user.id, id)) throw notFound();
    return toDevice(device);
  });

  app.post('/api/devices', access('deviceWritable'), async (request) => {
    const { user } = signedIn(request);
    checkEdit(ctx, user, 'device', true);
    const fields = applyDeviceInput(ctx.db, user, objectBody(request.body), defaultDeviceFields);
    const id = ctx.db.transaction(() => {
      if (!user.administrator && user.deviceLimit !== -1 && countAccessibleDevices(ctx.db, user.id) >= user.deviceLimit) {
        throw forbidden('Device limit reached');
      }
      ensureUniqueId(ctx.db, fields.uniqueId, null);
      const newId = insertDevice(ctx.db, fields);
      ctx.db.prepare('INSERT OR IGNORE INTO user_device (userId, deviceId) VALUES (?, ?)').run(user.id, newId);
      return newId;
    })();
    recordAction(ctx.db, request, user.id, 'create', 'device', id);
    return toDevice(findDevice(ctx.db, id)!);
  });

  app.put<{ Params: { id: string } }>('/api/devices/:id', access('deviceWritable'), async (request) => {
    const { user } = signedIn(request);
    const id = parseId(request.params.id, 'id');
    const o = objectBody(request.body);
    if (field.integer(o, 'id') !== id) throw badRequest('Body id must equal the path id');
    checkEdit(ctx, user, 'device', false);
    const device = findDevice(ctx.db, id);
    if (!device || !canAccessDevice(ctx.db, user.administrator ? null : user.id, id)) throw notFound();
    const fields = applyDeviceInput(ctx.db, user, o, deviceFields(device));
    ctx.db.transaction(() => {
      ensureUniqueId(ctx.db, fields.uniqueId, id);
      updateDevice(ctx.db, id, fields);
    })();
    recordAction(ctx.db, request, user.id, 'edit', 'device', id);
    const updated = toDevice(findDevice(ctx.db, id)!);
    ctx.live.pushDevice(updated);
    return updated;
  });

  app.delete<{ Params: { id: string } }>('/api/devices/:id', access('deviceWritable'), async (request, reply) => {
    const { user } = signedIn(request);
    const id = parseId(request.params.id, 'id');
    checkEdit(ctx, user, 'device', false);
    if (!findDevice(ctx.db, id) || !canAccessDevice(ctx.db, user.administrator ? null : user.id, id)) throw notFound();
    deleteDevice(ctx.db, id);
    recordAction(ctx.db, request, user.id, 'remove', 'device', id);
    return reply.code(204).send();
  });
}
