import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { sessionMachine, type SessionInput } from './session.machine';
import type { Server, User } from '../../../contract/models';
import { makeServer, makeUser } from '../../../tests/fixtures/models';

const server = makeServer;
const user = makeUser;

class HttpError extends Error {
  constructor(message: string, readonly status: number, readonly headers: Headers | null = null) {
    super(message);
  }
}

const noQuery = { locale: null, token: null, uniqueId: null, openid: null };

function start(options: {
  input?: Partial<SessionInput>;
  server?: () => Promise<Server>;
  session?: () => Promise<User>;
  tokenLogin?: (token: string) => Promise<User>;
  login?: (input: { email: string; password: string; code: string | null; totpKey: string | null }) => Promise<User>;
  generateTotpKey?: () => Promise<string>;
  saveUser?: (u: User) => Promise<User>;
  logout?: () => Promise<void>;
  forgetNotificationToken?: (user: User | null) => Promise<void>;
  register?: () => Promise<User>;
} = {}) {
  const calls: string[] = [];
  const navigate = vi.fn();
  const reportError = vi.fn();
  const storeLanguage = vi.fn();
  const afterLogin = vi.fn();
  const clock = new SimulatedClock();
  const machine = sessionMachine.provide({
    actors: {
      cleanUrl: fromPromise(async () => {
        calls.push('cleanUrl');
      }),
      loadServer: fromPromise(async () => {
        calls.push('server');
        return (options.server ?? (async () => server()))();
      }),
      getSession: fromPromise(async () => {
        calls.push('session');
        return (options.session ?? (async () => Promise.reject(new HttpError('Not found', 404))))();
      }),
      tokenLogin: fromPromise(async ({ input }) => {
        calls.push(`token:${input.token}`);
        return (options.tokenLogin ?? (async () => user()))(input.token);
      }),
      login: fromPromise(async ({ input }) => {
        calls.push('login');
        return (options.login ?? (async () => user()))(input);
      }),
      generateTotpKey: fromPromise(async () => {
        calls.push('generateTotpKey');
        return (options.generateTotpKey ?? (async () => 'NEWKEYNEWKEYNEWK'))();
      }),
      register: fromPromise(async () => {
        calls.push('register');
        return (options.register ?? (async () => user({ id: 1 })))();
      }),
      saveUser: fromPromise(async ({ input }) => {
        calls.push('saveUser');
        return (options.saveUser ?? (async (u: User) => u))(input.user);
      }),
      forgetNotificationToken: fromPromise(async ({ input }) => {
        calls.push('forgetNotificationToken');
        return (options.forgetNotificationToken ?? (async () => undefined))(input.user);
      }),
      logout: fromPromise(async () => {
        calls.push('logout');
        return (options.logout ?? (async () => undefined))();
      }),
    },
    actions: {
      navigate: (_, params) => navigate(params.to),
      reportError: (_, params) => reportError(params.message),
      storeLanguage: (_, params) => storeLanguage(params.language),
      afterLogin: (_, params) => afterLogin(params.openid),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: { query: { ...noQuery, ...options.input?.query }, path: options.input?.path ?? '/' },
  });
  actor.start();
  return { actor, calls, navigate, reportError, storeLanguage, afterLogin, clock };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('checking') && !s.hasTag('busy'));

describe('session: booting', () => {
  it('restores an existing session', async () => {
    const { actor, calls } = start({ session: async () => user() });
    expect(actor.getSnapshot().hasTag('checking')).toBe(true);
    const snapshot = await settled(actor);
    expect(snapshot.matches({ authenticated: 'ready' })).toBe(true);
    expect(snapshot.context.user?.id).toBe(7);
    expect(calls).toEqual(['cleanUrl', 'server', 'session']);
  });

  it('strips the token before any request, then logs in with it', async () => {
    const { actor, calls } = start({ input: { query: { ...noQuery, token: 'T1' } } });
    const snapshot = await settled(actor);
    expect(calls).toEqual(['cleanUrl', 'server', 'token:T1']);
    expect(snapshot.matches('authenticated')).toBe(true);
    expect(snapshot.context.token).toBeNull();
  });

  it('an invalid (or expired) token lands unauthenticated, says the link no longer works, and does not retry', async () => {
    const { actor, calls, clock } = start({
      input: { query: { ...noQuery, token: 'bad' } },
      tokenLogin: async () => Promise.reject(new HttpError('Unauthorized', 401)),
    });
    const snapshot = await settled(actor);
    expect(snapshot.matches({ unauthenticated: 'idle' })).toBe(true);
    expect(snapshot.context.loginError).toBe('link');
    clock.increment(60_000);
    await Promise.resolve();
    expect(calls.filter((c) => c.startsWith('token'))).toHaveLength(1);
  });

  it('no session: remembers a safe destination and stays unauthenticated', async () => {
    const { actor } = start({ input: { path: '/reports/trips?deviceId=2' } });
    const snapshot = await settled(actor);
    expect(snapshot.matches('unauthenticated')).toBe(true);
    expect(snapshot.context.destination).toBe('/reports/trips?deviceId=2');
  });

  it.each(['//evil.example', '/\\evil', '/login'])('does not remember %s', async (path) => {
    const { actor } = start({ input: { path } });
    expect((await settled(actor)).context.destination).toBeNull();
  });

  it('stores ?locale=', async () => {
    const { actor, storeLanguage } = start({ input: { query: { ...noQuery, locale: 'en' } } });
    await settled(actor);
    expect(storeLanguage).toHaveBeenCalledWith('en');
  });

  it('server unreachable: shows the error, retries after 5 s on the clock, recovers', async () => {
    let reachable = false;
    const { actor, clock, calls } = start({
      server: async () => (reachable ? server() : Promise.reject(new HttpError('Connection error', 0))),
    });
    await waitFor(actor, (s) => s.matches({ booting: 'serverError' }));
    expect(actor.getSnapshot().context.serverError).toBe('Connection error');
    clock.increment(4999);
    expect(calls.filter((c) => c === 'server')).toHaveLength(1);
    reachable = true;
    clock.increment(1);
    const snapshot = await settled(actor);
    expect(calls.filter((c) => c === 'server')).toHaveLength(2);
    expect(snapshot.matches('unauthenticated')).toBe(true);
    expect(snapshot.context.serverError).toBeNull();
  });

  it('a connection failure on the session check is reported', async () => {
    const { actor, reportError } = start({ session: async () => Promise.reject(new HttpError('Connection error', 0)) });
    await settled(actor);
    expect(reportError).toHaveBeenCalledWith('Connection error');
  });
});

describe('session: login', () => {
  it('wrong password sets the credentials error', async () => {
    const { actor } = start({ login: async () => Promise.reject(new HttpError('Unauthorized', 401)) });
    await settled(actor);
    actor.send({ type: 'LOGIN', email: 'a', password: 'b' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const snapshot = await settled(actor);
    expect(snapshot.matches({ unauthenticated: 'idle' })).toBe(true);
    expect(snapshot.context.loginError).toBe('credentials');
  });

  it('asks for a one-time code on 401 + WWW-Authenticate: TOTP, then signs in', async () => {
    const login = vi.fn(async (input: { code: string | null }) => {
      if (input.code === '123456') return user();
      return Promise.reject(new HttpError('Unauthorized', 401, new Headers({ 'WWW-Authenticate': 'TOTP' })));
    });
    const { actor, navigate } = start({ login });
    await settled(actor);
    actor.send({ type: 'LOGIN', email: 'a', password: 'b' });
    let snapshot = await settled(actor);
    expect(snapshot.matches({ unauthenticated: 'code' })).toBe(true);
    expect(snapshot.context.loginError).toBeNull();
    actor.send({ type: 'LOGIN', email: 'a', password: 'b', code: '000000' });
    snapshot = await settled(actor);
    expect(snapshot.matches({ unauthenticated: 'code' })).toBe(true);
    expect(snapshot.context.loginError).toBe('code');
    actor.send({ type: 'LOGIN', email: 'a', password: 'b', code: '123456' });
    snapshot = await settled(actor);
    expect(snapshot.matches('authenticated')).toBe(true);
    expect(navigate).toHaveBeenLastCalledWith('/');
  });

  it('a forced one-time password (401 + WWW-Authenticate: TOTP-Setup): a new key is made and shown, a wrong code keeps it, its first code signs in with it', async () => {
    const setup = () => Promise.reject(new HttpError('Unauthorized', 401, new Headers({ 'WWW-Authenticate': 'TOTP-Setup' })));
    const login = vi.fn(async (input: { code: string | null; totpKey: string | null }) => (input.totpKey === 'NEWKEYNEWKEYNEWK' && input.code === '123456' ? user({ totpKey: input.totpKey }) : setup()));
    const { actor, calls, navigate, afterLogin } = start({ login });
    await settled(actor);
    actor.send({ type: 'LOGIN', email: 'a', password: 'b' });
    let snapshot = await settled(actor);
    expect(snapshot.matches({ unauthenticated: { totpSetup: 'entering' } })).toBe(true);
    expect(snapshot.context.totpKey).toBe('NEWKEYNEWKEYNEWK');
    expect(snapshot.context.loginError).toBeNull();
    actor.send({ type: 'LOGIN', email: 'a', password: 'b', code: '000000' });
    snapshot = await settled(actor);
    expect(snapshot.matches({ unauthenticated: { totpSetup: 'entering' } })).toBe(true);
    expect(snapshot.context.loginError).toBe('code');
    actor.send({ type: 'LOGIN', email: 'a', password: 'b', code: '123456' });
    snapshot = await settled(actor);
    expect(snapshot.matches('authenticated')).toBe(true);
    expect(snapshot.context.totpKey).toBeNull();
    // one key for the whole setup, sent with each code
    expect(calls.filter((c) => c === 'generateTotpKey')).toHaveLength(1);
    expect(login.mock.calls.map(([input]) => input.totpKey)).toEqual([null, 'NEWKEYNEWKEYNEWK', 'NEWKEYNEWKEYNEWK']);
    expect(navigate).toHaveBeenLastCalledWith('/');
    expect(afterLogin).toHaveBeenCalledTimes(1);
  });

  it('a forced one-time password: Back drops the key; a failed key request is reported and the form stays', async () => {
    const setup = () => Promise.reject(new HttpError('Unauthorized', 401, new Headers({ 'WWW-Authenticate': 'TOTP-Setup' })));
    let keys = 0;
    const { actor, reportError } = start({
      login: setup,
      generateTotpKey: async () => {
        keys += 1;
        if (keys === 2) throw new HttpError('One-time passwords are not enabled', 400);
        return 'NEWKEYNEWKEYNEWK';
      },
    });
    await settled(actor);
    actor.send({ type: 'LOGIN', email: 'a', password: 'b' });
    let snapshot = await settled(actor);
    expect(snapshot.matches({ unauthenticated: { totpSetup: 'entering' } })).toBe(true);
    actor.send({ type: 'CANCEL_CODE' });
    snapshot = actor.getSnapshot();
    expect(snapshot.matches({ unauthenticated: 'idle' })).toBe(true);
    expect(snapshot.context.totpKey).toBeNull();
    actor.send({ type: 'LOGIN', email: 'a', password: 'b' });
    snapshot = await settled(actor);
    expect(snapshot.matches({ unauthenticated: 'idle' })).toBe(true);
    expect(reportError).toHaveBeenCalledWith('One-time passwords are not enabled');
  });

  it('a native token handed over mid-setup signs in with it and drops the key', async () => {
    const { actor } = start({ login: () => Promise.reject(new HttpError('Unauthorized', 401, new Headers({ 'WWW-Authenticate': 'TOTP-Setup' }))) });
    await settled(actor);
    actor.send({ type: 'LOGIN', email: 'a', password: 'b' });
    expect((await settled(actor)).context.totpKey).toBe('NEWKEYNEWKEYNEWK');
    actor.send({ type: 'NATIVE_TOKEN', token: 'native' });
    const snapshot = await settled(actor);
    expect(snapshot.matches('authenticated')).toBe(true);
    expect(snapshot.context.totpKey).toBeNull();
  });

  it('goes to the remembered destination after login', async () => {
    const { actor, navigate } = start({ input: { path: '/settings/preferences' } });
    await settled(actor);
    actor.send({ type: 'LOGIN', email: 'a', password: 'b' });
    await settled(actor);
    expect(navigate).toHaveBeenCalledWith('/settings/preferences');
    expect(actor.getSnapshot().context.destination).toBeNull();
  });

  it('REQUIRE_LOGIN remembers only safe paths', async () => {
    const { actor } = start();
    await settled(actor);
    actor.send({ type: 'REQUIRE_LOGIN', path: '/position/3' });
    expect(actor.getSnapshot().context.destination).toBe('/position/3');
    actor.send({ type: 'REQUIRE_LOGIN', path: 'https://evil.example' });
    expect(actor.getSnapshot().context.destination).toBeNull();
  });

  it('other failures go to the errors queue', async () => {
    const { actor, reportError } = start({ login: async () => Promise.reject(new HttpError('Connection error', 0)) });
    await settled(actor);
    actor.send({ type: 'LOGIN', email: 'a', password: 'b' });
    await settled(actor);
    expect(reportError).toHaveBeenCalledWith('Connection error');
    expect(actor.getSnapshot().context.loginError).toBeNull();
  });

  it('registration returns to /login and the server is no longer new', async () => {
    const { actor, navigate } = start({ server: async () => server({ newServer: true }) });
    await settled(actor);
    actor.send({ type: 'REGISTER', name: 'n', email: 'e', password: 'p' });
    const snapshot = await settled(actor);
    expect(snapshot.context.registered).toBe(true);
    expect(snapshot.context.server?.newServer).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});

describe('session: terms and logout', () => {
  const withTerms = () => server({ attributes: { termsUrl: 'https://example.com/terms' } });

  it('blocks on terms until accepted; accept stores termsAccepted', async () => {
    const saveUser = vi.fn(async (u: User) => u);
    const { actor } = start({ server: async () => withTerms(), session: async () => user(), saveUser });
    let snapshot = await settled(actor);
    expect(snapshot.matches({ authenticated: { terms: 'pending' } })).toBe(true);
    actor.send({ type: 'ACCEPT_TERMS' });
    snapshot = await settled(actor);
    expect(snapshot.matches({ authenticated: 'ready' })).toBe(true);
    expect(saveUser.mock.calls[0]?.[0].attributes.termsAccepted).toBe(true);
  });

  it('accepted terms do not block', async () => {
    const { actor } = start({ server: async () => withTerms(), session: async () => user({ attributes: { termsAccepted: true } }) });
    expect((await settled(actor)).matches({ authenticated: 'ready' })).toBe(true);
  });

  it('cancel goes to /login through logout', async () => {
    const { actor, navigate, calls } = start({ server: async () => withTerms(), session: async () => user() });
    await settled(actor);
    actor.send({ type: 'CANCEL_TERMS' });
    const snapshot = await settled(actor);
    expect(snapshot.matches('unauthenticated')).toBe(true);
    expect(calls).toContain('logout');
    expect(navigate).toHaveBeenLastCalledWith('/login');
  });

  it('logout clears the user and goes to /login even when the call fails', async () => {
    const { actor, navigate } = start({ session: async () => user(), logout: async () => Promise.reject(new HttpError('x', 500)) });
    await settled(actor);
    actor.send({ type: 'LOGOUT' });
    const snapshot = await settled(actor);
    expect(snapshot.context.user).toBeNull();
    expect(navigate).toHaveBeenLastCalledWith('/login');
  });

  it("logout removes this device's notification token from the signed-in user before deleting the session", async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const forget = vi.fn((u: User | null) => {
      order.push(`forget:${u?.id ?? 'none'}`);
      return new Promise<void>((resolve) => (release = resolve));
    });
    const { actor, calls } = start({ session: async () => user({ id: 7 }), forgetNotificationToken: forget, logout: async () => void order.push('logout') });
    await settled(actor);
    actor.send({ type: 'LOGOUT' });
    await Promise.resolve();
    expect(actor.getSnapshot().matches({ loggingOut: 'forgettingToken' })).toBe(true);
    expect(calls).not.toContain('logout');
    release();
    await settled(actor);
    expect(order).toEqual(['forget:7', 'logout']);
    expect(actor.getSnapshot().matches('unauthenticated')).toBe(true);
  });

  it('a failed token removal still logs out', async () => {
    const { actor, calls, navigate } = start({ session: async () => user(), forgetNotificationToken: async () => Promise.reject(new HttpError('x', 500)) });
    await settled(actor);
    actor.send({ type: 'LOGOUT' });
    const snapshot = await settled(actor);
    expect(calls.slice(-2)).toEqual(['forgetNotificationToken', 'logout']);
    expect(snapshot.matches('unauthenticated')).toBe(true);
    expect(navigate).toHaveBeenLastCalledWith('/login');
  });

  it('a token removal that never answers still logs out after its timeout', async () => {
    const { actor, calls, clock } = start({ session: async () => user(), forgetNotificationToken: () => new Promise<void>(() => {}) });
    await settled(actor);
    actor.send({ type: 'LOGOUT' });
    await Promise.resolve();
    expect(actor.getSnapshot().matches({ loggingOut: 'forgettingToken' })).toBe(true);
    clock.increment(4999);
    expect(actor.getSnapshot().matches({ loggingOut: 'forgettingToken' })).toBe(true);
    clock.increment(1);
    const snapshot = await settled(actor);
    expect(calls.slice(-2)).toEqual(['forgetNotificationToken', 'logout']);
    expect(snapshot.matches('unauthenticated')).toBe(true);
  });

  it('USER_UPDATED replaces the user; SESSION_EXPIRED returns to /login remembering the path', async () => {
    const { actor, navigate } = start({ session: async () => user() });
    await settled(actor);
    actor.send({ type: 'USER_UPDATED', user: user({ name: 'Renamed' }) });
    expect(actor.getSnapshot().context.user?.name).toBe('Renamed');
    actor.send({ type: 'SESSION_EXPIRED', path: '/event/4' });
    expect(actor.getSnapshot().matches('unauthenticated')).toBe(true);
    expect(actor.getSnapshot().context.destination).toBe('/event/4');
    expect(navigate).toHaveBeenLastCalledWith('/login');
  });
});

describe('session: the post-login action (native login|{token} hand-off)', () => {
  it('never runs for a restored session', async () => {
    const { actor, afterLogin } = start({ session: async () => user() });
    await settled(actor);
    expect(afterLogin).not.toHaveBeenCalled();
  });

  it('runs after the return from OpenID (?openid=success)', async () => {
    const { actor, afterLogin } = start({ input: { query: { ...noQuery, openid: 'success' } }, session: async () => user() });
    await settled(actor);
    expect(afterLogin.mock.calls).toEqual([[true]]);
  });

  it('runs after a form login', async () => {
    const { actor, afterLogin } = start();
    await settled(actor);
    actor.send({ type: 'LOGIN', email: 'a@example.com', password: 'secret' });
    const snapshot = await settled(actor);
    expect(snapshot.matches('authenticated')).toBe(true);
    expect(afterLogin.mock.calls).toEqual([[false]]);
  });
});
