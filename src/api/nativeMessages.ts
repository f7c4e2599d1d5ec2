/**
 * What the native wrapper hands over, read: its calls' values (hostile input: shape and length
 * checked), the push notifications it opens, and the user's list of push tokens
 * (`notificationTokens`, a comma list, the last 3 kept, as Traccar's client). Loaded with the
 * wrapper's first call (`src/composition.ts`), not with the sign-in page.
 */
import { KEPT_NOTIFICATION_TOKENS } from './nativeBridge';

/** The longest token the wrapper may hand over (FCM tokens are ~160 characters, login tokens less). */
export const MAX_TOKEN_LENGTH = 1024;
/** The longest notification message read (a push payload as a JSON string or an object). */
export const MAX_MESSAGE_LENGTH = 16384;
const TOKEN_PATTERN = /^[A-Za-z0-9_\-:.+/=%]+$/;

/**
 * A token from the wrapper (login or push), or null for junk: a non-empty string of at most
 * {@link MAX_TOKEN_LENGTH} URL-safe/base64 characters (no comma: the user keeps a comma list).
 */
export function validToken(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_TOKEN_LENGTH) return null;
  return TOKEN_PATTERN.test(value) ? value : null;
}

/** The wrapper's callbacks (`window.handleLoginToken` and so on). */
export type WrapperCall = 'handleLoginToken' | 'updateNotificationToken' | 'handleNativeNotification';

/** What a wrapper call says, validated, or why it is ignored (a warning's text). */
export type WrapperInput =
  | { type: 'LOGIN_TOKEN'; token: string }
  | { type: 'NOTIFICATION_TOKEN'; token: string }
  | ({ type: 'NOTIFICATION_OPENED' } & NativeNotification)
  | { ignored: string };

/** The event a wrapper call makes, or the reason it is ignored. */
export function wrapperInput(call: WrapperCall, value: unknown): WrapperInput {
  if (call === 'handleNativeNotification') {
    const notification = nativeNotification(value);
    return notification === null ? { ignored: 'Native bridge: ignored a notification naming no event' } : { type: 'NOTIFICATION_OPENED', ...notification };
  }
  const token = validToken(value);
  if (call === 'handleLoginToken') return token === null ? { ignored: 'Native bridge: ignored an invalid login token' } : { type: 'LOGIN_TOKEN', token };
  return token === null ? { ignored: 'Native bridge: ignored an invalid notification token' } : { type: 'NOTIFICATION_TOKEN', token };
}

function positiveId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value)) {
    const id = Number(value);
    return Number.isSafeInteger(id) ? id : null;
  }
  return null;
}

/** The longest notification body kept (the text the phone showed). */
export const MAX_NOTIFICATION_BODY = 1000;

/** What a push notification opened in the wrapper says: the event it names and the text it showed. */
export interface NativeNotification {
  eventId: number;
  /** The notification's body (spec section 7: the event page's message), or null. */
  body: string | null;
}

function bodyText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, MAX_NOTIFICATION_BODY) : null;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * The push notification the wrapper hands to `handleNativeNotification`, or null when it names no
 * event: the payload as an object or its JSON text, with `eventId` at its top or in its `data` (a
 * positive integer or its digits), and the body as Traccar's FCM message has it
 * (`notification.body`), or at the top (`body`, `message`) or in `data.message`.
 */
export function nativeNotification(message: unknown): NativeNotification | null {
  let value: unknown = message;
  if (typeof value === 'string') {
    if (value.length > MAX_MESSAGE_LENGTH) return null;
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const top = record(value);
  const data = record(top.data);
  const eventId = positiveId(top.eventId) ?? positiveId(data.eventId);
  if (eventId === null) return null;
  const body = bodyText(record(top.notification).body) ?? bodyText(top.body) ?? bodyText(top.message) ?? bodyText(data.message);
  return { eventId, body };
}

/** The notification tokens a user's attribute holds (comma-separated), in order. */
export function notificationTokens(attribute: unknown): string[] {
  return typeof attribute === 'string' ? attribute.split(',').filter((token) => token !== '') : [];
}

interface UserLike {
  readonly?: boolean;
  attributes?: Record<string, unknown>;
}

/**
 * The user with `token` appended to `notificationTokens`, keeping only the last 3; null when
 * nothing changes (the token is already there, or the user is read-only), as Traccar's client.
 */
export function withNotificationToken<U extends UserLike>(user: U, token: string): U | null {
  if (user.readonly === true) return null;
  const tokens = notificationTokens(user.attributes?.notificationTokens);
  if (tokens.includes(token)) return null;
  const kept = [...tokens, token].slice(-KEPT_NOTIFICATION_TOKENS);
  return { ...user, attributes: { ...user.attributes, notificationTokens: kept.join(',') } };
}

/** The user without `token` in `notificationTokens` (the attribute removed when none is left); null when nothing changes. */
export function withoutNotificationToken<U extends UserLike>(user: U, token: string): U | null {
  if (user.readonly === true) return null;
  const tokens = notificationTokens(user.attributes?.notificationTokens);
  if (!tokens.includes(token)) return null;
  const left = tokens.filter((it) => it !== token);
  const { notificationTokens: _removed, ...rest } = user.attributes ?? {};
  return { ...user, attributes: left.length > 0 ? { ...rest, notificationTokens: left.join(',') } : rest };
}
