import { assign, sendTo, setup, spawnChild, type SnapshotFrom } from 'xstate';
import { errorsMachine } from '../errors/errors.machine';
import { sessionMachine, type SessionInput } from '../session/session.machine';
import { socketMachine } from '../socket/socket.machine';
import type { SocketParentEvent } from '../socket/events';

export type AppInput = SessionInput;

export type AppEvent =
  /** From the socket: the refetch after a close answered 401. */
  | SocketParentEvent
  /** The router resolved a location (path and query): the path the session returns to after a 401. */
  | { type: 'NAVIGATED'; path: string };

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
 * 4000, live data cleared); socket UNAUTHORIZED → session SESSION_EXPIRED with the current path.
 * Routes reach it through the router context; components read it with `src/features/app/hooks.ts`.
 */
export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppContext,
    events: {} as AppEvent,
    children: {} as { session: 'session'; errors: 'errors'; socket: 'socket' },
  },
  actors: {
    session: sessionMachine,
    errors: errorsMachine,
    socket: socketMachine,
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
  ],
  invoke: {
    id: 'session',
    systemId: 'session',
    src: 'session',
    input: ({ context }) => context.input,
    onSnapshot: [
      { guard: { type: 'signedIn', params: sessionState }, actions: [assign({ authenticated: true }), sendTo('socket', { type: 'START' })] },
      { guard: { type: 'signedOut', params: sessionState }, actions: [assign({ authenticated: false }), sendTo('socket', { type: 'STOP' })] },
    ],
  },
  on: {
    NAVIGATED: { actions: assign({ path: ({ event }) => event.path }) },
    UNAUTHORIZED: {
      actions: sendTo('session', ({ context }) => ({ type: 'SESSION_EXPIRED' as const, path: context.path })),
    },
  },
});

export type AppMachine = typeof appMachine;
