/**
 * Model-based tests of the session machine: covering paths over the machine's graph (several
 * inputs, sample events for every event type and guard branch), each replayed against the real
 * machine with fake actors and a SimulatedClock, with the effects checked along every path.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { safeInternalPath } from '../../src/domain/redirect';
import { toLanguage } from '../../src/domain/language';
import type { SessionContext, SessionInput } from '../../src/machines/session/session.machine';
import { replayPath, type Effect, type ModelPath, type PathStep } from './graph.ts';
import { assertModelCovers } from './spec.ts';
import { allPaths, effects, fakes, generated, inputs, machine, model, SCENARIOS, setupChallenge, title, totpChallenge } from './session.model.ts';

const ctx = (s: AnyMachineSnapshot): SessionContext => s.context as SessionContext;
const invokeSrc = (step: PathStep): string | undefined => step.invoke?.src;
const errorStatus = (step: PathStep): number | undefined => (step.event as AnyEventObject & { error?: { status?: number } }).error?.status;
const errorMessage = (step: PathStep): string | undefined => (step.event as AnyEventObject & { error?: Error }).error?.message;
const inState = (s: AnyMachineSnapshot, state: string): boolean => s.matches(state as never);

/**
 * Effects expected from one step, checked against the effects it really produced, given the
 * snapshot before the step (`prev`, undefined for init) and after it (`next`).
 */
