import type { FastifyInstance } from 'fastify';
import { type AppContext, accountProblem } from '../auth/context.ts';
import { ATTEMPT_COOKIE, ATTEMPT_COOKIE_PATH, ATTEMPT_LIFETIME, type OpenIdClient, internalPath, refusedByProvider, successDestination } from '../auth/openid.ts';
import { defaultUserFields, findUserByEmail, findUserById, insertUser, updateUser, userFields } from '../db/users.ts';
import { HttpError, accessDenied, badRequest, forbidden } from '../http/errors.ts';
import { queryString } from '../http/input.ts';
import { startSession } from './session.ts';
import { access } from '../auth/authorize.ts';

const notConfigured = (): HttpError => badRequest('OpenID is not configured');

/** Traccar's `/api/session/openid/auth` and `/callback` (303 redirects, as Traccar's). */
export function openIdRoutes(app: FastifyInstance, ctx: AppContext, openid: OpenIdClient | null): void {
  app.get('/api/session/openid/auth', access('public'), async (request, reply) => {
    if (!openid) throw notConfigured();
    const path = queryString(request.query, 'path');
    const destination = path === undefined || path === '' ? '/' : internalPath(path);
    if (destination === null) throw badRequest('Invalid post-login path');
    const redirectUri = openid.redirectUri(`${request.protocol}://${request.host}`);
    const { id, attempt } = openid.attempts.create(redirectUri, destination);
    const url = await openid.authorizationUrl(attempt);
    reply.setCookie(ATTEMPT_COOKIE, id, {
      path: ATTEMPT_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      maxAge: ATTEMPT_LIFETIME / 1000,
    });
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(url.href, 303);
  });

  app.get('/api/session/openid/callback', access('public'), async (request, reply) => {
    if (!openid) throw notConfigured();
    const id = request.cookies[ATTEMPT_COOKIE];
    reply.clearCookie(ATTEMPT_COOKIE, { path: ATTEMPT_COOKIE_PATH });
    reply.header('Cache-Control', 'no-store');
    const attempt = id ? openid.attempts.take(id) : undefined;
    const error = queryString(request.query, 'error');
    if (error !== undefined) throw refusedByProvider(error, queryString(request.query, 'error_description'));
    if (!attempt) throw badRequest('OpenID sign-in expired or already used: start the sign-in again');
    // openid-client checks the state too; this check comes first so that the answer names it for a person
    if (queryString(request.query, 'state') !== attempt.state) throw badRequest('OpenID state mismatch: start the sign-in again');
    const claims = await openid.claims(attempt, new URL(request.url, 'http://callback').searchParams);
    const groups = new Set(claims.groups);
    const allow = openid.options.allowGroups;
    if (allow && !allow.some((g) => groups.has(g))) {
      throw accessDenied('Your account is not in a group allowed to sign in to this server');
    }
    const administrator = openid.options.adminGroups?.some((g) => groups.has(g)) ?? false;
    let user = findUserByEmail(ctx.db, claims.email);
    if (!user) {
      // first sign-in: the account is created, its email fixed to the provider's (as Traccar's LoginService)
      const newId = insertUser(ctx.db, { ...defaultUserFields, name: claims.name, email: claims.email, fixedEmail: true, administrator }, null);
      user = findUserById(ctx.db, newId)!;
    }
    // a disabled or expired account is refused before anything of it changes
    const problem = accountProblem(user);
    if (problem) throw forbidden(problem);
    if (administrator && !user.administrator) {
      updateUser(ctx.db, user.id, { ...userFields(user), administrator: true });
      user = findUserById(ctx.db, user.id)!;
    }
    startSession(ctx, request, reply, user.id, null);
    return reply.redirect(successDestination(attempt.destination), 303);
  });
}
