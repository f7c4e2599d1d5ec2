/**
 * Model-based test of the geofence drawing machine: covering paths through every state and
 * transition (drawing each kind, a drawn and an imported shape, changes that break a rule and
 * that mend it, undo, saves and removals that succeed and fail, Escape), replayed on the real
 * machine with fake actors and a simulated clock. Along every path: a shape is on the map in every
 * `shape` state, a refused save names its problem and sends nothing, a failure never loses the
 * shape, and the effects fire on their transitions.
 */
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { shapeProblem } from '../../src/machines/geofence/geofence.machine';
import { replayPath, transitionsOf } from './graph.ts';
import { assertModelCovers } from './spec.ts';
import { ctx, effects, fakes, input, machine, model, paths } from './geofence.model.ts';

describe('geofence machine (model-based)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      effects.length = 0;
      let before: AnyMachineSnapshot | null = null;
      await replayPath(path, {
        machine,
        fakes,
        input,
        onStep: (step, snapshot) => {
          const c = ctx(snapshot);
          if (snapshot.hasTag('shape') || snapshot.matches('saving') || snapshot.matches('confirmingDelete')) expect(c.geometry).not.toBeNull();
          if (snapshot.matches('idle')) expect(c.geometry).toBeNull();
          expect(snapshot.hasTag('busy')).toBe(snapshot.matches('saving') || snapshot.matches('removing'));
          // a save starts only with a shape that may be saved; a refused one names the problem
          if (snapshot.matches('saving')) expect(shapeProblem(c)).toBeNull();
          if (step.event.type === 'SAVE' && !snapshot.matches('saving')) expect(c.problem).toBe(shapeProblem(c));
          // a failure keeps the shape and the name
          if (before && step.event.type.startsWith('xstate.error.actor')) {
            expect(c.geometry).toEqual(ctx(before).geometry);
            expect(c.name).toBe(ctx(before).name);
            expect(c.error).not.toBeNull();
          }
          if (step.event.type.startsWith('xstate.done.actor.0.geofence.saving')) expect(effects.at(-1)).toBe('saved');
          if (snapshot.matches('drawing') && before && !before.matches('drawing')) expect(effects.at(-1)).toBe('startDrawing');
          if (step.event.type === 'CANCEL' && snapshot.matches('idle')) expect(effects.at(-1)).toBe('clearShape');
          // nothing unsaved is put down without the question
          if (before && ctx(before).dirty && snapshot.matches('idle') && !ctx(before).pending) expect(before.matches('removing') || before.matches('drawing')).toBe(true);
          if (snapshot.matches('confirmingDiscard')) expect(c.pending).not.toBeNull();
          before = snapshot;
        },
      });
    });
  }

  it('covers every state node and every transition', () => {
    assertModelCovers(model);
    expect(transitionsOf(machine).length).toBeGreaterThan(20);
  });
});
