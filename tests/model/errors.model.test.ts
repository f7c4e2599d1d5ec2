/**
 * Model-based tests of the errors queue: covering paths (queue lengths 0…3+, blank and real
 * messages), each replayed against the real machine with the context compared at every step.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { errorsMachine } from '../../src/machines/errors/errors.machine';
import { replayPath, transitionsOf } from './graph.ts';
import { assertModelCovers } from './spec.ts';
import { model, paths, queueOf, SCENARIOS } from './errors.model.ts';

describe('errors machine (model-based)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      let before: string[] = [];
      await replayPath(path, {
        machine: errorsMachine,
        compareContext: true,
        onStep: (step, snapshot) => {
          const queue = queueOf(snapshot);
          // A toast shows exactly when something is queued; the first one queued is the one shown.
          expect(snapshot.matches('showing')).toBe(queue.length > 0);
          if (step.event.type === 'PUSH') {
            const message = (step.event as AnyEventObject & { message: string }).message;
            expect(queue).toEqual(message.trim() === '' ? before : [...before, message]);
          } else if (step.event.type === 'CLOSE') {
            expect(queue).toEqual(before.slice(1));
          }
          before = queue;
        },
      });
    });
  }

  it('covers every state node and every transition', () => {
    assertModelCovers(model);
    expect(transitionsOf(errorsMachine)).toHaveLength(4);
  });

  it(SCENARIOS.blank, async () => {
    const { path } = model.scenario(SCENARIOS.blank);
    expect(path.steps[1]?.transitions).toEqual([]);
    const { snapshots } = await replayPath(path, { machine: errorsMachine, compareContext: true });
    expect(snapshots.map((s) => [s.value, queueOf(s)])).toEqual([
      ['empty', []],
      ['empty', []],
      ['showing', ['real']],
      ['showing', ['real']],
    ]);
  });

  it(SCENARIOS.order, async () => {
    const { path } = model.scenario(SCENARIOS.order);
    const { snapshots } = await replayPath(path, { machine: errorsMachine, compareContext: true });
    expect(snapshots.map((s) => [s.value, queueOf(s)[0] ?? null])).toEqual([
      ['empty', null],
      ['showing', 'first'],
      ['showing', 'first'],
      ['showing', 'second'],
      ['empty', null],
    ]);
  });
});
