/**
 * The live map's camera around the selected device (one per map that keeps it in view): while a
 * device is selected, every position of it, and every change of what covers the map (its card
 * opening or growing, the map resized), runs `reveal`, which moves the map the least that keeps
 * the device in the free part (or centres it, with follow on). A person's own move of the map (a
 * drag, the wheel, a pinch, the zoom buttons, the keys) pauses this until they select a device
 * again; with Track on, a zoom does not pause it: once the zoom has settled the device is brought
 * back into view, and only a pan pauses. Pressing Track on a paused device resumes.
 *
 * Pure: `reveal` (the camera move) and `watchFreeArea` (what covers the map) are provided by
 * `camera.effects.ts`, wired where the map is created (`src/map/camera.ts`); the map reports the
 * person's moves (USER_MOVING at a gesture's start, USER_PANNED or USER_ZOOMED at its end) and the
 * live store the selection, the positions and tracking.
 */
import { assign, fromCallback, setup } from 'xstate';

export const CAMERA = {
  /**
   * After a person's zoom of a tracked device, the wait before it is brought back into view: a
   * wheel sends one zoom per burst, and the camera must not jump between two of them.
   */
  settleMs: 400,
} as const;

export interface CameraContext {
  /** Follow mode (the layers menu): the device is centred rather than moved the least. */
  follow: boolean;
  /** The selected device is tracked (Track on its card): a zoom does not pause. */
  tracking: boolean;
}

export type CameraEvent =
  /** A device was selected (or the selected one chosen again); `tracking`: it is tracked. */
  | { type: 'SELECTED'; tracking: boolean }
  | { type: 'DESELECTED' }
  /** The selected device has a new position. */
  | { type: 'POSITION' }
  /** What covers the map changed (the card opened, grew or closed; the map was resized). */
  | { type: 'FREE_AREA_CHANGED' }
  /** A person started moving the map (a gesture, a control, a key). */
  | { type: 'USER_MOVING' }
  /** …and it moved the map without a change of zoom (a pan). */
  | { type: 'USER_PANNED' }
  /** …and it ended with a change of zoom, or only turned the view around the same place (a rotation). */
  | { type: 'USER_ZOOMED' }
  /** Track on or off for the selected device. */
  | { type: 'TRACKING'; on: boolean }
  /** Follow mode on or off. */
  | { type: 'FOLLOW'; on: boolean };

export const cameraMachine = setup({
  types: {
    context: {} as CameraContext,
    events: {} as CameraEvent,
    input: {} as { follow: boolean },
    tags: {} as 'keeping' | 'paused',
  },
  actions: {
    /** Move the map the least that puts the selected device in the free part; `centre`: centre it there. */
    reveal: (_, _params: { centre: boolean }) => {},
    setFollow: assign({ follow: ({ context, event }) => (event.type === 'FOLLOW' ? event.on : context.follow) }),
  },
  actors: {
    /** Sends FREE_AREA_CHANGED when what covers the map may have changed (while a device is selected). */
    watchFreeArea: fromCallback(() => {}),
  },
  guards: {
    following: ({ context }) => context.follow,
    tracked: ({ context }) => context.tracking,
    turnedOn: ({ event }) => (event.type === 'TRACKING' || event.type === 'FOLLOW') && event.on,
  },
  delays: {
    settle: CAMERA.settleMs,
  },
}).createMachine({
  id: 'camera',
  context: ({ input }) => ({ follow: input.follow, tracking: false }),
  initial: 'idle',
  on: {
    FOLLOW: { actions: 'setFollow' },
  },
  states: {
    /** No device selected: nothing to keep. */
    idle: {
      on: {
        SELECTED: { target: 'selected', actions: assign({ tracking: ({ event }) => event.tracking }) },
      },
    },
    selected: {
      invoke: { src: 'watchFreeArea' },
      initial: 'keeping',
      on: {
        DESELECTED: 'idle',
        // choosing a device (again) resumes, wherever the person had moved the map
        SELECTED: { target: '.keeping', actions: assign({ tracking: ({ event }) => event.tracking }) },
        FOLLOW: [
          {
            guard: 'turnedOn',
            actions: [assign({ follow: true }), { type: 'reveal', params: { centre: true } }],
          },
          { actions: assign({ follow: false }) },
        ],
      },
      states: {
        /** The device is kept in view: each of its positions and each change of the free part may move the map. */
        keeping: {
          tags: ['keeping'],
          entry: { type: 'reveal', params: ({ context }) => ({ centre: context.follow }) },
          on: {
            POSITION: { actions: { type: 'reveal', params: ({ context }) => ({ centre: context.follow }) } },
            FREE_AREA_CHANGED: { actions: { type: 'reveal', params: ({ context }) => ({ centre: context.follow }) } },
            USER_MOVING: [{ guard: 'tracked', target: 'held' }, { target: 'paused' }],
            TRACKING: { actions: assign({ tracking: ({ event }) => event.on }) },
          },
        },
        /** Tracked, and a person is moving the map: nothing moves the camera until their move ends. */
        held: {
          on: {
            // follow switched on now takes effect when the move has ended
            FOLLOW: { actions: 'setFollow' },
            USER_ZOOMED: 'settling',
            USER_PANNED: 'paused',
            TRACKING: [
              { guard: 'turnedOn', actions: assign({ tracking: true }) },
              { target: 'paused', actions: assign({ tracking: false }) },
            ],
          },
        },
        /** Tracked, after a person's zoom: the device comes back into view once no other zoom follows. */
        settling: {
          after: { settle: 'keeping' },
          on: {
            FOLLOW: { actions: 'setFollow' },
            USER_MOVING: 'held',
            TRACKING: [
              { guard: 'turnedOn', actions: assign({ tracking: true }) },
              { target: 'paused', actions: assign({ tracking: false }) },
            ],
          },
        },
        /** A person moved the map: it stays where they put it (follow still centres) until a selection or Track. */
        paused: {
          // the card offers to show the device again
          tags: ['paused'],
          on: {
            POSITION: { guard: 'following', actions: { type: 'reveal', params: { centre: true } } },
            TRACKING: [
              { guard: 'turnedOn', target: 'keeping', actions: assign({ tracking: true }) },
              { actions: assign({ tracking: false }) },
            ],
          },
        },
      },
    },
  },
});

export type CameraMachine = typeof cameraMachine;
