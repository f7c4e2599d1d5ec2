/**
 * Drawing and editing one geofence on the map (`/geofences`).
 *
 *   idle ─DRAW(kind)→ drawing ─DRAWN(shape)→ shape.editing ─SAVE→ saving ─done→ shape.saved
 *                                                                         └error→ shape.failed (shape kept)
 *   any but saving|removing ─OPEN(geofence)→ shape.editing           idle|drawing|shape ─IMPORT(shape)→ shape.editing
 *   shape ─CHANGED(shape)→ editing (the previous shape kept for UNDO)   ─UNDO→ editing (one step back)
 *   shape ─SAVE with a shape that breaks a rule→ editing (the problem named, nothing sent)
 *   shape ─REPLACE(shape)→ editing (a polygon made a line and back; undoable)
 *   shape ─DELETE→ idle (a new shape)  |  confirmingDelete ─CONFIRM→ removing ─done→ idle | ─error→ failed
 *   drawing|shape ─CANCEL→ idle (Escape: the drawing or the selection is put down), LEAVE (the page)
 *   shape with unsaved changes ─CANCEL|LEAVE|OPEN|DRAW|IMPORT|DELETE(new)→ confirmingDiscard
 *      ─CONFIRM→ the changes forgotten, then what was asked  |  ─CANCEL→ editing (nothing lost)
 *
 * Pure: the drawing tool is driven through the named actions `startDrawing`, `showShape`,
 * `clearShape` and `undoPoint`; saving and removing are the `save` and `remove` actors; `saved` and
 * `removed` tell the page. All are provided beside the machine (`geofence.effects.ts`).
 */
import { assign, fromPromise, not, or, raise, setup, stateIn } from 'xstate';
import { checkGeometry, formatArea, type Geometry } from '../../../contract/wkt';
import { errorText } from '../../domain/errors';

export type DrawKind = 'polygon' | 'circle' | 'linestring';

/** Why a shape may not be saved: a reason of the area codec, or a missing name. */
export type ShapeProblem = NonNullable<ReturnType<typeof checkGeometry>>['reason'] | 'name';

export interface GeofenceContext {
  /** the tool of the drawing state */
  kind: DrawKind;
  /** the shape on the map */
  geometry: Geometry | null;
  /** earlier shapes of this edit, for UNDO (newest last, at most HISTORY_LIMIT) */
  history: Geometry[];
  /** the geofence being edited; null for a new one */
  id: number | null;
  name: string;
  /** the name a new geofence starts with */
  defaultName: string;
  /** the shape or the name changed since it was opened or saved (a new shape always) */
  dirty: boolean;
  /** what waits for 'Discard changes?' (CONFIRM does it) */
  pending: DiscardingEvent | null;
  /** why the last SAVE was refused here */
  problem: ShapeProblem | null;
  /** the server's text for the last failure */
  error: string | null;
}

