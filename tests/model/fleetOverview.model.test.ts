/**
 * Model-based test of the fleet overview's refresh: covering paths through every state and
 * transition (the first load answered or refused, the retry on the simulated clock, the renewal by
 * turn, by focus and by request, a failed renewal keeping the figures, the viewers coming and going),
 * replayed on the real machine with a fake `loadToday`. Along every path: busy exactly while
 * loading or refreshing, the focus watched exactly while awake, awake exactly while someone looks,
 * figures never lost once loaded, and a reason only after a failure.
 */
import { describe, expect, it } from 'vitest';
import { replayPath, transitionsOf } from './graph.ts';
import { assertModelCovers } from './spec.ts';
import { ctx, fakes, machine, model, paths, watching } from './fleetOverview.model.ts';

describe('fleet overview machine (model-based)', () => {
  for (const { path } of model.paths) {
    it(path.description, async () => {
      watching.count = 0;
      let hadData = false;
      await replayPath(path, {
        machine,
        fakes,
        onStep: (_step, snapshot) => {
          const busy = snapshot.matches({ awake: 'loading' }) || snapshot.matches({ awake: 'refreshing' });
          expect(snapshot.hasTag('busy')).toBe(busy);
          expect(watching.count).toBe(snapshot.matches('awake') ? 1 : 0);
          expect(snapshot.matches('awake')).toBe(ctx(snapshot).viewers > 0);
          if (hadData) expect(ctx(snapshot).today).not.toBeNull();
          hadData = ctx(snapshot).today !== null;
          if (snapshot.matches({ awake: 'failed' })) expect(ctx(snapshot).error).toBe('Forbidden');
          if (snapshot.matches({ awake: 'loading' })) expect(ctx(snapshot).today).toBeNull();
        },
      });
    });
  }

  it('covers every state node and every transition', () => {
    expect(paths.length).toBeGreaterThan(0);
    assertModelCovers(model);
    expect(transitionsOf(machine)).toHaveLength(15);
  });
});
