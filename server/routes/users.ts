import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { User } from '../../contract/models.ts';
import type { AppContext } from '../auth/context.ts';
import { hashPassword } from '../auth/password.ts';
import { recordAction } from '../audit.ts';
import { assertWritable, restricted } from '../auth/restrictions.ts';
import { canAccessDeviceAs, canAccessUserAs } from '../crud/access.ts';
import { base32Decode, generateTotpKey } from '../auth/totp.ts';
import { getServerSettings, serverFlag } from '../db/server.ts';
import { deleteUserSessions } from '../db/sessions.ts';
import {
  type UserFields,
  type UserRow,
  countManagedUsers,
  countUsers,
  deleteUser,
  defaultUserFields,
  findUserById,
  insertUser,
  isManagedBy,
  linkManagedUser,
  listUsers,
  usersLinkedToDevice,
  toUser,
  updateUser,
  userFields,
} from '../db/users.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { type Json, assignBooleans, field, objectBody, parseId, queryInt, queryString } from '../http/input.ts';
import { access, signedIn } from '../auth/authorize.ts';

/** Merges a (possibly partial) JSON user over `base`; absent fields keep their value. */
export function applyUserInput(o: Json, base: UserFields): UserFields {
  const r: UserFields = { ...base };
  const name = field.string(o, 'name');
  if (name !== undefined) r.name = name ?? '';
  const email = field.string(o, 'email');
  if (email !== undefined) r.email = (email ?? '').trim();
  const nullableStrings = ['login', 'phone', 'map', 'coordinateFormat', 'poiLayer', 'totpKey'] as const;
  for (const key of nullableStrings) {
    const v = field.string(o, key);
    if (v !== undefined) r[key] = v === null || v.trim() === '' ? null : v;
  }
  assignBooleans(r, o, ['readonly', 'administrator', 'disabled', 'deviceReadonly', 'limitCommands', 'disableReports', 'fixedEmail', 'temporary']);
  r.latitude = field.number(o, 'latitude') ?? r.latitude;
  r.longitude = field.number(o, 'longitude') ?? r.longitude;
  r.zoom = field.integer(o, 'zoom') ?? r.zoom;
  r.deviceLimit = field.integer(o, 'deviceLimit') ?? r.deviceLimit;
  r.userLimit = field.integer(o, 'userLimit') ?? r.userLimit;
  const expiration = field.date(o, 'expirationTime');
  if (expiration !== undefined) r.expirationTime = expiration;
  r.attributes = field.attributes(o) ?? r.attributes;
  if (!r.email) throw badRequest('Email is required');
  // an email goes into mail headers and sign-in lookups: no spaces, line breaks or control characters
  if (/[\s\u0000-\u001f\u007f]/.test(r.email)) throw badRequest('Email may not contain spaces or line breaks');
  if (r.email.length > 254) throw badRequest('Email is longer than 254 characters');
  if (r.login !== null && /[\u0000-\u001f\u007f]/.test(r.login)) throw badRequest('Login may not contain control characters');
  if (r.totpKey !== null && !base32Decode(r.totpKey)?.length) throw badRequest('Invalid one-time password key');
  return r;
}

const RESTRICTED = ['readonly', 'deviceReadonly', 'disabled', 'limitCommands', 'disableReports', 'fixedEmail', 'temporary'] as const;

/** Traccar's checkUserUpdate: who may change privileged fields (violations are SecurityException → 400). */
export function checkUserUpdate(actor: UserRow | null, before: UserFields, after: UserFields, targetId: number | null): void {
  if (actor?.administrator) return;
  const self = actor !== null && actor.id === targetId;
  if (before.administrator !== after.administrator || before.deviceLimit !== after.deviceLimit || before.userLimit !== after.userLimit) {
    throw forbidden('Administrator access required to change administrator, deviceLimit or userLimit');
  }
  if (before.expirationTime !== after.expirationTime) {
    const beyondOwn =
      actor?.expirationTime != null && (after.expirationTime === null || after.expirationTime > actor.expirationTime);
    if (!actor || self || actor.userLimit === 0 || beyondOwn) throw forbidden('Not allowed to change expirationTime');
  }
  if (RESTRICTED.some((key) => before[key] !== after[key])) {
    if (!actor || self || actor.userLimit === 0) throw forbidden(`Not allowed to change ${RESTRICTED.join(', ')}`);
  }
  if (targetId !== null && before.fixedEmail && before.email.toLowerCase() !== after.email.toLowerCase()) {
    throw forbidden('Email change is not allowed');
  }
}

