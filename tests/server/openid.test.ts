/**
 * OpenID sign-in against a real provider (oidc-provider) running in this process: the whole
 * authorization-code round trip with state, nonce and PKCE, users made on first sign-in, groups.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server, User } from '../../contract/models.ts';
import { ATTEMPT_LIFETIME, OpenIdAttempts, OpenIdClient, internalPath, openIdOptionsFromEnv, successDestination } from '../../server/auth/openid.ts';
import { HttpError } from '../../server/http/errors.ts';
import { type TestServer, basic, ADMIN_PASSWORD, start } from './helpers.ts';
import { Jar, type TestProvider, startProvider, throughProvider } from './oidcProvider.ts';

const CALLBACK = '/api/session/openid/callback';

let provider: TestProvider;
let server: TestServer;

beforeAll(async () => {
  provider = await startProvider();
  provider.accounts.set('root', { email: 'root@corp.test', name: 'Root Person', groups: ['staff', 'athar-admins'] });
  provider.accounts.set('alice', { email: 'alice@corp.test', name: 'Alice', groups: ['staff'] });
  provider.accounts.set('mallory', { email: 'mallory@corp.test', name: 'Mallory', groups: ['contractors'] });
  server = await start({
    demo: true,
    openId: {
      issuerUrl: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      adminGroups: ['athar-admins'],
      allowGroups: ['staff'],
    },
  });
  provider.register(`${server.url}${CALLBACK}`);
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

/** Starts at the app's auth route and comes back to its callback (not yet followed). */
async function begin(login: string, path?: string): Promise<{ jar: Jar; callback: string }> {
  const jar = new Jar();
  const auth = await jar.fetch(`${server.url}/api/session/openid/auth${path ? `?path=${encodeURIComponent(path)}` : ''}`);
  expect(auth.status).toBe(303);
  const callback = await throughProvider(jar, auth.headers.get('location')!, login);
  expect(callback.startsWith(`${server.url}${CALLBACK}?`)).toBe(true);
  return { jar, callback };
}

async function signIn(login: string, path?: string): Promise<{ jar: Jar; response: Response; user: User | null }> {
  const { jar, callback } = await begin(login, path);
  const response = await jar.fetch(callback);
  if (response.status !== 303) return { jar, response, user: null };
  const me = await jar.fetch(`${server.url}/api/session`);
  return { jar, response, user: me.status === 200 ? ((await me.json()) as User) : null };
}

async function usersByEmail(email: string): Promise<User[]> {
  const response = await fetch(`${server.url}/api/users`, { headers: { Authorization: basic('admin', ADMIN_PASSWORD) } });
  return ((await response.json()) as User[]).filter((u) => u.email === email);
}

