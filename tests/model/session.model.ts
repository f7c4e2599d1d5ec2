/**
 * Model spec of the session machine: the paths `session.model.test.ts` replays, and the source of
 * `docs/statecharts/session.paths.md` and of the coverage table on `docs/statecharts/session.md`
 * (`npm run statecharts`).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { Server } from '../../contract/models';
import { sessionMachine, type SessionContext, type SessionInput } from '../../src/machines/session/session.machine';
import { coveringPaths, fakeActors, invokeEventType, provideFakeActors, type Effect, type ModelPath } from './graph.ts';
import { makeServer, makeUser } from '../fixtures/models.ts';
import { defineModel } from './spec.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures

const server = makeServer;
const user = makeUser;

const plainServer = server();
const termsServer = server({ attributes: { termsUrl: 'https://example.com/terms' } });
const freshUser = user();
const acceptedUser = user({ attributes: { termsAccepted: true } });

// API-like failures (distinct messages: paths are told apart by their events' JSON).
export const totpChallenge = new ApiError('HTTP 401 (TOTP)', 401, new Headers({ 'WWW-Authenticate': 'TOTP' }));
export const setupChallenge = new ApiError('HTTP 401 (TOTP-Setup)', 401, new Headers({ 'WWW-Authenticate': 'TOTP-Setup' }));
const unauthorized = new ApiError('HTTP 401', 401);
const offline = new ApiError('Network unreachable', 0);
const serverDown = new ApiError('Internal Server Error', 503);
const serverFailure = new ApiError('HTTP 500', 500);

const ev = (src: string, kind: 'done' | 'error'): string => invokeEventType(sessionMachine, src, kind);

const renamedUser = user({ name: 'Renamed', attributes: { termsAccepted: true } });
const newUser = user({ id: 9, name: 'New' });
const updatedServer = server({ version: '6.15' });

/** Short names for the fixtures in test titles (the full JSON would make them unreadable). */
const names = new Map<unknown, string>([
  [plainServer, 'server'],
  [termsServer, 'server+termsUrl'],
  [updatedServer, 'server 6.15'],
  [freshUser, 'user'],
  [acceptedUser, 'user+termsAccepted'],
  [renamedUser, 'renamed user'],
  [newUser, 'new user'],
  [totpChallenge, '401 TOTP'],
  [setupChallenge, '401 TOTP-Setup'],
  [unauthorized, '401'],
  [offline, 'status 0'],
  [serverFailure, '500'],
]);

export function title(path: ModelPath): string {
  const labels = path.steps.slice(1).map((step) => {
    const { type: _type, ...payload } = step.event;
    const head = step.label.split(' {')[0] ?? step.label;
    const parts = Object.values(payload).map((v) => names.get(v) ?? (v instanceof Error ? v.message : JSON.stringify(v)));
    return parts.length > 0 && parts.some((p) => p !== undefined) ? `${head}(${parts.join(', ')})` : head;
  });
  const [, target = ''] = path.description.split(' ⇒ ');
  return `${labels.join(' → ') || 'initial'} ⇒ ${target}`;
}

