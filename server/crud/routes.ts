import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../auth/context.ts';
import { checkEdit } from '../auth/restrictions.ts';
import { recordAction } from '../audit.ts';
import type { Db } from '../db/database.ts';
import { unlinkAll } from '../db/links.ts';
import type { UserRow } from '../db/users.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { type Json, field, objectBody, parseId, queryBool, queryInt, queryString } from '../http/input.ts';
import { accessSql, canAccess, canAccessDeviceAs, canAccessUserAs, objectExists } from './access.ts';
import type { EntityDef, FieldSpec, Row, SqlValue } from './entity.ts';
import { access, signedIn } from '../auth/authorize.ts';

const MAX_STRING = 65_536;

function readField(o: Json, key: string, spec: FieldSpec): SqlValue | undefined {
  if (!(key in o)) return undefined;
  switch (spec.kind) {
    case 'string':
    case 'nullableString': {
      const v = field.string(o, key);
      if (v !== undefined && v !== null && v.length > (spec.maxLength ?? MAX_STRING)) throw badRequest(`Field ${key} is too long`);
      if (spec.kind === 'string') return v ?? '';
      return v === null || v === undefined || v === '' ? null : v;
    }
    case 'number':
      return field.number(o, key) ?? 0;
    case 'integer':
      return field.integer(o, key) ?? 0;
    case 'boolean':
      return (field.boolean(o, key) ?? false) ? 1 : 0;
    case 'ref': {
      const v = field.integer(o, key) ?? 0;
      if (v < 0) throw badRequest(`Field ${key} must be a positive id`);
      return v === 0 ? null : v;
    }
    case 'base64': {
      const v = field.string(o, key);
      if (v === null || v === undefined || v === '') return null;
      if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(v)) throw badRequest(`Field ${key} must be base64`);
      return Buffer.from(v, 'base64');
    }
  }
}

function defaultValue(spec: FieldSpec): SqlValue {
  switch (spec.kind) {
    case 'string':
      return '';
    case 'number':
    case 'integer':
    case 'boolean':
      return 0;
    default:
      return null;
  }
}

/** Merges a (possibly partial) JSON body over `base` (null: a new object) and validates the result. */
export function parseBody(
  db: Db,
  user: UserRow,
  def: EntityDef,
  body: unknown,
  base: Row | null,
  id: number | null,
): Row {
  const o = objectBody(body);
  const row: Row = {};
  for (const [key, spec] of Object.entries(def.fields)) {
    const value = readField(o, key, spec);
    row[key] = value !== undefined ? value : base ? (base[key] ?? null) : defaultValue(spec);
    if (spec.required && (row[key] === null || row[key] === '')) throw badRequest(`Field ${key} is required`);
    const ref = row[key];
    if (spec.kind === 'ref' && spec.ref && typeof ref === 'number' && (value !== undefined || !base)) {
      if (!objectExists(db, spec.ref, ref)) throw badRequest(`Unknown ${spec.ref} ${ref}`);
      if (!canAccess(db, user, spec.ref, ref)) throw forbidden(`No access to ${spec.ref} ${ref}`);
    }
  }
  if (def.hasAttributes) {
    const attributes = field.attributes(o);
    row.attributes = attributes !== undefined ? JSON.stringify(attributes) : base ? (base.attributes ?? '{}') : '{}';
  }
  if (def.type === 'group' && id !== null && typeof row.groupId === 'number') {
    // no cycles: the new parent must not be the group itself or one of its descendants
    const cycle = db
      .prepare(
        `WITH RECURSIVE sub(id) AS (SELECT @id UNION SELECT device_groups.id FROM device_groups JOIN sub ON device_groups.groupId = sub.id)
         SELECT 1 FROM sub WHERE id = @parent`,
      )
      .get({ id, parent: row.groupId });
    if (cycle) throw badRequest('A group cannot be its own ancestor');
  }
  def.validate?.(row, base);
  return row;
}

function isConstraintError(error: unknown): error is Error {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('SQLITE_CONSTRAINT');
}

/**
 * Traccar's general answer to a write the database refuses (a link to a row that is not there, a
 * missing value): the web client's catalogue translates it (spec §8). A duplicate says what it duplicates.
 */
export const CONSTRAINT_VIOLATION = 'Invalid parameters or constraints violation';