/** The shared rule (self, or a user managed while a manager); administrators pass even for a missing id, answered 404 by the route. */
function canAccessUser(ctx: AppContext, actor: UserRow, userId: number): boolean {
  return actor.administrator === 1 || canAccessUserAs(ctx.db, actor, userId);
}

/** The user attributes a readonly user may still change on itself (Traccar's BaseObjectResource.update). */
const READONLY_ATTRIBUTES = ['notificationTokens', 'termsAccepted'];

/**
 * Traccar's skipReadonly: a readonly user (its flag or the server's) may change only its password,
 * notification tokens and terms acceptance; anything else, or any other user, is refused.
 */
function checkReadonlyUpdate(ctx: AppContext, actor: UserRow, targetId: number, after: UserFields): void {
  if (!restricted(ctx, actor, 'readonly')) return;
  const strip = (fields: UserFields): UserFields => {
    const attributes = { ...fields.attributes };
    for (const key of READONLY_ATTRIBUTES) delete attributes[key];
    return { ...fields, attributes };
  };
  if (actor.id !== targetId || !isDeepStrictEqual(strip(userFields(actor)), strip(after))) throw forbidden('Account is readonly');
}

function passwordInput(o: Json): string | undefined {
  const password = field.string(o, 'password');
  return password ? password : undefined;
}

/**
 * Sign-in takes an email or a login (case-insensitively), so each must name one user: an email
 * may be no other user's email or login, a login no other user's login or email.
 */
