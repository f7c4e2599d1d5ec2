/**
 * The native wrapper (Traccar Manager apps): `window.appInterface` on Android,
 * `window.webkit.messageHandlers.appInterface` on iOS; messages go out as strings.
 */
interface MessageTarget {
  postMessage(message: string): void;
}

interface NativeWindow {
  appInterface?: MessageTarget;
  webkit?: { messageHandlers?: { appInterface?: MessageTarget } };
}

export function nativeTarget(win: unknown): MessageTarget | null {
  if (typeof win !== 'object' || win === null) return null;
  const native = win as NativeWindow;
  const target = native.appInterface ?? native.webkit?.messageHandlers?.appInterface ?? null;
  return target && typeof target.postMessage === 'function' ? target : null;
}

/** Native login tokens last about six months. */
export function nativeTokenExpiration(now: Date): Date {
  const expiration = new Date(now);
  expiration.setMonth(expiration.getMonth() + 6);
  return expiration;
}

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

function positiveId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value)) {
    const id = Number(value);
    return Number.isSafeInteger(id) ? id : null;
  }
  return null;
}

/**
 * The event a native notification names, or null: the message is the push payload, as an object
 * or its JSON text, with `eventId` at its top or in its `data` (a positive integer or its digits).
 */
export function notificationEventId(message: unknown): number | null {
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
  const record = value as { eventId?: unknown; data?: unknown };
  const top = positiveId(record.eventId);
  if (top !== null) return top;
  const data = record.data;
  return typeof data === 'object' && data !== null ? positiveId((data as { eventId?: unknown }).eventId) : null;
}

/** The notification tokens a user's attribute holds (comma-separated), in order. */
export function notificationTokens(attribute: unknown): string[] {
  return typeof attribute === 'string' ? attribute.split(',').filter((token) => token !== '') : [];
}

/** How many notification tokens a user keeps (the last ones). */
export const KEPT_NOTIFICATION_TOKENS = 3;

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

/** Where this device's notification token is remembered (local storage), so logout can remove it. */
export const NOTIFICATION_TOKEN_KEY = 'notificationToken';
