import type { Server, User } from '../../../contract/models';

/** Retry loading the server info now (the alert's button). */
export type RetryEvent = { type: 'RETRY' };
/** The browser came back online. */
export type OnlineEvent = { type: 'ONLINE' };
/** Sign in; `code` is the one-time password when the server asked for it. */
export type LoginEvent = { type: 'LOGIN'; email: string; password: string; code?: string | null };
/** Leave the one-time code step. */
export type CancelCodeEvent = { type: 'CANCEL_CODE' };
/** Register a new account. */
export type RegisterEvent = { type: 'REGISTER'; name: string; email: string; password: string; totpKey?: string | null };
/** A login token handed over by the native wrapper. */
export type NativeTokenEvent = { type: 'NATIVE_TOKEN'; token: string };
/** A protected route was requested without a user: remember it as the post-login destination. */
export type RequireLoginEvent = { type: 'REQUIRE_LOGIN'; path: string };
/** The server answered 401 to a signed-in call (for example the refetch after a socket close). */
export type SessionExpiredEvent = { type: 'SESSION_EXPIRED'; path?: string };
export type AcceptTermsEvent = { type: 'ACCEPT_TERMS' };
export type CancelTermsEvent = { type: 'CANCEL_TERMS' };
/** The result of `PUT /api/users/{id}` replaces the session user. */
export type UserUpdatedEvent = { type: 'USER_UPDATED'; user: User };
export type ServerUpdatedEvent = { type: 'SERVER_UPDATED'; server: Server };
export type LogoutEvent = { type: 'LOGOUT' };

export type SessionEvent =
  | RetryEvent
  | OnlineEvent
  | LoginEvent
  | CancelCodeEvent
  | RegisterEvent
  | NativeTokenEvent
  | RequireLoginEvent
  | SessionExpiredEvent
  | AcceptTermsEvent
  | CancelTermsEvent
  | UserUpdatedEvent
  | ServerUpdatedEvent
  | LogoutEvent;