function checkStep(step: PathStep, prev: AnyMachineSnapshot | undefined, next: AnyMachineSnapshot, produced: readonly Effect[], input: SessionInput): void {
  const names = produced.map(([name]) => name);
  const where = `step "${step.label}"`;
  const enteredAuthenticated = inState(next, 'authenticated') && (prev === undefined || !inState(prev, 'authenticated'));
  const started = prev === undefined;
  const enteredLoggingOut = inState(next, 'loggingOut') && (prev === undefined || !inState(prev, 'loggingOut'));

  // The language from ?locale= is stored once, at start.
  expect(produced.filter(([n]) => n === 'storeLanguage'), where).toEqual(
    started ? [['storeLanguage', toLanguage(input.query.locale)]] : [],
  );
  // The post-login action runs once for a new login — the form, or the return from OpenID — and
  // never for a restored session or a token login.
  const formLogin = prev !== undefined && prev.matches({ unauthenticated: 'loggingIn' } as never);
  const openidReturn = prev !== undefined && prev.matches({ booting: 'checkingSession' } as never) && ctx(prev).openidSuccess;
  expect(produced.filter(([n]) => n === 'afterLogin'), where).toEqual(
    enteredAuthenticated && (formLogin || openidReturn) ? [['afterLogin', openidReturn]] : [],
  );
  if (inState(next, 'authenticated')) expect(ctx(next).user, where).not.toBeNull();
  else if (!inState(next, 'loggingOut') && !inState(next, 'booting')) expect(ctx(next).user, where).toBeNull();
  // Logout first removes this device's notification token (the user still signed in), then deletes the session.
  if (enteredLoggingOut) {
    expect(next.matches({ loggingOut: 'forgettingToken' }), where).toBe(true);
    expect(ctx(next).user, where).not.toBeNull();
  }
  if ((step.kind === 'done' || step.kind === 'error') && invokeSrc(step) === 'forgetNotificationToken') {
    expect(next.matches({ loggingOut: 'deleting' }), where).toBe(true);
    expect(ctx(next).user, where).not.toBeNull();
    expect(names, where).toEqual([]);
  }

  if (prev === undefined) {
    expect(ctx(next).destination).toBeNull();
    return;
  }
  const src = invokeSrc(step);
  const status = errorStatus(step);

  if (step.kind === 'done' && src === 'login') {
    // A successful LOGIN goes to the remembered destination (or home), then forgets it.
    expect(produced.filter(([n]) => n === 'navigate'), where).toEqual([['navigate', ctx(prev).destination ?? '/']]);
    expect(ctx(next).destination, where).toBeNull();
    expect(inState(next, 'authenticated'), where).toBe(true);
  } else if (step.kind === 'done' && src === 'tokenLogin') {
    // A token login goes to the remembered destination when there is one (a native token handed
    // over on the login screen remembers at least `/`); at start it stays on the requested path.
    const destination = ctx(prev).destination;
    expect(produced.filter(([n]) => n === 'navigate'), where).toEqual(destination === null ? [] : [['navigate', destination]]);
    expect(ctx(next).destination, where).toBeNull();
  } else if (step.event.type === 'NATIVE_TOKEN') {
    expect(names, where).not.toContain('navigate');
    expect(ctx(next).destination, where).toBe(ctx(prev).destination ?? '/');
  } else if (step.kind === 'done' && src === 'register') {
    expect(produced, where).toContainEqual(['navigate', '/login']);
    expect(ctx(next).registered, where).toBe(true);
  } else if ((step.kind === 'done' || step.kind === 'error') && src === 'logout') {
    expect(produced, where).toContainEqual(['navigate', '/login']);
    expect(ctx(next).destination, where).toBeNull();
    expect(next.matches({ unauthenticated: 'idle' }), where).toBe(true);
  } else if (step.event.type === 'SESSION_EXPIRED') {
    expect(produced, where).toContainEqual(['navigate', '/login']);
    expect(ctx(next).destination, where).toBe(safeInternalPath((step.event as AnyEventObject & { path?: string }).path));
  } else {
    expect(names, where).not.toContain('navigate');
  }

  if (step.kind === 'error' && src === 'getSession') {
    // The session check failed: remember where the user wanted to go, if it is safe.
    expect(ctx(next).destination, where).toBe(safeInternalPath(input.path));
    expect(inState(next, 'unauthenticated'), where).toBe(true);
  }
  if (step.event.type === 'REQUIRE_LOGIN') {
    expect(ctx(next).destination, where).toBe(safeInternalPath((step.event as AnyEventObject & { path: string }).path));
  }

  // Errors reach the errors queue only when the user would otherwise not learn about them.
  const reported = produced.filter(([n]) => n === 'reportError');
  const reportable =
    step.kind === 'error' &&
    ((src === 'getSession' && status === 0) ||
      (src === 'tokenLogin' && (status === 0 || (status ?? 0) >= 500)) ||
      (src === 'login' && status !== 401) ||
      src === 'register' ||
      src === 'saveUser' ||
      src === 'generateTotpKey');
  expect(reported, where).toEqual(reportable ? [['reportError', errorMessage(step)]] : []);

  // A key being set up lives only in the setup (and the sign-in it sends); it never outlives it.
  if (ctx(next).totpKey !== null) expect(next.matches({ unauthenticated: 'totpSetup' }) || next.matches({ unauthenticated: 'loggingIn' }), where).toBe(true);
  if (step.kind === 'done' && src === 'generateTotpKey') {
    expect(next.matches({ unauthenticated: { totpSetup: 'entering' } }), where).toBe(true);
    expect(ctx(next).totpKey, where).toBe((step.event as AnyEventObject & { output: string }).output);
  }
  if (step.kind === 'error' && src === 'login') {
    if (errorMessage(step) === setupChallenge.message) {
      // the first challenge makes a key; one after a code keeps the key and says the code was wrong
      if (ctx(prev).totpKey === null) expect(next.matches({ unauthenticated: { totpSetup: 'generating' } }), where).toBe(true);
      else {
        expect(next.matches({ unauthenticated: { totpSetup: 'entering' } }), where).toBe(true);
        expect(ctx(next).totpKey, where).toBe(ctx(prev).totpKey);
        expect(ctx(next).loginError, where).toBe('code');
      }
    } else if (status === 401 && errorMessage(step) === totpChallenge.message) {
      expect(next.matches({ unauthenticated: 'code' }), where).toBe(true);
      expect(ctx(next).loginError, where).toBe(ctx(prev).codeSent ? 'code' : null);
    } else if (status === 401) {
      expect(ctx(next).loginError, where).toBe('credentials');
    }
  }
  if ((step.kind === 'done' || step.kind === 'error') && src === 'tokenLogin') expect(ctx(next).token, where).toBeNull();
  // a refused link (4xx) says so on the login screen; an unavailable server is reported instead
  if (step.kind === 'error' && src === 'tokenLogin') expect(ctx(next).loginError, where).toBe(status === 0 || (status ?? 0) >= 500 ? null : 'link');
  if (step.kind === 'error' && src === 'loadServer') expect(ctx(next).serverError, where).toBe(errorMessage(step));
  if (step.kind === 'delay') expect(step.delay?.advanceMs, where).toBe(5000);
  // The busy/checking tags follow the pending requests.
  expect(next.hasTag('checking'), where).toBe(inState(next, 'booting'));
}

