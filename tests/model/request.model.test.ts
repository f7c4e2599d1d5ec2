/**
 * Model-based test of the request machine: covering paths through every state and transition
 * (answers, failures, the timeout on the simulated clock, RUN from each state, RESET), replayed on
 * the real machine with a fake `run`. Along every path: busy exactly while running, an answer only
 * in `done`, a reason only in `failed`.
 */
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { requestMachine, type RequestContext } from '../../src/machines/request/request.machine';
import { assertCovers, coveringPaths, fakeActors, provideFakeActors, replayPath, transitionsOf } from './graph.ts';

const fakes = fakeActors();
const machine = provideFakeActors(requestMachine, fakes);
const ctx = (s: AnyMachineSnapshot) => s.context as RequestContext;
const paths = coveringPaths(machine, {
  events: {
    RUN: [{ input: 3 }],
    RESET: {},
    'xstate.done.actor.0.request.running': { output: 'an answer' },
    'xstate.error.actor.0.request.running': { error: new Error('Expression error') },
  },
  serializeState: (s) => JSON.stringify([s.value, ctx(s).output !== undefined, ctx(s).error !== null]),
});

describe('request machine (model-based)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      await replayPath(path, {
        machine,
        fakes,
        onStep: (_step, snapshot) => {
          expect(snapshot.hasTag('busy')).toBe(snapshot.matches('running'));
          expect(ctx(snapshot).output !== undefined).toBe(snapshot.matches('done'));
          expect(ctx(snapshot).error !== null).toBe(snapshot.matches('failed'));
          if (snapshot.matches('running')) expect(ctx(snapshot).input).toBe(3);
        },
      });
    });
  }

  it('covers every state node and every transition', () => {
    assertCovers(paths, machine);
    expect(transitionsOf(machine)).toHaveLength(7);
  });
});