const samples = {
  [ev('cleanUrl', 'done')]: { output: undefined },
  [ev('cleanUrl', 'error')]: { error: new Error('history.replaceState failed') },
  [ev('loadServer', 'done')]: [{ output: plainServer }, { output: termsServer }],
  [ev('loadServer', 'error')]: [{ error: offline }, { error: serverFailure }],
  [ev('getSession', 'done')]: [{ output: freshUser }, { output: acceptedUser }],
  [ev('getSession', 'error')]: [{ error: unauthorized }, { error: offline }, { error: serverFailure }],
  [ev('tokenLogin', 'done')]: [{ output: freshUser }, { output: acceptedUser }],
  [ev('tokenLogin', 'error')]: [{ error: unauthorized }, { error: offline }, { error: serverDown }],
  [ev('login', 'done')]: [{ output: freshUser }, { output: acceptedUser }],
  [ev('login', 'error')]: [{ error: totpChallenge }, { error: setupChallenge }, { error: unauthorized }, { error: offline }, { error: serverFailure }],
  [ev('generateTotpKey', 'done')]: { output: 'NEWKEYNEWKEYNEWK' },
  [ev('generateTotpKey', 'error')]: { error: serverFailure },
  [ev('register', 'done')]: { output: newUser },
  [ev('register', 'error')]: { error: serverFailure },
  [ev('saveUser', 'done')]: { output: acceptedUser },
  [ev('saveUser', 'error')]: { error: serverFailure },
  [ev('forgetNotificationToken', 'done')]: { output: undefined },
  [ev('forgetNotificationToken', 'error')]: { error: serverFailure },
  [ev('logout', 'done')]: { output: undefined },
  [ev('logout', 'error')]: { error: offline },
  LOGIN: [
    { email: 'admin', password: 'secret', code: null },
    { email: 'admin', password: 'secret', code: '123456' },
  ],
  REGISTER: { name: 'New', email: 'new@example.com', password: 'pw', totpKey: null },
  NATIVE_TOKEN: { token: 'native-token' },
  REQUIRE_LOGIN: [{ path: '/reports/trips?from=1' }, { path: '//evil.example.com' }],
  SESSION_EXPIRED: [{ path: '/settings/devices' }, {}],
  USER_UPDATED: { user: renamedUser },
  SERVER_UPDATED: { server: updatedServer },
};

/** Two starts: a deep link with a locale and no token; a token + OpenID hand-off at the root. */
export const inputs: Record<string, SessionInput> = {
  'deep link': { query: { locale: 'ar', token: null, uniqueId: null, openid: null }, path: '/devices/42?tab=info' },
  'token + openid': { query: { locale: 'en-US', token: 'url-token', uniqueId: '356938035643809', openid: 'success' }, path: '/' },
  'openid return': { query: { locale: null, token: null, uniqueId: null, openid: 'success' }, path: '/' },
};

/**
 * Graph vertices: the state value plus only what guards read (token, terms) — the rest of the
 * context (messages, destination, …) is checked by the effect assertions, not explored.
 */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const c = snapshot.context as SessionContext;
  return JSON.stringify([
    snapshot.value,
    snapshot.status,
    c.token !== null,
    Boolean(c.server?.attributes?.termsUrl),
    c.user === null ? null : c.user.attributes?.termsAccepted === true,
    c.totpKey !== null,
  ]);
}

/**
 * While a one-time password key is set up, the events the whole sign-in screen handles the same
 * way (a native token, a remembered destination, the server's update) and a LOGIN without a code
 * are left out: their transitions are taken from `idle` already, and each would double the setup's
 * paths. (Leaving the setup through a native token drops the key: session.test.ts.)
 */
function filterEvents(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  if ((snapshot.context as SessionContext).totpKey === null && !snapshot.matches({ unauthenticated: 'totpSetup' } as never)) return true;
  if (event.type === 'LOGIN') return typeof event.code === 'string';
  return !['NATIVE_TOKEN', 'REQUIRE_LOGIN', 'SERVER_UPDATED'].includes(event.type);
}

/** The other starts reach the sign-in screen as the deep link does: the setup is explored from that one only. */
const withoutSetup = (_: AnyMachineSnapshot, event: AnyEventObject): boolean => (event as { error?: unknown }).error !== setupChallenge;

// ---------------------------------------------------------------------------------------------
// The machine under test: fake actors, effect actions recorded.

export const effects: Effect[] = [];
export const fakes = fakeActors();
export const machine = provideFakeActors(sessionMachine, fakes).provide({
  actions: {
    navigate: (_, params) => void effects.push(['navigate', params.to]),
    reportError: (_, params) => void effects.push(['reportError', params.message]),
    storeLanguage: (_, params) => void effects.push(['storeLanguage', params.language]),
    afterLogin: (_, params) => void effects.push(['afterLogin', params.openid]),
  },
});

