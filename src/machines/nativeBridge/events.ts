import type { User } from '../../../contract/models';
/** The wrapper handed over a login token (its `handleLoginToken` callback), already validated. */
export type LoginTokenEvent = { type: 'LOGIN_TOKEN'; token: string };
/** The wrapper handed over this device's push token (its `updateNotificationToken` callback), already validated. */
export type NotificationTokenEvent = { type: 'NOTIFICATION_TOKEN'; token: string };
/** The wrapper opened a push notification naming an event (its `handleNativeNotification` callback), already validated, with the text it showed. */
export type NotificationOpenedEvent = { type: 'NOTIFICATION_OPENED'; eventId: number; body: string | null };
/** From the root: the session entered `authenticated`. */
export type SignedInEvent = { type: 'SIGNED_IN' };
/** From the root: the session left `authenticated`. */
export type SignedOutEvent = { type: 'SIGNED_OUT' };

/** What the `listen` actor sends back (the wrapper's calls, validated). */
export type WrapperEvent = LoginTokenEvent | NotificationTokenEvent | NotificationOpenedEvent;

export type NativeBridgeEvent = WrapperEvent | SignedInEvent | SignedOutEvent;

/** To the root: a push token was saved on the user; the root hands the saved user to the session (USER_UPDATED). */
export type UserSavedEvent = { type: 'USER_SAVED'; user: User };
