/**
 * Model-based test of the report-run machine: covering paths through every state and transition
 * (rows, no rows, a failure, the progress tick on the simulated clock, CANCEL, RUN from each
 * state), replayed on the real machine with a fake `run`. Along every path: busy exactly while
 * running, rows only when shown, a reason only when failed, progress counted only while running.
 */
import { describe, expect, it } from 'vitest';
import { replayPath, transitionsOf } from './graph.ts';
import { assertModelCovers } from './spec.ts';
import { ctx, fakes, machine, model, paths } from './report.model.ts';

describe('report machine (model-based)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      await replayPath(path, {
        machine,
        fakes,
        onStep: (_step, snapshot) => {
          expect(snapshot.hasTag('busy')).toBe(snapshot.matches('running'));
          expect(ctx(snapshot).rows.length > 0).toBe(snapshot.matches('shown'));
          expect(ctx(snapshot).error !== null).toBe(snapshot.matches('failed'));
          if (snapshot.matches('idle') || snapshot.matches('failed')) expect(ctx(snapshot).rows).toEqual([]);
        },
      });
    });
  }

  it('covers every state node and every transition', () => {
    assertModelCovers(model);
    expect(transitionsOf(machine)).toHaveLength(6);
  });
});
