import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppContext, SESSION_COOKIE, accountProblem, userFromToken } from '../auth/context.ts';
import { verifyPassword } from '../auth/password.ts';
import { recordAction } from '../audit.ts';
import { MIN_TOTP_KEY_BYTES, TOTP_SETUP_CHALLENGE, base32Decode, verifyTotp } from '../auth/totp.ts';
import { getServerSettings, serverFlag } from '../db/server.ts';
import { createSession, deleteSession } from '../db/sessions.ts';
import { findUserByLogin, setUserTotpKey, toUser } from '../db/users.ts';
import { HttpError, badRequest, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { formField, parseZonedDate, queryString } from '../http/input.ts';
import { access, signedIn } from '../auth/authorize.ts';

const DEFAULT_TOKEN_LIFETIME = 7 * 24 * 3600 * 1000;

/** Opens a cookie session (replacing the caller's previous one) that remembers the login origin. */
export function startSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, userId: number, expiresAt: number | null): void {
  if (request.auth?.session) deleteSession(ctx.db, request.auth.session.id);
  const { cookieValue } = createSession(ctx.db, userId, request.headers.origin ?? null, expiresAt);
  reply.setCookie(SESSION_COOKIE, cookieValue, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    ...(expiresAt !== null ? { expires: new Date(expiresAt) } : {}),
  });
  recordAction(ctx.db, request, userId, 'login', 'user', userId);
}

export function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/session', access('public'), async (request, reply) => {
    const token = queryString(request.query, 'token');
    if (token !== undefined) {
      const state = userFromToken(ctx, token);
      if (!state) throw unauthorized('Invalid or expired token');
      startSession(ctx, request, reply, state.user.id, state.expiresAt);
      return toUser(state.user);
    }
    if (!request.auth) throw notFound('No session');
    return toUser(request.auth.user);
  });

  app.post('/api/session', access('public'), async (request, reply) => {
    const email = formField(request.body, 'email');
    const password = formField(request.body, 'password');
    if (!email || password === undefined) throw unauthorized('Missing email or password');
    ctx.signIn.check(email, request.ip);
    const user = findUserByLogin(ctx.db, email);
    const ok = await verifyPassword(password, user ? { hash: user.hashedPassword ?? '', salt: user.salt ?? '' } : null);
    if (!user || !ok) {
      ctx.signIn.fail(email, request.ip);
      throw unauthorized('Invalid email or password');
    }
    const code = formField(request.body, 'code')?.trim();
    if (user.totpKey) {
      if (!code || !verifyTotp(user.totpKey, code)) {
        // a wrong code counts; asking for the code (none sent yet) does not
        if (code) ctx.signIn.fail(email, request.ip);
        throw new HttpError(401, code ? 'Invalid one-time code' : 'One-time code required', { 'WWW-Authenticate': 'TOTP' });
      }
    } else if (serverFlag(getServerSettings(ctx.db), 'totpForce')) {
      // A forced one-time password (server attribute totpForce): no session without a key. The
      // key comes with the first code it makes, which proves the authenticator app holds it.
      const problem = accountProblem(user);
      if (problem) throw forbidden(problem);
      const key = formField(request.body, 'totpKey')?.replace(/[\s=-]/g, '').toUpperCase() ?? '';
      const valid = (base32Decode(key)?.length ?? 0) >= MIN_TOTP_KEY_BYTES;
      if (!valid || !code || !verifyTotp(key, code)) {
        if (code) ctx.signIn.fail(email, request.ip);
        throw new HttpError(401, code ? 'Invalid one-time code' : 'One-time password key required', { 'WWW-Authenticate': TOTP_SETUP_CHALLENGE });
      }
      setUserTotpKey(ctx.db, user.id, key);
      recordAction(ctx.db, request, user.id, 'edit', 'user', user.id);
      user.totpKey = key;
    }
    ctx.signIn.succeed(email, request.ip);
    const problem = accountProblem(user);
    if (problem) throw forbidden(problem);
    startSession(ctx, request, reply, user.id, null);
    return toUser(user);
  });

  app.delete('/api/session', access('user'), async (request, reply) => {
    const auth = signedIn(request);
    if (auth.session) {
      deleteSession(ctx.db, auth.session.id);
      ctx.live.disconnectSession(auth.session.id);
    }
    recordAction(ctx.db, request, auth.user.id, 'logout', 'user', auth.user.id);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(204).send();
  });

  app.post('/api/session/token', access('user'), async (request, reply) => {
    const auth = signedIn(request);
    const value = formField(request.body, 'expiration');
    let expiresAt = value ? parseZonedDate(value, 'expiration') : Date.now() + DEFAULT_TOKEN_LIFETIME;
    if (auth.expiresAt !== null) expiresAt = Math.min(expiresAt, auth.expiresAt);
    if (expiresAt <= Date.now()) throw badRequest('Expiration must be in the future');
    return reply.type('text/plain; charset=utf-8').send(ctx.tokens.issue(auth.user.id, expiresAt));
  });

  app.post('/api/session/token/revoke', access('user'), async (request, reply) => {
    const auth = signedIn(request);
    const token = formField(request.body, 'token');
    const data = token ? ctx.tokens.decode(token) : null;
    if (!token || !data) throw badRequest('Invalid token');
    if (data.u !== auth.user.id && !auth.user.administrator) throw forbidden('Token belongs to another user');
    ctx.tokens.revoke(token);
    return reply.code(204).send();
  });
}
