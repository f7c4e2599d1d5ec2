/**
 * Model-based test of the editor machine: covering paths from each kind of start (an item to
 * load, a new item, a row handed over, a removal asked from a list), every event with samples
 * (a change that keeps the draft and one that edits it; loads, saves and removals that succeed
 * and fail), replayed on the real machine with fake actors. Along every path: what was typed is
 * never lost by a failure, and the effects fire exactly on their transitions.
 */
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { editorMachine, isDirty, type EditorContext, type EditorInput } from '../../src/machines/editor/editor.machine';
import { assertCovers, coveringPaths, fakeActors, provideFakeActors, replayPath, type ModelPath } from './graph.ts';

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

const ctx = (s: AnyMachineSnapshot) => s.context as EditorContext;
const serializeState = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.status, isDirty(ctx(s)), ctx(s).error !== null, ctx(s).intent]);

const effects: string[] = [];
const fakes = fakeActors();
const machine = provideFakeActors(editorMachine, fakes).provide({
  actions: {
    saved: () => void effects.push('saved'),
    removed: () => void effects.push('removed'),
    left: () => void effects.push('left'),
    reportError: () => void effects.push('reportError'),
    closed: () => void effects.push('closed'),
  },
});

const generated: Array<{ name: string; input: EditorInput; path: ModelPath }> = Object.entries(inputs).flatMap(([name, input]) =>
  coveringPaths(machine, { input, events: samples, serializeState }).map((path) => ({ name, input, path })),
);

describe('editor machine (model-based)', () => {
  for (const { name, input, path } of generated) {
    it(`${name}: ${path.description}`, async () => {
      effects.length = 0;
      let before: AnyMachineSnapshot | null = null;
      await replayPath(path, {
        machine,
        fakes,
        input,
        onStep: (step, snapshot) => {
          const c = ctx(snapshot);
          // a failure never loses the draft
          if (before && step.event.type.startsWith('xstate.error.actor') && (snapshot.matches('failed') || snapshot.matches('loadFailed'))) {
            expect(c.draft).toEqual(ctx(before).draft);
            expect(c.error).not.toBeNull();
          }
          if (snapshot.matches('editing') || snapshot.matches('failed')) expect(c.draft).not.toBeNull();
          if (snapshot.matches('left')) expect(effects.at(-1)).toBe('left');
          if (snapshot.matches('saved')) expect(effects.at(-1)).toBe('saved');
          if (snapshot.matches('removed')) expect(effects.at(-1)).toBe('removed');
          if (snapshot.matches('closed')) expect(effects.at(-1)).toBe('closed');
          // leaving a dirty form always passes through the question
          if (snapshot.matches('left') && before && step.event.type === 'LEAVE') expect(isDirty(ctx(before))).toBe(false);
          before = snapshot;
        },
      });
    });
  }

  it('covers every state node and every transition', () => {
    // `start` is transient (never a resting state); each of its three `always` branches is a
    // covered transition, which is what passing through it means.
    assertCovers(
      generated.map((g) => g.path),
      editorMachine,
      { ignore: ['editor.start'] },
    );
  });
});
