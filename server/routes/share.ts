import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../auth/context.ts';
import { canAccessDevice, findDevice } from '../db/devices.ts';
import { ACCESSIBLE_GROUPS } from '../db/visibility.ts';
import { getServerSettings, serverFlag } from '../db/server.ts';
import { defaultUserFields, findUserByEmail, insertUser, updateUser, userFields } from '../db/users.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { formField, parseId, parseZonedDate } from '../http/input.ts';
import { access, signedIn } from '../auth/authorize.ts';

const TEXT = 'text/plain; charset=utf-8';

function canAccessGroup(ctx: AppContext, userId: number, groupId: number): boolean {
  return !!ctx.db.prepare(`SELECT 1 WHERE @groupId IN (${ACCESSIBLE_GROUPS})`).get({ userId, groupId });
}

interface Target {
  kind: 'device' | 'group';
  id: number;
  name: string;
  /** distinguishes the share user of this caller and object */
  key: string;
}

/**
 * Creates (or reuses) the temporary read-only user `{callerEmail}:{key}` linked to the object and
 * answers with a login token for `GET /api/session?token=`, valid until `expiration`.
 */
function share(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, resolveTarget: (userId: number | null) => Target): FastifyReply {
  const { user } = signedIn(request);
  if (serverFlag(getServerSettings(ctx.db), 'disableShare')) throw forbidden('Sharing is disabled');
  if (user.temporary) throw forbidden('Temporary users cannot share');
  const expirationValue = formField(request.body, 'expiration');
  if (!expirationValue) throw badRequest('expiration is required');
  let expiration = parseZonedDate(expirationValue, 'expiration');
  if (user.expirationTime !== null && user.expirationTime < expiration) expiration = user.expirationTime;
  if (expiration <= Date.now()) throw badRequest('Expiration must be in the future');
  const target = resolveTarget(user.administrator ? null : user.id);

  const email = `${user.email}:${target.key}`;
  const shareId = ctx.db.transaction(() => {
    const existing = findUserByEmail(ctx.db, email);
    if (existing) {
      const fields = userFields(existing);
      if (!fields.temporary) throw badRequest('Share account conflicts with an existing user');
      updateUser(ctx.db, existing.id, { ...fields, expirationTime: Math.max(fields.expirationTime ?? 0, expiration), disabled: false });
      return existing.id;
    }
    const server = getServerSettings(ctx.db);
    const id = insertUser(
      ctx.db,
      {
        ...defaultUserFields,
        name: target.name,
        email,
        readonly: true,
        temporary: true,
        expirationTime: expiration,
        deviceLimit: 0,
        limitCommands: true,
        disableReports: user.disableReports === 1 || server.disableReports,
        map: user.map,
        coordinateFormat: user.coordinateFormat,
        latitude: user.latitude,
        longitude: user.longitude,
        zoom: user.zoom,
      },
      null,
    );
    const table = target.kind === 'device' ? 'user_device (userId, deviceId)' : 'user_group (userId, groupId)';
    ctx.db.prepare(`INSERT OR IGNORE INTO ${table} VALUES (?, ?)`).run(id, target.id);
    return id;
  })();
  return reply.type(TEXT).send(ctx.tokens.issue(shareId, expiration));
}

function deviceTarget(ctx: AppContext, request: FastifyRequest): (scope: number | null) => Target {
  return (scope) => {
    const value = formField(request.body, 'deviceId');
    if (!value) throw badRequest('deviceId is required');
    const id = parseId(value, 'deviceId');
    const device = findDevice(ctx.db, id);
    if (!device || !canAccessDevice(ctx.db, scope, id)) throw forbidden('Device access denied');
    return { kind: 'device', id, name: device.name, key: device.uniqueId };
  };
}

/** Sharing: `POST /api/share/device`, `POST /api/share/group` (6.13+) and the older `POST /api/devices/share`. */
export function shareRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/share/device', access('object:device'), async (request, reply) => share(ctx, request, reply, deviceTarget(ctx, request)));
  app.post('/api/devices/share', access('object:device'), async (request, reply) => share(ctx, request, reply, deviceTarget(ctx, request)));
  app.post('/api/share/group', access('object:group'), async (request, reply) =>
    share(ctx, request, reply, (scope) => {
      const value = formField(request.body, 'groupId');
      if (!value) throw badRequest('groupId is required');
      const id = parseId(value, 'groupId');
      const group = ctx.db.prepare('SELECT name FROM device_groups WHERE id = ?').get(id) as { name: string } | undefined;
      if (!group || (scope !== null && !canAccessGroup(ctx, scope, id))) throw forbidden('Group access denied');
      return { kind: 'group', id, name: group.name, key: `group:${id}` };
    }),
  );
}
