/**
 * Stand-ins for the root's children in component tests (jsdom): the session as screens read it (the
 * signed-in user and the server), and the socket's tracking (TRACK and UNTRACK switch a device). Not a
 * test file.
 */
import { assign, createActor, createMachine } from 'xstate';
import type { Server, User } from '../../contract/models';
import { makeServer, makeUser } from '../fixtures/models';

export function sessionStub(user: User = makeUser(), server: Server = makeServer()) {
  return createActor(createMachine({ context: { user, server } })).start();
}

export function socketStub() {
  return createActor(
    createMachine({
      types: {} as { context: { tracking: number[] }; events: { type: 'TRACK' | 'UNTRACK'; deviceId: number } },
      context: { tracking: [] },
      on: {
        TRACK: { actions: assign({ tracking: ({ context, event }) => [...context.tracking, event.deviceId] }) },
        UNTRACK: { actions: assign({ tracking: ({ context, event }) => context.tracking.filter((id) => id !== event.deviceId) }) },
      },
    }),
  ).start();
}
