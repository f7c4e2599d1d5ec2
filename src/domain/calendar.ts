/**
 * Calendars as Traccar keeps them: an iCalendar document, base64 in `data`. A simple calendar is
 * one event (start, end, in a time zone) with a recurrence of once, daily, weekly on chosen days,
 * monthly on the start's day, or weekdays (Monday to Friday); any other document is a file,
 * described by its events. Parsing and checking use ical.js.
 */
import ICAL from 'ical.js';
import { CalendarDateTime, fromAbsolute, toZoned } from '@internationalized/date';
import { isTimeZone } from './timeZone';
import { errorText } from './errors';

export type Recurrence = 'once' | 'daily' | 'weekly' | 'monthly' | 'weekdays';
export const RECURRENCES: readonly Recurrence[] = ['once', 'daily', 'weekly', 'monthly', 'weekdays'];
/** iCalendar day codes, Sunday first (the order of `Date.getDay()`). */
export const WEEK_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
const WORK_WEEK: readonly WeekDay[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

export interface SimpleCalendar {
  /** ISO instants */
  start: string;
  end: string;
  /** the IANA zone the times are written in */
  timeZone: string;
  recurrence: Recurrence;
  /** for weekly: the days it repeats on */
  days: WeekDay[];
}

export interface CalendarEvent {
  summary: string;
  /** ISO instant, or null when the file's time cannot be placed */
  start: string | null;
  /** a whole day (DTSTART is a date): `start` is that day's start in the zone it was read in */
  allDay: boolean;
  /** the recurrence rule as written (`FREQ=WEEKLY;BYDAY=MO`), or '' */
  rule: string;
}

export type ParsedCalendar = { kind: 'simple'; simple: SimpleCalendar } | { kind: 'file'; events: CalendarEvent[] };

/** Why a file is not a calendar: the screen names each reason in the user's language. */
export type InvalidReason = 'notCalendar' | 'unreadable' | 'noEvents' | 'noStart';

export class InvalidCalendar extends Error {
  /** the parser's own words for `unreadable` (a line and what was wrong), else '' */
  readonly detail: string;
  constructor(
    readonly reason: InvalidReason,
    detail = '',
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'InvalidCalendar';
    this.detail = detail;
  }
}

export function encodeBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function decodeBase64(base64: string): string {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `20261125T080000`: the instant's wall time in the zone. */
function wallTime(iso: string, timeZone: string): string {
  const t = fromAbsolute(Date.parse(iso), timeZone);
  return `${pad(t.year, 4)}${pad(t.month)}${pad(t.day)}T${pad(t.hour)}${pad(t.minute)}${pad(t.second)}`;
}

function rule(calendar: SimpleCalendar): string {
  switch (calendar.recurrence) {
    case 'daily':
      return 'FREQ=DAILY';
    case 'weekly': {
      const days = WEEK_DAYS.filter((d) => calendar.days.includes(d));
      // the start's weekday where the calendar is, not where the browser is
      const day = fromAbsolute(Date.parse(calendar.start), calendar.timeZone);
      const fallback = WEEK_DAYS[new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay()] as WeekDay;
      return `FREQ=WEEKLY;BYDAY=${(days.length > 0 ? days : [fallback]).join(',')}`;
    }
    case 'monthly':
      return `FREQ=MONTHLY;BYMONTHDAY=${fromAbsolute(Date.parse(calendar.start), calendar.timeZone).day}`;
    case 'weekdays':
      return `FREQ=WEEKLY;BYDAY=${WORK_WEEK.join(',')}`;
    default:
      return 'FREQ=DAILY;COUNT=1';
  }
}

/** The iCalendar text of a simple calendar, in the shape Traccar's own client writes. */
export function simpleCalendarText(calendar: SimpleCalendar): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    // Traccar's own client edits a calendar as a simple one only when its PRODID names Traccar
    'PRODID:-//Traccar//NONSGML Traccar//EN',
    'BEGIN:VEVENT',
    'UID:00000000-0000-0000-0000-000000000000',
    `DTSTART;TZID=${calendar.timeZone}:${wallTime(calendar.start, calendar.timeZone)}`,
    `DTEND;TZID=${calendar.timeZone}:${wallTime(calendar.end, calendar.timeZone)}`,
    `RRULE:${rule(calendar)}`,
    'SUMMARY:Event',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\n');
}

export const simpleCalendarData = (calendar: SimpleCalendar): string => encodeBase64(simpleCalendarText(calendar));

/** A new simple calendar: today, from the next hour for an hour, daily. */
export function defaultSimpleCalendar(now: number, timeZone: string): SimpleCalendar {
  const hour = 3_600_000;
  const start = Math.ceil(now / hour) * hour;
  return { start: new Date(start).toISOString(), end: new Date(start + hour).toISOString(), timeZone, recurrence: 'daily', days: [] };
}

/**
 * A DTSTART or DTEND as an instant: UTC, in its TZID, or else (a floating time, a whole day, a zone
 * only the file defines) read in `fallbackZone` and marked inexact: such a calendar is shown as a
 * file, never rewritten as a simple one (which would move it by the zone's offset).
 */
function instant(property: ICAL.Property | null, fallbackZone: string): { iso: string; zone: string; exact: boolean } | null {
  if (!property) return null;
  const value = property.getFirstValue();
  if (!(value instanceof ICAL.Time)) return null;
  if (value.zone === ICAL.Timezone.utcTimezone) return { iso: new Date(Date.UTC(value.year, value.month - 1, value.day, value.hour, value.minute, value.second)).toISOString(), zone: 'UTC', exact: true };
  const tzid = property.getParameter('tzid');
  const known = isTimeZone(tzid);
  const zone = known ? tzid : fallbackZone;
  const wall = new CalendarDateTime(value.year, value.month, value.day, value.hour, value.minute, value.second);
  return { iso: toZoned(wall, zone).toAbsoluteString(), zone, exact: known && !value.isDate };
}

/** Parses iCalendar text; throws `InvalidCalendar` with the reason when it is not one. */
export function parseCalendarText(text: string, fallbackZone: string): ParsedCalendar {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (!body.startsWith('BEGIN:VCALENDAR')) throw new InvalidCalendar('notCalendar');
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(body) as unknown as ICAL.Component['jCal']);
  } catch (error) {
    throw new InvalidCalendar('unreadable', errorText(error));
  }
  const vevents = root.getAllSubcomponents('vevent');
  if (vevents.length === 0) throw new InvalidCalendar('noEvents');
  const events: CalendarEvent[] = [];
  for (const vevent of vevents) {
    const start = instant(vevent.getFirstProperty('dtstart'), fallbackZone);
    if (!start) throw new InvalidCalendar('noStart');
    const rrule = vevent.getFirstPropertyValue('rrule');
    const summary = vevent.getFirstPropertyValue('summary');
    const allDay = (vevent.getFirstPropertyValue('dtstart') as ICAL.Time).isDate;
    events.push({ summary: typeof summary === 'string' ? summary : '', start: start.iso, allDay, rule: rrule instanceof ICAL.Recur ? rrule.toString() : '' });
  }
  const simple = vevents.length === 1 ? asSimple(vevents[0] as ICAL.Component, fallbackZone) : null;
  return simple ? { kind: 'simple', simple } : { kind: 'file', events };
}

