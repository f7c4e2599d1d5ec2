/**
 * One request a person starts and waits for: a Test, a token, a share link, an address, an upload,
 * a report. `RUN` starts it (again, cancelling one still running, whose `run` actor stops and so
 * aborts its request); while it runs, the seconds it has waited are counted (the progress a report
 * shows) and `CANCEL` gives it up. The answer lands in `done` or `failed` (with the error's text);
 * a request with no answer after its timeout gives up in `timedOut`, so that no button spins
 * forever, unless it has none (a report, which the person may cancel and the server bounds).
 * `RESET` forgets the last answer. The request itself is the `run` actor (`request.effects.ts`).
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorText } from '../../domain/errors';

export interface RequestInput {
  /** How long it may take before it gives up; null: no limit (a report). Default `REQUEST_TIMEOUT_MS`. */
  timeoutMs?: number | null;
}

export interface RequestContext {
  /** what the last RUN asked with */
  input: unknown;
  /** the last answer */
  output: unknown;
  /** why the last request failed (the server's or the network's text) */
  error: string | null;
  /** whole seconds the running request has waited */
  elapsed: number;
  /** the time limit of each request (null: none) */
  timeoutMs: number | null;
}

export type RequestEvent = { type: 'RUN'; input?: unknown } | { type: 'CANCEL' } | { type: 'RESET' };

/** How long a request may take before it gives up, unless told otherwise. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** How often the seconds waited are counted. */
export const REQUEST_TICK_MS = 1000;

export const requestMachine = setup({
  types: {
    context: {} as RequestContext,
    events: {} as RequestEvent,
    input: {} as RequestInput,
  },
  actors: {
    run: fromPromise<unknown, unknown>(async () => {
      throw new Error('run not provided');
    }),
  },
  delays: {
    // without a limit the delay still fires (at once) and its guard keeps the request running
    timeout: ({ context }) => context.timeoutMs ?? 0,
    tick: REQUEST_TICK_MS,
  },
  guards: {
    limited: ({ context }) => context.timeoutMs !== null,
  },
  actions: {
    start: assign({ input: ({ event }) => (event.type === 'RUN' ? event.input : undefined), output: undefined, error: null, elapsed: 0 }),
    tick: assign({ elapsed: ({ context }) => context.elapsed + 1 }),
  },
}).createMachine({
  id: 'request',
  initial: 'idle',
  context: ({ input }) => ({
    input: undefined,
    output: undefined,
    error: null,
    elapsed: 0,
    timeoutMs: input?.timeoutMs === undefined ? REQUEST_TIMEOUT_MS : input.timeoutMs,
  }),
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
      on: {
        CANCEL: { target: 'idle', actions: assign({ input: undefined }) },
      },
      after: {
        timeout: { guard: 'limited', target: 'timedOut' },
      },
      initial: 'waiting',
      states: {
        waiting: {
          after: { tick: { target: 'waiting', reenter: true, actions: 'tick' } },
        },
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