describe('OpenID sign-in', () => {
  it('/api/server says OpenID is on (and not forced)', async () => {
    const info = (await (await fetch(`${server.url}/api/server`)).json()) as Server;
    expect(info.openIdEnabled).toBe(true);
    expect(info.openIdForce).toBe(false);
  });

  it('auth redirects to the provider with state, nonce and an S256 PKCE challenge, the attempt in an HttpOnly Lax cookie', async () => {
    const response = await fetch(`${server.url}/api/session/openid/auth`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin).toBe(provider.issuer);
    const params = location.searchParams;
    expect(params.get('client_id')).toBe(provider.clientId);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('redirect_uri')).toBe(`${server.url}${CALLBACK}`);
    expect(params.get('scope')).toBe('openid profile email');
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('code_challenge_method')).toBe('S256');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('athar_openid='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/session\/openid/);
    expect(cookie).toMatch(/Max-Age=600/);
    // two attempts never share a state
    const again = new URL((await fetch(`${server.url}/api/session/openid/auth`, { redirect: 'manual' })).headers.get('location')!);
    expect(again.searchParams.get('state')).not.toBe(params.get('state'));
  });

  it('the first sign-in creates the user, starts the session and lands with ?openid=success; the second reuses the user', async () => {
    const first = await signIn('alice');
    expect(first.response.headers.get('location')).toBe('/?openid=success');
    const session = first.response.headers.getSetCookie().find((c) => c.startsWith('JSESSIONID='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(first.user).toMatchObject({ email: 'alice@corp.test', name: 'Alice', administrator: false, fixedEmail: true });
    expect(first.jar.cookies.has('athar_openid')).toBe(false);

    const second = await signIn('alice');
    expect(second.user?.id).toBe(first.user!.id);
    expect(await usersByEmail('alice@corp.test')).toHaveLength(1);
  });

  it('keeps an internal post-login destination and refuses an outside one', async () => {
    const { response } = await signIn('alice', '/reports/trips?deviceId=1');
    expect(response.headers.get('location')).toBe('/reports/trips?deviceId=1&openid=success');
    for (const bad of ['https://evil.test/', '//evil.test', '/\\evil.test', '/%2F%2Fevil.test', '/login']) {
      const refused = await fetch(`${server.url}/api/session/openid/auth?path=${encodeURIComponent(bad)}`, { redirect: 'manual' });
      expect(refused.status, bad).toBe(400);
      expect(await refused.text()).toBe('Invalid post-login path');
    }
  });

  it('a member of the admin group becomes an administrator', async () => {
    const { user } = await signIn('root');
    expect(user).toMatchObject({ email: 'root@corp.test', administrator: true });
  });

  it('refuses a person outside the allow group with a 403, and makes no user', async () => {
    const { response, user } = await signIn('mallory');
    expect(response.status).toBe(403);
    expect(await response.text()).toBe('Your account is not in a group allowed to sign in to this server');
    expect(user).toBeNull();
    expect(response.headers.getSetCookie().some((c) => c.startsWith('JSESSIONID='))).toBe(false);
    expect(await usersByEmail('mallory@corp.test')).toHaveLength(0);
  });

  it('refuses a wrong state with a 400 that says so', async () => {
    const { jar, callback } = await begin('alice');
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'forged-state');
    const response = await jar.fetch(tampered.href);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('OpenID state mismatch: start the sign-in again');
    expect((await jar.fetch(`${server.url}/api/session`)).status).toBe(404);
  });

  it('refuses a callback without its attempt cookie, and a replayed callback', async () => {
    const { jar, callback } = await begin('alice');
    const stolen = await fetch(callback, { redirect: 'manual' });
    expect(stolen.status).toBe(400);
    expect(await stolen.text()).toBe('OpenID sign-in expired or already used: start the sign-in again');

    const { jar: jar2, callback: callback2 } = await begin('alice');
    const cookie = jar2.cookies.get('athar_openid')!;
    expect((await jar2.fetch(callback2)).status).toBe(303);
    const replay = await fetch(callback2, { redirect: 'manual', headers: { cookie: `athar_openid=${cookie}` } });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toBe('OpenID sign-in expired or already used: start the sign-in again');
    void jar;
  });

  it('refuses a provider error and a forged code with a 400, never a 5xx', async () => {
    const jar = new Jar();
    const auth = await jar.fetch(`${server.url}/api/session/openid/auth`);
    const state = new URL(auth.headers.get('location')!).searchParams.get('state')!;
    const denied = await jar.fetch(`${server.url}${CALLBACK}?error=access_denied&error_description=User+said+no&state=${state}`);
    expect(denied.status).toBe(400);
    expect(await denied.text()).toBe('OpenID sign-in refused by the provider: access_denied (User said no)');

    const jar2 = new Jar();
    const auth2 = await jar2.fetch(`${server.url}/api/session/openid/auth`);
    const state2 = new URL(auth2.headers.get('location')!).searchParams.get('state')!;
    const forged = await jar2.fetch(`${server.url}${CALLBACK}?code=forged&state=${state2}&iss=${encodeURIComponent(provider.issuer)}`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toMatch(/^OpenID sign-in refused by the provider: invalid_grant/);
  });
});

