/**
 * Model spec of the replay machine: the paths `replay.model.test.ts` replays, and the source of
 * `docs/statecharts/replay.paths.md` and of the coverage table on `docs/statecharts/replay.md`
 * (`npm run statecharts`).
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { Position } from '../../contract/models';
import { prepareReplay } from '../../src/domain/replay';
import { replayMachine, type ReplayContext } from '../../src/machines/replay/replay.machine';
import { coveringPaths, fakeActors, provideFakeActors } from './graph.ts';
import { defineModel } from './spec.ts';

const T0 = Date.UTC(2026, 10, 2, 8, 0, 0);
const at = (seconds: number, lat: number) => ({ id: seconds, deviceId: 1, fixTime: new Date(T0 + seconds * 1000).toISOString(), latitude: lat, longitude: 46.6 }) as Position;
// three positions a second apart: a 250 ms frame at the default 10× plays past the end
const history = prepareReplay([at(0, 24.7), at(1, 24.701), at(2, 24.702)]);

export const fakes = fakeActors();
export const machine = provideFakeActors(replayMachine, fakes);
export const ctx = (s: AnyMachineSnapshot) => s.context as ReplayContext;
const where = (c: ReplayContext) => (!c.data || !c.data.tracks.length ? 'none' : c.time <= c.data.start ? 'start' : c.time >= c.data.end ? 'end' : 'middle');

export const paths = coveringPaths(machine, {
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

export const model = defineModel(replayMachine, { paths });
