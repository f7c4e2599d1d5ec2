import { and, assign, fromPromise, setup } from 'xstate';
import type { Server, User } from '../../../contract/models';
import { safeInternalPath, type RootQuery } from '../../domain/redirect';
import { toLanguage, type Language } from '../../domain/language';
import type { LoginEvent, RegisterEvent, SessionEvent } from './events';

export interface SessionInput {
  /** The root query parameters read from the address bar at start. */
  query: RootQuery;
  /** The requested path and query (root parameters already removed). */
  path: string;
}

export interface SessionContext {
  server: Server | null;
  user: User | null;
  /** Token to log in with: from `?token=` or the native wrapper. */
  token: string | null;
  /** Device to select once the map shows (`?uniqueId=`). */
  uniqueId: string | null;
  /** `?openid=success`: run the post-login action. */
  openidSuccess: boolean;
  /** Where to go after login: a safe internal path only. */
  destination: string | null;
  /** The requested path at start. */
  requestedPath: string;
  /** Why the server info could not be loaded (the alert's text). */
  serverError: string | null;
  /** What the login form shows: under its fields (credentials, code), or above them (a refused sign-in link). */
  loginError: 'credentials' | 'code' | 'link' | null;
  /** Registration finished: the login screen says so. */
  registered: boolean;
  /** `?locale=`: the language to store. */
  locale: string | null;
  /** The last login attempt carried a one-time code. */
  codeSent: boolean;
  /** The one-time password key being set up at this sign-in (the server forces one, `totpForce`). */
  totpKey: string | null;
}

/** What an API failure looks like to the machine (an ApiError has this shape). */
export interface FailureLike {
  message?: string;
  status?: number;
  headers?: { get(name: string): string | null } | null;
}

function failure(error: unknown): FailureLike {
  return typeof error === 'object' && error !== null ? (error as FailureLike) : { message: String(error) };
}

export function failureMessage(error: unknown): string {
  const message = failure(error).message;
  return typeof message === 'string' && message !== '' ? message : String(error);
}

const isStatus = (error: unknown, status: number) => failure(error).status === status;