describe('OpenID checks', () => {
  it('refuses an ID token whose nonce is not the attempt\'s', async () => {
    const openid = new OpenIdClient({ issuerUrl: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret });
    const { attempt } = openid.attempts.create(`${server.url}${CALLBACK}`, '/');
    const callback = await throughProvider(new Jar(), (await openid.authorizationUrl(attempt)).href, 'alice');
    const query = new URL(callback).searchParams;
    const error = await openid.claims({ ...attempt, nonce: 'another-nonce' }, query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    expect((error as HttpError).message).toMatch(/^OpenID sign-in refused: .*nonce/);
  });
});

describe('OpenID public client', () => {
  it('signs in without a client secret (PKCE only)', async () => {
    const publicProvider = await startProvider();
    const athar = await start({ openId: { issuerUrl: publicProvider.issuer, clientId: publicProvider.clientId, clientSecret: '' } });
    try {
      publicProvider.register(`${athar.url}${CALLBACK}`, { public: true });
      const jar = new Jar();
      const auth = await jar.fetch(`${athar.url}/api/session/openid/auth`);
      const callback = await throughProvider(jar, auth.headers.get('location')!, 'pat');
      expect((await jar.fetch(callback)).status).toBe(303);
      const me = (await (await jar.fetch(`${athar.url}/api/session`)).json()) as User;
      expect(me.email).toBe('pat@example.test');
    } finally {
      await athar.close();
      await publicProvider.close();
    }
  });
});

describe('OpenID pieces', () => {
  it('an attempt is used once and expires after ten minutes', () => {
    let now = 1_000_000;
    const attempts = new OpenIdAttempts(() => now);
    const a = attempts.create('http://x/cb', '/');
    expect(attempts.take(a.id)?.state).toBe(a.attempt.state);
    expect(attempts.take(a.id)).toBeUndefined();
    const b = attempts.create('http://x/cb', '/');
    now += ATTEMPT_LIFETIME + 1;
    expect(attempts.take(b.id)).toBeUndefined();
  });

  it('internalPath keeps internal paths only; successDestination adds openid=success before the hash', () => {
    expect(internalPath('/devices/3?x=1#a')).toBe('/devices/3?x=1#a');
    for (const bad of ['devices', '//x.test', '/\\x', '/%5Cx', '/a\nb', '/api/session', '/register', 'http://x.test/']) expect(internalPath(bad), bad).toBeNull();
    expect(successDestination('/devices?x=1#a')).toBe('/devices?x=1&openid=success#a');
  });

  it('reads Traccar-like OPENID_* variables', () => {
    expect(openIdOptionsFromEnv({})).toBeUndefined();
    expect(() => openIdOptionsFromEnv({ OPENID_ISSUER_URL: 'https://id.test' })).toThrow(/OPENID_CLIENT_ID/);
    expect(
      openIdOptionsFromEnv({
        OPENID_ISSUER_URL: 'https://id.test/realms/x',
        OPENID_CLIENT_ID: 'athar',
        OPENID_CLIENT_SECRET: 's',
        OPENID_ADMIN_GROUP: 'admins, ops',
        OPENID_ALLOW_GROUP: 'staff',
        OPENID_GROUPS_CLAIM: 'roles',
        OPENID_FORCE: 'true',
        OPENID_REDIRECT_URL: 'https://athar.test/api/session/openid/callback',
      }),
    ).toEqual({
      issuerUrl: 'https://id.test/realms/x',
      clientId: 'athar',
      clientSecret: 's',
      adminGroups: ['admins', 'ops'],
      allowGroups: ['staff'],
      groupsClaim: 'roles',
      force: true,
      redirectUrl: 'https://athar.test/api/session/openid/callback',
    });
  });

  it('without OpenID, /api/server says so and the routes answer 400', async () => {
    const plain = await start();
    try {
      const info = (await (await fetch(`${plain.url}/api/server`)).json()) as Server;
      expect(info.openIdEnabled).toBe(false);
      expect(info.openIdForce).toBe(false);
      for (const path of ['auth', 'callback']) {
        const response = await fetch(`${plain.url}/api/session/openid/${path}`, { redirect: 'manual' });
        expect(response.status).toBe(400);
        expect(await response.text()).toBe('OpenID is not configured');
      }
    } finally {
      await plain.close();
    }
  });

  it('openIdForce follows the option; an unreachable provider is a 502 that says so', async () => {
    const forced = await start({ openId: { issuerUrl: 'http://127.0.0.1:9/', clientId: 'x', clientSecret: 'y', force: true } });
    try {
      const info = (await (await fetch(`${forced.url}/api/server`)).json()) as Server;
      expect(info).toMatchObject({ openIdEnabled: true, openIdForce: true });
      const response = await fetch(`${forced.url}/api/session/openid/auth`, { redirect: 'manual' });
      expect(response.status).toBe(502);
      expect(await response.text()).toMatch(/^OpenID provider unavailable/);
    } finally {
      await forced.close();
    }
  });
});
