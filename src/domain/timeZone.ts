/**
 * Time zones: the one check of a zone's name, and the zone the user's times are shown in. Pure
 * (`Intl` only).
 */

/** Whether the runtime knows `zone` as a time zone (an IANA name such as `Asia/Riyadh`, or `UTC`). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `zone` when the runtime knows it, else `fallback`. */
export function knownZone<T extends string | undefined>(zone: unknown, fallback: T): string | T {
  return isTimeZone(zone) ? zone : fallback;
}

/** The browser's own zone. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The zone the user's times are shown in: the preference (`timezone`, the user's attribute, else the
 * server's) when it names a zone the browser knows, else the browser's own.
 */
export function preferredTimeZone(preference: unknown): string {
  return knownZone(preference, browserTimeZone());
}