async function replayWithEffects(path: ModelPath, input: SessionInput): Promise<readonly Effect[]> {
  let seen = 0;
  let prev: AnyMachineSnapshot | undefined;
  await replayPath(path, {
    machine,
    fakes,
    input,
    onStep: (step, snapshot) => {
      const produced = effects.slice(seen);
      seen = effects.length;
      checkStep(step, prev, snapshot, produced, input);
      prev = snapshot;
    },
  });
  return effects.slice();
}

beforeEach(() => {
  effects.length = 0;
});

// ---------------------------------------------------------------------------------------------

describe('session machine (model-based)', () => {
  for (const [inputName] of Object.entries(inputs)) {
    describe(`start: ${inputName}`, () => {
      for (const { path, input } of generated.filter((g) => g.inputName === inputName)) {
        it(title(path), async () => {
          await replayWithEffects(path, input);
          expect(fakes.pending()).toEqual([]);
        });
      }
    });
  }

  it('covers every state node and every transition (union over the inputs)', () => {
    assertModelCovers(model);
  });

  it('keeps the path count small', () => {
    expect(allPaths.length).toBeLessThan(600);
  });
});

describe('session machine: scenarios', () => {
  it(SCENARIOS.deepLinkLogin, async () => {
    const { path, input } = model.scenario(SCENARIOS.deepLinkLogin);
    const start = input as SessionInput;
    expect(path.steps[3]?.state.context).toMatchObject({ destination: '/devices/42?tab=info' });
    const seen = await replayWithEffects(path, start);
    expect(path.state.value).toEqual({ authenticated: 'ready' });
    expect(seen).toEqual([
      ['storeLanguage', 'ar'],
      ['navigate', '/devices/42?tab=info'],
      ['afterLogin', false],
    ]);
  });

  it(SCENARIOS.serverRetry, async () => {
    const { path, input } = model.scenario(SCENARIOS.serverRetry);
    const start = input as SessionInput;
    expect(path.steps[3]?.kind).toBe('delay');
    const seen = await replayWithEffects(path, start);
    expect(path.steps[5]?.state.value).toEqual({ authenticated: { terms: 'pending' } });
    expect(path.state.value).toEqual({ authenticated: 'ready' });
    // a token login is no new login by the user: nothing is posted to the native wrapper
    expect(seen).toEqual([['storeLanguage', 'en']]);
    expect(fakes.inputs.get('0.session.booting.tokenLogin')?.at(-1)).toEqual({ token: 'url-token' });
  });

  it(SCENARIOS.nativeToken, async () => {
    const { path, input } = model.scenario(SCENARIOS.nativeToken);
    const start = input as SessionInput;
    await replayPath(path, { machine, fakes, input: start });
    expect(effects.filter(([name]) => name === 'storeLanguage')).toHaveLength(1);
  });

  it(SCENARIOS.oneTimeCode, async () => {
    const { path, input } = model.scenario(SCENARIOS.oneTimeCode);
    const start = input as SessionInput;
    expect(path.steps[5]?.state.context).toMatchObject({ loginError: null });
    expect(path.steps[7]?.state.context).toMatchObject({ loginError: 'code' });
    await replayWithEffects(path, start);
    expect(fakes.inputs.get('0.session.unauthenticated.loggingIn')?.at(-1)).toEqual({ email: 'admin', password: 'secret', code: '123456', totpKey: null });
  });

  it(SCENARIOS.forcedSetup, async () => {
    const { path, input } = model.scenario(SCENARIOS.forcedSetup);
    const start = input as SessionInput;
    expect(path.steps[5]?.state.value).toEqual({ unauthenticated: { totpSetup: 'generating' } });
    expect(path.steps[6]?.state.context).toMatchObject({ totpKey: 'NEWKEYNEWKEYNEWK', loginError: null });
    expect(path.steps[8]?.state.context).toMatchObject({ totpKey: 'NEWKEYNEWKEYNEWK', loginError: 'code' });
    expect(path.state.context).toMatchObject({ totpKey: null });
    await replayWithEffects(path, start);
    expect(fakes.inputs.get('0.session.unauthenticated.loggingIn')?.slice(-3).map((it) => [(it as { code: string | null }).code, (it as { totpKey: string | null }).totpKey])).toEqual([
      [null, null],
      ['000000', 'NEWKEYNEWKEYNEWK'],
      ['123456', 'NEWKEYNEWKEYNEWK'],
    ]);
  });
});
