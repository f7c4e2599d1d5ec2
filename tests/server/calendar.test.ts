import { describe, expect, it } from 'vitest';
import { calendarCheck } from '../../server/events/calendar.ts';

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
});
