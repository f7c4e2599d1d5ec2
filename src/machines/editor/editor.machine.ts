/**
 * The editor of one entity (a device, a group, a user, the server…): load it, edit a draft, save
 * or remove it, and never lose what was typed.
 *
 *   start ─(new)→ editing        start ─(item given)→ editing        start ─(remove intent)→ confirmingRemove
 *   start → loading ─done→ editing | ─error→ loadFailed ─RETRY→ loading
 *   editing ─CHANGE→ editing (draft)   ─SAVE→ saving ─done→ saved (final) | ─error→ failed (draft kept, error shown)
 *   editing|failed ─REMOVE→ confirmingRemove ('Remove item?') ─CONFIRM→ removing ─done→ removed | ─error→ failed
 *   editing|failed ─LEAVE→ left (nothing changed) | confirmingLeave (unsaved changes) ─CONFIRM→ left, ─CANCEL→ editing
 *
 * Pure: loading, saving and removing are invoked actors (`load`, `save`, `remove`), the way out is
 * the `saved`, `removed` and `left` actions; all are provided by the page that runs the editor.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorText } from '../../domain/errors';

export type Draft = { id: number } & Record<string, unknown>;

export interface EditorInput {
  /** the item to edit; null for a new one */
  id: number | null;
  /** the item when the caller already has it (a row of a list): no loading */
  item?: Draft | null;
  /** a new item's values */
  defaults?: Draft;
  /** `remove`: the editor opens on the removal question (a list's row action) */
  intent?: 'edit' | 'remove';
}

export interface EditorContext {
  id: number | null;
  intent: 'edit' | 'remove';
  /** what is saved on the server (or the defaults of a new item) */
  original: Draft | null;
  /** what the form shows */
  draft: Draft | null;
  /** the last failure's message (the server's text), shown beside the form */
  error: string | null;
}

export type EditorEvent =
  | { type: 'CHANGE'; draft: Draft }
  | { type: 'SAVE' }
  | { type: 'REMOVE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'LEAVE' }
  | { type: 'RETRY' };


/** Changed when the draft differs from what is saved (key order ignored). */
export function isDirty(context: Pick<EditorContext, 'original' | 'draft'>): boolean {
  return stable(context.draft) !== stable(context.original);
}

function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

export const editorMachine = setup({
  types: {
    context: {} as EditorContext,
    events: {} as EditorEvent,
    input: {} as EditorInput,
    tags: {} as 'busy' | 'dialog',
  },
  actors: {
    load: fromPromise<Draft, { id: number }>(async () => {
      throw new Error('load not provided');
    }),
    save: fromPromise<Draft, { draft: Draft }>(async () => {
      throw new Error('save not provided');
    }),
    remove: fromPromise<void, { id: number }>(async () => {
      throw new Error('remove not provided');
    }),
  },
  actions: {
    /** Saved: the page goes back to its list (or stays, for a singleton like the server). */
    saved: (_, _params: { item: Draft }) => {},
    /** Removed: the page goes back to its list. */
    removed: (_, _params: { id: number }) => {},
    /** Left without saving: the navigation that asked goes on. */
    left: () => {},
    /** A removal asked from a list ended without removing (cancelled or failed): the question closes. */
    closed: () => {},
    /** A removal asked from a list failed: the errors queue shows it (there is no form). */
    reportError: (_, _params: { message: string }) => {},
  },
  guards: {
    wantsRemoval: ({ context }) => context.intent === 'remove' && context.id !== null,
    hasItem: ({ context }) => context.draft !== null,
    canRemove: ({ context }) => context.id !== null,
    dirty: ({ context }) => isDirty(context),
    removalOnly: ({ context }) => context.intent === 'remove',
  },
}).createMachine({
  id: 'editor',
  context: ({ input }) => {
    const item = input.item ?? (input.id === null ? (input.defaults ?? { id: 0 }) : null);
    return { id: input.id, intent: input.intent ?? 'edit', original: item, draft: item, error: null };
  },
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'wantsRemoval', target: 'confirmingRemove' },
        { guard: 'hasItem', target: 'editing' },
        { target: 'loading' },
      ],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load',
        input: ({ context }) => ({ id: context.id ?? 0 }),
        onDone: { target: 'editing', actions: assign({ original: ({ event }) => event.output, draft: ({ event }) => event.output, error: null }) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    loadFailed: {
      on: {
        RETRY: 'loading',
        LEAVE: 'left',
      },
    },
    editing: {
      on: {
        CHANGE: { actions: assign({ draft: ({ event }) => event.draft }) },
        SAVE: 'saving',
        REMOVE: { guard: 'canRemove', target: 'confirmingRemove' },
        LEAVE: [{ guard: 'dirty', target: 'confirmingLeave' }, { target: 'left' }],
      },
    },
    saving: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'save',
        input: ({ context }) => ({ draft: context.draft ?? { id: 0 } }),
        onDone: {
          target: 'saved',
          actions: [
            assign({ original: ({ event }) => event.output, draft: ({ event }) => event.output, id: ({ event }) => event.output.id }),
            { type: 'saved', params: ({ event }) => ({ item: event.output }) },
          ],
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: {
        CHANGE: { actions: assign({ draft: ({ event }) => event.draft }) },
        SAVE: 'saving',
        REMOVE: { guard: 'canRemove', target: 'confirmingRemove' },
        LEAVE: [{ guard: 'dirty', target: 'confirmingLeave' }, { target: 'left' }],
      },
    },
    confirmingRemove: {
      tags: ['dialog'],
      on: {
        CONFIRM: 'removing',
        CANCEL: [{ guard: 'removalOnly', target: 'closed' }, { target: 'editing' }],
      },
    },
    removing: {
      tags: ['busy', 'dialog'],
      entry: assign({ error: null }),
      invoke: {
        src: 'remove',
        input: ({ context }) => ({ id: context.id ?? 0 }),
        onDone: { target: 'removed', actions: { type: 'removed', params: ({ context }) => ({ id: context.id ?? 0 }) } },
        onError: [
          { guard: 'removalOnly', target: 'closed', actions: { type: 'reportError', params: ({ event }) => ({ message: errorText(event.error) }) } },
          { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
        ],
      },
    },
    confirmingLeave: {
      tags: ['dialog'],
      on: {
        CONFIRM: 'left',
        CANCEL: 'editing',
      },
    },
    saved: { type: 'final' },
    removed: { type: 'final' },
    left: { type: 'final', entry: 'left' },
    /** a removal asked from a list, cancelled or failed (the failure goes to the errors queue) */
    closed: { type: 'final', entry: 'closed' },
  },
});
