/**
 * Model-based test of the editor machine: covering paths from each kind of start (an item to
 * load, a new item, a row handed over, a removal asked from a list), every event with samples
 * (a change that keeps the draft and one that edits it; loads, saves and removals that succeed
 * and fail), replayed on the real machine with fake actors. Along every path: what was typed is
 * never lost by a failure, and the effects fire exactly on their transitions.
 */
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { isDirty } from '../../src/machines/editor/editor.machine';
import { replayPath } from './graph.ts';
import { assertModelCovers } from './spec.ts';
import { ctx, effects, fakes, generated, machine, model } from './editor.model.ts';

describe('editor machine (model-based)', () => {
  for (const { name, input, path } of generated) {
    it(`${name}: ${path.description}`, async () => {
      effects.length = 0;
      let before: AnyMachineSnapshot | null = null;
      await replayPath(path, {
        machine,
        fakes,
        input,
        onStep: (step, snapshot) => {
          const c = ctx(snapshot);
          // a failure never loses the draft
          if (before && step.event.type.startsWith('xstate.error.actor') && (snapshot.matches('failed') || snapshot.matches('loadFailed'))) {
            expect(c.draft).toEqual(ctx(before).draft);
            expect(c.error).not.toBeNull();
          }
          if (snapshot.matches('editing') || snapshot.matches('failed')) expect(c.draft).not.toBeNull();
          if (snapshot.matches('left')) expect(effects.at(-1)).toBe('left');
          if (snapshot.matches('saved')) expect(effects.at(-1)).toBe('saved');
          if (snapshot.matches('removed')) expect(effects.at(-1)).toBe('removed');
          if (snapshot.matches('closed')) expect(effects.at(-1)).toBe('closed');
          // leaving a dirty form always passes through the question
          if (snapshot.matches('left') && before && step.event.type === 'LEAVE') expect(isDirty(ctx(before))).toBe(false);
          before = snapshot;
        },
      });
    });
  }

  it('covers every state node and every transition', () => {
    assertModelCovers(model); // `editor.start` is excluded (with its reason) in editor.model.ts
  });
});
