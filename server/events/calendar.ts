/**
 * Whether a calendar is active at a moment, as Traccar decides it for notifications: some event of
 * the iCalendar document (with its recurrences, less its exceptions) covers that moment. Times are
 * compared as wall times in the event's own zone (its TZID, UTC, or UTC for floating times), so a
 * calendar written with a TZID needs no VTIMEZONE block (Traccar's own client writes none).
 */
import ICAL from 'ical.js';

export interface CalendarCheck {
  active(at: number): boolean;
}

/** How far a recurrence is followed before giving up (a daily rule covers 270 years). */
const MAX_OCCURRENCES = 100_000;

interface Rule {
  event: ICAL.Event;
  zone: string;
  /** seconds */
  duration: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, f);
  }
  return f;
}

/** The instant's wall time in the zone, as seconds of a UTC clock (comparable with floating times). */
function wallSeconds(at: number, zone: string): number {
  const parts = Object.fromEntries(formatter(zone).formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) / 1000;
}

/** An ICAL.Time read as a wall clock (its own fields, whatever its zone says). */
const wall = (time: ICAL.Time) => Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second) / 1000;

function isZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** Parses iCalendar text; throws with the parser's reason when it is not one. */
export function parseCalendar(text: string): ICAL.Component {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (!body.startsWith('BEGIN:VCALENDAR')) throw new Error('expected an iCalendar file (BEGIN:VCALENDAR)');
  return new ICAL.Component(ICAL.parse(body) as unknown as ICAL.Component['jCal']);
}

/** The check for a stored calendar, or null when it cannot be read (then it limits nothing). */
export function calendarCheck(text: string): CalendarCheck | null {
  let root: ICAL.Component;
  try {
    root = parseCalendar(text);
  } catch {
    return null;
  }
  const rules: Rule[] = [];
  for (const vevent of root.getAllSubcomponents('vevent')) {
    const property = vevent.getFirstProperty('dtstart');
    const start = property?.getFirstValue();
    if (!(start instanceof ICAL.Time)) continue;
    const event = new ICAL.Event(vevent);
    const tzid = property?.getParameter('tzid');
    const zone = typeof tzid === 'string' && isZone(tzid) ? tzid : 'UTC';
    const end = vevent.getFirstPropertyValue('dtend');
    const durationValue = vevent.getFirstPropertyValue('duration');
    let duration = start.isDate ? 86_400 : 0;
    if (end instanceof ICAL.Time) duration = wall(end) - wall(start);
    else if (durationValue instanceof ICAL.Duration) duration = durationValue.toSeconds();
    rules.push({ event, zone, duration: Math.max(0, duration) });
  }
  const memo = new Map<number, boolean>();
  const compute = (at: number) =>
    rules.some(({ event, zone, duration }) => {
      const now = wallSeconds(at, zone);
      if (!event.isRecurring()) {
        const start = wall(event.startDate);
        return start <= now && now < start + duration;
      }
      const iterator = event.iterator();
      for (let i = 0, next = iterator.next(); next && i < MAX_OCCURRENCES; i += 1, next = iterator.next()) {
        const start = wall(next);
        if (start > now) return false;
        if (now < start + duration) return true;
      }
      return false;
    });
  return {
    active(at: number) {
      // events come in bursts: one answer per second of the clock
      const second = Math.floor(at / 1000);
      let answer = memo.get(second);
      if (answer === undefined) {
        answer = compute(at);
        if (memo.size > 1000) memo.clear();
        memo.set(second, answer);
      }
      return answer;
    },
  };
}
