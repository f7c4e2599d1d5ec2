import { assign, sendTo, setup, spawnChild, type SnapshotFrom } from 'xstate';
import { errorsMachine } from '../errors/errors.machine';
import { sessionMachine, type SessionInput } from '../session/session.machine';
import { socketMachine } from '../socket/socket.machine';
import type { SocketParentEvent } from '../socket/events';
import { nativeBridgeMachine } from '../nativeBridge/nativeBridge.machine';
import type { LoginTokenEvent } from '../nativeBridge/events';
import { serviceWorkerMachine } from '../serviceWorker/serviceWorker.machine';

export type AppInput = SessionInput;

export type AppEvent =
  /** From the socket: the refetch after a close answered 401. */
  | SocketParentEvent
  /** The router resolved a location (path and query): the path the session returns to after a 401. */
  | { type: 'NAVIGATED'; path: string }
  /** From the native bridge: the wrapper handed over a login token (validated). */
  | LoginTokenEvent;

export interface AppContext {
  input: AppInput;
  /** Whether the session was authenticated at its last snapshot. */
  authenticated: boolean;
  /** The current path (from NAVIGATED; the requested path at start). */
  path: string;
}

const sessionState = ({ event }: { event: { snapshot: SnapshotFrom<typeof sessionMachine> } }) => ({
  authenticated: event.snapshot.matches('authenticated'),
});

/**
 * The root actor. It starts its children once, each with a systemId, and they live as long as it
 * does: `errors` and `socket` spawned, `session` invoked so that the root sees its snapshots.
 * It wires them: session entering `authenticated` → socket START; leaving it → socket STOP (close
 * 4000, live data cleared); socket UNAUTHORIZED → session SESSION_EXPIRED with the current path;
 * the same edges tell the native bridge SIGNED_IN/SIGNED_OUT, and its LOGIN_TOKEN becomes the
 * session's NATIVE_TOKEN.
 * Routes reach it through the router context; components read it with `src/features/app/hooks.ts`.
 */
export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppContext,
    events: {} as AppEvent,
    children: {} as { session: 'session'; errors: 'errors'; serviceWorker: 'serviceWorker'; socket: 'socket'; nativeBridge: 'nativeBridge' },
  },
  actors: {
    session: sessionMachine,
    errors: errorsMachine,
    socket: socketMachine,
    nativeBridge: nativeBridgeMachine,
    serviceWorker: serviceWorkerMachine,
  },
  guards: {
    signedIn: ({ context }, params: { authenticated: boolean }) => !context.authenticated && params.authenticated,
    signedOut: ({ context }, params: { authenticated: boolean }) => context.authenticated && !params.authenticated,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ input, authenticated: false, path: input.path }),
  entry: [
    spawnChild('errors', { id: 'errors', systemId: 'errors' }),
    spawnChild('socket', { id: 'socket', systemId: 'socket' }),
    spawnChild('nativeBridge', { id: 'nativeBridge', systemId: 'nativeBridge' }),
    // registers /sw.js after the first paint; update checks, the refresh prompt (src/machines/serviceWorker)
    spawnChild('serviceWorker', { id: 'serviceWorker', systemId: 'serviceWorker' }),
  ],
  invoke: {
    id: 'session',
    systemId: 'session',
    src: 'session',
    input: ({ context }) => context.input,
    onSnapshot: [
      {
        guard: { type: 'signedIn', params: sessionState },
        actions: [assign({ authenticated: true }), sendTo('socket', { type: 'START' }), sendTo('nativeBridge', { type: 'SIGNED_IN' })],
      },
      {
        guard: { type: 'signedOut', params: sessionState },
        actions: [assign({ authenticated: false }), sendTo('socket', { type: 'STOP' }), sendTo('nativeBridge', { type: 'SIGNED_OUT' })],
      },
    ],
  },
  on: {
    NAVIGATED: { actions: assign({ path: ({ event }) => event.path }) },
    LOGIN_TOKEN: { actions: sendTo('session', ({ event }) => ({ type: 'NATIVE_TOKEN' as const, token: event.token })) },
    UNAUTHORIZED: {
      actions: sendTo('session', ({ context }) => ({ type: 'SESSION_EXPIRED' as const, path: context.path })),
    },
  },
});

export type AppMachine = typeof appMachine;
