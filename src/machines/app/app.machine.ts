import { assign, enqueueActions, sendTo, setup, spawnChild, type SnapshotFrom } from 'xstate';
import { errorsMachine } from '../errors/errors.machine';
import { sessionMachine, type SessionInput } from '../session/session.machine';
import { socketMachine } from '../socket/socket.machine';
import type { SocketParentEvent } from '../socket/events';
import { nativeBridgeMachine } from '../nativeBridge/nativeBridge.machine';
import type { LoginTokenEvent, UserSavedEvent } from '../nativeBridge/events';
import { serviceWorkerMachine } from '../serviceWorker/serviceWorker.machine';
import { announcementsMachine, type ShownEntry } from '../announcements/announcements.machine';
import { GUEST, viewerKey, viewerOf, type Viewer } from '../../domain/announcementViewer';

export type AppInput = SessionInput & {
  /** Announcements this browser session has shown (session storage), for `showOncePerSession`. */
  shownAnnouncements?: readonly ShownEntry[];
};

export type AppEvent =
  /** From the socket: the refetch after a close answered 401. */
  | SocketParentEvent
  /** The router resolved a location (path and query): the path the session returns to after a 401. */
  | { type: 'NAVIGATED'; path: string }
  /** From the native bridge: the wrapper handed over a login token (validated). */
  | LoginTokenEvent
  | UserSavedEvent;

export interface AppContext {
  input: AppInput;
  /** Whether the session was authenticated at its last snapshot. */
  authenticated: boolean;
  /** The current path (from NAVIGATED; the requested path at start). */
  path: string;
  /** Who the announcements were last told is looking (`guest`, `user.{id}:{role}`); null before the session settles. */
  viewer: string | null;
  /** The server's `serviceWorkerUpdateInterval` the service worker was last told (boxed: whatever it was, even none); null before the first. */
  updateInterval: { value: unknown } | null;
}

const sessionState = ({ event }: { event: { snapshot: SnapshotFrom<typeof sessionMachine> } }) => ({
  authenticated: event.snapshot.matches('authenticated'),
});

/** Who is looking, once the session has settled: its user, or a guest on the public pages. */
function viewerOfSession(snapshot: SnapshotFrom<typeof sessionMachine>): Viewer | null {
  if (snapshot.matches('authenticated')) return viewerOf(snapshot.context.user);
  if (snapshot.matches('unauthenticated')) return GUEST;
  return null;
}

const viewerSignature = (viewer: Viewer) => (viewer.kind === 'guest' ? viewerKey(viewer) : `${viewerKey(viewer)}:${viewer.role}`);

/**
 * The root actor. It starts its children once, each with a systemId, and they live as long as it
 * does: `errors` and `socket` spawned, `session` invoked so that the root sees its snapshots.
 * It wires them: session entering `authenticated` → socket START; leaving it → socket STOP (close
 * 4000, live data cleared); socket UNAUTHORIZED → session SESSION_EXPIRED with the current path;
 * the same edges tell the native bridge SIGNED_IN/SIGNED_OUT, and its LOGIN_TOKEN becomes the
 * session's NATIVE_TOKEN. The announcements are told who is looking (VIEWER: the user and role, or a
 * guest) once the session settles and whenever that changes, and every NAVIGATED; the service
 * worker is told the server's update interval (SETTINGS) from the session's first snapshot on and
 * whenever it changes; the bridge's USER_SAVED becomes the session's USER_UPDATED.
 * Routes reach it through the router context; components read it with `src/shared/hooks.ts`.
 */
export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppContext,
    events: {} as AppEvent,
    children: {} as { session: 'session'; errors: 'errors'; serviceWorker: 'serviceWorker'; socket: 'socket'; nativeBridge: 'nativeBridge'; announcements: 'announcements' },
  },
  actors: {
    session: sessionMachine,
    errors: errorsMachine,
    socket: socketMachine,
    nativeBridge: nativeBridgeMachine,
    serviceWorker: serviceWorkerMachine,
    announcements: announcementsMachine,
  },
  actions: {
    /** The announcements learn who is looking when the session settles and whenever that changes. */
    noteViewer: enqueueActions(({ context, event, enqueue }) => {
      if (!('snapshot' in event)) return;
      const viewer = viewerOfSession(event.snapshot as SnapshotFrom<typeof sessionMachine>);
      if (viewer === null || viewerSignature(viewer) === context.viewer) return;
      enqueue.assign({ viewer: viewerSignature(viewer) });
      enqueue.sendTo('announcements', { type: 'VIEWER' as const, viewer });
    }),
    /** The service worker learns the server's update interval from the session's first snapshot on, and whenever it changes. */
    noteUpdateInterval: enqueueActions(({ context, event, enqueue }) => {
      if (!('snapshot' in event)) return;
      const interval: unknown = (event.snapshot as SnapshotFrom<typeof sessionMachine>).context?.server?.attributes?.serviceWorkerUpdateInterval;
      if (context.updateInterval && Object.is(context.updateInterval.value, interval)) return;
      enqueue.assign({ updateInterval: { value: interval } });
      enqueue.sendTo('serviceWorker', { type: 'SETTINGS' as const, interval });
    }),
  },
  guards: {
    signedIn: ({ context }, params: { authenticated: boolean }) => !context.authenticated && params.authenticated,
    signedOut: ({ context }, params: { authenticated: boolean }) => context.authenticated && !params.authenticated,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ input, authenticated: false, path: input.path, viewer: null, updateInterval: null }),
  entry: [
    spawnChild('errors', { id: 'errors', systemId: 'errors' }),
    spawnChild('socket', { id: 'socket', systemId: 'socket' }),
    spawnChild('nativeBridge', { id: 'nativeBridge', systemId: 'nativeBridge' }),
    // registers /sw.js after the first paint; update checks, the refresh prompt (src/machines/serviceWorker)
    spawnChild('serviceWorker', { id: 'serviceWorker', systemId: 'serviceWorker' }),
    spawnChild('announcements', {
      id: 'announcements',
      systemId: 'announcements',
      input: ({ context }) => ({ path: context.path, shown: context.input.shownAnnouncements ?? [] }),
    }),
  ],
  invoke: {
    id: 'session',
    systemId: 'session',
    src: 'session',
    input: ({ context }) => context.input,
    onSnapshot: [
      {
        guard: { type: 'signedIn', params: sessionState },
        actions: [assign({ authenticated: true }), sendTo('socket', { type: 'START' }), sendTo('nativeBridge', { type: 'SIGNED_IN' }), 'noteViewer', 'noteUpdateInterval'],
      },
      {
        guard: { type: 'signedOut', params: sessionState },
        actions: [assign({ authenticated: false }), sendTo('socket', { type: 'STOP' }), sendTo('nativeBridge', { type: 'SIGNED_OUT' }), 'noteViewer', 'noteUpdateInterval'],
      },
      { actions: ['noteViewer', 'noteUpdateInterval'] },
    ],
  },
  on: {
    NAVIGATED: { actions: [assign({ path: ({ event }) => event.path }), sendTo('announcements', ({ event }) => event)] },
    LOGIN_TOKEN: { actions: sendTo('session', ({ event }) => ({ type: 'NATIVE_TOKEN' as const, token: event.token })) },
    USER_SAVED: { actions: sendTo('session', ({ event }) => ({ type: 'USER_UPDATED' as const, user: event.user })) },
    UNAUTHORIZED: {
      actions: sendTo('session', ({ context }) => ({ type: 'SESSION_EXPIRED' as const, path: context.path })),
    },
  },
});

export type AppMachine = typeof appMachine;
