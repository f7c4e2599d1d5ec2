import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { Geometry } from '../../../contract/wkt';
import { geofenceMachine, HISTORY_LIMIT, type SaveInput } from './geofence.machine';

const circle: Geometry = { type: 'circle', lat: 24.7136, lon: 46.6753, radius: 500 };
const square: Geometry = {
  type: 'polygon',
  points: [
    [24.7, 46.6],
    [24.7, 46.7],
    [24.8, 46.7],
    [24.8, 46.6],
  ],
};
const bowTie: Geometry = {
  type: 'polygon',
  points: [
    [24.7, 46.6],
    [24.8, 46.7],
    [24.8, 46.6],
    [24.7, 46.7],
  ],
};
const line: Geometry = { type: 'linestring', points: [[24.7, 46.6], [24.75, 46.65]] };

function start(options: { save?: (input: SaveInput) => Promise<{ id: number }>; remove?: (input: { id: number }) => Promise<void> } = {}) {
  const effects: Array<[string, unknown]> = [];
  const saves: SaveInput[] = [];
  const machine = geofenceMachine.provide({
    actors: {
      save: fromPromise(async ({ input }: { input: SaveInput }) => {
        saves.push(input);
        return (options.save ?? (async () => ({ id: 41 })))(input);
      }),
      remove: fromPromise(async ({ input }: { input: { id: number } }) => (options.remove ?? (async () => {}))(input)),
    },
    actions: {
      startDrawing: (_, params) => void effects.push(['startDrawing', params.kind]),
      showShape: (_, params) => void effects.push(['showShape', params.geometry]),
      clearShape: () => void effects.push(['clearShape', null]),
      undoPoint: () => void effects.push(['undoPoint', null]),
      saved: (_, params) => void effects.push(['saved', params.id]),
      removed: (_, params) => void effects.push(['removed', params.id]),
    },
  });
  const actor = createActor(machine, { clock: new SimulatedClock(), input: { name: 'New geofence' } }).start();
  return { actor, effects, saves };
}

