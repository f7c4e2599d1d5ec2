/**
 * OpenID Connect sign-in as Traccar's `openid.*` keys configure it: an authorization-code flow with
 * state, nonce and PKCE (S256) against any provider found by discovery, the attempt kept on the
 * server and bound to the browser by a random HttpOnly cookie, used once.
 */
import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import { HttpError, badRequest } from '../http/errors.ts';

export interface OpenIdOptions {
  /** `openid.issuerUrl` (discovery at `{issuer}/.well-known/openid-configuration`) */
  issuerUrl: string;
  /** `openid.clientId` */
  clientId: string;
  /** `openid.clientSecret` (sent with client_secret_basic); empty: a public client (PKCE only) */
  clientSecret: string;
  /**
   * The callback registered at the provider. Default: derived from each request's scheme and Host,
   * `{scheme}://{host}/api/session/openid/callback` (behind a TLS-terminating proxy, set it).
   */
  redirectUrl?: string;
  /** default 'openid profile email' */
  scope?: string;
  /** `openid.groupsClaimName`, default 'groups' */
  groupsClaim?: string;
  /** `openid.adminGroup`: members become administrators */
  adminGroups?: string[];
  /** `openid.allowGroup`: when given, only members may sign in */
  allowGroups?: string[];
  /** `openid.force`: the client offers only the OpenID sign-in */
  force?: boolean;
}

export const OPENID_CALLBACK_PATH = '/api/session/openid/callback';
export const ATTEMPT_COOKIE = 'athar_openid';
export const ATTEMPT_COOKIE_PATH = '/api/session/openid';
/** How long the person has at the provider before the attempt is forgotten. */
export const ATTEMPT_LIFETIME = 10 * 60 * 1000;
const MAX_ATTEMPTS = 10_000;

type Env = Record<string, string | undefined>;

function list(value: string | undefined): string[] | undefined {
  const items = value?.split(',').map((s) => s.trim()).filter(Boolean);
  return items && items.length > 0 ? items : undefined;
}

