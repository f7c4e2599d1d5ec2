import { assign, fromPromise, setup } from 'xstate';
import type { Announcement, AnnouncementFile } from '../../domain/announcements';
import { ANNOUNCEMENT_FADE_MS, DEFAULT_AUTO_SHOW_DELAY, sameViewer, viewerKey, type Viewer } from '../../domain/announcementViewer';

/** An announcement shown in this browser session, to whom (`guest` or `user.{id}`). */
export interface ShownEntry {
  viewer: string;
  id: string;
}

export interface AnnouncementsInput {
  /** the requested path at start */
  path: string;
  /** what this browser session has shown already (session storage), oldest first */
  shown?: readonly ShownEntry[];
}

export interface AnnouncementsContext {
  path: string;
  /** null until the session has settled (a user, or a guest) */
  viewer: Viewer | null;
  file: AnnouncementFile | null;
  /** the announcement waiting for its delay, shown or closing */
  current: Announcement | null;
  shown: readonly ShownEntry[];
}

export type AnnouncementsEvent =
  /** The router resolved a location: the page decides what may show. */
  | { type: 'NAVIGATED'; path: string }
  /** From the root, when the session settles or changes hands: a user, or a guest. */
  | { type: 'VIEWER'; viewer: Viewer }
  /** The dialog was closed (its close button, Escape). */
  | { type: 'CLOSE' }
  /** The dialog's button was pressed: its action runs and the dialog closes. */
  | { type: 'ACT' };

/** What `pick` is given: the rules' inputs other than the clock and the stored counters. */
export interface PickInput {
  file: AnnouncementFile;
  viewer: Viewer;
  path: string;
  /** ids shown to this viewer in this session, oldest first */
  shownThisSession: string[];
}


/**
 * Announcements (spec §4 "Announcement"): once the session says who is looking (VIEWER: a guest,
 * or a user and their role), the file is loaded (`GET /announcements.json`) and `pick` names
 * the next eligible announcement for this page (every rule of `eligibleAnnouncements`, with the
 * clock and this viewer's stored counters), which waits `autoShowDelay` (`delaying`), shows,
 * and on CLOSE or ACT fades out for 300 ms (`closing`) before its counters are stored (`storing`)
 * and the next is picked. Navigating or a new viewer while one waits picks again for the new
 * page; a shown one stays until it is closed. A file that cannot be loaded shows nothing
 * (`unavailable`) until the viewer changes (a sign-in or sign-out tries again).
 * Effects (provided at the root): `loadFile`, `pick`, `recordShow` (local and session storage,
 * failures ignored) and `perform` (the button's action: navigation or a safe link).
 */
export const announcementsMachine = setup({
  types: {
    input: {} as AnnouncementsInput,
    context: {} as AnnouncementsContext,
    events: {} as AnnouncementsEvent,
  },
  actors: {
    /** `GET /announcements.json`, parsed defensively (an invalid entry dropped); throws when there is no usable file. */
    loadFile: fromPromise<AnnouncementFile>(async () => {
      throw new Error('loadFile not provided');
    }),
    /** The announcement to show now for this viewer and page, or null (`nextAnnouncement` with the clock and the stored counters). */
    pick: fromPromise<Announcement | null, PickInput>(async () => null),
  },
  actions: {
    /** One more show of the announcement to the viewer (count and time in local storage; the session's list in session storage). */
    recordShow: (_, _params: { viewer: Viewer; id: string; shown: readonly ShownEntry[] }) => {},
    /** The button's action: login, features, telegram or external (a safe link only). */
    perform: (_, _params: { announcement: Announcement }) => {},
    setPath: assign({ path: ({ context, event }) => (event.type === 'NAVIGATED' ? event.path : context.path) }),
    setViewer: assign({ viewer: ({ context, event }) => (event.type === 'VIEWER' ? event.viewer : context.viewer) }),
    forget: assign({ current: null }),
  },
  guards: {
    picked: (_, params: { announcement: Announcement | null }) => params.announcement !== null,
    newViewer: ({ context, event }) => event.type === 'VIEWER' && !sameViewer(context.viewer, event.viewer),
  },
  delays: {
    autoShowDelay: ({ context }) => context.file?.settings.autoShowDelay ?? DEFAULT_AUTO_SHOW_DELAY,
    fade: ANNOUNCEMENT_FADE_MS,
  },
}).createMachine({
  id: 'announcements',
  context: ({ input }) => ({ path: input.path, viewer: null, file: null, current: null, shown: input.shown ?? [] }),
  // the path and the viewer are always kept; the states below decide whether they pick again
  on: {
    NAVIGATED: { actions: 'setPath' },
    VIEWER: { actions: 'setViewer' },
  },
  initial: 'idle',
  states: {
    /**
     * Nothing is fetched before the session has settled: by then a `?token=` has left the address
     * bar (the session's first step), so no request of this machine can carry it.
     */
    idle: {
      on: {
        VIEWER: { target: 'loading', actions: 'setViewer' },
      },
    },
    loading: {
      invoke: {
        src: 'loadFile',
        onDone: { target: 'picking', actions: assign({ file: ({ event }) => event.output }) },
        onError: 'unavailable',
      },
    },
    unavailable: {
      on: {
        VIEWER: { guard: 'newViewer', target: 'loading', actions: 'setViewer' },
      },
    },
    picking: {
      invoke: {
        src: 'pick',
        input: ({ context }): PickInput => {
          const viewer = context.viewer!;
          const key = viewerKey(viewer);
          return {
            file: context.file!,
            viewer,
            path: context.path,
            shownThisSession: context.shown.filter((entry) => entry.viewer === key).map((entry) => entry.id),
          };
        },
        onDone: [
          {
            guard: { type: 'picked', params: ({ event }) => ({ announcement: event.output }) },
            target: 'delaying',
            actions: assign({ current: ({ event }) => event.output }),
          },
          { target: 'waiting' },
        ],
        // a rule that throws shows nothing on this page
        onError: 'waiting',
      },
      on: {
        NAVIGATED: { target: 'picking', reenter: true, actions: 'setPath' },
        VIEWER: { target: 'picking', reenter: true, actions: 'setViewer' },
      },
    },
    /** Nothing to show on this page for this viewer. */
    waiting: {
      on: {
        NAVIGATED: { target: 'picking', actions: 'setPath' },
        VIEWER: { target: 'picking', actions: 'setViewer' },
      },
    },
    delaying: {
      after: { autoShowDelay: 'shown' },
      on: {
        NAVIGATED: { target: 'picking', actions: ['setPath', 'forget'] },
        VIEWER: { target: 'picking', actions: ['setViewer', 'forget'] },
      },
    },
    shown: {
      on: {
        CLOSE: 'closing',
        ACT: {
          target: 'closing',
          actions: { type: 'perform', params: ({ context }) => ({ announcement: context.current! }) },
        },
      },
    },
    closing: {
      after: { fade: 'storing' },
    },
    /** The counters are stored, then the next announcement is picked. */
    storing: {
      entry: [
        assign({
          shown: ({ context }) => [...context.shown, { viewer: viewerKey(context.viewer!), id: context.current!.id }],
        }),
        {
          type: 'recordShow',
          params: ({ context }) => ({ viewer: context.viewer!, id: context.current!.id, shown: context.shown }),
        },
        'forget',
      ],
      always: 'picking',
    },
  },
});

export type AnnouncementsMachine = typeof announcementsMachine;
