/**
 * Model spec of the editor machine: the paths `editor.model.test.ts` replays, and the source of
 * `docs/statecharts/editor.paths.md` and of the coverage table on `docs/statecharts/editor.md`
 * (`npm run statecharts`).
 */
import type { AnyMachineSnapshot } from 'xstate';
import { editorMachine, isDirty, type EditorContext, type EditorInput } from '../../src/machines/editor/editor.machine';
import { coveringPaths, fakeActors, provideFakeActors, type ModelPath } from './graph.ts';
import { defineModel } from './spec.ts';

const item = { id: 7, name: 'Car' };
const inputs: Record<string, EditorInput> = {
  load: { id: 7 },
  new: { id: null, defaults: { id: 0, name: '' } },
  row: { id: 7, item },
  removal: { id: 7, item, intent: 'remove' },
};

const samples = {
  CHANGE: [{ draft: { id: 7, name: 'Van' } }, { draft: { id: 7, name: 'Car' } }],
  'xstate.done.actor.0.editor.loading': { output: item },
  'xstate.error.actor.0.editor.loading': { error: new Error('Connection error') },
  'xstate.done.actor.0.editor.saving': { output: { id: 7, name: 'Van' } },
  'xstate.error.actor.0.editor.saving': { error: new Error('Duplicate entry') },
  'xstate.done.actor.0.editor.removing': {},
  'xstate.error.actor.0.editor.removing': { error: new Error('Forbidden') },
};

export const ctx = (s: AnyMachineSnapshot) => s.context as EditorContext;
const serializeState = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.status, isDirty(ctx(s)), ctx(s).error !== null, ctx(s).intent]);

export const effects: string[] = [];
export const fakes = fakeActors();
export const machine = provideFakeActors(editorMachine, fakes).provide({
  actions: {
    saved: () => void effects.push('saved'),
    removed: () => void effects.push('removed'),
    left: () => void effects.push('left'),
    reportError: () => void effects.push('reportError'),
    closed: () => void effects.push('closed'),
  },
});

export const generated: Array<{ name: string; input: EditorInput; path: ModelPath }> = Object.entries(inputs).flatMap(([name, input]) =>
  coveringPaths(machine, { input, events: samples, serializeState }).map((path) => ({ name, input, path })),
);

export const model = defineModel(editorMachine, {
  paths: generated.map(({ name, input, path }) => ({ path, group: name, input })),
  exclude: {
    // `start` is transient (never a resting state); each of its three `always` branches is a
    // covered transition, which is what passing through it means.
    'editor.start': 'transient: only its three `always` branches (all covered) pass through it',
  },
});
