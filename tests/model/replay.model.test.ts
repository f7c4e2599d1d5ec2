/**
 * Model-based test of the replay machine: covering paths through every state and transition (a
 * history, an empty one, a failure; playing frame by frame and to the end; pause, Space, steps both
 * ways, seeks inside and past the ends; the speeds and the follow camera; LOAD from each state),
 * replayed on the real machine with fake actors. Along every path: the clock stays inside the
 * history, controls are loaded exactly in ready/playing/paused/ended, `ended` is at the last position
 * and `paused` never is.
 */
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Position } from '../../contract/models';
import { prepareReplay } from '../../src/domain/replay';
import { replayMachine, type ReplayContext } from '../../src/machines/replay/replay.machine';
import { assertCovers, coveringPaths, fakeActors, provideFakeActors, replayPath, transitionsOf } from './graph.ts';

const T0 = Date.UTC(2026, 10, 2, 8, 0, 0);
const at = (seconds: number, lat: number) => ({ id: seconds, deviceId: 1, fixTime: new Date(T0 + seconds * 1000).toISOString(), latitude: lat, longitude: 46.6 }) as Position;
// three positions a second apart: a 250 ms frame at the default 10× plays past the end
const history = prepareReplay([at(0, 24.7), at(1, 24.701), at(2, 24.702)]);

const fakes = fakeActors();
const machine = provideFakeActors(replayMachine, fakes);
const ctx = (s: AnyMachineSnapshot) => s.context as ReplayContext;
const where = (c: ReplayContext) => (!c.data || !c.data.tracks.length ? 'none' : c.time <= c.data.start ? 'start' : c.time >= c.data.end ? 'end' : 'middle');

const paths = coveringPaths(machine, {
  events: {
    LOAD: [{ input: { deviceId: [1] } }],
    PLAY: {},
    PAUSE: {},
    TOGGLE: {},
    TICK: [{ delta: 100 }, { delta: 250 }],
    STEP: [{ direction: 1 }, { direction: -1 }],
    SEEK: [{ time: T0 + 500 }, { time: T0 + 99_000 }],
    SPEED: [{ speed: 'point' }],
    FASTER: {},
    SLOWER: {},
    FOLLOW: [{ on: true }],
    'xstate.done.actor.0.replay.loading': [{ output: history }, { output: prepareReplay([]) }],
    'xstate.error.actor.0.replay.loading': { error: new Error('Time period exceeds the limit') },
  },
  serializeState: (s) => JSON.stringify([s.value, where(ctx(s)), ctx(s).speed === 'point', ctx(s).error !== null]),
});

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
    assertCovers(paths, machine);
    expect(transitionsOf(machine)).toHaveLength(28);
  });
});
