/**
 * Model spec of the geofence machine: the paths `geofence.model.test.ts` replays, and the source of
 * `docs/statecharts/geofence.paths.md` and of the coverage table on `docs/statecharts/geofence.md`
 * (`npm run statecharts`).
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { Geometry } from '../../contract/wkt';
import { geofenceMachine, shapeProblem, type GeofenceContext } from '../../src/machines/geofence/geofence.machine';
import { coveringPaths, fakeActors, provideFakeActors } from './graph.ts';
import { defineModel } from './spec.ts';

const square: Geometry = { type: 'polygon', points: [[24.7, 46.6], [24.7, 46.7], [24.8, 46.7], [24.8, 46.6]] };
const bowTie: Geometry = { type: 'polygon', points: [[24.7, 46.6], [24.8, 46.7], [24.8, 46.6], [24.7, 46.7]] };
const circle: Geometry = { type: 'circle', lat: 24.7136, lon: 46.6753, radius: 500 };

export const ctx = (s: AnyMachineSnapshot) => s.context as GeofenceContext;
const samples = {
  DRAW: [{ kind: 'circle' }],
  DRAWN: [{ geometry: circle }],
  CHANGED: [{ geometry: bowTie }, { geometry: square }],
  OPEN: [{ id: 5, name: 'Depot', geometry: circle }],
  IMPORT: [{ geometry: square, name: 'Track' }],
  REPLACE: [{ geometry: { type: 'linestring', points: square.type === 'polygon' ? square.points : [] } }],
  LEAVE: {},
  RENAME: [{ name: '' }, { name: 'Zone' }],
  UNDO: {},
  SAVE: {},
  DELETE: {},
  CONFIRM: {},
  CANCEL: {},
  'xstate.done.actor.0.geofence.saving': { output: { id: 41 } },
  'xstate.error.actor.0.geofence.saving': { error: new Error('Access denied') },
  'xstate.done.actor.0.geofence.removing': {},
  'xstate.error.actor.0.geofence.removing': { error: new Error('Forbidden') },
};

const serializeState = (s: AnyMachineSnapshot) => {
  const c = ctx(s);
  return JSON.stringify([s.value, c.id !== null, c.geometry?.type ?? null, shapeProblem(c), c.history.length > 0, c.problem, c.error !== null, c.dirty, c.pending?.type ?? null]);
};

export const effects: string[] = [];
export const fakes = fakeActors();
export const machine = provideFakeActors(geofenceMachine, fakes).provide({
  actions: {
    startDrawing: () => void effects.push('startDrawing'),
    showShape: () => void effects.push('showShape'),
    clearShape: () => void effects.push('clearShape'),
    undoPoint: () => void effects.push('undoPoint'),
    saved: () => void effects.push('saved'),
    removed: () => void effects.push('removed'),
  },
});
export const input = { name: 'New geofence' };
export const paths = coveringPaths(machine, { input, events: samples, serializeState });

export const model = defineModel(geofenceMachine, { paths: paths.map((path) => ({ path, input })) });
