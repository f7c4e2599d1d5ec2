import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '../../contract/models.ts';
import type { AppContext } from '../auth/context.ts';
import { recordAction } from '../audit.ts';
import { type ObjectType, canAccess, canAccessDeviceAs, canAccessUserAs, objectExists } from '../crud/access.ts';
import type { Db } from '../db/database.ts';
import { type UserRow, isManagedBy } from '../db/users.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { type Json, isRecord, queryInt } from '../http/input.ts';
import { access, signedIn } from '../auth/authorize.ts';

type Owner = 'user' | 'device' | 'group';
type Property = ObjectType | 'device' | 'managedUser' | 'linkedDevice';

const COMMON: Property[] = ['geofence', 'notification', 'attribute', 'driver', 'command', 'maintenance', 'report'];

/** Valid owner → property pairs (Traccar's tc_<owner>_<property> tables; orders are not supported). */
export const PERMISSION_PAIRS: Record<Owner, Property[]> = {
  user: ['device', 'group', 'geofence', 'notification', 'calendar', 'attribute', 'driver', 'command', 'maintenance', 'report', 'managedUser'],
  device: [...COMMON, 'linkedDevice'],
  group: [...COMMON],
};

export interface PermissionLink {
  owner: Owner;
  ownerId: number;
  property: Property;
  propertyId: number;
}

function isOwner(value: string): value is Owner {
  return value === 'user' || value === 'device' || value === 'group';
}

function pairProperty(owner: Owner, property: string): Property | undefined {
  return PERMISSION_PAIRS[owner].find((p) => p === property);
}

function keyName(key: string): string | null {
  return key.endsWith('Id') && key.length > 2 ? key.slice(0, -2) : null;
}

/** Storage of one pair: a dedicated table, or the generic links table. */
function storage(owner: Owner, property: Property): { table: string; ownerCol: string; propertyCol: string } | null {
  if (owner === 'user' && property === 'device') return { table: 'user_device', ownerCol: 'userId', propertyCol: 'deviceId' };
  if (owner === 'user' && property === 'group') return { table: 'user_group', ownerCol: 'userId', propertyCol: 'groupId' };
  if (owner === 'user' && property === 'managedUser') return { table: 'user_user', ownerCol: 'userId', propertyCol: 'managedUserId' };
  return null;
}

export function parsePermission(body: Json): PermissionLink {
  const keys = Object.keys(body);
  const ownerName = keys[0] ? keyName(keys[0]) : null;
  const propertyName = keys[1] ? keyName(keys[1]) : null;
  const owner = ownerName && isOwner(ownerName) ? ownerName : null;
  const property = owner && propertyName ? pairProperty(owner, propertyName) : undefined;
  if (keys.length !== 2 || !owner || !property) {
    throw badRequest(`Unsupported permission: ${keys.join(', ').slice(0, 100)}; expected {"<owner>Id": n, "<property>Id": m}`);
  }
  const ownerId = body[keys[0]!];
  const propertyId = body[keys[1]!];
  if (typeof ownerId !== 'number' || !Number.isSafeInteger(ownerId) || ownerId <= 0) throw badRequest(`Invalid ${keys[0]}`);
  if (typeof propertyId !== 'number' || !Number.isSafeInteger(propertyId) || propertyId <= 0) throw badRequest(`Invalid ${keys[1]}`);
  return { owner, ownerId, property, propertyId };
}

function exists(db: Db, type: Owner | Property, id: number): boolean {
  if (type === 'managedUser') return objectExists(db, 'user', id);
  if (type === 'linkedDevice') return objectExists(db, 'device', id);
  return objectExists(db, type, id);
}

function accessible(db: Db, user: UserRow, type: Owner | Property, id: number): boolean {
  switch (type) {
    case 'user':
      return canAccessUserAs(db, user, id);
    case 'managedUser':
      return user.administrator === 1 || isManagedBy(db, user.id, id);
    case 'device':
    case 'linkedDevice':
      return canAccessDeviceAs(db, user, id);
    default:
      return canAccess(db, user, type, id);
  }
}

/** Traccar's PermissionsResource.checkPermission: both objects must exist and (non-admins) be reachable. */
export function checkPermissionLink(db: Db, user: UserRow, link: PermissionLink): void {
  if (!exists(db, link.owner, link.ownerId)) throw badRequest(`Unknown ${link.owner} ${link.ownerId}`);
  if (!exists(db, link.property, link.propertyId)) throw badRequest(`Unknown ${link.property} ${link.propertyId}`);
  if (user.administrator) return;
  if (!accessible(db, user, link.owner, link.ownerId)) throw forbidden(`No access to ${link.owner} ${link.ownerId}`);
  if (!accessible(db, user, link.property, link.propertyId)) throw forbidden(`No access to ${link.property} ${link.propertyId}`);
}