export function write<T>(fn: () => T, def: Pick<EntityDef, 'type'>): T {
  try {
    return fn();
  } catch (error) {
    if (isConstraintError(error)) {
      throw badRequest(error.message.includes('UNIQUE') ? `Duplicate ${def.type}: ${error.message}` : CONSTRAINT_VIOLATION);
    }
    throw error;
  }
}

export function findRow(db: Db, def: EntityDef, id: number): Row | undefined {
  return db.prepare(`SELECT * FROM ${def.table} WHERE id = ?`).get(id) as Row | undefined;
}

/** Columns that reference an object of this type elsewhere (cleared on delete). */
const REFERENCES: Record<string, Array<[table: string, column: string]>> = {
  calendar: [
    ['devices', 'calendarId'],
    ['geofences', 'calendarId'],
    ['notifications', 'calendarId'],
    ['reports', 'calendarId'],
  ],
  command: [['notifications', 'commandId']],
};

export interface ListQuery {
  all: boolean;
  userId?: number;
  deviceId?: number;
  groupId?: number;
  excludeAttributes: boolean;
  limit?: number;
  offset?: number;
  keyword?: string;
}

export function parseListQuery(query: unknown, extended: boolean): ListQuery {
  const result: ListQuery = { all: queryBool(query, 'all'), excludeAttributes: queryBool(query, 'excludeAttributes') };
  const userId = queryInt(query, 'userId');
  if (userId !== undefined && userId > 0) result.userId = userId;
  if (extended) {
    const deviceId = queryInt(query, 'deviceId');
    if (deviceId !== undefined && deviceId > 0) result.deviceId = deviceId;
    const groupId = queryInt(query, 'groupId');
    if (groupId !== undefined && groupId > 0) result.groupId = groupId;
  }
  const limit = queryInt(query, 'limit');
  if (limit !== undefined) result.limit = limit;
  const offset = queryInt(query, 'offset');
  if (offset !== undefined) result.offset = Math.max(0, offset);
  const keyword = queryString(query, 'keyword');
  if (keyword) result.keyword = keyword;
  return result;
}

/**
 * The list semantics of Traccar's Simple/ExtendedObjectResource:
 * - all=true: administrators get everything, others everything they reach;
 * - userId=X: objects linked directly to X (caller must be X, X's manager or an administrator);
 * - otherwise: administrators get everything (as this server does for devices), others what is linked to
 *   them or to the users they manage;
 * - deviceId / groupId: only objects linked directly to that device / group (which the caller must reach).
 */
export function listObjects(db: Db, user: UserRow, def: EntityDef, q: ListQuery): Row[] {
  const where: string[] = [];
  const params: Record<string, string | number> = {};
  const admin = user.administrator === 1;
  if (!q.all && q.userId !== undefined) {
    if (!canAccessUserAs(db, user, q.userId)) throw forbidden('User access denied');
    where.push(`id IN (${accessSql(def.type, 'direct')})`);
    params.userId = q.userId;
  } else if (!admin) {
    where.push(`id IN (${accessSql(def.type, q.all ? 'reach' : 'user')})`);
    params.userId = user.id;
  }
  if (q.deviceId !== undefined) {
    if (!canAccessDeviceAs(db, user, q.deviceId)) throw forbidden('Device access denied');
    where.push(`id IN (SELECT propertyId FROM links WHERE ownerType = 'device' AND ownerId = @deviceId AND propertyType = '${def.type}')`);
    params.deviceId = q.deviceId;
  }
  if (q.groupId !== undefined) {
    if (!canAccess(db, user, 'group', q.groupId)) throw forbidden('Group access denied');
    where.push(`id IN (SELECT propertyId FROM links WHERE ownerType = 'group' AND ownerId = @groupId AND propertyType = '${def.type}')`);
    params.groupId = q.groupId;
  }
  if (q.keyword) {
    where.push(def.search.map((col) => `LOWER(${col}) LIKE @keyword ESCAPE '\\'`).join(' OR '));
    params.keyword = '%' + q.keyword.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c) + '%';
  }
  let sql = `SELECT * FROM ${def.table}${where.length ? ' WHERE ' + where.map((w) => `(${w})`).join(' AND ') : ''} ORDER BY ${def.sort}, id`;
  if (q.limit !== undefined && q.limit > 0) {
    sql += ' LIMIT @limit OFFSET @offset';
    params.limit = q.limit;
    params.offset = q.offset ?? 0;
  }
  return db.prepare(sql).all(params) as Row[];
}

