/**
 * Rebooting the server (`/settings/server`, administrators): ASK opens the question, CONFIRM sends
 * the request (`reboot`), and once it is answered the server is `restarting` until the live socket
 * has gone (`down`) and come back: then `back`. The socket machine reconnects by itself; this
 * machine only follows it, from the CONNECTION events the page sends with the socket's state.
 * A server that has not come back after `lateMs` is `late` (said so; the socket keeps trying).
 * A refused request (not an administrator, no supervisor) lands in `failed` with the server's text.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorText } from '../../domain/errors';

export const REBOOT = {
  /** After this long without the server, the page says it is taking long. */
  lateMs: 60_000,
} as const;

export interface RebootContext {
  /** whether the live socket is open (the last CONNECTION) */
  online: boolean;
  /** why the last request failed (the server's or the network's text) */
  error: string | null;
}

export type RebootEvent = { type: 'ASK' } | { type: 'CANCEL' } | { type: 'CONFIRM' } | { type: 'CONNECTION'; online: boolean };


export const rebootMachine = setup({
  types: {
    context: {} as RebootContext,
    events: {} as RebootEvent,
  },
  actors: {
    reboot: fromPromise<void, void>(async () => {
      throw new Error('reboot not provided');
    }),
  },
  delays: {
    late: REBOOT.lateMs,
  },
  guards: {
    online: ({ context }) => context.online,
    offline: ({ context }) => !context.online,
  },
}).createMachine({
  id: 'reboot',
  initial: 'idle',
  context: { online: true, error: null },
  on: {
    CONNECTION: { actions: assign({ online: ({ event }) => event.online }) },
  },
  states: {
    idle: {
      on: { ASK: 'confirming' },
    },
    confirming: {
      on: { CANCEL: 'idle', CONFIRM: 'requesting' },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        src: 'reboot',
        onDone: 'restarting',
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    /** Answered: the server closes, exits and is started again by its supervisor. */
    restarting: {
      tags: ['restarting'],
      initial: 'going',
      states: {
        /** the socket still open (the server closes it once the answer has gone) */
        going: {
          always: { guard: 'offline', target: 'down' },
        },
        down: {
          always: { guard: 'online', target: '#reboot.back' },
          after: { late: 'late' },
        },
        /** no socket after `lateMs`: the socket machine keeps trying */
        late: {
          always: { guard: 'online', target: '#reboot.back' },
        },
      },
    },
    /** The socket is open again: the server is back. */
    back: {
      on: { ASK: 'confirming' },
    },
    failed: {
      on: { ASK: { target: 'confirming', actions: assign({ error: null }) } },
    },
  },
});

export type RebootMachine = typeof rebootMachine;