function asSimple(vevent: ICAL.Component, fallbackZone: string): SimpleCalendar | null {
  const start = instant(vevent.getFirstProperty('dtstart'), fallbackZone);
  const end = instant(vevent.getFirstProperty('dtend'), fallbackZone);
  if (!start || !end || !start.exact || !end.exact || start.zone !== end.zone) return null;
  if (vevent.getAllProperties('rrule').length > 1 || vevent.hasProperty('rdate') || vevent.hasProperty('exdate')) return null;
  const base = { start: start.iso, end: end.iso, timeZone: start.zone, days: [] as WeekDay[] };
  const value = vevent.getFirstPropertyValue('rrule');
  if (value === null || value === undefined) return { ...base, recurrence: 'once' };
  if (!(value instanceof ICAL.Recur)) return null;
  const parts = value.toJSON() as Record<string, unknown>;
  if (parts.interval !== undefined && parts.interval !== 1) return null;
  const rest = Object.keys(parts).filter((key) => key !== 'freq' && key !== 'interval').sort().join(',');
  const byday = ([] as unknown[]).concat(parts.byday ?? []).map(String);
  if (parts.freq === 'DAILY' && rest === 'count' && parts.count === 1) return { ...base, recurrence: 'once' };
  if (parts.freq === 'DAILY' && rest === '') return { ...base, recurrence: 'daily' };
  if (parts.freq === 'WEEKLY' && rest === 'byday' && byday.every((d) => (WEEK_DAYS as readonly string[]).includes(d))) {
    const days = WEEK_DAYS.filter((d) => byday.includes(d));
    if (days.length === WORK_WEEK.length && WORK_WEEK.every((d) => days.includes(d))) return { ...base, recurrence: 'weekdays' };
    return { ...base, recurrence: 'weekly', days };
  }
  if (parts.freq === 'MONTHLY' && (rest === '' || rest === 'bymonthday')) {
    const day = fromAbsolute(Date.parse(start.iso), start.zone).day;
    const bymonthday = ([] as unknown[]).concat(parts.bymonthday ?? [day]).map(Number);
    if (bymonthday.length === 1 && bymonthday[0] === day) return { ...base, recurrence: 'monthly' };
  }
  return null;
}

/** A stored calendar (`data`, base64) parsed; null when it cannot be read. */
export function parseCalendarData(data: string, fallbackZone: string): ParsedCalendar | null {
  if (!data) return null;
  try {
    return parseCalendarText(decodeBase64(data), fallbackZone);
  } catch {
    return null;
  }
}
