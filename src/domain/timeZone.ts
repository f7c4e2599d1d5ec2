/**
 * Time zones: the one check of a zone's name (the contract's, shared with the server), and the
 * zone the user's times are shown in. Pure (`Intl` only).
 */

import { isTimeZone, knownZone } from '../../contract/timeZone';

export { isTimeZone, knownZone };

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
