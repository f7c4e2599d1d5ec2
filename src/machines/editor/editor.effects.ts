/**
 * The editor machine's effects, as a factory taking what a screen gives: the item's load, save and
 * removal, and what follows (go back to the list, close the question, report a failure). The generic
 * edit page and the list's removal question (src/shared/entity) call it with their descriptor's
 * resource; every effect the machine names is here, none is written inline in a component.
 */
import { fromPromise } from 'xstate';
import { editorMachine, type Draft } from './editor.machine';

export interface EditorEffectDeps {
  /** Reads the item to edit (not needed for a removal asked from a list). */
  load?: (id: number) => Promise<Draft>;
  /** Saves the draft; answers the saved item. */
  save?: (draft: Draft) => Promise<Draft>;
  remove?: (id: number) => Promise<void>;
  /** Saved: back to the list, or stay (a singleton such as the server). */
  saved?: (item: Draft) => void;
  removed?: (id: number) => void;
  /** Left without saving (the navigation that asked goes on). */
  left?: () => void;
  /** A removal asked from a list ended without removing. */
  closed?: () => void;
  /** A removal asked from a list failed: the errors queue shows it. */
  reportError?: (message: string) => void;
}

const missing = (what: string) => () => Promise.reject(new Error(`The editor was given no ${what}`));

export function provideEditorEffects(deps: EditorEffectDeps) {
  return editorMachine.provide({
    actors: {
      load: fromPromise<Draft, { id: number }>(({ input }) => (deps.load ?? missing('load'))(input.id)),
      save: fromPromise<Draft, { draft: Draft }>(({ input }) => (deps.save ?? missing('save'))(input.draft)),
      remove: fromPromise<void, { id: number }>(({ input }) => (deps.remove ?? missing('remove'))(input.id)),
    },
    actions: {
      saved: (_, { item }) => deps.saved?.(item),
      removed: (_, { id }) => deps.removed?.(id),
      left: () => deps.left?.(),
      closed: () => deps.closed?.(),
      reportError: (_, { message }) => deps.reportError?.(message),
    },
  });
}
