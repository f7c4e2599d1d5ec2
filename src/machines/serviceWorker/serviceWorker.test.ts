import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { ACTIVATION_TIMEOUT, serviceWorkerMachine, updateIntervalFrom, type WorkerEvent } from './serviceWorker.machine';

/**
 * The spec's default update check: every hour. Written out here, not imported, so that a changed
 * default fails the tests that read it.
 */
const HOUR = 3_600_000;

/** The machine on a simulated clock; the registration effect is a callback the test speaks through. */
function start() {
  const effects: string[] = [];
  let worker: (event: WorkerEvent) => void = () => {};
  let workerStopped = false;
  const machine = serviceWorkerMachine.provide({
    actors: {
      worker: fromCallback(({ sendBack }) => {
        worker = sendBack;
        return () => {
          workerStopped = true;
        };
      }),
    },
    actions: {
      checkForUpdate: () => void effects.push('checkForUpdate'),
      skipWaiting: () => void effects.push('skipWaiting'),
      reload: () => void effects.push('reload'),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock }).start();
  const count = (name: string) => effects.filter((effect) => effect === name).length;
  return {
    actor,
    clock,
    effects,
    count,
    worker: (event: WorkerEvent) => worker(event),
    state: () => actor.getSnapshot(),
    workerStopped: () => workerStopped,
  };
}

describe('service worker machine', () => {
  it('stays unsupported without a service worker (or in development), and never checks', () => {
    const { worker, state, clock, effects } = start();
    expect(state().value).toBe('registering');
    worker({ type: 'UNSUPPORTED' });
    expect(state().value).toBe('unsupported');
    clock.increment(HOUR * 3);
    expect(effects).toEqual([]);
  });

  it('registers, notes offline-ready, and checks for an update every hour by default', () => {
    const { worker, state, clock, count } = start();
    worker({ type: 'REGISTERED' });
    expect(state().value).toBe('idle');
    expect(state().context.offlineReady).toBe(false);
    worker({ type: 'OFFLINE_READY' });
    expect(state().context.offlineReady).toBe(true);
    clock.increment(HOUR - 1);
    expect(count('checkForUpdate')).toBe(0);
    clock.increment(1);
    expect(count('checkForUpdate')).toBe(1);
    // the timer set while the clock advanced fires on a later increment
    clock.increment(HOUR);
    expect(count('checkForUpdate')).toBe(2);
    expect(state().value).toBe('idle');
  });

  it('offline-ready may come before the registration answers', () => {
    const { worker, state } = start();
    worker({ type: 'OFFLINE_READY' });
    worker({ type: 'REGISTERED' });
    expect(state().context).toMatchObject({ offlineReady: true });
  });

  it('takes the interval from SETTINGS, restarting the timer; 0 disables the checks', () => {
    const { worker, state, clock, count } = start();
    worker({ type: 'SETTINGS', interval: 1000 });
    worker({ type: 'REGISTERED' });
    clock.increment(999);
    expect(count('checkForUpdate')).toBe(0);
    clock.increment(1);
    expect(count('checkForUpdate')).toBe(1);
    clock.increment(1000);
    expect(count('checkForUpdate')).toBe(2);
    // a new interval restarts the timer from now
    clock.increment(500);
    worker({ type: 'SETTINGS', interval: 5000 });
    clock.increment(4999);
    expect(count('checkForUpdate')).toBe(2);
    clock.increment(1);
    expect(count('checkForUpdate')).toBe(3);
    // the attribute as the server keeps it: a numeric string is read as a number, junk as the default
    worker({ type: 'SETTINGS', interval: '4000' });
    expect(state().context.interval).toBe(4000);
    worker({ type: 'SETTINGS', interval: 'soon' });
    expect(state().context.interval).toBe(HOUR);
    worker({ type: 'SETTINGS', interval: 0 });
    expect(state().context.interval).toBe(0);
    clock.increment(HOUR * 10);
    clock.increment(HOUR * 10);
    expect(count('checkForUpdate')).toBe(3);
    expect(state().value).toBe('idle');
  });

  it('prompts when a new worker waits; Refresh tells it to skip waiting and reloads once it controls the page', () => {
    const { actor, worker, state, clock, effects } = start();
    worker({ type: 'REGISTERED' });
    worker({ type: 'UPDATE_WAITING' });
    expect(state().value).toBe('updateAvailable');
    // no checks while the prompt is shown
    clock.increment(HOUR * 2);
    expect(effects).toEqual([]);
    actor.send({ type: 'REFRESH' });
    expect(state().value).toBe('activating');
    expect(effects).toEqual(['skipWaiting']);
    worker({ type: 'CONTROLLING' });
    expect(state().value).toBe('reloading');
    expect(effects).toEqual(['skipWaiting', 'reload']);
    // the reload is not repeated by the activation timeout
    clock.increment(ACTIVATION_TIMEOUT * 2);
    expect(effects).toEqual(['skipWaiting', 'reload']);
  });

  it('reloads anyway when the new worker has not taken control 10 s after Refresh', () => {
    const { actor, worker, state, clock, count } = start();
    worker({ type: 'REGISTERED' });
    worker({ type: 'UPDATE_WAITING' });
    actor.send({ type: 'REFRESH' });
    clock.increment(ACTIVATION_TIMEOUT - 1);
    expect(state().value).toBe('activating');
    expect(count('reload')).toBe(0);
    clock.increment(1);
    expect(state().value).toBe('reloading');
    expect(count('reload')).toBe(1);
  });

  it('Dismiss goes back to idle remembering it, checks resume, and a newer worker prompts again', () => {
    const { actor, worker, state, clock, count } = start();
    worker({ type: 'SETTINGS', interval: 1000 });
    worker({ type: 'REGISTERED' });
    worker({ type: 'UPDATE_WAITING' });
    actor.send({ type: 'DISMISS' });
    expect(state().value).toBe('idle');
    expect(state().context.dismissed).toBe(true);
    expect(count('skipWaiting')).toBe(0);
    clock.increment(1000);
    expect(count('checkForUpdate')).toBe(1);
    worker({ type: 'UPDATE_WAITING' });
    expect(state().value).toBe('updateAvailable');
    expect(state().context.dismissed).toBe(false);
  });

  it('a worker left waiting by an earlier visit prompts as soon as the registration answers', () => {
    const { worker, state } = start();
    worker({ type: 'UPDATE_WAITING' });
    expect(state().value).toBe('updateAvailable');
  });

  it('a failed registration is kept with its reason; no checks, no prompt', () => {
    const { worker, state, clock, effects } = start();
    worker({ type: 'REGISTRATION_FAILED', message: 'SecurityError' });
    expect(state().value).toBe('failed');
    expect(state().context.error).toBe('SecurityError');
    worker({ type: 'UPDATE_WAITING' });
    clock.increment(HOUR * 2);
    expect(state().value).toBe('failed');
    expect(effects).toEqual([]);
  });

  it('CONTROLLING outside a Refresh (another tab) does not reload this page', () => {
    const { worker, state, count } = start();
    worker({ type: 'REGISTERED' });
    worker({ type: 'CONTROLLING' });
    worker({ type: 'UPDATE_WAITING' });
    worker({ type: 'CONTROLLING' });
    expect(state().value).toBe('updateAvailable');
    expect(count('reload')).toBe(0);
  });

  it('stops the registration effect with the machine', () => {
    const { actor, workerStopped } = start();
    actor.stop();
    expect(workerStopped()).toBe(true);
  });
});

describe('updateIntervalFrom (the server attribute serviceWorkerUpdateInterval)', () => {
  it.each([
    [undefined, HOUR],
    [null, HOUR],
    [60000, 60000],
    ['60000', 60000],
    [' 1500 ', 1500],
    [0, 0],
    ['0', 0],
    [-1, HOUR],
    ['', HOUR],
    ['soon', HOUR],
    [Number.POSITIVE_INFINITY, HOUR],
    [1000.7, 1000],
    [true, HOUR],
  ])('%j → %d', (value, expected) => {
    expect(updateIntervalFrom(value)).toBe(expected);
  });
});
