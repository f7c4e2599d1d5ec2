import { assign, fromCallback, fromPromise, sendParent, setup, type EventObject } from 'xstate';
import { KEPT_NOTIFICATION_TOKENS } from '../../api/nativeBridge';
import type { NativeBridgeEvent, WrapperEvent } from './events';
import type { User } from '../../../contract/models';
import { errorText } from '../../domain/errors';

export interface NativeBridgeContext {
  /** Push tokens waiting to be registered on the user, oldest first (the last 3, no repeats). */
  queue: string[];
  /** The token being registered. */
  current: string | null;
  /** An event named by a notification opened while signed out: opened at sign-in. */
  pendingEvent: number | null;
  /**
   * The bodies of the notifications opened, newest last (the last {@link KEPT_NOTIFICATION_BODIES}):
   * the event page shows an event's as its message (spec section 7), the stored event having none.
   */
  bodies: NotificationBody[];
}

export interface NotificationBody {
  eventId: number;
  body: string;
}

/** How many opened notifications' bodies are kept (the event pages one may go back to). */
export const KEPT_NOTIFICATION_BODIES = 20;

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
    /**
     * Remember the token on this device and append it to the signed-in user's `notificationTokens`
     * (`PUT /api/users/{id}`): the saved user, or null when there was nothing to save.
     */
    registerToken: fromPromise<User | null, { token: string }>(async () => {
      throw new Error('registerToken not provided');
    }),
  },
  actions: {
    /** Hand a login token to the root, which gives it to the session (NATIVE_TOKEN). */
    signIn: sendParent((_, params: { token: string }) => ({ type: 'LOGIN_TOKEN' as const, token: params.token })),
    /** Hand the user saved with a token to the root, which gives it to the session (USER_UPDATED). */
    userSaved: sendParent((_, params: { user: User }) => ({ type: 'USER_SAVED' as const, user: params.user })),
    /** Open the event page of a notification. */
    openEvent: (_, _params: { eventId: number }) => {},
    /** Push a message onto the errors queue. */
    reportError: (_, _params: { message: string }) => {},
    /** Keep the body of an opened notification (one per event, the newest). */
    keepBody: assign({
      bodies: ({ context }, params: { eventId: number; body: string | null }) =>
        params.body === null
          ? context.bodies
          : [...context.bodies.filter((it) => it.eventId !== params.eventId), { eventId: params.eventId, body: params.body }].slice(-KEPT_NOTIFICATION_BODIES),
    }),
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
    /** The token's registration saved the user. */
    savedUser: ({ event }) => 'output' in event && event.output != null,
  },
}).createMachine({
  id: 'nativeBridge',
  context: { queue: [], current: null, pendingEvent: null, bodies: [] },
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
        NOTIFICATION_OPENED: {
          actions: [assign({ pendingEvent: ({ event }) => event.eventId }), { type: 'keepBody', params: ({ event }) => ({ eventId: event.eventId, body: event.body }) }],
        },
      },
    },
    signedIn: {
      initial: 'opening',
      on: {
        // a token not registered yet is dropped: the wrapper hands it over again on the next start;
        // the bodies were this user's notifications
        SIGNED_OUT: { target: 'signedOut', actions: assign({ queue: [], current: null, pendingEvent: null, bodies: [] }) },
        NOTIFICATION_OPENED: {
          actions: [
            { type: 'keepBody', params: ({ event }) => ({ eventId: event.eventId, body: event.body }) },
            { type: 'openEvent', params: ({ event }) => ({ eventId: event.eventId }) },
          ],
        },
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
            onDone: [
              {
                guard: 'savedUser',
                target: 'next',
                actions: [assign({ current: null }), { type: 'userSaved', params: ({ event }) => ({ user: event.output as User }) }],
              },
              { target: 'next', actions: assign({ current: null }) },
            ],
            onError: {
              target: 'next',
              actions: [
                assign({ current: null }),
                { type: 'reportError', params: ({ event }) => ({ message: errorText(event.error) }) },
              ],
            },
          },
        },
      },
    },
  },
});

export type NativeBridgeMachine = typeof nativeBridgeMachine;
