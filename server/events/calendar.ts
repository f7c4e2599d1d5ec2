/**
 * Whether a calendar is active at a moment, as Traccar decides it for notifications: some event of
 * the iCalendar document (with its recurrences, its moved or cancelled occurrences and its
 * exceptions) covers that moment. Times are compared as wall times in the event's own zone: an
 * IANA TZID (Traccar's own client writes one without a VTIMEZONE block), a TZID the file defines
 * in a VTIMEZONE (Outlook's "Arab Standard Time"), UTC, or UTC for floating times (the server's
 * zone).
 *
 * Events arrive in time order, so each recurrence keeps its place between checks and goes on from
 * there; an earlier moment starts it over. A rule that cannot reach the moment within
 * MAX_STEPS occurrences in one check (a per-minute rule from years ago) counts as active: a
 * notification is never dropped because its calendar was too costly to read.
 */
import ICAL from 'ical.js';

export interface CalendarCheck {
  active(at: number): boolean;
}

/** Occurrences followed in one check before giving up (and answering active). */
export const MAX_STEPS = 20_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, f);
  }
  return f;
}

function isIanaZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** An ICAL.Time read as a wall clock (its own fields, whatever its zone says), in seconds. */
const wall = (time: ICAL.Time) => Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second) / 1000;

/** The moment's wall time in a zone, in seconds of a UTC clock (comparable with `wall`). */
type WallClock = (at: number) => number;

function ianaClock(zone: string): WallClock {
  return (at) => {
    const parts = Object.fromEntries(formatter(zone).formatToParts(new Date(at)).map((p) => [p.type, p.value]));
    return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) / 1000;
  };
}

function definedClock(zone: ICAL.Timezone): WallClock {
  return (at) => wall(ICAL.Time.fromJSDate(new Date(at), true).convertToZone(zone));
}

const utcClock: WallClock = (at) => Math.floor(at / 1000);

/** Parses iCalendar text; throws with the parser's reason when it is not one. */
export function parseCalendar(text: string): ICAL.Component {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (!body.startsWith('BEGIN:VCALENDAR')) throw new Error('expected an iCalendar file (BEGIN:VCALENDAR)');
  return new ICAL.Component(ICAL.parse(body) as unknown as ICAL.Component['jCal']);
}

/** One series (an event and its exceptions) with its clock and its place in time. */
class Series {
  private iterator: ICAL.RecurExpansion | ICAL.RecurIterator | null = null;
  /** the latest end of the occurrences started at or before `checked` (wall seconds) */
  private reach = -Infinity;
  /** the first occurrence after `checked`, or null when the series is over */
  private next: { start: number; end: number } | null = null;
  private checked = -Infinity;

  constructor(
    private readonly event: ICAL.Event,
    private readonly clock: WallClock,
  ) {}

  private occurrence(time: ICAL.Time): { start: number; end: number } {
    const details = this.event.getOccurrenceDetails(time);
    return { start: wall(details.startDate), end: wall(details.endDate) };
  }

  private restart(): void {
    this.iterator = this.event.iterator();
    this.reach = -Infinity;
    this.checked = -Infinity;
    this.next = this.step();
  }

  private step(): { start: number; end: number } | null {
    const time = this.iterator?.next();
    return time ? this.occurrence(time) : null;
  }

  active(at: number): boolean {
    const now = this.clock(at);
    if (!this.event.isRecurring()) {
      const start = wall(this.event.startDate);
      return start <= now && now < wall(this.event.endDate);
    }
    if (this.iterator === null || now < this.checked) this.restart();
    for (let steps = 0; this.next && this.next.start <= now; steps += 1) {
      if (steps >= MAX_STEPS) return true;
      this.reach = Math.max(this.reach, this.next.end);
      this.next = this.step();
    }
    this.checked = now;
    return now < this.reach;
  }
}

/** The check for a stored calendar, or null when it cannot be read (then it limits nothing). */
export function calendarCheck(text: string): CalendarCheck | null {
  let root: ICAL.Component;
  try {
    root = parseCalendar(text);
  } catch {
    return null;
  }
  const defined = new Map<string, ICAL.Timezone>();
  for (const vtimezone of root.getAllSubcomponents('vtimezone')) {
    const tzid = vtimezone.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string') defined.set(tzid, new ICAL.Timezone(vtimezone));
  }
  const clockFor = (property: ICAL.Property | null, start: ICAL.Time): WallClock => {
    if (start.zone === ICAL.Timezone.utcTimezone) return utcClock;
    const tzid = property?.getParameter('tzid');
    if (typeof tzid !== 'string') return utcClock;
    if (isIanaZone(tzid)) return ianaClock(tzid);
    const zone = defined.get(tzid);
    return zone ? definedClock(zone) : utcClock;
  };

  // a series is its master event (no RECURRENCE-ID) with the exceptions of the same UID
  const masters = new Map<string, ICAL.Event>();
  const exceptions: ICAL.Component[] = [];
  const series: Series[] = [];
  for (const vevent of root.getAllSubcomponents('vevent')) {
    const property = vevent.getFirstProperty('dtstart');
    const start = property?.getFirstValue();
    if (!(start instanceof ICAL.Time)) continue;
    if (vevent.hasProperty('recurrence-id')) {
      exceptions.push(vevent);
      continue;
    }
    const event = new ICAL.Event(vevent);
    masters.set(event.uid, event);
    series.push(new Series(event, clockFor(property, start)));
  }
  for (const exception of exceptions) {
    const master = masters.get(String(exception.getFirstPropertyValue('uid')));
    if (master) master.relateException(exception);
  }
  return { active: (at) => series.some((s) => s.active(at)) };
}
