import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppContext, requireAuth, requireWritable } from '../auth/context.ts';
import { canAccessDevice, findDevice } from '../db/devices.ts';
import { findUserById, isManagedBy } from '../db/users.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { type Json, isRecord } from '../http/input.ts';

/** Link tables available so far: `{userId, <property>Id}` → table and column. */
const LINKS: Record<string, { table: string; column: string }> = {
  deviceId: { table: 'user_device', column: 'deviceId' },
  groupId: { table: 'user_group', column: 'groupId' },
  managedUserId: { table: 'user_user', column: 'managedUserId' },
};

interface Link {
  userId: number;
  key: string;
  value: number;
}

function parseLink(body: Json): Link {
  const keys = Object.keys(body);
  const [owner, property] = keys;
  if (keys.length !== 2 || owner !== 'userId' || !property || !LINKS[property]) {
    throw badRequest('Unsupported permission: expected {"userId": n, "deviceId"|"groupId"|"managedUserId": m}');
  }
  const userId = body[owner];
  const value = body[property];
  if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(value)) throw badRequest('Permission ids must be integers');
  return { userId: userId as number, key: property, value: value as number };
}

function checkLink(ctx: AppContext, request: FastifyRequest, link: Link): void {
  const auth = requireAuth(request);
  requireWritable(auth);
  const actor = auth.user;
  if (!findUserById(ctx.db, link.userId)) throw badRequest('Unknown user');
  if (link.key === 'deviceId' && !findDevice(ctx.db, link.value)) throw badRequest('Unknown device');
  if (link.key === 'groupId' && !ctx.db.prepare('SELECT 1 FROM device_groups WHERE id = ?').get(link.value)) {
    throw badRequest('Unknown group');
  }
  if (link.key === 'managedUserId' && !findUserById(ctx.db, link.value)) throw badRequest('Unknown user');
  if (actor.administrator) return;
  const managesOwner = link.userId === actor.id || isManagedBy(ctx.db, actor.id, link.userId);
  if (!managesOwner || actor.userLimit === 0) throw forbidden('Manager access required');
  if (link.key === 'deviceId' && !canAccessDevice(ctx.db, actor.id, link.value)) throw forbidden('Device access denied');
  if (link.key === 'groupId' && !ctx.db.prepare('SELECT 1 FROM user_group WHERE userId = ? AND groupId = ?').get(actor.id, link.value)) {
    throw forbidden('Group access denied');
  }
  if (link.key === 'managedUserId' && !isManagedBy(ctx.db, actor.id, link.value)) throw forbidden('User access denied');
}

function bodyLinks(body: unknown, bulk: boolean): Json[] {
  if (bulk) {
    if (!Array.isArray(body) || !body.every(isRecord)) throw badRequest('Request body must be an array of permissions');
    return body;
  }
  if (!isRecord(body)) throw badRequest('Request body must be a JSON object');
  return [body];
}

export function permissionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const change = (add: boolean, bulk: boolean) => async (request: FastifyRequest) => {
    const links = bodyLinks(request.body, bulk).map(parseLink);
    if (bulk && new Set(links.map((l) => l.key)).size > 1) throw badRequest('All permissions must use the same keys');
    for (const link of links) checkLink(ctx, request, link);
    ctx.db.transaction(() => {
      for (const link of links) {
        const { table, column } = LINKS[link.key]!;
        const sql = add
          ? `INSERT OR IGNORE INTO ${table} (userId, ${column}) VALUES (?, ?)`
          : `DELETE FROM ${table} WHERE userId = ? AND ${column} = ?`;
        ctx.db.prepare(sql).run(link.userId, link.value);
      }
    })();
  };
  for (const [path, bulk] of [['/api/permissions', false], ['/api/permissions/bulk', true]] as const) {
    app.post(path, async (request, reply) => {
      await change(true, bulk)(request);
      return reply.code(204).send();
    });
    app.delete(path, async (request, reply) => {
      await change(false, bulk)(request);
      return reply.code(204).send();
    });
  }
}
