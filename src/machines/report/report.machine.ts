/**
 * One report run: `RUN` (with the report's query) → running, which counts the seconds it has been
 * waiting (the progress a person sees) and can be cancelled, which stops the `run` actor and so
 * aborts its request → `shown` with rows, `empty` with none, or `failed` with the reason. `RUN`
 * again from any state starts over (a run still going is aborted first). The request itself is the
 * `run` actor, provided where the machine is used (`report.effects.ts`).
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorText } from '../../domain/errors';

export interface ReportContext {
  /** what the last RUN asked with (the kind and its query) */
  input: unknown;
  /** the rows of the last answer */
  rows: readonly unknown[];
  /** why the last run failed (the server's or the network's text) */
  error: string | null;
  /** whole seconds the running report has waited */
  elapsed: number;
}

export type ReportEvent = { type: 'RUN'; input: unknown } | { type: 'CANCEL' };

/** How often the progress shown while running is updated. */
export const REPORT_TICK_MS = 1000;


export const reportMachine = setup({
  types: {
    context: {} as ReportContext,
    events: {} as ReportEvent,
  },
  actors: {
    run: fromPromise<readonly unknown[], unknown>(async () => {
      throw new Error('run not provided');
    }),
  },
  delays: {
    tick: REPORT_TICK_MS,
  },
  actions: {
    start: assign({ input: ({ event }) => (event.type === 'RUN' ? event.input : undefined), rows: [], error: null, elapsed: 0 }),
    tick: assign({ elapsed: ({ context }) => context.elapsed + 1 }),
  },
  guards: {
    hasRows: ({ event }) => {
      const output = (event as unknown as { output?: unknown }).output;
      return Array.isArray(output) && output.length > 0;
    },
  },
}).createMachine({
  id: 'report',
  initial: 'idle',
  context: { input: undefined, rows: [], error: null, elapsed: 0 },
  on: {
    RUN: { target: '.running', reenter: true, actions: 'start' },
  },
  states: {
    idle: {},
    running: {
      tags: ['busy'],
      invoke: {
        src: 'run',
        input: ({ context }: { context: ReportContext }) => context.input,
        onDone: [
          { guard: 'hasRows', target: 'shown', actions: assign({ rows: ({ event }) => event.output }) },
          { target: 'empty' },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
      on: {
        CANCEL: { target: 'idle' },
      },
      initial: 'waiting',
      states: {
        waiting: {
          after: { tick: { target: 'waiting', reenter: true, actions: 'tick' } },
        },
      },
    },
    shown: {},
    empty: {},
    failed: {},
  },
});

export type ReportMachine = typeof reportMachine;