/** The scheme a 401 asks for (`WWW-Authenticate`), lower case: `totp` for a code, `totp-setup` for a new key. */
function challenge(event: object): string | null {
  if (!('error' in event)) return null;
  const error = failure(event.error);
  return error.status === 401 ? (error.headers?.get('WWW-Authenticate') ?? '').trim().toLowerCase() : null;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as 'checking' | 'busy',
  },
  actors: {
    /** Remove the root query parameters from the address bar; runs before any request. */
    cleanUrl: fromPromise<void>(async () => {}),
    loadServer: fromPromise<Server>(async () => {
      throw new Error('loadServer not provided');
    }),
    getSession: fromPromise<User>(async () => {
      throw new Error('getSession not provided');
    }),
    tokenLogin: fromPromise<User, { token: string }>(async () => {
      throw new Error('tokenLogin not provided');
    }),
    login: fromPromise<User, { email: string; password: string; code: string | null; totpKey: string | null }>(async () => {
      throw new Error('login not provided');
    }),
    /** A new one-time password key (`POST /api/users/totp`), for a sign-in that must set one up. */
    generateTotpKey: fromPromise<string>(async () => {
      throw new Error('generateTotpKey not provided');
    }),
    register: fromPromise<User, { name: string; email: string; password: string; totpKey: string | null }>(async () => {
      throw new Error('register not provided');
    }),
    saveUser: fromPromise<User, { user: User }>(async () => {
      throw new Error('saveUser not provided');
    }),
    /** Before logout: remove this device's notification token from the user (`PUT /api/users/{id}`). */
    forgetNotificationToken: fromPromise<void, { user: User | null }>(async () => {}),
    logout: fromPromise<void>(async () => {
      throw new Error('logout not provided');
    }),
  },
  actions: {
    /** Store the language chosen with `?locale=`. */
    storeLanguage: (_, _params: { language: Language | null }) => {},
    /** Go to a route. */
    navigate: (_, _params: { to: string }) => {},
    /** Push a message onto the errors queue. */
    reportError: (_, _params: { message: string }) => {},
    /**
     * After a new login (the form, or the return from OpenID with `?openid=success`), never for a
     * restored session: the native wrapper's token hand-off (`login|{token}`).
     */
    afterLogin: (_, _params: { openid: boolean }) => {},
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isOpenidReturn: ({ context }) => context.openidSuccess,
    hasDestination: ({ context }) => context.destination !== null,
    needsTerms: ({ context }) => {
      const termsUrl = context.server?.attributes?.termsUrl;
      const accepted = context.user?.attributes?.termsAccepted;
      return typeof termsUrl === 'string' && termsUrl !== '' && accepted !== true && accepted !== 'true';
    },
    isCodeChallenge: ({ event }) => challenge(event) === 'totp',
    /** The server forces a one-time password and this user has no key yet (the embedded server's `TOTP-Setup`). */
    isSetupChallenge: ({ event }) => challenge(event) === 'totp-setup',
    settingUpKey: ({ context }) => context.totpKey !== null,
    isUnauthorized: ({ event }) => 'error' in event && isStatus(event.error, 401),
    isConnectionFailure: ({ event }) => 'error' in event && isStatus(event.error, 0),
    /** no connection, or the server failed (5xx): nothing was decided about what was sent */
    isUnavailable: ({ event }) => {
      if (!('error' in event)) return false;
      const status = failure(event.error).status ?? 0;
      return status === 0 || status >= 500;
    },
  },
  delays: {
    serverRetry: 5000,
    /** how long logout waits for the notification token's removal before it signs out anyway */
    forgetTokenTimeout: 5000,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    server: null,
    user: null,
    token: input.query.token,
    uniqueId: input.query.uniqueId,
    openidSuccess: input.query.openid === 'success',
    destination: null,
    requestedPath: input.path,
    serverError: null,
    loginError: null,
    registered: false,
    locale: input.query.locale,
    codeSent: false,
    totpKey: null,
  }),
  initial: 'booting',
  states: {
    booting: {
      tags: ['checking'],
      initial: 'cleaningUrl',
      states: {
        cleaningUrl: {
          // Runs once, at start: a later token login (native wrapper) must not undo a language
          // chosen on the login screen.
          entry: { type: 'storeLanguage', params: ({ context }) => ({ language: toLanguage(context.locale) }) },
          invoke: { src: 'cleanUrl', onDone: 'loadingServer', onError: 'loadingServer' },
        },
        loadingServer: {
          invoke: {
            src: 'loadServer',
            onDone: { target: 'routingQuery', actions: assign({ server: ({ event }) => event.output, serverError: null }) },
            onError: { target: 'serverError', actions: assign({ serverError: ({ event }) => failureMessage(event.error) }) },
          },
        },
        serverError: {
          after: { serverRetry: 'loadingServer' },
          on: { RETRY: 'loadingServer', ONLINE: 'loadingServer' },
        },
        routingQuery: {
          always: [{ guard: 'hasToken', target: 'tokenLogin' }, { target: 'checkingSession' }],
        },
        tokenLogin: {
          invoke: {
            src: 'tokenLogin',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: [
              {
                // A token handed over on the login screen (native wrapper) leaves it for the destination.
                guard: 'hasDestination',
                target: '#session.authenticated',
                actions: [
                  assign({ user: ({ event }) => event.output, token: null }),
                  { type: 'navigate', params: ({ context }) => ({ to: context.destination ?? '/' }) },
                  assign({ destination: null }),
                ],
              },
              { target: '#session.authenticated', actions: assign({ user: ({ event }) => event.output, token: null }) },
            ],
            onError: [
              {
                guard: 'isUnavailable',
                target: '#session.unauthenticated',
                actions: [
                  assign({ token: null, openidSuccess: false }),
                  { type: 'reportError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
                ],
              },
              // refused (expired, revoked, or not a token): the login screen says the link no longer works
              { target: '#session.unauthenticated', actions: assign({ token: null, openidSuccess: false, loginError: 'link' }) },
            ],
          },
        },
        checkingSession: {
          invoke: {
            src: 'getSession',
            onDone: [
              {
                // back from the OpenID provider (`?openid=success`): a login, so the post-login action runs
                guard: 'isOpenidReturn',
                target: '#session.authenticated',
                actions: [assign({ user: ({ event }) => event.output }), { type: 'afterLogin', params: { openid: true } }],
              },
              // a restored session is no new login: nothing is posted to the native wrapper
              { target: '#session.authenticated', actions: assign({ user: ({ event }) => event.output }) },
            ],
            onError: [
              {
                guard: 'isConnectionFailure',
                target: '#session.unauthenticated',
                actions: [
                  assign({ destination: ({ context }) => safeInternalPath(context.requestedPath), openidSuccess: false }),
                  { type: 'reportError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
                ],
              },
              {
                target: '#session.unauthenticated',
                actions: assign({ destination: ({ context }) => safeInternalPath(context.requestedPath), openidSuccess: false }),
              },
            ],
          },
        },
      },
    },
    unauthenticated: {
      entry: assign({ user: null }),
      // a key being set up never outlives the sign-in screen (a native token may leave it mid-setup)
      exit: assign({ totpKey: null }),
      initial: 'idle',
      on: {
        REQUIRE_LOGIN: { actions: assign({ destination: ({ event }) => safeInternalPath(event.path) }) },
        NATIVE_TOKEN: {
          target: '#session.booting.tokenLogin',
          actions: assign({ token: ({ event }) => event.token, destination: ({ context }) => context.destination ?? '/' }),
        },
      },
      states: {
        idle: {
          entry: assign({ totpKey: null }),
          on: {
            LOGIN: { target: 'loggingIn', actions: assign({ loginError: null, registered: false, codeSent: ({ event }) => Boolean(event.code) }) },
            REGISTER: { target: 'registering', actions: assign({ registered: false }) },
          },
        },
        code: {
          on: {
            LOGIN: { target: 'loggingIn', actions: assign({ loginError: null, codeSent: ({ event }) => Boolean(event.code) }) },
            CANCEL_CODE: { target: 'idle', actions: assign({ loginError: null }) },
          },
        },
        loggingIn: {
          tags: ['busy'],
          invoke: {
            src: 'login',
            input: ({ context, event }) => {
              const login = event as LoginEvent;
              return { email: login.email, password: login.password, code: login.code ?? null, totpKey: context.totpKey };
            },
            onDone: {
              target: '#session.authenticated',
              actions: [
                assign({ user: ({ event }) => event.output }),
                { type: 'navigate', params: ({ context }) => ({ to: context.destination ?? '/' }) },
                assign({ destination: null }),
                { type: 'afterLogin', params: { openid: false } },
              ],
            },
            onError: [
              // the key being set up stays (the authenticator app holds it): only the code was wrong
              { guard: and(['isSetupChallenge', 'settingUpKey']), target: 'totpSetup.entering', actions: assign({ loginError: 'code' }) },
              { guard: 'isSetupChallenge', target: 'totpSetup' },
              {
                guard: 'isCodeChallenge',
                target: 'code',
                actions: assign({ loginError: ({ context }) => (context.codeSent ? 'code' : null), totpKey: null }),
              },
              { guard: 'isUnauthorized', target: 'idle', actions: assign({ loginError: 'credentials' }) },
              {
                target: 'idle',
                actions: { type: 'reportError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
              },
            ],
          },
        },
        // A forced one-time password (server attribute `totpForce`) and no key yet: a new key is made,
        // shown for the authenticator app, and sent with the first code it makes (LOGIN again).
        totpSetup: {
          initial: 'generating',
          on: { CANCEL_CODE: { target: 'idle', actions: assign({ loginError: null }) } },
          states: {
            generating: {
              tags: ['busy'],
              invoke: {
                src: 'generateTotpKey',
                onDone: { target: 'entering', actions: assign({ totpKey: ({ event }) => event.output }) },
                onError: {
                  target: '#session.unauthenticated.idle',
                  actions: { type: 'reportError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
                },
              },
            },
            entering: {
              on: {
                LOGIN: { target: '#session.unauthenticated.loggingIn', actions: assign({ loginError: null, codeSent: ({ event }) => Boolean(event.code) }) },
              },
            },
          },
        },
        registering: {
          tags: ['busy'],
          invoke: {
            src: 'register',
            input: ({ event }) => {
              const register = event as RegisterEvent;
              return { name: register.name, email: register.email, password: register.password, totpKey: register.totpKey ?? null };
            },
            onDone: {
              target: 'idle',
              actions: [
                assign({
                  registered: true,
                  server: ({ context }) => (context.server ? { ...context.server, newServer: false } : context.server),
                }),
                { type: 'navigate', params: { to: '/login' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'reportError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
            },
          },
        },
      },
    },
    authenticated: {
      exit: assign({ openidSuccess: false }),
      initial: 'gate',
      on: {
        LOGOUT: '#session.loggingOut',
        SESSION_EXPIRED: {
          target: '#session.unauthenticated',
          actions: [
            assign({ destination: ({ event }) => safeInternalPath(event.path) }),
            { type: 'navigate', params: { to: '/login' } },
          ],
        },
        USER_UPDATED: { actions: assign({ user: ({ event }) => event.user }) },
      },
      states: {
        gate: {
          always: [{ guard: 'needsTerms', target: 'terms' }, { target: 'ready' }],
        },
        terms: {
          initial: 'pending',
          states: {
            pending: {
              on: {
                ACCEPT_TERMS: 'saving',
                CANCEL_TERMS: '#session.loggingOut',
              },
            },
            saving: {
              tags: ['busy'],
              invoke: {
                src: 'saveUser',
                input: ({ context }) => {
                  const user = context.user as User;
                  return { user: { ...user, attributes: { ...user.attributes, termsAccepted: true } } };
                },
                onDone: { target: '#session.authenticated.ready', actions: assign({ user: ({ event }) => event.output }) },
                onError: {
                  target: 'pending',
                  actions: { type: 'reportError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
                },
              },
            },
          },
        },
        ready: {},
      },
    },
    loggingOut: {
      tags: ['busy'],
      initial: 'forgettingToken',
      states: {
        // this device's notification token leaves the user while the session still allows the PUT;
        // a failure, or no answer within forgetTokenTimeout, does not keep anyone signed in
        forgettingToken: {
          invoke: {
            src: 'forgetNotificationToken',
            input: ({ context }) => ({ user: context.user }),
            onDone: 'deleting',
            onError: 'deleting',
          },
          after: { forgetTokenTimeout: 'deleting' },
        },
        deleting: {
          invoke: {
            src: 'logout',
            onDone: { target: '#session.unauthenticated', actions: [assign({ user: null, destination: null }), { type: 'navigate', params: { to: '/login' } }] },
            onError: { target: '#session.unauthenticated', actions: [assign({ user: null, destination: null }), { type: 'navigate', params: { to: '/login' } }] },
          },
        },
      },
    },
  },
  on: {
    SERVER_UPDATED: { actions: assign({ server: ({ event }) => event.server }) },
  },
});

export type SessionMachine = typeof sessionMachine;
