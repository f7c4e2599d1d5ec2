/**
 * Whether a calendar is active at a moment, as Traccar decides it for notifications: some event of
 * the iCalendar document (with its recurrences, its moved or cancelled occurrences and its
 * exceptions) covers that moment. Times are compared as wall times in the event's own zone: an
 * IANA TZID (Traccar's own client writes one without a VTIMEZONE block), a TZID the file defines
 * in a VTIMEZONE (Outlook's "Arab Standard Time"), UTC, or UTC for floating times (the server's
 * zone).
 *
 * The check runs in the ingest path, so its work is bounded whatever the calendar says (see
 * docs/security.md):
 * - each recurring series keeps the occurrences of a window (the checked moment to a day after it)
 *   and answers from it while later moments stay inside;
 * - a simple rule (SECONDLY to WEEKLY, with INTERVAL and at most BYDAY/BYHOUR/BYMINUTE/BYSECOND, or
 *   COUNT without BY parts) jumps straight to the checked moment by the rule's arithmetic (a shifted
 *   DTSTART, COUNT less the occurrences skipped), so neither the calendar's age nor time moving
 *   backwards makes it walk from DTSTART; any other rule walks on from its latest checkpoint before
 *   the moment;
 * - one check follows at most MAX_STEPS occurrences in all; a check that runs out answers active
 *   (a notification is never dropped because its calendar was too costly to read) and keeps its
 *   place, so the next check goes on from there;
 * - a calendar is saved only if its series repeat at most CALENDAR_BUDGET times within any window
 *   of 366 days either side of a moment (`calendarBudget`), and sub-daily rules carry no BY parts.
 */
import ICAL from 'ical.js';


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

/** Occurrences (and EXDATE/RDATE values read) followed in one check, all series together. */
export const MAX_STEPS = 250;
/** Occurrences followed by all the calendar checks of one ingest turn (one position's events). */
export const TURN_STEPS = 500;
/** Steps that making an expansion counts for (ical.js prepares the rule's first period: 4 occurrences' worth or so). */
const EXPANSION_STEPS = 4;
/** Occurrences a saved calendar may have within 366 days either side of any moment, all series together. */
export const CALENDAR_BUDGET = 20_000;
/** Bytes a saved calendar may have: reading it (once per edit, in the ingest path) stays short. */
export const CALENDAR_MAX_BYTES = 128 * 1024;
/** 366 days either side: the window the budget is counted over, in seconds. */
export const BUDGET_WINDOW = 2 * 366 * 86_400;
/** Occurrences a save follows of a rule before it extrapolates the rest of the window from them. */
const SAMPLE = 1_000;
/** Occurrences a save follows in all, its rules together. */
const SAVE_WALK = 4_000;
/** How far past the checked moment a series expands its occurrences for later checks: a day, or … */
const SPAN = 86_400;
/** … this many occurrences after the moment, whichever comes first; … */
const AHEAD = 32;
/** … and from a day before it, unless that day holds more occurrences than this. */
const BEHIND = 32;
/** A walking series keeps its place every so many occurrences, to go back without starting over. */
const CHECKPOINT_EVERY = 64;

const FREQ_SECONDS: Record<string, number> = { SECONDLY: 1, MINUTELY: 60, HOURLY: 3_600, DAILY: 86_400, WEEKLY: 604_800 };
const SUB_DAILY = new Set(['SECONDLY', 'MINUTELY', 'HOURLY']);
const JUMP_PARTS = new Set(['BYSECOND', 'BYMINUTE', 'BYHOUR', 'BYDAY']);
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** The work done by the latest check and since the check was built. */
export interface CalendarStats {
  /** occurrences followed (and EXDATE/RDATE values read) by the latest `active` call */
  steps: number;
  /** the same, over every call */
  totalSteps: number;
  /** whether the latest call ran out of MAX_STEPS (and answered active) */
  exhausted: boolean;
}

/** Steps left and spent: one check's, or (`turnBudget`) one ingest turn's, shared by its checks. */
export interface Budget {
  left: number;
  steps: number;
}

