/**
 * Model-based test of the fleetSeed machine: covering paths through every state and transition (a
 * SEED, a SEED again while loading, the load done or failed, the retries on the simulated clock up
 * to the limit, FOCUS after a failure), replayed on the real machine with a fake `seed`. Along every
 * path: loading exactly while the load runs, failures counted only in `failed` and never beyond the
 * limit plus the attempts FOCUS and SEED add, none left after a success.
 */
import { describe, expect, it } from 'vitest';
import { FLEET_SEED } from '../../src/machines/fleetSeed/fleetSeed.machine';
import { replayPath, transitionsOf } from './graph.ts';
import { assertModelCovers } from './spec.ts';
import { ctx, fakes, machine, model, paths } from './fleetSeed.model.ts';

describe('fleetSeed machine (model-based)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      let retriedByClock = 0;
      let previous: string | null = null;
      await replayPath(path, {
        machine,
        fakes,
        onStep: (step, snapshot) => {
          expect(snapshot.hasTag('loading')).toBe(snapshot.matches('loading'));
          if (snapshot.matches('loaded') || snapshot.matches('idle')) expect(ctx(snapshot).attempts).toBe(0);
          if (snapshot.matches('failed')) expect(ctx(snapshot).attempts).toBeGreaterThan(0);
          // the clock retries only below the limit
          if (previous === 'failed' && snapshot.matches('loading') && step.kind === 'delay') {
            retriedByClock++;
            expect(ctx(snapshot).attempts).toBeLessThan(FLEET_SEED.maxAttempts);
          }
          previous = String(snapshot.value);
        },
      });
      expect(retriedByClock).toBeLessThan(FLEET_SEED.maxAttempts);
    });
  }

  it('covers every state node and every transition', () => {
    assertModelCovers(model);
    expect(transitionsOf(machine)).toHaveLength(8);
  });
});
