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

/** How many notification tokens a user keeps (the last ones). */
export const KEPT_NOTIFICATION_TOKENS = 3;

/** Where this device's notification token is remembered (local storage), so logout can remove it. */
export const NOTIFICATION_TOKEN_KEY = 'notificationToken';