export type GeofenceEvent =
  | { type: 'DRAW'; kind: DrawKind }
  | { type: 'DRAWN'; geometry: Geometry }
  | { type: 'CHANGED'; geometry: Geometry }
  | { type: 'OPEN'; id: number; name: string; geometry: Geometry }
  | { type: 'IMPORT'; geometry: Geometry; name?: string }
  | { type: 'REPLACE'; geometry: Geometry }
  | { type: 'LEAVE' }
  | { type: 'RENAME'; name: string }
  | { type: 'UNDO' }
  | { type: 'SAVE' }
  | { type: 'DELETE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

/** The events that put a shape down: with unsaved changes they ask first. */
export type DiscardingEvent = Extract<GeofenceEvent, { type: 'OPEN' | 'DRAW' | 'IMPORT' | 'CANCEL' | 'LEAVE' }>;

export interface SaveInput {
  id: number | null;
  name: string;
  area: string;
}

export const HISTORY_LIMIT = 50;


/** Why this shape and name may not be saved, or null. */
export function shapeProblem(context: Pick<GeofenceContext, 'geometry' | 'name'>): ShapeProblem | null {
  if (!context.geometry) return 'tooFewPoints';
  const problem = checkGeometry(context.geometry);
  if (problem) return problem.reason;
  return context.name.trim() ? null : 'name';
}

const fresh = (defaultName: string, name = defaultName): GeofenceContext => ({
  kind: 'polygon',
  geometry: null,
  history: [],
  id: null,
  name,
  defaultName,
  dirty: false,
  pending: null,
  problem: null,
  error: null,
});

export const geofenceMachine = setup({
  types: {
    context: {} as GeofenceContext,
    events: {} as GeofenceEvent,
    input: {} as { name?: string } | undefined,
    tags: {} as 'busy' | 'drawing' | 'dialog' | 'shape',
  },
  actors: {
    save: fromPromise<{ id: number }, SaveInput>(async () => {
      throw new Error('save not provided');
    }),
    remove: fromPromise<void, { id: number }>(async () => {
      throw new Error('remove not provided');
    }),
  },
  actions: {
    /** put the drawing tool of this kind on the map */
    startDrawing: (_, _params: { kind: DrawKind }) => {},
    /** show this shape on the map, selected for editing */
    showShape: (_, _params: { geometry: Geometry | null }) => {},
    /** take the shape and the tool off the map */
    clearShape: () => {},
    /** remove the last point of the shape being drawn */
    undoPoint: () => {},
    /** the geofence was saved (the page refreshes its list) */
    saved: (_, _params: { id: number }) => {},
    /** the geofence was removed */
    removed: (_, _params: { id: number }) => {},
    /** keep the event that would put the shape down, for 'Discard changes?' */
    ask: assign({ pending: ({ event }) => event as DiscardingEvent }),
    /** forget the shape: a new one starts from the default name */
    reset: assign(({ context }) => fresh(context.defaultName)),
  },
  guards: {
    hasHistory: ({ context }) => context.history.length > 0,
    isNew: ({ context }) => context.id === null,
    isDirty: ({ context }) => context.dirty,
    cannotSave: ({ context }) => shapeProblem(context) !== null,
  },
}).createMachine({
  id: 'geofence',
  initial: 'idle',
  context: ({ input }) => fresh(input?.name ?? ''),
  on: {
    // a geofence of the list, from anywhere but while a save or a removal is under way
    OPEN: {
      guard: not(or([stateIn('saving'), stateIn('removing'), stateIn('confirmingDiscard'), stateIn('confirmingDelete')])),
      target: '.shape.editing',
      reenter: true,
      actions: [
        assign(({ context, event }) => ({ ...fresh(context.defaultName, event.name), id: event.id, geometry: event.geometry })),
        { type: 'showShape', params: ({ event }) => ({ geometry: event.geometry }) },
      ],
    },
  },
  states: {
    idle: {
      on: {
        DRAW: {
          target: 'drawing',
          actions: assign(({ context, event }) => ({ ...fresh(context.defaultName), kind: event.kind })),
        },
        IMPORT: {
          target: 'shape.editing',
          actions: [
            assign(({ context, event }) => ({ ...fresh(context.defaultName, event.name), geometry: event.geometry, dirty: true })),
            { type: 'showShape', params: ({ event }) => ({ geometry: event.geometry }) },
          ],
        },
      },
    },
    drawing: {
      tags: ['drawing'],
      entry: { type: 'startDrawing', params: ({ context }) => ({ kind: context.kind }) },
      on: {
        DRAW: { target: 'drawing', reenter: true, actions: assign({ kind: ({ event }) => event.kind }) },
        DRAWN: {
          target: 'shape.editing',
          actions: [assign({ geometry: ({ event }) => event.geometry, history: [], dirty: true }), { type: 'showShape', params: ({ event }) => ({ geometry: event.geometry }) }],
        },
        IMPORT: {
          target: 'shape.editing',
          actions: [
            assign(({ context, event }) => ({ ...fresh(context.defaultName, event.name ?? context.name), geometry: event.geometry, dirty: true })),
            { type: 'showShape', params: ({ event }) => ({ geometry: event.geometry }) },
          ],
        },
        UNDO: { actions: 'undoPoint' },
        RENAME: { actions: assign({ name: ({ event }) => event.name }) },
        CANCEL: { target: 'idle', actions: ['clearShape', 'reset'] },
        LEAVE: { target: 'idle', actions: ['clearShape', 'reset'] },
      },
    },
    shape: {
      tags: ['shape'],
      initial: 'editing',
      on: {
        CHANGED: {
          target: '.editing',
          actions: assign(({ context, event }) => ({
            history: context.geometry ? [...context.history, context.geometry].slice(-HISTORY_LIMIT) : context.history,
            geometry: event.geometry,
            dirty: true,
            problem: null,
          })),
        },
        REPLACE: {
          target: '.editing',
          actions: [
            assign(({ context, event }) => ({
              history: context.geometry ? [...context.history, context.geometry].slice(-HISTORY_LIMIT) : context.history,
              geometry: event.geometry,
              dirty: true,
              problem: null,
            })),
            { type: 'showShape', params: ({ event }) => ({ geometry: event.geometry }) },
          ],
        },
        UNDO: {
          guard: 'hasHistory',
          target: '.editing',
          actions: [
            assign(({ context }) => ({ geometry: context.history[context.history.length - 1] ?? context.geometry, history: context.history.slice(0, -1), dirty: true, problem: null })),
            { type: 'showShape', params: ({ context }) => ({ geometry: context.geometry }) },
          ],
        },
        RENAME: { target: '.editing', actions: assign({ name: ({ event }) => event.name, dirty: true, problem: null }) },
        SAVE: [
          { guard: 'cannotSave', target: '.editing', actions: assign({ problem: ({ context }) => shapeProblem(context) }) },
          { target: 'saving' },
        ],
        // a file is a new geofence
        IMPORT: [
          { guard: 'isDirty', target: 'confirmingDiscard', actions: 'ask' },
          {
            target: '.editing',
            actions: [
              assign(({ context, event }) => ({ ...fresh(context.defaultName, event.name), geometry: event.geometry, dirty: true })),
              { type: 'showShape', params: ({ event }) => ({ geometry: event.geometry }) },
            ],
          },
        ],
        // another geofence of the list (when nothing is unsaved, the root's OPEN takes it)
        OPEN: { guard: 'isDirty', target: 'confirmingDiscard', actions: 'ask' },
        DRAW: [
          { guard: 'isDirty', target: 'confirmingDiscard', actions: 'ask' },
          { target: 'drawing', actions: [assign(({ context, event }) => ({ ...fresh(context.defaultName), kind: event.kind })), 'clearShape'] },
        ],
        // a new shape (never saved, so always unsaved) is discarded after the question; a saved one removed after its own
        DELETE: [{ guard: 'isNew', target: 'confirmingDiscard', actions: assign({ pending: { type: 'CANCEL' } }) }, { target: 'confirmingDelete' }],
        CANCEL: [{ guard: 'isDirty', target: 'confirmingDiscard', actions: 'ask' }, { target: 'idle', actions: ['clearShape', 'reset'] }],
        LEAVE: [{ guard: 'isDirty', target: 'confirmingDiscard', actions: 'ask' }, { target: 'idle', actions: ['clearShape', 'reset'] }],
      },
      states: {
        editing: {},
        saved: {},
        failed: {},
      },
    },
    saving: {
      tags: ['busy'],
      entry: assign({ problem: null, error: null }),
      invoke: {
        src: 'save',
        input: ({ context }) => ({ id: context.id, name: context.name.trim(), area: formatArea(context.geometry!) }),
        onDone: {
          target: 'shape.saved',
          actions: [assign({ id: ({ event }) => event.output.id, dirty: false, history: [] }), { type: 'saved', params: ({ event }) => ({ id: event.output.id }) }],
        },
        onError: { target: 'shape.failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    // 'Discard changes?': CONFIRM forgets them and does what was asked; CANCEL goes back to the shape
    confirmingDiscard: {
      tags: ['dialog'],
      on: {
        CONFIRM: {
          target: 'shape.editing',
          actions: [assign({ dirty: false }), raise(({ context }) => context.pending ?? { type: 'CANCEL' }), assign({ pending: null })],
        },
        CANCEL: { target: 'shape.editing', actions: assign({ pending: null }) },
      },
    },
    confirmingDelete: {
      tags: ['dialog'],
      on: {
        CONFIRM: 'removing',
        CANCEL: 'shape.editing',
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        src: 'remove',
        input: ({ context }) => ({ id: context.id! }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'removed', params: ({ context }) => ({ id: context.id! }) }, 'clearShape', 'reset'],
        },
        onError: { target: 'shape.failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});

export type GeofenceMachine = typeof geofenceMachine;
