import { assign, setup } from 'xstate';

export type ErrorsEvent =
  /** Queue a message; the first one queued is the one shown. */
  | { type: 'PUSH'; message: string }
  /** Close the shown message; the next one, if any, shows. */
  | { type: 'CLOSE' };

export interface ErrorsContext {
  queue: string[];
}

/** The errors queue: the first message shows in a red toast; closing drops it. */
export const errorsMachine = setup({
  types: { context: {} as ErrorsContext, events: {} as ErrorsEvent },
  actions: {
    enqueue: assign({ queue: ({ context, event }) => (event.type === 'PUSH' ? [...context.queue, event.message] : context.queue) }),
    dropFirst: assign({ queue: ({ context }) => context.queue.slice(1) }),
  },
  guards: {
    moreQueued: ({ context }) => context.queue.length > 1,
    hasMessage: ({ event }) => event.type === 'PUSH' && event.message.trim() !== '',
  },
}).createMachine({
  id: 'errors',
  context: { queue: [] },
  initial: 'empty',
  states: {
    empty: {
      on: { PUSH: { guard: 'hasMessage', target: 'showing', actions: 'enqueue' } },
    },
    showing: {
      on: {
        PUSH: { guard: 'hasMessage', actions: 'enqueue' },
        CLOSE: [
          { guard: 'moreQueued', target: 'showing', reenter: true, actions: 'dropFirst' },
          { target: 'empty', actions: 'dropFirst' },
        ],
      },
    },
  },
});

export type ErrorsMachine = typeof errorsMachine;
