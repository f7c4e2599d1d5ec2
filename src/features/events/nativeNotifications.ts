/**
 * The native wrapper's push notifications (spec §7): the wrapper calls
 * `window.handleNativeNotification(message)` with the notification; the client fetches
 * `GET /api/events/{eventId}` and adds the event to the live store with the notification's text as
 * its message. The message is hostile input: its shape and length are checked
 * (`parseNativeNotification`), and each event id is handled once.
 */
import { createApiClient } from '../../api/client';
import type { Event } from '../../../contract/models';
import type { LiveStore } from '../../domain/liveStore';

// This module is imported by the entry (main.tsx): it stays small and imports nothing the
// signed-in chunks share, so the login route does not grow.


export interface NativeNotificationDeps {
  live: Pick<LiveStore, 'addEvents'>;
  fetchEvent: (id: number) => Promise<Event>;
  /** Failed fetches (e.g. to the error toast queue). */
  onError?: (message: string) => void;
}

/** Longest native notification body accepted (the wrapper sends a small JSON object). */
export const MAX_NATIVE_MESSAGE = 4096;
const MAX_TEXT = 1000;

export interface NativeNotification {
  eventId: number;
  /** The notification's text, shown instead of the event's own message. */
  message: string | null;
}

function positiveId(value: unknown): number | null {
  const number = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, MAX_TEXT) : null;
}

/**
 * Validates what the native wrapper hands to `handleNativeNotification`: a JSON string (or an
 * object) holding `eventId` (number or digit string) and optionally `body`/`message` text, or the
 * FCM-style `{ data: { eventId }, notification: { body } }`. Anything else gives null.
 */
export function parseNativeNotification(input: unknown): NativeNotification | null {
  let value: unknown = input;
  if (typeof input === 'string') {
    if (input.length === 0 || input.length > MAX_NATIVE_MESSAGE) return null;
    try {
      value = JSON.parse(input);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const data = typeof record.data === 'object' && record.data !== null ? (record.data as Record<string, unknown>) : {};
  const notification =
    typeof record.notification === 'object' && record.notification !== null ? (record.notification as Record<string, unknown>) : {};
  const eventId = positiveId(record.eventId ?? data.eventId);
  if (eventId === null) return null;
  const message = text(record.body) ?? text(record.message) ?? text(notification.body) ?? text(data.message);
  return { eventId, message };
}

const MAX_REMEMBERED = 200;

/** The callback itself, without the global: returns whether the message was accepted. */
export function createNativeNotificationHandler(deps: NativeNotificationDeps): (message: unknown) => boolean {
  const handled = new Set<number>();
  return (message) => {
    const parsed = parseNativeNotification(message);
    if (!parsed || handled.has(parsed.eventId)) return false;
    handled.add(parsed.eventId);
    if (handled.size > MAX_REMEMBERED) {
      const [oldest] = handled;
      if (oldest !== undefined) handled.delete(oldest);
    }
    deps
      .fetchEvent(parsed.eventId)
      .then((event) => {
        const attributes = parsed.message === null ? event.attributes : { ...event.attributes, message: parsed.message };
        deps.live.addEvents([{ ...event, attributes }]);
      })
      .catch((error: unknown) => {
        deps.onError?.(error instanceof Error ? error.message : String(error));
      });
    return true;
  };
}

interface BridgeWindow {
  handleNativeNotification?: (message: unknown) => void;
}

/**
 * Installs `window.handleNativeNotification` once (a second call keeps the first handler) and
 * returns the uninstaller. Called from `main.tsx`.
 */
export function installNativeNotifications(
  win: Window,
  services: { live: Pick<LiveStore, 'addEvents'>; backendOrigin: string },
  onError?: (message: string) => void,
): () => void {
  const target = win as unknown as BridgeWindow;
  if (typeof target.handleNativeNotification === 'function') return () => {};
  const handle = createNativeNotificationHandler({
    live: services.live,
    fetchEvent: (id) => createApiClient({ origin: services.backendOrigin }).json<Event>('GET', `/api/events/${id}`),
    ...(onError ? { onError } : {}),
  });
  const callback = (message: unknown) => {
    handle(message);
  };
  Object.defineProperty(target, 'handleNativeNotification', { value: callback, configurable: true, writable: false });
  return () => {
    if (target.handleNativeNotification === callback) delete target.handleNativeNotification;
  };
}
