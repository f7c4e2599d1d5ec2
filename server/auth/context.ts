import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import type { SignInLimiter } from './rateLimit.ts';
import type { TokenManager } from './tokens.ts';
import type { LiveHub } from '../live.ts';
import type { SessionRow } from '../db/sessions.ts';
import { findSession } from '../db/sessions.ts';
import { findUserById, findUserByLogin, type UserRow } from '../db/users.ts';
import { verifyPassword } from './password.ts';
import { HttpError, unauthorized } from '../http/errors.ts';
import { isRecord } from '../http/input.ts';
import type { StorageHealth } from '../storage/health.ts';

/** Everything route modules share. */
export interface AppContext {
  db: Db;
  dataDir: string;
  tokens: TokenManager;
  live: LiveHub;
  log: FastifyBaseLogger;
  /** failed sign-ins (form and Basic) per account and address */
  signIn: SignInLimiter;
  /**
   * The server's public address for links it sends (password reset), without a trailing slash:
   * the configured `webUrl` (Traccar's web.url), else the address it was started on; never a
   * request's Host.
   */
  publicUrl(): string;
  /** the storage's health: a full disk (GET /api/health, positions refused until it has room) */
  storage: StorageHealth;
}

export interface AuthState {
  user: UserRow;
  via: 'session' | 'basic' | 'bearer';
  /** the cookie session, when authenticated by cookie */
  session: SessionRow | null;
  /** when this authentication ends (token or token-born session), else null */
  expiresAt: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState | null;
  }
}

export const SESSION_COOKIE = 'JSESSIONID';

/** Why a user may not sign in, or null when they may. */
export function accountProblem(user: UserRow): string | null {
  if (user.disabled) return 'Account is disabled';
  if (user.expirationTime !== null && user.expirationTime < Date.now()) return 'Account has expired';
  return null;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * Traccar 6.12+ origin check for cookie sessions: a request carrying Origin must match the origin
 * stored at login, or, when none was stored, the Host header.
 */
export function originAllowed(request: FastifyRequest, session: SessionRow): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (session.origin) return origin === session.origin;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function cookieValue(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

export function userFromToken(ctx: AppContext, token: string): AuthState | null {
  const data = ctx.tokens.verify(token);
  const user = data ? findUserById(ctx.db, data.u) : undefined;
  if (!data || !user || accountProblem(user)) return null;
  return { user, via: 'bearer', session: null, expiresAt: data.e };
}

/** The cookie session's user (with the origin check when it applies), or null. */
export function userFromSession(ctx: AppContext, request: FastifyRequest, checkOrigin: boolean): AuthState | null {
  const value = cookieValue(request);
  const session = value ? findSession(ctx.db, value) : undefined;
  const user = session ? findUserById(ctx.db, session.userId) : undefined;
  if (!session || !user || accountProblem(user)) return null;
  if (checkOrigin && !originAllowed(request, session)) throw unauthorized('Origin mismatch');
  return { user, via: 'session', session, expiresAt: session.expiresAt };
}

/** Authorization header first (Basic, Bearer; anything else is 401), then the session cookie. */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthState | null> {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const space = header.indexOf(' ');
    const scheme = (space < 0 ? header : header.slice(0, space)).toLowerCase();
    const credentials = space < 0 ? '' : header.slice(space + 1).trim();
    if (scheme === 'basic') {
      const decoded = Buffer.from(credentials, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) throw unauthorized('Invalid Basic credentials');
      const account = decoded.slice(0, colon);
      ctx.signIn.check(account, request.ip);
      const user = findUserByLogin(ctx.db, account);
      const ok = await verifyPassword(decoded.slice(colon + 1), user ? { hash: user.hashedPassword ?? '', salt: user.salt ?? '' } : null);
      if (!user || !ok) {
        ctx.signIn.fail(account, request.ip);
        throw unauthorized();
      }
      ctx.signIn.succeed(account, request.ip);
      if (user.totpKey || accountProblem(user)) throw unauthorized();
      return { user, via: 'basic', session: null, expiresAt: null };
    }
    if (scheme === 'bearer') {
      const state = userFromToken(ctx, credentials);
      if (!state) throw unauthorized('Invalid or expired token');
      return state;
    }
    throw unauthorized('Unsupported authorization scheme');
  }
  const isUpgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
  // The socket's ?token= wins over the cookie.
  if (isUpgrade && isRecord(request.query) && typeof request.query.token === 'string') return userFromToken(ctx, request.query.token);
  return userFromSession(ctx, request, STATE_CHANGING.has(request.method) || isUpgrade);
}

/** 401 for anonymous callers; the Basic challenge only for browsers navigating (Accept: text/html). */
export function requireAuth(request: FastifyRequest): AuthState {
  if (request.auth) return request.auth;
  const accept = request.headers.accept ?? '';
  throw new HttpError(401, 'Unauthorized', accept.includes('text/html') ? { 'WWW-Authenticate': 'Basic realm="api"' } : {});
}
