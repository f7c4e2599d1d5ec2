import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { REPORT_TICK_MS } from './report.machine';
import { provideReportEffects } from './report.effects';

function start(run: (input: unknown, signal: AbortSignal) => Promise<readonly unknown[]>) {
  const clock = new SimulatedClock();
  const calls: Array<{ input: unknown; signal: AbortSignal }> = [];
  const machine = provideReportEffects<unknown>({
    run: (input, signal) => {
      calls.push({ input, signal });
      return run(input, signal);
    },
  });
  return { actor: createActor(machine, { clock }).start(), clock, calls };
}

const pending = () => new Promise<readonly unknown[]>(() => {});

describe('report machine', () => {
  it('runs the query, counts the seconds while waiting, and shows the rows', async () => {
    let answer: (rows: unknown[]) => void = () => {};
    const { actor, clock, calls } = start(() => new Promise((resolve) => (answer = resolve)));
    actor.send({ type: 'RUN', input: { kind: 'trips' } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    clock.increment(REPORT_TICK_MS - 1);
    expect(actor.getSnapshot().context.elapsed).toBe(0);
    clock.increment(1);
    expect(actor.getSnapshot().context.elapsed).toBe(1);
    clock.increment(REPORT_TICK_MS);
    clock.increment(REPORT_TICK_MS);
    expect(actor.getSnapshot().context.elapsed).toBe(3);
    answer([{ id: 1 }, { id: 2 }]);
    await waitFor(actor, (s) => s.matches('shown'));
    expect(calls.map((c) => c.input)).toEqual([{ kind: 'trips' }]);
    expect(actor.getSnapshot().context.rows).toHaveLength(2);
    clock.increment(REPORT_TICK_MS);
    expect(actor.getSnapshot().context.elapsed).toBe(3);
  });

  it('no rows is empty, not shown', async () => {
    const { actor } = start(async () => []);
    actor.send({ type: 'RUN', input: 1 });
    await waitFor(actor, (s) => s.matches('empty'));
    expect(actor.getSnapshot().context.rows).toEqual([]);
  });

  it('a failure keeps the server\'s reason; running again clears it', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw new Error('Time period exceeds the limit');
      return [1];
    });
    actor.send({ type: 'RUN', input: 1 });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Time period exceeds the limit');
    fail = false;
    actor.send({ type: 'RUN', input: 2 });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('shown'));
  });

  it('CANCEL aborts the request and goes back to idle; a late answer is dropped', async () => {
    let answer: (rows: unknown[]) => void = () => {};
    const { actor, calls } = start(() => new Promise((resolve) => (answer = resolve)));
    actor.send({ type: 'RUN', input: 1 });
    expect(calls[0]!.signal.aborted).toBe(false);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(calls[0]!.signal.aborted).toBe(true);
    answer([1]);
    await Promise.resolve();
    await Promise.resolve();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.rows).toEqual([]);
  });

  it('RUN while running aborts the first request; only the last answer counts and the count restarts', async () => {
    const answers: Array<(rows: unknown[]) => void> = [];
    const { actor, clock, calls } = start(() => new Promise((resolve) => answers.push(resolve)));
    actor.send({ type: 'RUN', input: 'a' });
    clock.increment(REPORT_TICK_MS);
    expect(actor.getSnapshot().context.elapsed).toBe(1);
    actor.send({ type: 'RUN', input: 'b' });
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(actor.getSnapshot().context.elapsed).toBe(0);
    answers[0]?.(['first']);
    await Promise.resolve();
    expect(actor.getSnapshot().matches('running')).toBe(true);
    answers[1]?.(['second']);
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.rows).toEqual(['second']);
  });

  it('CANCEL outside a run changes nothing', () => {
    const { actor } = start(pending);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });
});
