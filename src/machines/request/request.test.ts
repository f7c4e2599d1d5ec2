import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { REQUEST_TIMEOUT_MS, requestMachine } from './request.machine';

function start(run: (input: unknown) => Promise<unknown>) {
  const clock = new SimulatedClock();
  const calls: unknown[] = [];
  const machine = requestMachine.provide({
    actors: {
      run: fromPromise(async ({ input }) => {
        calls.push(input);
        return run(input);
      }),
    },
  });
  return { actor: createActor(machine, { clock }).start(), clock, calls };
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
});
