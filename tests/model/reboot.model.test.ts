/**
 * Model-based test of the reboot machine: covering paths through every state and transition (the
 * question and its answers, the request answered or refused, the socket going and coming back, the
 * late notice on the simulated clock, asking again), replayed on the real machine with a fake
 * `reboot`. Along every path: busy exactly while requesting, restarting only after an answer, a
 * reason only in `failed`, and `back` only when the socket opens again.
 */
import { describe, expect, it } from 'vitest';
import { replayPath, transitionsOf } from './graph.ts';
import { assertModelCovers } from './spec.ts';
import { ctx, fakes, machine, model, paths } from './reboot.model.ts';

describe('reboot machine (model-based)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      let restarting = false;
      await replayPath(path, {
        machine,
        fakes,
        onStep: (_step, snapshot) => {
          expect(snapshot.hasTag('busy')).toBe(snapshot.matches('requesting'));
          expect(snapshot.hasTag('restarting')).toBe(snapshot.matches('restarting'));
          expect(ctx(snapshot).error !== null).toBe(snapshot.matches('failed'));
          // back only once the socket is open again (it may drop later: that is the socket's business)
          if (restarting && snapshot.matches('back')) expect(ctx(snapshot).online).toBe(true);
          restarting = snapshot.matches('restarting');
          // waiting for the socket to go only while it is still open
          if (snapshot.matches({ restarting: 'going' })) expect(ctx(snapshot).online).toBe(true);
          if (snapshot.matches({ restarting: 'down' }) || snapshot.matches({ restarting: 'late' })) expect(ctx(snapshot).online).toBe(false);
        },
      });
    });
  }

  it('covers every state node and every transition', () => {
    assertModelCovers(model);
    expect(transitionsOf(machine)).toHaveLength(12);
  });
});
