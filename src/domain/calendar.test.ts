import { describe, expect, it } from 'vitest';
import {
  decodeBase64,
  defaultSimpleCalendar,
  encodeBase64,
  InvalidCalendar,
  parseCalendarData,
  parseCalendarText,
  simpleCalendarData,
  simpleCalendarText,
  type SimpleCalendar,
} from './calendar';

const riyadh: SimpleCalendar = {
  start: '2026-11-25T05:00:00.000Z', // 08:00 in Riyadh (UTC+3), a Wednesday
  end: '2026-11-25T14:00:00.000Z',
  timeZone: 'Asia/Riyadh',
  recurrence: 'daily',
  days: [],
};

describe('simple calendars', () => {
  it('are written with their wall times in the zone and the rule of each recurrence', () => {
    const text = simpleCalendarText(riyadh);
    expect(text).toContain('DTSTART;TZID=Asia/Riyadh:20261125T080000');
    expect(text).toContain('DTEND;TZID=Asia/Riyadh:20261125T170000');
    expect(text).toContain('RRULE:FREQ=DAILY\n');
    expect(simpleCalendarText({ ...riyadh, recurrence: 'once' })).toContain('RRULE:FREQ=DAILY;COUNT=1');
    expect(simpleCalendarText({ ...riyadh, recurrence: 'weekly', days: ['TH', 'SU'] })).toContain('RRULE:FREQ=WEEKLY;BYDAY=SU,TH');
    expect(simpleCalendarText({ ...riyadh, recurrence: 'weekly', days: [] })).toContain('RRULE:FREQ=WEEKLY;BYDAY=WE');
    expect(simpleCalendarText({ ...riyadh, recurrence: 'monthly' })).toContain('RRULE:FREQ=MONTHLY;BYMONTHDAY=25');
    expect(simpleCalendarText({ ...riyadh, recurrence: 'weekdays' })).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
  });

  it.each(['once', 'daily', 'weekly', 'monthly', 'weekdays'] as const)('read back the same (%s)', (recurrence) => {
    const calendar: SimpleCalendar = { ...riyadh, recurrence, days: recurrence === 'weekly' ? ['SU', 'MO', 'TH'] : [] };
    expect(parseCalendarData(simpleCalendarData(calendar), 'UTC')).toEqual({ kind: 'simple', simple: calendar });
  });

  it('repeat weekly on the start’s weekday where the calendar is, whatever the browser’s zone', () => {
    // Thursday 01:00 in Riyadh is still Wednesday in UTC
    const thursday = { ...riyadh, start: '2026-11-25T22:00:00.000Z', end: '2026-11-25T23:00:00.000Z', recurrence: 'weekly' as const, days: [] };
    expect(simpleCalendarText(thursday)).toContain('RRULE:FREQ=WEEKLY;BYDAY=TH');
    expect(simpleCalendarText({ ...thursday, recurrence: 'monthly' })).toContain('RRULE:FREQ=MONTHLY;BYMONTHDAY=26');
  });

  it('name Traccar in their PRODID, so that Traccar’s own client edits them as simple ones', () => {
    expect(simpleCalendarText(riyadh)).toContain('\nPRODID:-//Traccar//NONSGML Traccar//EN\n');
  });

  it('start at the next full hour and last an hour by default', () => {
    const calendar = defaultSimpleCalendar(Date.parse('2026-11-25T05:54:19Z'), 'Europe/Paris');
    expect(calendar).toMatchObject({ start: '2026-11-25T06:00:00.000Z', end: '2026-11-25T07:00:00.000Z', timeZone: 'Europe/Paris', recurrence: 'daily' });
  });
});

describe('calendar files', () => {
  const file = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Example//EN',
    'BEGIN:VEVENT',
    'UID:a',
    'SUMMARY:Night shift',
    'DTSTART:20260105T200000Z',
    'DTEND:20260106T040000Z',
    'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:b',
    'SUMMARY:عطلة',
    'DTSTART;VALUE=DATE:20261202',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');

  it('that are not simple are described by their events', () => {
    const parsed = parseCalendarText(file, 'Asia/Riyadh');
    expect(parsed).toEqual({
      kind: 'file',
      events: [
        { summary: 'Night shift', start: '2026-01-05T20:00:00.000Z', allDay: false, rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO' },
        { summary: 'عطلة', start: '2026-12-01T21:00:00.000Z', allDay: true, rule: '' },
      ],
    });
  });

  it('keep their text through base64, Arabic included', () => {
    expect(decodeBase64(encodeBase64(file))).toBe(file);
  });

  it('with floating times, whole days or zones only the file defines stay files (rewriting would move them)', () => {
    const one = (start: string, end: string) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:x', start, end, 'RRULE:FREQ=DAILY', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    expect(parseCalendarText(one('DTSTART:20260105T080000', 'DTEND:20260105T090000'), 'Asia/Riyadh').kind).toBe('file');
    expect(parseCalendarText(one('DTSTART;VALUE=DATE:20260105', 'DTEND;VALUE=DATE:20260106'), 'Asia/Riyadh').kind).toBe('file');
    expect(parseCalendarText(one('DTSTART;TZID=Arab Standard Time:20260105T080000', 'DTEND;TZID=Arab Standard Time:20260105T090000'), 'UTC').kind).toBe('file');
    expect(parseCalendarText(one('DTSTART;TZID=Asia/Riyadh:20260105T080000', 'DTEND;TZID=Asia/Riyadh:20260105T090000'), 'UTC').kind).toBe('simple');
  });

  it('with one event on a simple rule read as simple', () => {
    const one = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:x', 'DTSTART:20260105T080000Z', 'DTEND:20260105T090000Z', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    expect(parseCalendarText(one, 'UTC')).toEqual({
      kind: 'simple',
      simple: { start: '2026-01-05T08:00:00.000Z', end: '2026-01-05T09:00:00.000Z', timeZone: 'UTC', recurrence: 'once', days: [] },
    });
  });

  it.each([
    ['', 'notCalendar'],
    ['hello', 'notCalendar'],
    ['BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR', 'noEvents'],
    ['BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:x\nEND:VEVENT\nEND:VCALENDAR', 'noStart'],
    ['BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:2026\nEND:VCALENDAR', 'unreadable'],
  ])('that are broken are refused with the reason (%#)', (text, reason) => {
    let error: unknown;
    try {
      parseCalendarText(text, 'UTC');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidCalendar);
    expect((error as InvalidCalendar).reason).toBe(reason);
    if (reason === 'unreadable') expect((error as InvalidCalendar).detail).not.toBe('');
  });

  it('stored unreadable read as null', () => {
    expect(parseCalendarData('', 'UTC')).toBeNull();
    expect(parseCalendarData('%%%', 'UTC')).toBeNull();
    expect(parseCalendarData(encodeBase64('nothing'), 'UTC')).toBeNull();
  });
});
