/**
 * The one check of a time zone's name (the `timezone` attribute of a user or the server), for the
 * client and the embedded server alike. Pure (`Intl` only).
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
