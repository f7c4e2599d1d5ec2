/**
 * The basemap's style, as a person sees it: the requested style loads; when it fails (its style
 * document, its tiles, or no answer in time) the offline basemap is shown instead with a notice,
 * and the app's layers (markers, routes) are drawn on whichever style is shown. Choosing a style
 * again tries it again. The map is driven through the named `showStyle` action; the controller
 * reports what the map does (STYLE_LOADED, STYLE_ERROR, TILE_ERROR).
 */
import { assign, setup } from 'xstate';

export type StyleName = string;

/** The style every fallback lands on: drawn from the app's own files, it cannot fail. */
export const OFFLINE_STYLE: StyleName = 'offline';

export const MAP_STYLE = {
  /** No `style.load` in this time: the style is given up. */
  loadTimeoutMs: 8000,
  /** Tile failures of one online style before it is given up (one may be a hiccup). */
  tileErrorLimit: 3,
} as const;

export interface MapStyleContext {
  /** What the user (or the `map` preference) asked for. */
  requested: StyleName;
  /** What the map shows or is loading. */
  shown: StyleName;
  tileErrors: number;
}

export type MapStyleEvent =
  /** A style chosen (layers menu, preference, or the same one again to retry). */
  | { type: 'SELECT'; style: StyleName }
  /** The map drew the shown style (`style.load`). */
  | { type: 'STYLE_LOADED' }
  /** The style document could not be loaded. */
  | { type: 'STYLE_ERROR' }
  /** A tile of the basemap could not be loaded. */
  | { type: 'TILE_ERROR' };

export const mapStyleMachine = setup({
  types: {
    context: {} as MapStyleContext,
    events: {} as MapStyleEvent,
    input: {} as { style: StyleName },
    tags: {} as 'fallback' | 'loading',
  },
  actions: {
    /** Put this style on the map (the controller calls `setStyle`). */
    showStyle: (_, _params: { style: StyleName }) => {},
    countTileError: assign({ tileErrors: ({ context }) => context.tileErrors + 1 }),
  },
  guards: {
    isOnline: ({ context }) => context.shown !== OFFLINE_STYLE,
    tooManyTileErrors: ({ context }) => context.shown !== OFFLINE_STYLE && context.tileErrors + 1 >= MAP_STYLE.tileErrorLimit,
  },
  delays: {
    loadTimeout: MAP_STYLE.loadTimeoutMs,
  },
}).createMachine({
  id: 'mapStyle',
  context: ({ input }) => ({ requested: input.style, shown: input.style, tileErrors: 0 }),
  initial: 'loading',
  on: {
    SELECT: {
      target: '.loading',
      reenter: true,
      actions: [
        assign({ requested: ({ event }) => event.style, shown: ({ event }) => event.style, tileErrors: 0 }),
        { type: 'showStyle', params: ({ event }) => ({ style: event.style }) },
      ],
    },
  },
  states: {
    /** The shown style is loading (the app's layers come back with it). */
    loading: {
      tags: ['loading'],
      after: { loadTimeout: { guard: 'isOnline', target: 'fallback' } },
      on: {
        STYLE_LOADED: 'ready',
        STYLE_ERROR: { guard: 'isOnline', target: 'fallback' },
        TILE_ERROR: [
          { guard: 'tooManyTileErrors', target: 'fallback' },
          { guard: 'isOnline', actions: 'countTileError' },
        ],
      },
    },
    /** The requested style is drawn. */
    ready: {
      on: {
        STYLE_ERROR: { guard: 'isOnline', target: 'fallback' },
        TILE_ERROR: [
          { guard: 'tooManyTileErrors', target: 'fallback' },
          { guard: 'isOnline', actions: 'countTileError' },
        ],
      },
    },
    /** The requested style failed: the offline basemap is shown, with a notice. */
    fallback: {
      tags: ['fallback'],
      entry: [assign({ shown: OFFLINE_STYLE, tileErrors: 0 }), { type: 'showStyle', params: { style: OFFLINE_STYLE } }],
      initial: 'loading',
      states: {
        loading: { on: { STYLE_LOADED: 'shown' } },
        shown: {},
      },
    },
  },
});

export type MapStyleMachine = typeof mapStyleMachine;