/** The options from `OPENID_*` variables; undefined when OpenID is not configured. */
export function openIdOptionsFromEnv(env: Env): OpenIdOptions | undefined {
  const issuerUrl = env.OPENID_ISSUER_URL?.trim();
  const clientId = env.OPENID_CLIENT_ID?.trim();
  if (!issuerUrl && !clientId) return undefined;
  if (!issuerUrl || !clientId) throw new Error('OpenID needs both OPENID_ISSUER_URL and OPENID_CLIENT_ID');
  try {
    new URL(issuerUrl);
  } catch {
    throw new Error(`Invalid OPENID_ISSUER_URL: ${issuerUrl}`);
  }
  const adminGroups = list(env.OPENID_ADMIN_GROUP);
  const allowGroups = list(env.OPENID_ALLOW_GROUP);
  const force = env.OPENID_FORCE?.trim().toLowerCase();
  return {
    issuerUrl,
    clientId,
    clientSecret: env.OPENID_CLIENT_SECRET ?? '',
    ...(env.OPENID_REDIRECT_URL ? { redirectUrl: env.OPENID_REDIRECT_URL.trim() } : {}),
    ...(env.OPENID_SCOPE ? { scope: env.OPENID_SCOPE.trim() } : {}),
    ...(env.OPENID_GROUPS_CLAIM ? { groupsClaim: env.OPENID_GROUPS_CLAIM.trim() } : {}),
    ...(adminGroups ? { adminGroups } : {}),
    ...(allowGroups ? { allowGroups } : {}),
    force: force === '1' || force === 'true' || force === 'yes',
  };
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const PUBLIC_PATHS = ['/login', '/register', '/reset-password', '/change-server'];
const BASE = 'http://athar.invalid';

/**
 * A post-login destination the server will redirect to: one internal path (not `//host`, no
 * backslash or control character even once decoded, not a public screen), else null.
 */
export function internalPath(candidate: string): string | null {
  if (candidate.length === 0 || candidate.length > 2048 || !candidate.startsWith('/') || candidate.startsWith('//')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(candidate);
  } catch {
    return null;
  }
  for (const text of [candidate, decoded]) {
    if (text.startsWith('//') || text.includes('\\') || CONTROL.test(text)) return null;
  }
  let url: URL;
  try {
    url = new URL(candidate, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.startsWith('/api/')) return null;
  if (PUBLIC_PATHS.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The kept destination with `openid=success`, which the client's session machine reads on return. */
export function successDestination(path: string): string {
  const url = new URL(path, BASE);
  url.searchParams.set('openid', 'success');
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface Attempt {
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
  destination: string;
  createdAt: number;
}

/** Sign-in attempts between `auth` and `callback`, each taken once, forgotten after ATTEMPT_LIFETIME. */
export class OpenIdAttempts {
  private readonly attempts = new Map<string, Attempt>();

  constructor(private readonly now: () => number = Date.now) {}

  create(redirectUri: string, destination: string): { id: string; attempt: Attempt } {
    this.sweep();
    while (this.attempts.size >= MAX_ATTEMPTS) {
      const oldest = this.attempts.keys().next().value;
      if (oldest === undefined) break;
      this.attempts.delete(oldest);
    }
    const id = randomBytes(32).toString('base64url');
    const attempt: Attempt = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      redirectUri,
      destination,
      createdAt: this.now(),
    };
    this.attempts.set(id, attempt);
    return { id, attempt };
  }

  /** The attempt, removed so that it cannot be used again; undefined when unknown or expired. */
  take(id: string): Attempt | undefined {
    const attempt = this.attempts.get(id);
    this.attempts.delete(id);
    if (!attempt || this.now() - attempt.createdAt > ATTEMPT_LIFETIME) return undefined;
    return attempt;
  }

  private sweep(): void {
    const limit = this.now() - ATTEMPT_LIFETIME;
    for (const [id, attempt] of this.attempts) {
      if (attempt.createdAt >= limit) break;
      this.attempts.delete(id);
    }
  }
}

/** Plain http is allowed only for a provider on this machine (tests, a local Keycloak). */
function loopbackHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
}

export interface OpenIdClaims {
  email: string;
  name: string;
  groups: string[];
}

/** The provider's `error` (and `error_description`) as a person can read it: a 400. */
export function refusedByProvider(error: string, description?: string): HttpError {
  return badRequest(`OpenID sign-in refused by the provider: ${error}${description ? ` (${description})` : ''}`);
}

/** The provider's answer as a person can read it (a 400), or a 502 when the provider cannot be reached. */
export function providerRefusal(error: unknown): HttpError {
  if (error instanceof client.AuthorizationResponseError || error instanceof client.ResponseBodyError) {
    return refusedByProvider(error.error, error.error_description);
  }
  if (error instanceof client.ClientError) {
    // the check that failed is named by the innermost cause (an ID token's "nonce" claim, a state)
    let inner: Error = error;
    while (inner.cause instanceof Error) inner = inner.cause;
    return badRequest(`OpenID sign-in refused: ${inner.message}`);
  }
  return new HttpError(502, 'OpenID provider unavailable');
}

function stringClaim(claims: Record<string, unknown>, key: string): string | undefined {
  const value = claims[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A groups claim as a list (providers send an array, some a single string). */
export function groupsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === 'string');
  return [];
}

export class OpenIdClient {
  readonly attempts: OpenIdAttempts;
  private config: Promise<client.Configuration> | null = null;

  constructor(readonly options: OpenIdOptions, now?: () => number) {
    this.attempts = new OpenIdAttempts(now);
  }

  get groupsClaim(): string {
    return this.options.groupsClaim ?? 'groups';
  }

  /** Discovery, done once (again after a failure); a provider that cannot be reached is a 502. */
  configuration(): Promise<client.Configuration> {
    if (!this.config) {
      const issuer = new URL(this.options.issuerUrl);
      const secret = this.options.clientSecret;
      this.config = client
        .discovery(issuer, this.options.clientId, undefined, secret ? client.ClientSecretBasic(secret) : client.None(), {
          ...(loopbackHttp(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
        })
        .catch((error: unknown) => {
          this.config = null;
          const reason = error instanceof Error ? `: ${error.message}` : '';
          throw new HttpError(502, `OpenID provider unavailable${reason}`);
        });
    }
    return this.config;
  }

  redirectUri(requestOrigin: string): string {
    return this.options.redirectUrl ?? `${requestOrigin}${OPENID_CALLBACK_PATH}`;
  }

  async authorizationUrl(attempt: Attempt): Promise<URL> {
    const config = await this.configuration();
    return client.buildAuthorizationUrl(config, {
      redirect_uri: attempt.redirectUri,
      scope: this.options.scope ?? 'openid profile email',
      state: attempt.state,
      nonce: attempt.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(attempt.verifier),
      code_challenge_method: 'S256',
    });
  }

  /** Exchanges the code (state, nonce and PKCE checked) and reads the person's claims, user info over the ID token. */
  async claims(attempt: Attempt, query: URLSearchParams): Promise<OpenIdClaims> {
    const config = await this.configuration();
    const current = new URL(attempt.redirectUri);
    current.search = query.toString();
    let claims: Record<string, unknown>;
    try {
      const tokens = await client.authorizationCodeGrant(config, current, {
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        pkceCodeVerifier: attempt.verifier,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw badRequest('OpenID sign-in refused: the provider sent no ID token');
      claims = { ...idToken };
      if (tokens.access_token && config.serverMetadata().userinfo_endpoint) {
        const info = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
        claims = { ...claims, ...info };
      }
    } catch (error) {
      throw error instanceof HttpError ? error : providerRefusal(error);
    }
    const email = stringClaim(claims, 'email');
    if (!email) throw badRequest('OpenID sign-in refused: the provider gave no email address');
    return {
      email,
      name: stringClaim(claims, 'name') ?? stringClaim(claims, 'preferred_username') ?? email,
      groups: groupsOf(claims[this.groupsClaim]),
    };
  }
}
