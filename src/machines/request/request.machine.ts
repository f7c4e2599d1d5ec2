/**
 * One request a person starts by pressing a button and waits for: a Test, a token, a share link, an
 * address, an upload. `RUN` starts it (again, cancelling one still running), the answer lands in
 * `done` or `failed` (with the error's text), and a request with no answer after `timeout` gives up
 * in `timedOut` so that no button spins forever. `RESET` forgets the last answer. The request
 * itself is the `run` actor, provided where the machine is used.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorText } from '../../domain/errors';

export interface RequestContext {
  /** what the last RUN asked with */
  input: unknown;
  /** the last answer */
  output: unknown;
  /** why the last request failed (the server's or the network's text) */
  error: string | null;
}

export type RequestEvent = { type: 'RUN'; input?: unknown } | { type: 'RESET' };

/** How long a request may take before it gives up. */
export const REQUEST_TIMEOUT_MS = 30_000;


export const requestMachine = setup({
  types: {
    context: {} as RequestContext,
    events: {} as RequestEvent,
  },
  actors: {
    run: fromPromise<unknown, unknown>(async () => {
      throw new Error('run not provided');
    }),
  },
  delays: {
    timeout: REQUEST_TIMEOUT_MS,
  },
  actions: {
    start: assign({ input: ({ event }) => (event.type === 'RUN' ? event.input : undefined), output: undefined, error: null }),
  },
}).createMachine({
  id: 'request',
  initial: 'idle',
  context: { input: undefined, output: undefined, error: null },
  on: {
    RUN: { target: '.running', reenter: true, actions: 'start' },
  },
  states: {
    idle: {},
    running: {
      tags: ['busy'],
      invoke: {
        src: 'run',
        input: ({ context }: { context: RequestContext }) => context.input,
        onDone: { target: 'done', actions: assign({ output: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
      after: {
        timeout: { target: 'timedOut' },
      },
    },
    done: {
      on: { RESET: { target: 'idle', actions: assign({ input: undefined, output: undefined }) } },
    },
    failed: {
      on: { RESET: { target: 'idle', actions: assign({ input: undefined, error: null }) } },
    },
    timedOut: {
      on: { RESET: { target: 'idle', actions: assign({ input: undefined }) } },
    },
  },
});

export type RequestMachine = typeof requestMachine;
