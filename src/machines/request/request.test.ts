import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { REQUEST_TICK_MS, REQUEST_TIMEOUT_MS, type RequestInput } from './request.machine';
import { provideRequestEffects } from './request.effects';

function start(run: (input: unknown, signal: AbortSignal) => Promise<unknown>, options: RequestInput = {}) {
  const clock = new SimulatedClock();
  const calls: unknown[] = [];
  const signals: AbortSignal[] = [];
  const machine = provideRequestEffects<unknown, unknown>((input, signal) => {
    calls.push(input);
    signals.push(signal);
    return run(input, signal);
  });
  return { actor: createActor(machine, { clock, input: options }).start(), clock, calls, signals };
}

describe('request machine', () => {
  it('runs with the input of RUN and keeps the answer; RESET forgets it', async () => {
    const { actor, calls } = start(async (input) => `value for ${String(input)}`);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'RUN', input: 7 });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls).toEqual([7]);
    expect(actor.getSnapshot().context).toMatchObject({ input: 7, output: 'value for 7', error: null });
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.output).toBeUndefined();
  });

  it('a failure keeps the reason; running again clears it', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw new Error('Expression error: speed *');
      return 42;
    });
    actor.send({ type: 'RUN' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Expression error: speed *');
    fail = false;
    actor.send({ type: 'RUN' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.output).toBe(42);
  });

  it('gives up after the timeout on the simulated clock, not before; a late answer is dropped', async () => {
    let answer: (value: unknown) => void = () => {};
    const { actor, clock } = start(() => new Promise((resolve) => (answer = resolve)));
    actor.send({ type: 'RUN' });
    clock.increment(REQUEST_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().matches('running')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('timedOut')).toBe(true);
    answer('late');
    await Promise.resolve();
    await Promise.resolve();
    expect(actor.getSnapshot().matches('timedOut')).toBe(true);
    expect(actor.getSnapshot().context.output).toBeUndefined();
  });

  it('RUN while running starts over: only the last answer counts, and the timeout restarts', async () => {
    const answers: Array<(value: unknown) => void> = [];
    const { actor, clock, calls } = start(() => new Promise((resolve) => answers.push(resolve)));
    actor.send({ type: 'RUN', input: 'a' });
    clock.increment(REQUEST_TIMEOUT_MS - 10);
    actor.send({ type: 'RUN', input: 'b' });
    clock.increment(20);
    expect(actor.getSnapshot().matches('running')).toBe(true);
    answers[0]?.('first');
    await Promise.resolve();
    await Promise.resolve();
    expect(actor.getSnapshot().matches('running')).toBe(true);
    answers[1]?.('second');
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls).toEqual(['a', 'b']);
    expect(actor.getSnapshot().context.output).toBe('second');
  });

  it('counts the seconds while it runs, and stops counting with the answer', async () => {
    let answer: (value: unknown) => void = () => {};
    const { actor, clock } = start(() => new Promise((resolve) => (answer = resolve)));
    actor.send({ type: 'RUN', input: { kind: 'trips' } });
    clock.increment(REQUEST_TICK_MS - 1);
    expect(actor.getSnapshot().context.elapsed).toBe(0);
    clock.increment(1);
    expect(actor.getSnapshot().context.elapsed).toBe(1);
    clock.increment(REQUEST_TICK_MS);
    clock.increment(REQUEST_TICK_MS);
    expect(actor.getSnapshot().context.elapsed).toBe(3);
    answer([{ id: 1 }, { id: 2 }]);
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.output).toHaveLength(2);
    clock.increment(REQUEST_TICK_MS);
    expect(actor.getSnapshot().context.elapsed).toBe(3);
  });

  it('without a time limit (a report) it keeps waiting past the default timeout', () => {
    const { actor, clock } = start(() => new Promise(() => {}), { timeoutMs: null });
    actor.send({ type: 'RUN' });
    for (let waited = 0; waited < REQUEST_TIMEOUT_MS * 4; waited += REQUEST_TICK_MS) clock.increment(REQUEST_TICK_MS);
    expect(actor.getSnapshot().matches('running')).toBe(true);
    expect(actor.getSnapshot().context.elapsed).toBe((REQUEST_TIMEOUT_MS * 4) / REQUEST_TICK_MS);
  });

  it('a limit of its own is kept', () => {
    const { actor, clock } = start(() => new Promise(() => {}), { timeoutMs: 5_000 });
    actor.send({ type: 'RUN' });
    clock.increment(4_999);
    expect(actor.getSnapshot().matches('running')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('timedOut')).toBe(true);
  });

  it('CANCEL aborts the request and goes back to idle; a late answer is dropped', async () => {
    let answer: (value: unknown) => void = () => {};
    const { actor, signals } = start(() => new Promise((resolve) => (answer = resolve)));
    actor.send({ type: 'RUN', input: 1 });
    expect(signals[0]!.aborted).toBe(false);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(signals[0]!.aborted).toBe(true);
    answer([1]);
    await Promise.resolve();
    await Promise.resolve();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.output).toBeUndefined();
  });

  it('RUN while running aborts the first request and the count restarts; CANCEL outside a run changes nothing', () => {
    const { actor, clock, signals } = start(() => new Promise(() => {}));
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'RUN', input: 'a' });
    clock.increment(REQUEST_TICK_MS);
    expect(actor.getSnapshot().context.elapsed).toBe(1);
    actor.send({ type: 'RUN', input: 'b' });
    expect(signals[0]!.aborted).toBe(true);
    expect(actor.getSnapshot().context.elapsed).toBe(0);
  });
});
