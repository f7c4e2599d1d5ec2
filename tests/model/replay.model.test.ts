/**
 * Model-based test of the replay machine: covering paths through every state and transition (a
 * history, an empty one, a failure; playing frame by frame and to the end; pause, Space, steps both
 * ways, seeks inside and past the ends; the speeds and the follow camera; LOAD from each state),
 * replayed on the real machine with fake actors. Along every path: the clock stays inside the
 * history, controls are loaded exactly in ready/playing/paused/ended, `ended` is at the last position
 * and `paused` never is.
 */
import { describe, expect, it } from 'vitest';
import { replayPath, transitionsOf } from './graph.ts';
import { assertModelCovers } from './spec.ts';
import { ctx, fakes, machine, model, paths } from './replay.model.ts';

describe('replay machine (model-based)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      await replayPath(path, {
        machine,
        fakes,
        onStep: (_step, snapshot) => {
          const c = ctx(snapshot);
          const loaded = ['ready', 'playing', 'paused', 'ended'].some((state) => snapshot.matches(state));
          expect(snapshot.hasTag('loaded')).toBe(loaded);
          expect(snapshot.hasTag('busy')).toBe(snapshot.matches('loading'));
          expect(c.error !== null).toBe(snapshot.matches('failed'));
          if (loaded) {
            expect(c.time).toBeGreaterThanOrEqual(c.data!.start);
            expect(c.time).toBeLessThanOrEqual(c.data!.end);
          }
          if (snapshot.matches('ended')) expect(c.time).toBe(c.data!.end);
          if (snapshot.matches('paused')) expect(c.time).toBeLessThan(c.data!.end);
          if (snapshot.matches('ready')) expect(c.time).toBe(c.data!.start);
        },
      });
    });
  }

  it('covers every state node and every transition', () => {
    assertModelCovers(model);
    expect(transitionsOf(machine)).toHaveLength(28);
  });
});