/** An object the caller may read (404 otherwise). */
export function readableRow(db: Db, user: UserRow, def: EntityDef, id: number): Row {
  const row = findRow(db, def, id);
  if (!row || !canAccess(db, user, def.type, id, 'reach')) throw notFound();
  return row;
}

/** An object the caller may change: 404 when invisible, 400 when only visible through a device/group. */
function writableRow(db: Db, user: UserRow, def: EntityDef, id: number): Row {
  const row = readableRow(db, user, def, id);
  if (!canAccess(db, user, def.type, id, 'user')) throw forbidden(`No write access to ${def.type} ${id}`);
  return row;
}

function linkCreator(db: Db, def: EntityDef, userId: number, id: number): void {
  if (def.type === 'group') db.prepare('INSERT OR IGNORE INTO user_group (userId, groupId) VALUES (?, ?)').run(userId, id);
  else db.prepare("INSERT OR IGNORE INTO links (ownerType, ownerId, propertyType, propertyId) VALUES ('user', ?, ?, ?)").run(userId, def.type, id);
}

function columnsOf(def: EntityDef): string[] {
  return [...Object.keys(def.fields), ...(def.hasAttributes ? ['attributes'] : [])];
}

/** Registers GET list, GET /{id}, POST, PUT /{id}, DELETE /{id} for one entity. */
export function crudRoutes(app: FastifyInstance, ctx: AppContext, def: EntityDef): void {
  const { db } = ctx;
  const out = (row: Row, exclude = false): object => def.toModel(row, exclude);

  app.get(def.path, access('user'), async (request) => {
    const { user } = signedIn(request);
    const q = parseListQuery(request.query, def.extended);
    return listObjects(db, user, def, q).map((row) => out(row, q.excludeAttributes));
  });

  app.get<{ Params: { id: string } }>(`${def.path}/:id`, access(`object:${def.type}`), async (request) => {
    const { user } = signedIn(request);
    return out(readableRow(db, user, def, parseId(request.params.id, 'id')));
  });

  // computed attributes are administrators' (Traccar's checkEdit); the handlers add the kind's other checks
  const writeOptions = { ...access(def.editKind === 'attribute' ? 'admin' : 'writable'), ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}) };
  app.post(def.path, writeOptions, async (request: FastifyRequest) => {
    const { user } = signedIn(request);
    checkEdit(ctx, user, def.editKind, true);
    const row = parseBody(db, user, def, request.body, null, null);
    const cols = columnsOf(def);
    const id = write(
      () =>
        db.transaction(() => {
          const result = db
            .prepare(`INSERT INTO ${def.table} (${cols.join(', ')}) VALUES (${cols.map((c) => '@' + c).join(', ')})`)
            .run(row);
          const newId = Number(result.lastInsertRowid);
          linkCreator(db, def, user.id, newId);
          return newId;
        })(),
      def,
    );
    recordAction(db, request, user.id, 'create', def.auditType, id);
    return out(findRow(db, def, id)!);
  });

  app.put<{ Params: { id: string } }>(`${def.path}/:id`, writeOptions, async (request) => {
    const { user } = signedIn(request);
    const id = parseId(request.params.id, 'id');
    const body = objectBody(request.body);
    if (field.integer(body, 'id') !== id) throw badRequest('Body id must equal the path id');
    checkEdit(ctx, user, def.editKind, false);
    const base = writableRow(db, user, def, id);
    const row = parseBody(db, user, def, body, base, id);
    const cols = columnsOf(def);
    write(() => db.prepare(`UPDATE ${def.table} SET ${cols.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`).run({ ...row, id }), def);
    recordAction(db, request, user.id, 'edit', def.auditType, id);
    return out(findRow(db, def, id)!);
  });

  app.delete<{ Params: { id: string } }>(`${def.path}/:id`, writeOptions, async (request, reply) => {
    const { user } = signedIn(request);
    const id = parseId(request.params.id, 'id');
    checkEdit(ctx, user, def.editKind, false);
    writableRow(db, user, def, id);
    db.transaction(() => {
      for (const [table, column] of REFERENCES[def.type] ?? []) db.prepare(`UPDATE ${table} SET ${column} = NULL WHERE ${column} = ?`).run(id);
      db.prepare(`DELETE FROM ${def.table} WHERE id = ?`).run(id);
      unlinkAll(db, def.type, id);
    })();
    recordAction(db, request, user.id, 'remove', def.auditType, id);
    return reply.code(204).send();
  });
}