/** The budget of one ingest turn, shared by every calendar check it makes. */
export function turnBudget(): Budget {
  return { left: TURN_STEPS, steps: 0 };
}

class Exhausted extends Error {}

function spend(budget: Budget, steps: number): void {
  if (budget.left < steps) throw new Exhausted();
  budget.steps += steps;
  budget.left -= steps;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const lcm = (a: number, b: number) => (a / gcd(a, b)) * b;

function ruleParts(rule: ICAL.Recur): string[] {
  return Object.entries(rule.parts ?? {})
    .filter(([, values]) => Array.isArray(values) && values.length > 0)
    .map(([name]) => name);
}

/** How a simple rule jumps: whole `unit`s (wall seconds) of DTSTART keep its occurrences in place. */
interface Jump {
  rule: ICAL.Recur;
  /** wall seconds per unit (SECONDLY to WEEKLY), or 0 for a rule counted in months */
  unit: number;
  /** months per unit (MONTHLY, YEARLY), or 0 */
  months: number;
  /** a MONTHLY/YEARLY rule takes its day of the month from DTSTART (no BYMONTHDAY, BYDAY, BYYEARDAY, BYWEEKNO) */
  dayFromStart: boolean;
  /** a MONTHLY/YEARLY rule whose occurrences do not depend on DTSTART's date at all (BYDAY or BYMONTHDAY, in
   * BYMONTH for YEARLY, no BYSETPOS): DTSTART may move to the day before the moment */
  anyDay: boolean;
  /** occurrences per unit (COUNT arithmetic; rules with COUNT have no BY parts, so 1) */
  count: number | null;
  /** whether a shifted DTSTART is itself one of the rule's occurrences (ical.js yields DTSTART even when it is not) */
  matches: (time: ICAL.Time) => boolean;
}

function jumpOf(event: ICAL.Event): Jump | null {
  const component = event.component;
  if (component.hasProperty('rdate')) return null;
  const rules = component.getAllProperties('rrule');
  if (rules.length !== 1) return null;
  const rule = rules[0]!.getFirstValue() as ICAL.Recur;
  const parts = ruleParts(rule);
  if ((rule.freq === 'MONTHLY' || rule.freq === 'YEARLY') && !rule.count) {
    // the rule's occurrences in a month (year) do not depend on where DTSTART was: shift it by
    // whole units, to a moment before the one checked, and drop the shifted DTSTART itself
    const dayFromStart = !['BYMONTHDAY', 'BYDAY', 'BYYEARDAY', 'BYWEEKNO'].some((p) => parts.includes(p));
    const anyDay =
      !dayFromStart &&
      (rule.interval || 1) === 1 &&
      !['BYSETPOS', 'BYYEARDAY', 'BYWEEKNO'].some((p) => parts.includes(p)) &&
      (rule.freq === 'MONTHLY' || parts.includes('BYMONTH'));
    return { rule, unit: 0, months: (rule.interval || 1) * (rule.freq === 'YEARLY' ? 12 : 1), dayFromStart, anyDay, count: null, matches: () => false };
  }
  const base = FREQ_SECONDS[rule.freq];
  if (!base) return null;
  if (parts.some((p) => !JUMP_PARTS.has(p))) return null;
  const days = (rule.parts.BYDAY ?? []) as string[];
  if (days.some((d) => !WEEKDAYS.includes(d))) return null;
  if (rule.count && parts.length > 0) return null;
  // BYHOUR, BYMINUTE and BYSECOND repeat daily and BYDAY picks days, so a whole number of days
  // (and of the rule's period) keeps the occurrences in place; a WEEKLY period is already whole weeks
  let unit = base * (rule.interval || 1);
  if (parts.length > 0) unit = lcm(unit, 86_400);
  const start = event.startDate;
  if (start.isDate && unit % 86_400 !== 0) return null;
  const by = rule.parts as Record<string, number[] | undefined>;
  const has = (part: string, value: number) => !by[part]?.length || by[part].includes(value);
  const matches = (time: ICAL.Time) =>
    (!days.length || days.includes(WEEKDAYS[time.dayOfWeek() - 1] ?? '')) &&
    has('BYHOUR', time.hour) &&
    has('BYMINUTE', time.minute) &&
    has('BYSECOND', time.second);
  return { rule, unit, months: 0, dayFromStart: false, anyDay: false, count: rule.count ?? null, matches };
}

/** A walk's place: every occurrence followed so far starts at or before `start` and ends by `reach`. */
interface Checkpoint {
  start: number;
  reach: number;
  state: ReturnType<ICAL.RecurExpansion['toJSON']>;
}

interface Interval {
  start: number;
  end: number;
}

/** One series (an event and its exceptions) with its clock and its cached window of occurrences. */
class Series {
  private readonly jump: Jump | null;
  /** wall seconds of DTSTART and the occurrence's length */
  private readonly start: number;
  private readonly length: number;
  /** the component the jumping expansion reads (a copy, when COUNT must shrink) */
  private counted: ICAL.Component | null = null;
  /** occurrences starting in [lo - length, hi), for moments in [lo, hi) */
  private lo = Infinity;
  private hi = -Infinity;
  private intervals: Interval[] = [];
  /** a walking series: its expansion, its next occurrence, the latest end of those followed */
  private walk: { expansion: ICAL.RecurExpansion; next: Interval | null; reach: number; steps: number } | null = null;
  /** the walk answers moments from here on (earlier ones go back to a checkpoint) */
  private watermark = -Infinity;
  /** the latest end of the occurrences followed that start at or before the watermark */
  private reach = -Infinity;
  /** occurrences followed that start after the watermark */
  private pending: Interval[] = [];
  private readonly checkpoints: Checkpoint[] = [];

  constructor(
    private readonly event: ICAL.Event,
    private readonly clock: WallClock,
  ) {
    this.start = wall(event.startDate);
    this.length = Math.max(0, wall(event.endDate) - this.start);
    this.jump = event.isRecurring() ? jumpOf(event) : null;
    this.unchecked = event.component
      .getAllProperties('rrule')
      .some((p) => {
        const rule = p.getFirstValue() as ICAL.Recur;
        return SUB_DAILY.has(rule.freq) && ruleParts(rule).length > 0;
      });
  }

  /**
   * A SECONDLY, MINUTELY or HOURLY rule with BY parts (refused when saved, but it may have been
   * stored before): ical.js searches it second by second, so it is not read and counts as active.
   */
  private readonly unchecked: boolean;
  /** without exceptions, an occurrence's end is its start plus this many (wall) seconds; 0: ask ical.js */
  private plain = 0;

  /** EXDATE and RDATE values an expansion reads when it is made. */
  private get dateValues(): number {
    let n = 0;
    for (const name of ['exdate', 'rdate']) for (const p of this.event.component.getAllProperties(name)) n += p.getValues().length;
    return n;
  }

  private occurrence(time: ICAL.Time): Interval {
    if (this.plain) {
      const start = wall(time);
      return { start, end: start + this.plain };
    }
    const details = this.event.getOccurrenceDetails(time);
    return { start: wall(details.startDate), end: wall(details.endDate) };
  }

  private static next(expansion: ICAL.RecurExpansion): ICAL.Time | null {
    try {
      return expansion.complete ? null : (expansion.next() ?? null);
    } catch {
      return null; // ical.js gives up on a rule it cannot fulfil: no more occurrences
    }
  }

  /** moved occurrences (RECURRENCE-ID), wherever they moved to */
  private moved: Interval[] | null = null;

  active(at: number, budget: Budget): boolean {
    const now = this.clock(at);
    if (!this.event.isRecurring()) return this.start <= now && now < wall(this.event.endDate);
    if (this.unchecked) return true;
    if (this.moved === null) {
      // read once the exceptions are related (after the constructor)
      this.moved = Object.values(this.event.exceptions).map((e) => ({ start: wall(e.startDate), end: wall(e.endDate) }));
      const duration = this.event.duration.toSeconds();
      this.plain = this.moved.length === 0 && duration > 0 ? duration : 0;
    }
    if (this.moved.some((i) => i.start <= now && now < i.end)) return true;
    if (!(this.lo <= now && now < this.hi)) {
      if (this.jump) this.expandJumping(now, budget);
      else this.expandWalking(now, budget);
    }
    return this.intervals.some((i) => i.start <= now && now < i.end);
  }

  /**
   * The occurrences for moments from a day before `now` to a day after it (or AHEAD occurrences
   * after it), so that moments going back and forth around it are answered from the cache; a rule
   * with more than BEHIND occurrences in the day before `now` starts its window at `now` instead.
   */
  private expandJumping(now: number, budget: Budget): void {
    if (!this.expandJumpingFrom(now - SPAN, now, budget, BEHIND)) this.expandJumpingFrom(now, now, budget, Infinity);
  }

  /** Occurrences from the first starting at or after `lo - length`, for moments from `lo`; false: more than `behind` before `now`. */
  private expandJumpingFrom(lo: number, now: number, budget: Budget, behind: number): boolean {
    const jump = this.jump!;
    const from = lo - this.length;
    let k = 0;
    let component = this.event.component;
    let dtstart = this.event.startDate.clone();
    if (jump.anyDay && from - 86_400 > this.start) {
      // the day before `from`, at DTSTART's time of day (the shifted DTSTART itself is dropped below)
      const s = this.event.startDate;
      const d = new Date((from - 86_400) * 1000);
      k = 1;
      dtstart = ICAL.Time.fromData(
        { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: s.hour, minute: s.minute, second: s.second, isDate: s.isDate },
        s.zone,
      );
    } else if (jump.months > 0) {
      const s = this.event.startDate;
      const f = new Date(from * 1000);
      // whole units to a month before the one `from` falls in
      const months = f.getUTCFullYear() * 12 + f.getUTCMonth() - (s.year * 12 + s.month - 1) - 1;
      for (k = Math.max(0, Math.floor(months / jump.months)); k > 0; k -= 1) {
        const total = s.year * 12 + s.month - 1 + k * jump.months;
        const year = Math.floor(total / 12);
        const month = (total % 12) + 1;
        const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
        const day = jump.dayFromStart ? s.day : 1;
        if (day > days) continue; // e.g. the 31st: ical.js skips such months, so does the jump
        dtstart = ICAL.Time.fromData({ year, month, day, hour: s.hour, minute: s.minute, second: s.second, isDate: s.isDate }, s.zone);
        break;
      }
    } else {
      k = Math.max(0, Math.floor((from - this.start) / jump.unit));
      if (jump.count !== null) k = Math.max(0, Math.min(k, jump.count - 1));
      if (jump.count !== null && k > 0) {
        if (!this.counted) this.counted = new ICAL.Component(structuredClone(this.event.component.toJSON()));
        component = this.counted;
        const rule = jump.rule.clone();
        rule.count = jump.count - k;
        component.updatePropertyWithValue('rrule', rule);
      }
      if (k > 0) {
        const shift = k * jump.unit;
        dtstart.adjust(Math.floor(shift / 86_400), 0, 0, shift % 86_400);
      }
    }
    this.lo = Infinity;
    this.hi = -Infinity;
    this.intervals = [];
    spend(budget, EXPANSION_STEPS + this.dateValues);
    const expansion = new ICAL.RecurExpansion({ component, dtstart });
    let first = true;
    let ahead = 0;
    const intervals: Interval[] = [];
    let hi = now + SPAN;
    for (;;) {
      const time = Series.next(expansion);
      if (!time) break;
      if (first && k > 0 && time.compare(dtstart) === 0 && !jump.matches(dtstart)) {
        first = false;
        continue;
      }
      first = false;
      const interval = this.occurrence(time);
      if (interval.start >= hi) break;
      if (interval.start < now - this.length && --behind < 0) {
        spend(budget, 1);
        return false;
      }
      if (interval.start > now && ++ahead > AHEAD) {
        hi = interval.start;
        break;
      }
      if (budget.left <= 0) {
        // out of steps: keep what covers the moment (occurrences starting before this one)
        hi = interval.start;
        break;
      }
      spend(budget, 1);
      intervals.push(interval);
    }
    this.intervals = intervals;
    if (hi <= now) throw new Exhausted();
    this.lo = lo;
    this.hi = hi;
    return true;
  }

  /** Walks on from the place reached (or the latest checkpoint at or before the moment) to `now + SPAN`. */
  private expandWalking(now: number, budget: Budget): void {
    this.lo = Infinity;
    this.hi = -Infinity;
    let checkpoint: Checkpoint | null = null;
    for (const c of this.checkpoints) if (c.start <= now) checkpoint = c;
    // go on from where the walk is, unless the moment is behind it or a checkpoint is nearer
    if (!this.walk || now < this.watermark || (checkpoint && checkpoint.start > this.watermark)) {
      spend(budget, EXPANSION_STEPS + this.dateValues);
      const expansion = checkpoint
        ? new ICAL.RecurExpansion(structuredClone(checkpoint.state) as unknown as ConstructorParameters<typeof ICAL.RecurExpansion>[0])
        : new ICAL.RecurExpansion({ component: this.event.component, dtstart: this.event.startDate });
      const time = Series.next(expansion);
      this.walk = { expansion, next: time ? this.occurrence(time) : null, reach: checkpoint?.reach ?? -Infinity, steps: 0 };
      this.reach = this.walk.reach;
      this.pending = [];
    }
    this.watermark = now;
    const pending: Interval[] = [];
    for (const p of this.pending) {
      if (p.start <= now) this.reach = Math.max(this.reach, p.end);
      else pending.push(p);
    }
    this.pending = pending;
    const walk = this.walk;
    let hi = now + SPAN;
    while (walk.next && walk.next.start < hi) {
      if (this.pending.length >= AHEAD) {
        hi = walk.next.start;
        break;
      }
      spend(budget, 1); // throws when out of steps: the walk keeps its place for the next check
      const o = walk.next;
      walk.reach = Math.max(walk.reach, o.end);
      if (o.start <= now) this.reach = Math.max(this.reach, o.end);
      else this.pending.push(o);
      walk.steps += 1;
      if (walk.steps % CHECKPOINT_EVERY === 0 && (this.checkpoints.at(-1)?.start ?? -Infinity) < o.start) {
        this.checkpoints.push({ start: o.start, reach: walk.reach, state: walk.expansion.toJSON() });
      }
      const time = Series.next(walk.expansion);
      walk.next = time ? this.occurrence(time) : null;
    }
    this.intervals = [{ start: -Infinity, end: this.reach }, ...this.pending];
    this.lo = now;
    this.hi = walk.next ? hi : Infinity;
  }
}

/** A calendar's check; `stats` tells the work its checks did. */
export interface CalendarCheck {
  /** whether the calendar is active at `at` (ms); `turn`: the ingest turn's budget, spent too */
  active(at: number, turn?: Budget): boolean;
  readonly stats: CalendarStats;
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
    // exceptions: [] skips ical.js's scan of every sibling VEVENT per event (quadratic); they are related below
    const event = new ICAL.Event(vevent, { exceptions: [] });
    masters.set(event.uid, event);
    series.push(new Series(event, clockFor(property, start)));
  }
  for (const exception of exceptions) {
    const master = masters.get(String(exception.getFirstPropertyValue('uid')));
    if (master) master.relateException(exception);
  }
  const stats: CalendarStats = { steps: 0, totalSteps: 0, exhausted: false };
  return {
    stats,
    active(at, turn) {
      const budget: Budget = { left: Math.min(MAX_STEPS, turn ? Math.max(0, turn.left) : MAX_STEPS), steps: 0 };
      stats.exhausted = false;
      try {
        return series.some((s) => s.active(at, budget));
      } catch (error) {
        // too costly to read this time (or ical.js failed on it): the notification is not dropped
        stats.exhausted = error instanceof Exhausted;
        return true;
      } finally {
        stats.steps = budget.steps;
        stats.totalSteps += budget.steps;
        if (turn) {
          turn.left -= budget.steps;
          turn.steps += budget.steps;
        }
      }
    },
  };
}

