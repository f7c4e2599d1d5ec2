/**
 * Model-based test of the request machine: covering paths through every state and transition
 * (answers, failures, the timeout and the seconds' count on the simulated clock, CANCEL, RUN from
 * each state, RESET), replayed on the real machine with a fake `run`. Along every path: busy exactly
 * while running, an answer only in `done`, a reason only in `failed`, seconds counted only from a run.
 */
import { describe, expect, it } from 'vitest';
import { replayPath, transitionsOf } from './graph.ts';
import { assertModelCovers } from './spec.ts';
import { ctx, fakes, machine, model, paths } from './request.model.ts';

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
          if (snapshot.matches('idle')) expect(ctx(snapshot).input).toBeUndefined();
        },
      });
    });
  }

  it('covers every state node and every transition', () => {
    assertModelCovers(model);
    expect(transitionsOf(machine)).toHaveLength(9);
  });
});
