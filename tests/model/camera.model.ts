/**
 * Model spec of the camera machine (the selected device kept in view): the paths
 * `camera.model.test.ts` replays, and the source of `docs/statecharts/camera.paths.md` and of the
 * coverage table on `docs/statecharts/camera.md` (`npm run statecharts`).
 */
import { fromCallback, type AnyMachineSnapshot } from 'xstate';
import { cameraMachine, type CameraContext } from '../../src/machines/camera/camera.machine';
import { coveringPaths, type Effect } from './graph.ts';
import { defineModel } from './spec.ts';

export const ctx = (s: AnyMachineSnapshot) => s.context as CameraContext;

// The machine under test: `reveal` and the free-area watcher recorded as effects.
export const effects: Effect[] = [];
export const machine = cameraMachine.provide({
  actions: { reveal: (_, params) => void effects.push(['reveal', params.centre ? 'centre' : 'least']) },
  actors: {
    watchFreeArea: fromCallback(() => {
      effects.push(['watch', null]);
      return () => void effects.push(['unwatch', null]);
    }),
  },
});

export const INPUT = { follow: false };

export const paths = coveringPaths(machine, {
  input: INPUT,
  events: {
    SELECTED: [{ tracking: false }, { tracking: true }],
    DESELECTED: {},
    POSITION: {},
    FREE_AREA_CHANGED: {},
    USER_MOVING: {},
    USER_PANNED: {},
    USER_ZOOMED: {},
    TRACKING: [{ on: true }, { on: false }],
    FOLLOW: [{ on: true }, { on: false }],
  },
  serializeState: (s) => JSON.stringify([s.value, ctx(s).follow, ctx(s).tracking]),
  limit: 500,
});

export const model = defineModel(cameraMachine, {
  paths: paths.map((path) => ({ path, input: INPUT })),
  replayMachine: machine,
  scenarios: [
    {
      title: 'a pan pauses keeping in view; selecting again resumes it',
      input: INPUT,
      events: [{ type: 'SELECTED', tracking: false }, { type: 'POSITION' }, { type: 'USER_MOVING' }, { type: 'USER_PANNED' }, { type: 'POSITION' }, { type: 'SELECTED', tracking: false }, { type: 'POSITION' }],
    },
    {
      title: 'tracked: a zoom holds, settles and brings the device back; a pan pauses',
      input: INPUT,
      events: [
        { type: 'SELECTED', tracking: true },
        { type: 'USER_MOVING' },
        { type: 'POSITION' },
        { type: 'USER_ZOOMED' },
        { type: 'xstate.after.settle.camera.selected.settling' },
        { type: 'POSITION' },
        { type: 'USER_MOVING' },
        { type: 'USER_PANNED' },
        { type: 'POSITION' },
      ],
    },
  ],
});
