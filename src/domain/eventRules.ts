/**
 * Rules of the live events (spec §3, §9): which events make a sound, the text of an event, unread
 * events for the badge, and the validation of a native push notification body.
 */
import type { Event, Server, User } from '../../contract/models';
import { preference } from './permissions';

/** Event toast auto-hide (spec §9). */
export const EVENT_TOAST_MS = 2750;
/**
 * The longest an event toast stays: hovering or focusing it holds it (react-aria pauses its
 * auto-hide), but never past this many milliseconds after it arrived; one folded into the count
 * goes by then too (the events drawer keeps every event).
 */
export const EVENT_TOAST_MAX_MS = 10_000;
/** Event toasts shown at once; older ones fold into a count that opens the events drawer. */
export const EVENT_TOASTS_VISIBLE = 3;
/** Default alarm sound list (spec §9). */
export const DEFAULT_SOUND_ALARMS = 'sos';

function list(value: unknown): ReadonlySet<string> {
  if (typeof value !== 'string') return new Set();
  return new Set(
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
}

export interface SoundSettings {
  events: ReadonlySet<string>;
  alarms: ReadonlySet<string>;
}

/** `soundEvents` (default none) and `soundAlarms` (default `sos`), user/server by the settings precedence. */
export function soundSettings(user: User | null | undefined, server: Server | null | undefined): SoundSettings {
  return {
    events: list(preference('soundEvents', user, server, '')),
    alarms: list(preference('soundAlarms', user, server, DEFAULT_SOUND_ALARMS)),
  };
}

/** A sound plays for event types in `soundEvents`, or alarm events whose alarm type is in `soundAlarms`. */
export function shouldPlaySound(event: Pick<Event, 'type' | 'attributes'>, settings: SoundSettings): boolean {
  if (settings.events.has(event.type)) return true;
  if (event.type !== 'alarm') return false;
  const alarm = event.attributes?.alarm;
  if (typeof alarm !== 'string') return false;
  return alarm.split(',').some((item) => settings.alarms.has(item.trim()));
}

/** The toast text: the event's own message when it has one, else the (translated) type name. */
export function eventText(event: Pick<Event, 'type' | 'attributes'>, typeName: (type: string) => string): string {
  const message = event.attributes?.message;
  if (typeof message === 'string' && message.trim() !== '') return message;
  return typeName(event.type);
}

/** Events not yet seen: those whose id was not in the list when the drawer was last opened. */
export function unreadEvents(events: readonly Pick<Event, 'id'>[], seen: ReadonlySet<number>): number {
  let count = 0;
  for (const event of events) if (!seen.has(event.id)) count += 1;
  return count;
}

/** Events that are in `next` and were not in `previous` (by id), in `next`'s order. */
export function newEvents<T extends Pick<Event, 'id'>>(previous: readonly T[], next: readonly T[]): T[] {
  if (previous === next) return [];
  const known = new Set(previous.map((event) => event.id));
  return next.filter((event) => !known.has(event.id));
}

function eventMillis(event: Pick<Event, 'eventTime'>): number {
  const time = event.eventTime === null ? Number.NaN : Date.parse(event.eventTime);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/**
 * Newest first by event time (the drawer's order): the live list is in arrival order, and the
 * events of one socket message come in the server's order, not necessarily newest first. Equal
 * times go by id, the later-made first; an event without a (readable) time goes last.
 */
export function byEventTimeNewestFirst<T extends Pick<Event, 'id' | 'eventTime'>>(events: readonly T[]): T[] {
  return [...events].sort((a, b) => eventMillis(b) - eventMillis(a) || b.id - a.id);
}
