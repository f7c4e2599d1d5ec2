import { describe, expect, it } from 'vitest';
import { calendarCheck, MAX_STEPS } from '../../server/events/calendar.ts';

const ics = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR'].join('\r\n');
const at = (iso: string) => Date.parse(iso);

describe('a calendar is active', () => {
  it('during a one-off event, in its TZID without a VTIMEZONE (as Traccar’s client writes it)', () => {
    const check = calendarCheck(ics('BEGIN:VEVENT', 'UID:1', 'DTSTART;TZID=Asia/Riyadh:20261125T080000', 'DTEND;TZID=Asia/Riyadh:20261125T170000', 'RRULE:FREQ=DAILY;COUNT=1', 'END:VEVENT'))!;
    expect(check.active(at('2026-11-25T04:59:59Z'))).toBe(false); // 07:59:59 in Riyadh
    expect(check.active(at('2026-11-25T05:00:00Z'))).toBe(true);
    expect(check.active(at('2026-11-25T13:59:59Z'))).toBe(true);
    expect(check.active(at('2026-11-25T14:00:00Z'))).toBe(false); // the end is not inside
    expect(check.active(at('2026-11-26T06:00:00Z'))).toBe(false); // once only
  });

  it('on the chosen days of a weekly rule, and not on the others', () => {
    const check = calendarCheck(ics('BEGIN:VEVENT', 'UID:1', 'DTSTART;TZID=Europe/Paris:20260105T090000', 'DTEND;TZID=Europe/Paris:20260105T120000', 'RRULE:FREQ=WEEKLY;BYDAY=MO,TH', 'END:VEVENT'))!;
    expect(check.active(at('2026-11-26T09:30:00Z'))).toBe(true); // Thursday 10:30 in Paris (UTC+1)
    expect(check.active(at('2026-11-25T09:30:00Z'))).toBe(false); // Wednesday
    expect(check.active(at('2026-11-26T11:30:00Z'))).toBe(false); // Thursday 12:30
    expect(check.active(at('2026-07-02T08:30:00Z'))).toBe(true); // Thursday 10:30 in summer time (UTC+2)
  });

  it('on whole days, in UTC, and not on an excluded date', () => {
    const check = calendarCheck(
      ics(
        'BEGIN:VEVENT', 'UID:a', 'DTSTART;VALUE=DATE:20270310', 'DTEND;VALUE=DATE:20270313', 'END:VEVENT',
        'BEGIN:VEVENT', 'UID:b', 'DTSTART:20260101T220000Z', 'DURATION:PT2H', 'RRULE:FREQ=DAILY', 'EXDATE:20261124T220000Z', 'END:VEVENT',
      ),
    )!;
    expect(check.active(at('2027-03-12T23:00:00Z'))).toBe(true);
    expect(check.active(at('2027-03-13T00:00:01Z'))).toBe(false);
    expect(check.active(at('2026-11-25T23:30:00Z'))).toBe(true); // across midnight
    expect(check.active(at('2026-11-24T23:30:00Z'))).toBe(false); // excluded
    expect(check.active(at('2026-11-25T12:00:00Z'))).toBe(false);
  });

  it('cannot be read: the check is null, and the calendar limits nothing', () => {
    expect(calendarCheck('not a calendar')).toBeNull();
    expect(calendarCheck('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:2026')).toBeNull();
  });

  it('follows a moved occurrence (RECURRENCE-ID): active at its new time, not at its old one', () => {
    const check = calendarCheck(
      ics(
        'BEGIN:VEVENT', 'UID:s', 'DTSTART:20261123T080000Z', 'DTEND:20261123T090000Z', 'RRULE:FREQ=DAILY', 'END:VEVENT',
        'BEGIN:VEVENT', 'UID:s', 'RECURRENCE-ID:20261125T080000Z', 'DTSTART:20261125T150000Z', 'DTEND:20261125T160000Z', 'END:VEVENT',
      ),
    )!;
    expect(check.active(at('2026-11-24T08:30:00Z'))).toBe(true);
    expect(check.active(at('2026-11-25T08:30:00Z'))).toBe(false);
    expect(check.active(at('2026-11-25T15:30:00Z'))).toBe(true);
    expect(check.active(at('2026-11-26T08:30:00Z'))).toBe(true);
  });

  it('reads a TZID the file defines in a VTIMEZONE (Outlook’s names)', () => {
    const check = calendarCheck(
      ics(
        'BEGIN:VTIMEZONE', 'TZID:Arab Standard Time', 'BEGIN:STANDARD', 'DTSTART:16010101T000000', 'TZOFFSETFROM:+0300', 'TZOFFSETTO:+0300', 'END:STANDARD', 'END:VTIMEZONE',
        'BEGIN:VEVENT', 'UID:o', 'DTSTART;TZID=Arab Standard Time:20260105T080000', 'DTEND;TZID=Arab Standard Time:20260105T170000', 'RRULE:FREQ=DAILY', 'END:VEVENT',
      ),
    )!;
    expect(check.active(at('2026-11-25T05:30:00Z'))).toBe(true); // 08:30 at UTC+3
    expect(check.active(at('2026-11-25T04:30:00Z'))).toBe(false); // 07:30
    expect(check.active(at('2026-11-25T14:30:00Z'))).toBe(false); // 17:30
  });

  it('answers moments out of order the same as in order', () => {
    const check = calendarCheck(ics('BEGIN:VEVENT', 'UID:1', 'DTSTART:20200101T080000Z', 'DTEND:20200101T090000Z', 'RRULE:FREQ=DAILY', 'END:VEVENT'))!;
    const moments = ['2026-11-25T08:30:00Z', '2024-02-29T08:59:59Z', '2026-11-25T09:00:00Z', '2021-06-01T07:59:59Z', '2026-11-26T08:00:00Z'];
    expect(moments.map((m) => check.active(at(m)))).toEqual([true, true, false, false, true]);
  });

  it('keeps its place along a long daily rule, moment after moment, and answers each right', () => {
    const check = calendarCheck(ics('BEGIN:VEVENT', 'UID:1', 'DTSTART:20200101T080000Z', 'DTEND:20200101T090000Z', 'RRULE:FREQ=DAILY', 'END:VEVENT'))!;
    const first = Date.parse('2026-11-25T08:00:00Z');
    let active = 0;
    for (let i = 0; i < 5000; i += 1) if (check.active(first + i * 1000)) active += 1;
    expect(active).toBe(3600);
  });

  it('answers a per-minute rule from years ago exactly, by jumping to the moment (no walk from DTSTART)', () => {
    const check = calendarCheck(ics('BEGIN:VEVENT', 'UID:1', 'DTSTART:20200101T000000Z', 'DURATION:PT10S', 'RRULE:FREQ=MINUTELY', 'END:VEVENT'))!;
    expect(check.active(at('2026-11-25T08:00:30Z'))).toBe(false);
    expect(check.active(at('2026-11-25T08:01:05Z'))).toBe(true);
    expect(check.stats.exhausted).toBe(false);
    expect(check.stats.totalSteps).toBeLessThan(MAX_STEPS);
  });
});
