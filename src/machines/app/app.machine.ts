import { setup, spawnChild } from 'xstate';
import { errorsMachine } from '../errors/errors.machine';
import { sessionMachine, type SessionInput } from '../session/session.machine';

export type AppInput = SessionInput;

/**
 * The root actor. It spawns its children once, each with a systemId, and they live as long as
 * it does. Routes reach it through the router context; components read it with the hooks in
 * `src/machines/hooks.ts`.
 */
export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as { input: AppInput },
    children: {} as { session: 'session'; errors: 'errors' },
  },
  actors: {
    session: sessionMachine,
    errors: errorsMachine,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ input }),
  entry: [
    spawnChild('errors', { id: 'errors', systemId: 'errors' }),
    spawnChild('session', { id: 'session', systemId: 'session', input: ({ context }) => context.input }),
  ],
});

export type AppMachine = typeof appMachine;
