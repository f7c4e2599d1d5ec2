import { assign, fromCallback, fromPromise, sendParent, setup, type EventObject } from 'xstate';
import { KEPT_NOTIFICATION_TOKENS } from '../../api/nativeBridge';
import type { NativeBridgeEvent, WrapperEvent } from './events';

export interface NativeBridgeContext {
  /** Push tokens waiting to be registered on the user, oldest first (the last 3, no repeats). */
  queue: string[];
  /** The token being registered. */
  current: string | null;
  /** An event named by a notification opened while signed out: opened at sign-in. */
  pendingEvent: number | null;
}

/**
 * The native wrapper bridge (Traccar Manager apps), a machine of its own in the root actor
 * rather than more regions of the session: its flow (a queue of push tokens registered one at a
 * time while signed in, a notification waiting for sign-in) is independent of the session's
 * states, and the session keeps only what is a sign-in or sign-out step (the token login,
 * removing this device's token before logout). The wrapper's calls arrive validated from the
 * `listen` actor; a login token goes to the root (LOGIN_TOKEN), which hands it to the session
 * (NATIVE_TOKEN), accepted only on the login screen. SIGNED_IN/SIGNED_OUT come from the root.
 */
export const nativeBridgeMachine = setup({
  types: {
    context: {} as NativeBridgeContext,
    events: {} as NativeBridgeEvent,
  },
  actors: {
    /** Defines the wrapper's callbacks `handleLoginToken`, `updateNotificationToken`, `handleNativeNotification` (provided at the root); sends back validated input only. */
    listen: fromCallback<EventObject, void, WrapperEvent>(() => undefined),
    /** Remember the token on this device and append it to the signed-in user's `notificationTokens` (`PUT /api/users/{id}`). */
    registerToken: fromPromise<void, { token: string }>(async () => {
      throw new Error('registerToken not provided');
    }),
  },
  actions: {
    /** Hand a login token to the root, which gives it to the session (NATIVE_TOKEN). */
    signIn: sendParent((_, params: { token: string }) => ({ type: 'LOGIN_TOKEN' as const, token: params.token })),
    /** Open the event page of a notification. */
    openEvent: (_, _params: { eventId: number }) => {},
    /** Push a message onto the errors queue. */
    reportError: (_, _params: { message: string }) => {},
    enqueue: assign({
      queue: ({ context }, params: { token: string }) =>
        params.token === context.current
          ? context.queue
          : [...context.queue.filter((token) => token !== params.token), params.token].slice(-KEPT_NOTIFICATION_TOKENS),
    }),
  },
  guards: {
    hasQueued: ({ context }) => context.queue.length > 0,
    hasPendingEvent: ({ context }) => context.pendingEvent !== null,
  },
}).createMachine({
  id: 'nativeBridge',
  context: { queue: [], current: null, pendingEvent: null },
  invoke: { src: 'listen' },
  on: {
    LOGIN_TOKEN: { actions: { type: 'signIn', params: ({ event }) => ({ token: event.token }) } },
  },
  initial: 'signedOut',
  states: {
    signedOut: {
      on: {
        SIGNED_IN: 'signedIn',
        NOTIFICATION_TOKEN: { actions: { type: 'enqueue', params: ({ event }) => ({ token: event.token }) } },
        NOTIFICATION_OPENED: { actions: assign({ pendingEvent: ({ event }) => event.eventId }) },
      },
    },
    signedIn: {
      initial: 'opening',
      on: {
        // a token not registered yet is dropped: the wrapper hands it over again on the next start
        SIGNED_OUT: { target: 'signedOut', actions: assign({ queue: [], current: null, pendingEvent: null }) },
        NOTIFICATION_OPENED: { actions: { type: 'openEvent', params: ({ event }) => ({ eventId: event.eventId }) } },
      },
      states: {
        opening: {
          always: [
            {
              guard: 'hasPendingEvent',
              target: 'next',
              actions: [{ type: 'openEvent', params: ({ context }) => ({ eventId: context.pendingEvent ?? 0 }) }, assign({ pendingEvent: null })],
            },
            { target: 'next' },
          ],
        },
        next: {
          always: [
            {
              guard: 'hasQueued',
              target: 'registering',
              actions: assign({ current: ({ context }) => context.queue[0] ?? null, queue: ({ context }) => context.queue.slice(1) }),
            },
            { target: 'idle' },
          ],
        },
        idle: {
          on: {
            NOTIFICATION_TOKEN: { target: 'next', actions: { type: 'enqueue', params: ({ event }) => ({ token: event.token }) } },
          },
        },
        registering: {
          on: {
            NOTIFICATION_TOKEN: { actions: { type: 'enqueue', params: ({ event }) => ({ token: event.token }) } },
          },
          invoke: {
            src: 'registerToken',
            input: ({ context }) => ({ token: context.current ?? '' }),
            onDone: { target: 'next', actions: assign({ current: null }) },
            onError: {
              target: 'next',
              actions: [
                assign({ current: null }),
                { type: 'reportError', params: ({ event }) => ({ message: event.error instanceof Error ? event.error.message : String(event.error) }) },
              ],
            },
          },
        },
      },
    },
  },
});

export type NativeBridgeMachine = typeof nativeBridgeMachine;
