import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { editorMachine, isDirty, type Draft, type EditorInput } from './editor.machine';

const car: Draft = { id: 7, name: 'Car', uniqueId: '123' };

function run(input: EditorInput, options: { load?: () => Promise<Draft>; save?: (d: Draft) => Promise<Draft>; remove?: () => Promise<void> } = {}) {
  const effects: Array<[string, unknown]> = [];
  const machine = editorMachine.provide({
    actors: {
      load: fromPromise(async () => (options.load ? options.load() : car)),
      save: fromPromise(async ({ input }) => (options.save ? options.save(input.draft) : { ...input.draft, id: input.draft.id || 99 })),
      remove: fromPromise(async () => (options.remove ? options.remove() : undefined)),
    },
    actions: {
      saved: (_, params) => void effects.push(['saved', params.item]),
      removed: (_, params) => void effects.push(['removed', params.id]),
      left: () => void effects.push(['left', null]),
      reportError: (_, params) => void effects.push(['reportError', params.message]),
    },
  });
  const actor = createActor(machine, { input, clock: new SimulatedClock() }).start();
  return { actor, effects };
}

describe('editor machine', () => {
  it('loads an item, edits and saves it; saved goes back with the server’s answer', async () => {
    const { actor, effects } = run({ id: 7 });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHANGE', draft: { ...car, name: 'Van' } });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(effects).toEqual([['saved', { ...car, name: 'Van' }]]);
  });

  it('a new item starts from its defaults without loading and gets the server’s id', async () => {
    const { actor, effects } = run({ id: null, defaults: { id: 0, name: '' } });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'CHANGE', draft: { id: 0, name: 'Truck' } });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(actor.getSnapshot().context.id).toBe(99);
    expect(effects[0]).toEqual(['saved', { id: 99, name: 'Truck' }]);
  });

  it('a failed save keeps the draft and shows the server’s text; the next save clears it', async () => {
    let fail = true;
    const { actor } = run({ id: 7 }, {
      save: async (draft) => {
        if (fail) throw new Error('Duplicate entry: uniqueId');
        return draft;
      },
    });
    await waitFor(actor, (s) => s.matches('editing'));
    const typed = { ...car, uniqueId: 'taken' };
    actor.send({ type: 'CHANGE', draft: typed });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context).toMatchObject({ draft: typed, error: 'Duplicate entry: uniqueId' });
    fail = false;
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('saved'));
  });

  it('leaving with unsaved changes asks first; cancel keeps editing, confirm leaves', async () => {
    const { actor, effects } = run({ id: 7, item: car });
    actor.send({ type: 'LEAVE' });
    expect(actor.getSnapshot().value).toBe('left');
    const second = run({ id: 7, item: car });
    second.actor.send({ type: 'CHANGE', draft: { ...car, name: 'X' } });
    second.actor.send({ type: 'LEAVE' });
    expect(second.actor.getSnapshot().value).toBe('confirmingLeave');
    second.actor.send({ type: 'CANCEL' });
    expect(second.actor.getSnapshot().context.draft).toMatchObject({ name: 'X' });
    second.actor.send({ type: 'LEAVE' });
    second.actor.send({ type: 'CONFIRM' });
    expect(second.actor.getSnapshot().value).toBe('left');
    expect(effects).toEqual([['left', null]]);
    expect(second.effects).toEqual([['left', null]]);
  });

  it('removing asks "Remove item?" first; a new item cannot be removed', async () => {
    const { actor, effects } = run({ id: 7, item: car });
    actor.send({ type: 'REMOVE' });
    expect(actor.getSnapshot().value).toBe('confirmingRemove');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'REMOVE' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('removed'));
    expect(effects).toEqual([['removed', 7]]);
    const fresh = run({ id: null });
    fresh.actor.send({ type: 'REMOVE' });
    expect(fresh.actor.getSnapshot().value).toBe('editing');
  });

  it('a removal from a list opens on the question; a failure goes to the errors queue', async () => {
    const { actor, effects } = run({ id: 7, item: car, intent: 'remove' }, { remove: async () => Promise.reject(new Error('Forbidden')) });
    expect(actor.getSnapshot().value).toBe('confirmingRemove');
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('closed');
    expect(effects).toEqual([['reportError', 'Forbidden']]);
  });

  it('a failed load can be retried', async () => {
    let attempts = 0;
    const { actor } = run({ id: 7 }, {
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('Connection error');
        return car;
      },
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.error).toBe('Connection error');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('dirtiness ignores key order and undefined fields', () => {
    expect(isDirty({ original: { id: 1, a: 1, b: 2 }, draft: { b: 2, id: 1, a: 1, c: undefined } })).toBe(false);
    expect(isDirty({ original: { id: 1, a: 1 }, draft: { id: 1, a: 2 } })).toBe(true);
  });
});