export function applyPermission(db: Db, link: PermissionLink, add: boolean): void {
  const table = storage(link.owner, link.property);
  if (table) {
    const sql = add
      ? `INSERT OR IGNORE INTO ${table.table} (${table.ownerCol}, ${table.propertyCol}) VALUES (?, ?)`
      : `DELETE FROM ${table.table} WHERE ${table.ownerCol} = ? AND ${table.propertyCol} = ?`;
    db.prepare(sql).run(link.ownerId, link.propertyId);
    return;
  }
  const sql = add
    ? 'INSERT OR IGNORE INTO links (ownerType, ownerId, propertyType, propertyId) VALUES (?, ?, ?, ?)'
    : 'DELETE FROM links WHERE ownerType = ? AND ownerId = ? AND propertyType = ? AND propertyId = ?';
  db.prepare(sql).run(link.owner, link.ownerId, link.property, link.propertyId);
}

function bodyLinks(body: unknown, bulk: boolean): Json[] {
  if (bulk) {
    if (!Array.isArray(body) || !body.every(isRecord)) throw badRequest('Request body must be an array of permissions');
    return body;
  }
  if (!isRecord(body)) throw badRequest('Request body must be a JSON object');
  return [body];
}

/** Lists links for `GET /api/permissions?<owner>Id=n&<property>Id=m` (0 = any side; at least one non-zero). */
function listPermissions(db: Db, query: unknown): Permission[] {
  const keys = isRecord(query) ? Object.keys(query) : [];
  if (keys.length !== 2) throw badRequest('Exactly two *Id query parameters are required');
  const names = keys.map(keyName);
  let order: [number, number] | null = null;
  for (const [a, b] of [[0, 1], [1, 0]] as const) {
    const o = names[a];
    const p = names[b];
    if (o && p && isOwner(o) && pairProperty(o, p)) order = [a, b];
  }
  if (!order) throw badRequest(`Unsupported permission pair: ${keys.join(', ').slice(0, 100)}`);
  const ownerKey = keys[order[0]]!;
  const propertyKey = keys[order[1]]!;
  const owner = names[order[0]] as Owner;
  const property = pairProperty(owner, names[order[1]]!)!;
  const ownerId = queryInt(query, ownerKey) ?? 0;
  const propertyId = queryInt(query, propertyKey) ?? 0;
  if (ownerId < 0 || propertyId < 0) throw badRequest('Ids must not be negative');
  if (ownerId === 0 && propertyId === 0) throw badRequest('At least one id must be non-zero');
  const table = storage(owner, property);
  const ownerCol = table ? table.ownerCol : 'ownerId';
  const propertyCol = table ? table.propertyCol : 'propertyId';
  const where: string[] = [];
  const params: Record<string, string | number> = {};
  if (!table) {
    where.push('ownerType = @owner AND propertyType = @property');
    params.owner = owner;
    params.property = property;
  }
  if (ownerId) {
    where.push(`${ownerCol} = @ownerId`);
    params.ownerId = ownerId;
  }
  if (propertyId) {
    where.push(`${propertyCol} = @propertyId`);
    params.propertyId = propertyId;
  }
  const rows = db
    .prepare(`SELECT ${ownerCol} AS o, ${propertyCol} AS p FROM ${table ? table.table : 'links'} WHERE ${where.join(' AND ')} ORDER BY o, p`)
    .all(params) as Array<{ o: number; p: number }>;
  return rows.map((row) => ({ [`${owner}Id`]: row.o, [`${property}Id`]: row.p }));
}

export function permissionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const change = (request: FastifyRequest, add: boolean, bulk: boolean): void => {
    const { user } = signedIn(request);
    const bodies = bodyLinks(request.body, bulk);
    const links = bodies.map(parsePermission);
    const signature = (o: Json): string => Object.keys(o).join(',');
    if (bulk && new Set(bodies.map(signature)).size > 1) throw badRequest('All permissions must use the same keys');
    for (const link of links) checkPermissionLink(ctx.db, user, link);
    ctx.db.transaction(() => {
      for (const link of links) applyPermission(ctx.db, link, add);
    })();
    for (const link of links) {
      recordAction(ctx.db, request, user.id, add ? 'link' : 'unlink', link.owner, link.ownerId, {
        property: link.property,
        propertyId: link.propertyId,
      });
    }
  };

  app.get('/api/permissions', access('admin'), async (request): Promise<Permission[]> => {
    return listPermissions(ctx.db, request.query);
  });

  for (const [path, bulk] of [['/api/permissions', false], ['/api/permissions/bulk', true]] as const) {
    app.post(path, access('writable'), async (request, reply) => {
      change(request, true, bulk);
      return reply.code(204).send();
    });
    app.delete(path, access('writable'), async (request, reply) => {
      change(request, false, bulk);
      return reply.code(204).send();
    });
  }
}
