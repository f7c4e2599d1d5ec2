/**
 * Model-based tests of the errors queue: covering paths (queue lengths 0…3+, blank and real
 * messages), each replayed against the real machine with the context compared at every step.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { errorsMachine, type ErrorsContext } from '../../src/machines/errors/errors.machine';
import { assertCovers, coveringPaths, pathFromEvents, replayPath, transitionsOf, type ModelPath } from './graph.ts';

const queueOf = (s: AnyMachineSnapshot): string[] => (s.context as ErrorsContext).queue;

/** Guards read only `queue.length > 1`: explore lengths up to 3 (more adds nothing). */
const serializeState = (s: AnyMachineSnapshot): string => JSON.stringify([s.value, Math.min(queueOf(s).length, 3)]);

const paths: ModelPath[] = coveringPaths(errorsMachine, {
  events: {
    PUSH: [{ message: 'Network unreachable' }, { message: 'HTTP 500' }, { message: '   ' }, { message: '' }],
  },
  serializeState,
});

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
    assertCovers(paths, errorsMachine);
    expect(transitionsOf(errorsMachine)).toHaveLength(4);
  });

  it('ignores blank messages (the guard’s false branch takes no transition, so no covering path shows it)', async () => {
    const path = pathFromEvents(errorsMachine, [
      { type: 'PUSH', message: '  ' },
      { type: 'PUSH', message: 'real' },
      { type: 'PUSH', message: '' },
    ]);
    expect(path.steps[1]?.transitions).toEqual([]);
    const { snapshots } = await replayPath(path, { machine: errorsMachine, compareContext: true });
    expect(snapshots.map((s) => [s.value, queueOf(s)])).toEqual([
      ['empty', []],
      ['empty', []],
      ['showing', ['real']],
      ['showing', ['real']],
    ]);
  });

  it('shows queued messages in order, one CLOSE each', async () => {
    const path = pathFromEvents(errorsMachine, [
      { type: 'PUSH', message: 'first' },
      { type: 'PUSH', message: 'second' },
      { type: 'CLOSE' },
      { type: 'CLOSE' },
    ]);
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