interface InputPath {
  readonly inputName: string;
  readonly input: SessionInput;
  readonly path: ModelPath;
}

export const generated: InputPath[] = Object.entries(inputs).flatMap(([inputName, input]) =>
  coveringPaths(machine, { input, events: samples, serializeState, filterEvents: inputName === 'deep link' ? filterEvents : withoutSetup }).map((path) => ({ inputName, input, path })),
);
export const allPaths = generated.map((g) => g.path);
const deepLink = inputs['deep link'] as SessionInput;
const tokenStart = inputs['token + openid'] as SessionInput;
const done = (src: string, output?: unknown): AnyEventObject => ({ type: ev(src, 'done'), output });
const fail = (src: string, error: unknown): AnyEventObject => ({ type: ev(src, 'error'), error });
/** From the start to the login screen: no session yet (the check answers 401). */
const toLoginScreen = [done('cleanUrl'), done('loadServer', plainServer), fail('getSession', unauthorized)];

/** Hand-written scenarios (replayed and checked by `session.model.test.ts`, listed in the plan). */
export const SCENARIOS = {
  deepLinkLogin: 'a 401 on the session check remembers the deep link; LOGIN then goes there',
  serverRetry: 'the server retry is driven by the clock, then the URL token signs in and the terms gate shows',
  nativeToken: 'NATIVE_TOKEN does not store the ?locale= language a second time',
  oneTimeCode: 'a one-time code challenge, a wrong code, then success',
  forcedSetup: 'a forced one-time password: a key made, a wrong code keeps it, its first code signs in',
} as const;

export const model = defineModel(sessionMachine, {
  paths: generated.map(({ inputName, input, path }) => ({ path, group: `start: ${inputName}`, input })),
  replayMachine: machine,
  scenarios: [
    {
      title: SCENARIOS.deepLinkLogin,
      input: deepLink,
      events: [
        ...toLoginScreen,
        { type: 'LOGIN', email: 'admin', password: 'secret', code: null },
        done('login', freshUser),
      ],
    },
    {
      title: SCENARIOS.serverRetry,
      input: tokenStart,
      events: [
        fail('cleanUrl', new Error('no history')),
        fail('loadServer', offline),
        { type: `xstate.after.serverRetry.session.booting.serverError` },
        done('loadServer', termsServer),
        done('tokenLogin', freshUser),
        { type: 'ACCEPT_TERMS' },
        done('saveUser', acceptedUser),
      ],
    },
    {
      // NATIVE_TOKEN re-enters `booting.tokenLogin`; the ?locale= language is stored only at start,
      // so a language picked on the login screen survives the native token hand-off.
      title: SCENARIOS.nativeToken,
      input: deepLink,
      events: [
        ...toLoginScreen,
        { type: 'NATIVE_TOKEN', token: 'native-token' },
        done('tokenLogin', freshUser),
      ],
    },
    {
      title: SCENARIOS.oneTimeCode,
      input: deepLink,
      events: [
        ...toLoginScreen,
        { type: 'LOGIN', email: 'admin', password: 'secret', code: null },
        fail('login', totpChallenge),
        { type: 'LOGIN', email: 'admin', password: 'secret', code: '000000' },
        fail('login', totpChallenge),
        { type: 'LOGIN', email: 'admin', password: 'secret', code: '123456' },
        done('login', freshUser),
      ],
    },
    {
      title: SCENARIOS.forcedSetup,
      input: deepLink,
      events: [
        ...toLoginScreen,
        { type: 'LOGIN', email: 'admin', password: 'secret', code: null },
        fail('login', setupChallenge),
        done('generateTotpKey', 'NEWKEYNEWKEYNEWK'),
        { type: 'LOGIN', email: 'admin', password: 'secret', code: '000000' },
        fail('login', setupChallenge),
        { type: 'LOGIN', email: 'admin', password: 'secret', code: '123456' },
        done('login', freshUser),
      ],
    },
  ],
});
