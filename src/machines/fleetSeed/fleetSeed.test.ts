import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { FLEET_SEED } from './fleetSeed.machine';
import { provideFleetSeedEffects } from './fleetSeed.effects';

/** The machine with a `seed` that answers as the test says, on a simulated clock. */
function start(answer: (call: number, signal: AbortSignal) => Promise<void>) {
  const clock = new SimulatedClock();
  const signals: AbortSignal[] = [];
  const machine = provideFleetSeedEffects({
    seed: (signal) => {
      signals.push(signal);
      return answer(signals.length, signal);
    },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, signals };
}

const never = () => new Promise<void>(() => {});

describe('fleetSeed machine', () => {
  it('waits for SEED, loads, and is loaded', async () => {
    const { actor, signals } = start(async () => {});
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(signals).toHaveLength(0);
    actor.send({ type: 'SEED' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(signals).toHaveLength(1);
    // the next fleet load seeds again
    actor.send({ type: 'SEED' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(signals).toHaveLength(2);
  });

  it('a SEED while loading cancels the load and starts again', async () => {
    const { actor, signals } = start((call) => (call === 1 ? never() : Promise.resolve()));
    actor.send({ type: 'SEED' });
    actor.send({ type: 'SEED' });
    expect(signals).toHaveLength(2);
    expect(signals[0]!.aborted).toBe(true);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(signals[1]!.aborted).toBe(false);
  });

  it('retries a failure after retryMs (simulated clock), maxAttempts times, then waits for the focus', async () => {
    const { actor, clock, signals } = start(async () => {
      throw new Error('503');
    });
    actor.send({ type: 'SEED' });
    await waitFor(actor, (s) => s.matches('failed'));
    for (let attempt = 2; attempt <= FLEET_SEED.maxAttempts; attempt++) {
      clock.increment(FLEET_SEED.retryMs - 1);
      expect(signals).toHaveLength(attempt - 1);
      clock.increment(1);
      expect(signals).toHaveLength(attempt);
      await waitFor(actor, (s) => s.matches('failed'));
    }
    expect(actor.getSnapshot().context.attempts).toBe(FLEET_SEED.maxAttempts);
    clock.increment(10 * FLEET_SEED.retryMs);
    expect(signals).toHaveLength(FLEET_SEED.maxAttempts);
    actor.send({ type: 'FOCUS' });
    expect(signals).toHaveLength(FLEET_SEED.maxAttempts + 1);
  });

  it('a success clears the failures; FOCUS only retries a failure', async () => {
    let fail = true;
    const { actor, signals } = start(async () => {
      if (fail) throw new Error('offline');
    });
    actor.send({ type: 'SEED' });
    await waitFor(actor, (s) => s.matches('failed'));
    fail = false;
    actor.send({ type: 'FOCUS' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.attempts).toBe(0);
    actor.send({ type: 'FOCUS' });
    expect(signals).toHaveLength(2);
  });
});