describe('geofence machine', () => {
  it('draws a circle and saves it in Traccar form, latitude first', async () => {
    const { actor, effects, saves } = start();
    actor.send({ type: 'DRAW', kind: 'circle' });
    expect(actor.getSnapshot().hasTag('drawing')).toBe(true);
    expect(effects).toEqual([['startDrawing', 'circle']]);
    actor.send({ type: 'DRAWN', geometry: circle });
    expect(actor.getSnapshot().matches({ shape: 'editing' })).toBe(true);
    actor.send({ type: 'RENAME', name: '  Depot  ' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches({ shape: 'saved' }));
    expect(saves).toEqual([{ id: null, name: 'Depot', area: 'CIRCLE (24.7136 46.6753, 500)' }]);
    expect(actor.getSnapshot().context.id).toBe(41);
    expect(effects.at(-1)).toEqual(['saved', 41]);
    // a second save of the same shape updates the geofence it made
    actor.send({ type: 'CHANGED', geometry: { ...circle, radius: 600 } });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches({ shape: 'saved' }));
    expect(saves[1]).toEqual({ id: 41, name: 'Depot', area: 'CIRCLE (24.7136 46.6753, 600)' });
  });

  it('refuses a shape that breaks a rule with its reason; nothing is sent and the shape stays', () => {
    const { actor, saves } = start();
    actor.send({ type: 'IMPORT', geometry: bowTie });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().matches({ shape: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.problem).toBe('selfIntersecting');
    expect(actor.getSnapshot().context.geometry).toEqual(bowTie);
    actor.send({ type: 'CHANGED', geometry: { type: 'circle', lat: 24.7, lon: 46.6, radius: 1_000_001 } });
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.problem).toBe('radiusTooLarge');
    actor.send({ type: 'CHANGED', geometry: { type: 'polygon', points: [[24.7, 46.6], [24.8, 46.7]] } });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.problem).toBe('tooFewPoints');
    actor.send({ type: 'CHANGED', geometry: square });
    actor.send({ type: 'RENAME', name: '   ' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.problem).toBe('name');
    expect(saves).toEqual([]);
  });

  it('a failed save keeps the shape and the name and says why; saving again works', async () => {
    let fail = true;
    const { actor } = start({
      save: async () => {
        if (fail) throw new Error('Access denied');
        return { id: 9 };
      },
    });
    actor.send({ type: 'DRAW', kind: 'linestring' });
    actor.send({ type: 'DRAWN', geometry: line });
    actor.send({ type: 'RENAME', name: 'Highway' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches({ shape: 'failed' }));
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Access denied', geometry: line, name: 'Highway', id: null });
    fail = false;
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches({ shape: 'saved' }));
    expect(actor.getSnapshot().context.id).toBe(9);
  });

  it('undo goes back one change at a time and redraws; while drawing it removes a point', () => {
    const { actor, effects } = start();
    actor.send({ type: 'DRAW', kind: 'polygon' });
    actor.send({ type: 'UNDO' });
    expect(effects.at(-1)).toEqual(['undoPoint', null]);
    actor.send({ type: 'DRAWN', geometry: square });
    const moved: Geometry = { ...square, points: [[24.71, 46.61], ...square.points.slice(1)] };
    actor.send({ type: 'CHANGED', geometry: moved });
    actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.geometry).toEqual(square);
    expect(effects.at(-1)).toEqual(['showShape', square]);
    // nothing more to undo: UNDO is ignored
    const count = effects.length;
    actor.send({ type: 'UNDO' });
    expect(effects).toHaveLength(count);
    expect(actor.getSnapshot().context.geometry).toEqual(square);
  });

  it('keeps at most HISTORY_LIMIT earlier shapes', () => {
    const { actor } = start();
    actor.send({ type: 'IMPORT', geometry: circle });
    for (let i = 1; i <= HISTORY_LIMIT + 10; i += 1) actor.send({ type: 'CHANGED', geometry: { ...circle, radius: 500 + i } });
    expect(actor.getSnapshot().context.history).toHaveLength(HISTORY_LIMIT);
  });

  it('Escape (CANCEL) drops a drawing at once; an unsaved shape asks first and keeps it when the answer is no', () => {
    const { actor, effects, saves } = start();
    actor.send({ type: 'DRAW', kind: 'polygon' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(effects.at(-1)).toEqual(['clearShape', null]);
    actor.send({ type: 'IMPORT', geometry: square });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('confirmingDiscard')).toBe(true);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches({ shape: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.geometry).toEqual(square);
    // Delete on a new shape asks too; yes drops it
    actor.send({ type: 'DELETE' });
    expect(actor.getSnapshot().matches('confirmingDiscard')).toBe(true);
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.geometry).toBeNull();
    expect(saves).toEqual([]);
  });

  it('unsaved changes ask before another geofence, another tool, a file or leaving the page; yes does it', () => {
    const { actor } = start();
    actor.send({ type: 'OPEN', id: 5, name: 'Depot', geometry: circle });
    // opened and untouched: nothing to lose, another one opens at once
    actor.send({ type: 'OPEN', id: 6, name: 'Yard', geometry: square });
    expect(actor.getSnapshot().context).toMatchObject({ id: 6, dirty: false });
    actor.send({ type: 'CHANGED', geometry: { ...square, points: square.points.slice(0, 3) } });
    expect(actor.getSnapshot().context.dirty).toBe(true);
    actor.send({ type: 'OPEN', id: 5, name: 'Depot', geometry: circle });
    expect(actor.getSnapshot().matches('confirmingDiscard')).toBe(true);
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().matches({ shape: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ id: 5, name: 'Depot', geometry: circle, dirty: false });
    actor.send({ type: 'RENAME', name: 'Depot 2' });
    actor.send({ type: 'DRAW', kind: 'linestring' });
    expect(actor.getSnapshot().matches('confirmingDiscard')).toBe(true);
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().matches('drawing')).toBe(true);
    expect(actor.getSnapshot().context.kind).toBe('linestring');
    actor.send({ type: 'DRAWN', geometry: line });
    actor.send({ type: 'LEAVE' });
    expect(actor.getSnapshot().matches('confirmingDiscard')).toBe(true);
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('a file is a new geofence: it never reshapes the one open; REPLACE reshapes it (undoable)', async () => {
    const { actor, saves } = start();
    actor.send({ type: 'OPEN', id: 5, name: 'Depot', geometry: square });
    actor.send({ type: 'REPLACE', geometry: { type: 'linestring', points: [...square.points, square.points[0]!] } });
    expect(actor.getSnapshot().context).toMatchObject({ id: 5, dirty: true });
    actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.geometry).toEqual(square);
    actor.send({ type: 'IMPORT', geometry: line, name: 'Track' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context).toMatchObject({ id: null, name: 'Track', geometry: line });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches({ shape: 'saved' }));
    expect(saves[0]?.id).toBeNull();
    expect(actor.getSnapshot().context.dirty).toBe(false);
  });

  it('deleting a saved geofence asks first, then removes it', async () => {
    const removed: number[] = [];
    const { actor, effects } = start({ remove: async ({ id }) => void removed.push(id) });
    actor.send({ type: 'OPEN', id: 5, name: 'Depot', geometry: circle });
    expect(effects.at(-1)).toEqual(['showShape', circle]);
    actor.send({ type: 'DELETE' });
    expect(actor.getSnapshot().hasTag('dialog')).toBe(true);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches({ shape: 'editing' })).toBe(true);
    actor.send({ type: 'DELETE' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(removed).toEqual([5]);
    expect(effects.slice(-2)).toEqual([['removed', 5], ['clearShape', null]]);
    expect(actor.getSnapshot().context).toMatchObject({ id: null, geometry: null, name: 'New geofence' });
  });

  it('a refused removal keeps the geofence open with the reason', async () => {
    const { actor } = start({
      remove: async () => {
        throw new Error('Forbidden');
      },
    });
    actor.send({ type: 'OPEN', id: 5, name: 'Depot', geometry: circle });
    actor.send({ type: 'DELETE' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ shape: 'failed' }));
    expect(actor.getSnapshot().context).toMatchObject({ id: 5, error: 'Forbidden', geometry: circle });
  });

  it('opening another geofence is ignored while saving', () => {
    const { actor } = start({ save: () => new Promise(() => {}) });
    actor.send({ type: 'IMPORT', geometry: square, name: 'Zone' });
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'OPEN', id: 5, name: 'Depot', geometry: circle });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    expect(actor.getSnapshot().context.name).toBe('Zone');
  });

  it('drawing a new shape after editing a saved one starts from the default name', () => {
    const { actor } = start();
    actor.send({ type: 'OPEN', id: 5, name: 'Depot', geometry: circle });
    actor.send({ type: 'DRAW', kind: 'circle' });
    expect(actor.getSnapshot().context).toMatchObject({ id: null, name: 'New geofence', geometry: null, kind: 'circle' });
  });
});
