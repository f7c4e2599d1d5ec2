/**
 * Model-based test of the geofence drawing machine: covering paths through every state and
 * transition (drawing each kind, a drawn and an imported shape, changes that break a rule and
 * that mend it, undo, saves and removals that succeed and fail, Escape), replayed on the real
 * machine with fake actors and a simulated clock. Along every path: a shape is on the map in every
 * `shape` state, a refused save names its problem and sends nothing, a failure never loses the
 * shape, and the effects fire on their transitions.
 */
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Geometry } from '../../contract/wkt';
import { geofenceMachine, shapeProblem, type GeofenceContext } from '../../src/machines/geofence/geofence.machine';
import { assertCovers, coveringPaths, fakeActors, provideFakeActors, replayPath, transitionsOf } from './graph.ts';

const square: Geometry = { type: 'polygon', points: [[24.7, 46.6], [24.7, 46.7], [24.8, 46.7], [24.8, 46.6]] };
const bowTie: Geometry = { type: 'polygon', points: [[24.7, 46.6], [24.8, 46.7], [24.8, 46.6], [24.7, 46.7]] };
const circle: Geometry = { type: 'circle', lat: 24.7136, lon: 46.6753, radius: 500 };

const ctx = (s: AnyMachineSnapshot) => s.context as GeofenceContext;
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

const effects: string[] = [];
const fakes = fakeActors();
const machine = provideFakeActors(geofenceMachine, fakes).provide({
  actions: {
    startDrawing: () => void effects.push('startDrawing'),
    showShape: () => void effects.push('showShape'),
    clearShape: () => void effects.push('clearShape'),
    undoPoint: () => void effects.push('undoPoint'),
    saved: () => void effects.push('saved'),
    removed: () => void effects.push('removed'),
  },
});
const input = { name: 'New geofence' };
const paths = coveringPaths(machine, { input, events: samples, serializeState });

describe('geofence machine (model-based)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      effects.length = 0;
      let before: AnyMachineSnapshot | null = null;
      await replayPath(path, {
        machine,
        fakes,
        input,
        onStep: (step, snapshot) => {
          const c = ctx(snapshot);
          if (snapshot.hasTag('shape') || snapshot.matches('saving') || snapshot.matches('confirmingDelete')) expect(c.geometry).not.toBeNull();
          if (snapshot.matches('idle')) expect(c.geometry).toBeNull();
          expect(snapshot.hasTag('busy')).toBe(snapshot.matches('saving') || snapshot.matches('removing'));
          // a save starts only with a shape that may be saved; a refused one names the problem
          if (snapshot.matches('saving')) expect(shapeProblem(c)).toBeNull();
          if (step.event.type === 'SAVE' && !snapshot.matches('saving')) expect(c.problem).toBe(shapeProblem(c));
          // a failure keeps the shape and the name
          if (before && step.event.type.startsWith('xstate.error.actor')) {
            expect(c.geometry).toEqual(ctx(before).geometry);
            expect(c.name).toBe(ctx(before).name);
            expect(c.error).not.toBeNull();
          }
          if (step.event.type.startsWith('xstate.done.actor.0.geofence.saving')) expect(effects.at(-1)).toBe('saved');
          if (snapshot.matches('drawing') && before && !before.matches('drawing')) expect(effects.at(-1)).toBe('startDrawing');
          if (step.event.type === 'CANCEL' && snapshot.matches('idle')) expect(effects.at(-1)).toBe('clearShape');
          // nothing unsaved is put down without the question
          if (before && ctx(before).dirty && snapshot.matches('idle') && !ctx(before).pending) expect(before.matches('removing') || before.matches('drawing')).toBe(true);
          if (snapshot.matches('confirmingDiscard')) expect(c.pending).not.toBeNull();
          before = snapshot;
        },
      });
    });
  }

  it('covers every state node and every transition', () => {
    assertCovers(paths, machine);
    expect(transitionsOf(machine).length).toBeGreaterThan(20);
  });
});