/**
 * Why a calendar may not be saved, or null when it may: its series repeat more than
 * CALENDAR_BUDGET times within some window of 366 days either side of a moment (counted over each
 * series' densest window, the first from its DTSTART, with EXDATE and RDATE values and one-off
 * events counted too), or a SECONDLY, MINUTELY or HOURLY rule carries BY parts, or the file is
 * larger than CALENDAR_MAX_BYTES.
 */
export function calendarBudget(text: string): string | null {
  const bytes = Buffer.byteLength(text);
  if (bytes > CALENDAR_MAX_BYTES) {
    return `it is ${Math.ceil(bytes / 1024)} KB; Athar reads calendars while it receives positions and takes calendars up to ${CALENDAR_MAX_BYTES / 1024} KB`;
  }
  const root = parseCalendar(text);
  let total = 0;
  let allowance = SAVE_WALK;
  const over = () => `it repeats more than ${CALENDAR_BUDGET.toLocaleString('en-US')} times within 366 days either side of a moment (all its events together); Athar checks calendars while it receives positions, so it refuses rules this fine: use a coarser rule (e.g. FREQ=DAILY or WEEKLY) or fewer events`;
  for (const vevent of root.getAllSubcomponents('vevent')) {
    const start = vevent.getFirstPropertyValue('dtstart');
    if (!(start instanceof ICAL.Time)) continue;
    total += 1;
    for (const name of ['exdate', 'rdate']) for (const p of vevent.getAllProperties(name)) total += p.getValues().length;
    if (total > CALENDAR_BUDGET) return over();
    if (vevent.hasProperty('recurrence-id') || !vevent.hasProperty('rrule')) continue;
    const rules = vevent.getAllProperties('rrule').map((p) => p.getFirstValue() as ICAL.Recur);
    for (const rule of rules) {
      if (SUB_DAILY.has(rule.freq) && ruleParts(rule).length > 0) {
        return `a FREQ=${rule.freq} rule may not have BY parts (${ruleParts(rule).join(', ')}); Athar checks calendars while it receives positions and refuses rules it cannot check quickly: use FREQ=DAILY or WEEKLY with BYHOUR, BYMINUTE or BYDAY`;
      }
    }
    const first = wall(start);
    const end = first + BUDGET_WINDOW;
    const rule = rules[0];
    if (rule && rules.length === 1 && FREQ_SECONDS[rule.freq] && ruleParts(rule).length === 0 && !vevent.hasProperty('rdate')) {
      // a plain rule: its count in the window is arithmetic
      const period = (FREQ_SECONDS[rule.freq] ?? 1) * (rule.interval || 1);
      let n = Math.ceil(BUDGET_WINDOW / period);
      if (rule.count) n = Math.min(n, rule.count);
      if (rule.until) n = Math.min(n, Math.max(0, Math.floor((wall(rule.until) - first) / period) + 1));
      total += n;
      if (total > CALENDAR_BUDGET) return over();
      continue;
    }
    // any other rule: count its first window, or extrapolate from its first SAMPLE occurrences
    const expansion = new ICAL.RecurExpansion({ component: vevent, dtstart: start });
    const count = rules.length === 1 && rule?.count ? rule.count : Infinity;
    // the whole save follows at most SAVE_WALK occurrences; each rule at least 16 before it extrapolates
    const sample = Math.max(16, Math.min(SAMPLE, allowance));
    let n = 0;
    for (;;) {
      let time: ICAL.Time | null;
      try {
        time = expansion.complete ? null : expansion.next();
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
      if (!time || wall(time) >= end) break;
      n += 1;
      if (total + n > CALENDAR_BUDGET) return over();
      if (n >= sample) {
        n = Math.min(count, Math.ceil((n * BUDGET_WINDOW) / Math.max(1, wall(time) - first)));
        break;
      }
    }
    allowance -= Math.min(n, sample);
    total += n;
    if (total > CALENDAR_BUDGET) return over();
  }
  return null;
}