function ensureUniqueSignIn(ctx: AppContext, fields: UserFields, exceptId: number | null): void {
  const taken = (name: string): boolean =>
    !!ctx.db
      .prepare('SELECT 1 FROM users WHERE id != @except AND (email = @name COLLATE NOCASE OR login = @name COLLATE NOCASE)')
      .get({ except: exceptId ?? 0, name });
  if (taken(fields.email)) throw badRequest('Email is already registered');
  if (fields.login !== null && taken(fields.login)) throw badRequest('Login is already taken');
}

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/users', access('user'), async (request): Promise<User[]> => {
    const auth = signedIn(request);
    const userId = queryInt(request.query, 'userId');
    const deviceId = queryInt(request.query, 'deviceId');
    let rows: UserRow[];
    if (deviceId !== undefined && deviceId > 0) {
      // Traccar: managers only; the users linked directly to the device (non-admins: among those they manage).
      if (!auth.user.administrator && auth.user.userLimit === 0) throw forbidden('Manager access required');
      if (!canAccessDeviceAs(ctx.db, auth.user, deviceId)) throw forbidden('Device access denied');
      rows = usersLinkedToDevice(ctx.db, deviceId, auth.user.administrator ? null : auth.user.id);
    } else if (userId !== undefined && userId > 0) {
      if (!canAccessUser(ctx, auth.user, userId)) throw forbidden('User access denied');
      rows = listUsers(ctx.db, userId);
    } else {
      rows = listUsers(ctx.db, auth.user.administrator ? null : auth.user.id);
    }
    const keyword = queryString(request.query, 'keyword')?.toLowerCase();
    if (keyword) rows = rows.filter((u) => u.name.toLowerCase().includes(keyword) || u.email.toLowerCase().includes(keyword));
    const limit = queryInt(request.query, 'limit') ?? 0;
    const offset = queryInt(request.query, 'offset') ?? 0;
    if (limit > 0) rows = rows.slice(Math.max(offset, 0), Math.max(offset, 0) + limit);
    return rows.map(toUser);
  });

  app.post('/api/users', access('public'), async (request) => {
    const actor = request.auth?.user ?? null;
    const o = objectBody(request.body);
    const fields = applyUserInput(o, defaultUserFields);
    const password = passwordInput(o);
    if (!password) throw badRequest('Password is required');
    const firstUser = countUsers(ctx.db) === 0;
    if (!actor?.administrator) {
      // Athar is stricter than Traccar here: a readonly manager (or any user of a readonly server) creates no one.
      if (actor) assertWritable(ctx, actor);
      checkUserUpdate(actor, defaultUserFields, firstUser ? { ...fields, administrator: false } : fields, null);
      if (actor && actor.userLimit !== 0) {
        if (actor.userLimit > 0 && countManagedUsers(ctx.db, actor.id) >= actor.userLimit) {
          throw forbidden('Manager user limit reached');
        }
      } else {
        const server = getServerSettings(ctx.db);
        if (!firstUser && !server.registration) throw forbidden('Registration disabled');
        if (serverFlag(server, 'totpForce') && !fields.totpKey) throw forbidden('One-time password key is required');
      }
    }
    if (firstUser) fields.administrator = true;
    ensureUniqueSignIn(ctx, fields, null);
    const hashed = await hashPassword(password);
    const id = ctx.db.transaction(() => {
      const newId = insertUser(ctx.db, fields, hashed);
      if (actor && actor.userLimit !== 0) linkManagedUser(ctx.db, actor.id, newId);
      return newId;
    })();
    if (actor) recordAction(ctx.db, request, actor.id, 'create', 'user', id);
    return toUser(findUserById(ctx.db, id)!);
  });

  app.post('/api/users/totp', access('public'), async (_request, reply) => {
    // a forced one-time password implies it is enabled: the sign-in that must set a key up asks for one here
    const server = getServerSettings(ctx.db);
    if (!serverFlag(server, 'totpEnable') && !serverFlag(server, 'totpForce')) throw forbidden('One-time passwords are not enabled');
    return reply.type('text/plain; charset=utf-8').send(generateTotpKey());
  });

  app.get<{ Params: { id: string } }>('/api/users/:id', access('object:user'), async (request) => {
    const auth = signedIn(request);
    const id = parseId(request.params.id, 'id');
    if (!canAccessUser(ctx, auth.user, id)) throw forbidden('User access denied');
    const user = findUserById(ctx.db, id);
    if (!user) throw notFound();
    return toUser(user);
  });

  app.put<{ Params: { id: string } }>('/api/users/:id', access('object:user'), async (request) => {
    const auth = signedIn(request);
    const id = parseId(request.params.id, 'id');
    const o = objectBody(request.body);
    if (field.integer(o, 'id') !== id) throw badRequest('Body id must equal the path id');
    if (!canAccessUser(ctx, auth.user, id)) throw forbidden('User access denied');
    const target = findUserById(ctx.db, id);
    if (!target) throw notFound();
    const before = userFields(target);
    const after = applyUserInput(o, before);
    checkUserUpdate(auth.user, before, after, id);
    checkReadonlyUpdate(ctx, auth.user, id, after);
    ensureUniqueSignIn(ctx, after, id);
    const password = passwordInput(o);
    const hashed = password ? await hashPassword(password) : null;
    ctx.db.transaction(() => {
      updateUser(ctx.db, id, after);
      if (hashed) ctx.db.prepare('UPDATE users SET hashedPassword = ?, salt = ? WHERE id = ?').run(hashed.hash, hashed.salt, id);
      if (after.disabled) deleteUserSessions(ctx.db, id);
    })();
    if (after.disabled) ctx.live.disconnectUser(id);
    recordAction(ctx.db, request, auth.user.id, 'edit', 'user', id);
    return toUser(findUserById(ctx.db, id)!);
  });

  app.delete<{ Params: { id: string } }>('/api/users/:id', access('writable'), async (request, reply) => {
    const auth = signedIn(request);
    const id = parseId(request.params.id, 'id');
    if (!auth.user.administrator && (auth.user.id === id || !isManagedBy(ctx.db, auth.user.id, id))) {
      throw forbidden('User access denied');
    }
    if (!findUserById(ctx.db, id)) throw notFound();
    deleteUser(ctx.db, id);
    ctx.live.disconnectUser(id);
    recordAction(ctx.db, request, auth.user.id, 'remove', 'user', id);
    return reply.code(204).send();
  });
}
