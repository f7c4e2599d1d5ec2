/**
 * Issue 32, the high finding: a calendar cannot make the ingest path do unbounded work. Tests
 * assert the work (occurrences followed per check, calendars built), never a time; the timings are
 * bench:server's.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarCheck, MAX_STEPS, TURN_STEPS, turnBudget } from '../../server/events/calendar.ts';
import { openDatabase } from '../../server/db/database.ts';
import { ContextCache } from '../../server/ingest/context.ts';
import { ADMIN_PASSWORD, type TestServer, login, start, tempDir } from './helpers.ts';

const ics = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR'].join('\r\n');
const at = (iso: string) => Date.parse(iso);
const series = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, ...lines, 'END:VEVENT'];

/** The reported calendar: six SECONDLY series of 19,990 occurrences each, since 2020. */
const hostile = ics(...[1, 2, 3, 4, 5, 6].flatMap((n) => series(`s${n}`, 'DTSTART:20200101T000000Z', 'DURATION:PT1S', 'RRULE:FREQ=SECONDLY;COUNT=19990')));
const minutely = (year: number) => ics(...series('m', `DTSTART:${year}0101T000000Z`, 'DURATION:PT10S', 'RRULE:FREQ=MINUTELY;INTERVAL=60'));

describe('saving a calendar (POST/PUT /api/calendars)', () => {
  let server: TestServer;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  beforeAll(async () => {
    server = await start();
    headers.Cookie = await login(server.url, 'admin', ADMIN_PASSWORD);
  });
  afterAll(() => server.close());
  const save = (method: string, path: string, body: object) => fetch(server.url + path, { method, headers, body: JSON.stringify(body) });
  const data = (text: string) => Buffer.from(text).toString('base64');

  it('refuses the hostile calendar (six SECONDLY COUNT=19990 series since 2020) with a 400 that says why, on POST and PUT', async () => {
    const refused = await save('POST', '/api/calendars', { name: 'Stall', data: data(hostile) });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/more than 20,000 times within 366 days/);
    const created = await save('POST', '/api/calendars', { name: 'Hours', data: data(minutely(2020)) });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: number };
    const edited = await save('PUT', `/api/calendars/${id}`, { id, name: 'Hours', data: data(hostile) });
    expect(edited.status).toBe(400);
    expect(await edited.text()).toMatch(/Calendar refused/);
  });

  it('refuses sub-daily rules with BY parts, and keeps ordinary calendars', async () => {
    const filtered = await save('POST', '/api/calendars', { name: 'x', data: data(ics(...series('f', 'DTSTART:20200101T000000Z', 'RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30'))) });
    expect(filtered.status).toBe(400);
    expect(await filtered.text()).toMatch(/FREQ=SECONDLY rule may not have BY parts/);
    const ordinary = ics(
      ...series('shift', 'DTSTART;TZID=Asia/Riyadh:20100103T080000', 'DTEND;TZID=Asia/Riyadh:20100103T170000', 'RRULE:FREQ=WEEKLY;BYDAY=SU,MO,TU,WE,TH'),
      ...series('night', 'DTSTART:20150101T220000Z', 'DURATION:PT8H', 'RRULE:FREQ=DAILY'),
      ...Array.from({ length: 40 }, (_, i) => series(`h${i}`, `DTSTART;VALUE=DATE:2026${String(1 + (i % 12)).padStart(2, '0')}${String(1 + i).padStart(2, '0').slice(-2).replace(/^[34]/, '1')}`, 'DURATION:P1D')).flat(),
    );
    const ok = await save('POST', '/api/calendars', { name: 'Ordinary', data: data(ordinary) });
    expect(ok.status, await ok.clone().text()).toBe(200);
    // larger than 128 KB: refused, whatever it holds (reading it would take too long in the ingest path)
    const large = ics(...Array.from({ length: 1200 }, (_, i) => series(`big-${i}`, 'DTSTART;VALUE=DATE:20260101', 'DURATION:P1D', `SUMMARY:${'x'.repeat(80)}`)).flat());
    const refused = await save('POST', '/api/calendars', { name: 'Large', data: data(large) });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/up to 128 KB/);
  });
});

describe('checking a calendar', () => {
  it('follows a bounded number of occurrences for an old MINUTELY calendar, the same for one from 2020 and one from 2010', () => {
    const steps = [2010, 2020].map((year) => {
      const check = calendarCheck(ics(...series('m', `DTSTART:${year}0101T000000Z`, 'DURATION:PT10S', 'RRULE:FREQ=MINUTELY')))!;
      expect(check.active(at('2026-11-25T08:00:05Z'))).toBe(true);
      expect(check.stats.exhausted).toBe(false);
      const first = check.stats.steps;
      expect(check.active(at('2026-11-25T08:00:30Z'))).toBe(false); // answered from the cached window
      expect(check.stats.steps).toBe(0);
      return first;
    });
    expect(steps[0]).toBe(steps[1]);
    expect(steps[0]).toBeLessThanOrEqual(MAX_STEPS);
    expect(MAX_STEPS).toBeLessThanOrEqual(1_000);
  });

  it('does not start over from DTSTART when time goes backwards', () => {
    const check = calendarCheck(ics(...series('m', 'DTSTART:20100101T000000Z', 'DURATION:PT10S', 'RRULE:FREQ=MINUTELY')))!;
    const moments = ['2026-11-25T08:00:05Z', '2021-03-01T10:00:05Z', '2026-11-25T08:01:30Z', '2012-06-01T00:00:05Z', '2019-01-01T00:00:15Z'];
    const answers = moments.map((m) => {
      const active = check.active(at(m));
      expect(check.stats.exhausted, m).toBe(false);
      expect(check.stats.steps, m).toBeLessThanOrEqual(80); // a day back (given up after 32), then the moment and 32 ahead
      return active;
    });
    expect(answers).toEqual([true, true, false, true, false]);
  });

  it('keeps every check of the hostile calendar (as if stored before the limit) within MAX_STEPS', () => {
    const check = calendarCheck(hostile)!;
    for (const m of ['2020-01-01T01:00:00Z', '2020-01-01T00:00:00.500Z', '2026-11-25T08:00:00Z', '2020-01-01T05:33:09Z', '2020-01-01T05:33:10Z']) {
      check.active(at(m));
      expect(check.stats.steps, m).toBeLessThanOrEqual(MAX_STEPS);
    }
    expect(check.active(at('2020-01-01T03:00:00Z'))).toBe(true);
    expect(check.active(at('2020-01-01T06:00:00Z'))).toBe(false); // 19,990 seconds is 5 h 33 min 10 s
  });

  it('shares one budget among the calendar checks of an ingest turn: many costly calendars spend at most TURN_STEPS', () => {
    // stored before the limit: many series of a 1 s occurrence a second, each check expands its window
    const costly = () => calendarCheck(ics(...[1, 2, 3, 4].flatMap((n) => series(`s${n}`, 'DTSTART:20200101T000000Z', 'DURATION:PT2S', 'RRULE:FREQ=SECONDLY'))))!;
    const checks = Array.from({ length: 40 }, costly);
    const turn = turnBudget();
    for (const check of checks) expect(check.active(at('2026-11-25T08:00:00Z'), turn)).toBe(true);
    expect(turn.steps).toBeLessThanOrEqual(TURN_STEPS);
    expect(checks.reduce((sum, c) => sum + c.stats.steps, 0)).toBe(turn.steps);
    expect(checks.at(-1)!.stats.exhausted).toBe(true); // out of the turn's steps: answered active
  });

  it('jumps a MONTHLY rule (the last Friday) from 1970 to the moment, in a few steps', () => {
    const check = calendarCheck(ics(...series('w', 'DTSTART:19700130T080000Z', 'DURATION:PT1H', 'RRULE:FREQ=MONTHLY;BYDAY=-1FR')))!;
    expect(check.active(at('2026-11-27T08:30:00Z'))).toBe(true);
    expect(check.active(at('2026-11-20T08:30:00Z'))).toBe(false);
    expect(check.active(at('2026-10-30T08:30:00Z'))).toBe(true);
    expect(check.stats.totalSteps).toBeLessThanOrEqual(20);
  });

  it('walks a rule it cannot jump (MONTHLY with COUNT, two RRULEs) on from checkpoints when time goes backwards', () => {
    const check = calendarCheck(ics(...series('w', 'DTSTART:20000103T080000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;COUNT=8000', 'RRULE:FREQ=MONTHLY;BYMONTHDAY=1')))!;
    // the first checks catch up from 2000 within MAX_STEPS each, answering active meanwhile
    let checks = 0;
    do {
      check.active(at('2026-11-25T08:30:00Z'));
      checks += 1;
      expect(check.stats.steps).toBeLessThanOrEqual(MAX_STEPS);
    } while (check.stats.exhausted && checks < 50);
    expect(check.active(at('2026-11-25T08:30:00Z'))).toBe(true); // a Wednesday
    expect(check.active(at('2026-11-28T08:30:00Z'))).toBe(false); // a Saturday
    for (const m of ['2024-03-05T08:30:00Z', '2018-07-01T08:30:00Z', '2026-11-24T08:30:00Z']) {
      expect(check.active(at(m)), m).toBe(true);
      expect(check.stats.exhausted).toBe(false);
      expect(check.stats.steps, m).toBeLessThanOrEqual(100); // from a checkpoint (every 64), not from 2000
    }
  });

  it('answers as ical.js’s own expansion from DTSTART does, jumping or walking, in any order', () => {
    const rules = [
      ['DTSTART:20100129T080000Z', 'DURATION:PT1H', 'RRULE:FREQ=MONTHLY;BYDAY=-1FR'],
      ['DTSTART:20100131T080000Z', 'DURATION:PT1H', 'RRULE:FREQ=MONTHLY'],
      ['DTSTART:20100131T080000Z', 'DURATION:PT1H', 'RRULE:FREQ=MONTHLY;BYMONTHDAY=31,15'],
      ['DTSTART:20120229T120000Z', 'DURATION:PT6H', 'RRULE:FREQ=YEARLY'],
      ['DTSTART:20100314T090000Z', 'DURATION:PT3H', 'RRULE:FREQ=YEARLY;BYMONTH=3,11;BYDAY=2SU'],
      ['DTSTART:20100129T170000Z', 'DURATION:PT1H', 'RRULE:FREQ=MONTHLY;INTERVAL=3;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR'],
      ['DTSTART:20100106T090000', 'DTEND:20100106T120000', 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH'],
      ['DTSTART:20100105T080000', 'DURATION:PT30M', 'RRULE:FREQ=DAILY;BYHOUR=8,12;BYDAY=SU,MO,TU,WE,TH'],
      ['DTSTART:20240101T000000Z', 'DURATION:PT2H', 'RRULE:FREQ=HOURLY;INTERVAL=5;COUNT=3000'],
      ['DTSTART;VALUE=DATE:20100101', 'DTEND;VALUE=DATE:20100103', 'RRULE:FREQ=DAILY;INTERVAL=9', 'EXDATE;VALUE=DATE:20250715'],
      ['DTSTART:20100104T080000Z', 'DURATION:PT30M', 'RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=8,9,10,11,12,13,14,15,16,17'],
      ['DTSTART:20100101T080000Z', 'DURATION:PT10H', 'RRULE:FREQ=MONTHLY;BYMONTHDAY=1,15,-1'],
      ['DTSTART:20100601T080000Z', 'DURATION:PT4H', 'RRULE:FREQ=YEARLY;BYMONTH=6,7,8;BYDAY=MO,TU,WE,TH,FR;BYHOUR=8,13'],
      ['DTSTART:20100101T080000Z', 'DURATION:PT20H', 'RRULE:FREQ=YEARLY;BYYEARDAY=1,100,200,-1'],
      ['DTSTART:20100517T080000Z', 'DURATION:PT20H', 'RRULE:FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO,FR'],
      ['DTSTART:20100105T080000Z', 'DURATION:PT5H', 'RRULE:FREQ=MONTHLY;INTERVAL=2;BYDAY=1TU,3TU'],
    ];
    for (const rule of rules) {
      const text = ics(...series('r', ...rule));
      const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text) as never).getFirstSubcomponent('vevent')!);
      // the reference: occurrences from DTSTART to 2027, as UTC instants (times are UTC or floating,
      // read as UTC; zones are calendar.test.ts's)
      const reference: Array<[number, number]> = [];
      const expansion = event.iterator();
      for (let time = expansion.next(); time && time.year < 2027; time = expansion.next()) {
        const details = event.getOccurrenceDetails(time);
        const utc = (t: ICAL.Time) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
        reference.push([utc(details.startDate), utc(details.endDate)]);
      }
      const moments: number[] = [];
      for (const [start, end] of reference.filter(([s]) => s >= at('2024-06-01T00:00:00Z'))) moments.push(start - 1000, start, (start + end) / 2, end - 1000, end);
      // and moments all over 2025 (every 61 hours), where a spurious occurrence would show
      const spread: number[] = [];
      for (let m = at('2025-01-01T00:00:00Z'); m < at('2026-01-01T00:00:00Z'); m += 61 * 3_600_000) spread.push(m);
      // a shuffled order (fixed seed): forwards and backwards
      let seed = 7;
      const shuffle = (list: number[]) => list.map((m) => [m, (seed = (seed * 48271) % 2147483647)] as const).sort((a, b) => a[1] - b[1]).map(([m]) => m);
      const order = shuffle([...shuffle(moments).slice(0, 450), ...spread]);
      const check = calendarCheck(text)!;
      for (const m of order) {
        const expected = reference.some(([s, e]) => s <= m && m < e);
        expect(check.active(m), `${rule.join(' ')} at ${new Date(m).toISOString()}`).toBe(expected);
        expect(check.stats.exhausted).toBe(false);
      }
    }
  });
});

describe('the ingest cache', () => {
  it('rebuilds only the calendar an edit changed', () => {
    const db = openDatabase(tempDir());
    db.prepare("INSERT INTO users (id, name, email, administrator) VALUES (1, 'Admin', 'a@example.com', 1)").run();
    db.prepare("INSERT INTO devices (id, name, uniqueId) VALUES (5, 'Car', 'car')").run();
    const calendar = (name: string) => Number(db.prepare("INSERT INTO calendars (name, data, attributes) VALUES (?, ?, '{}')").run(name, Buffer.from(minutely(2020))).lastInsertRowid);
    const ids = [calendar('a'), calendar('b'), calendar('c')];
    for (const id of ids) {
      const n = Number(db.prepare("INSERT INTO notifications (type, always, notificators, attributes, calendarId) VALUES ('alarm', 1, 'web', '{}', ?)").run(id).lastInsertRowid);
      db.prepare("INSERT INTO links (ownerType, ownerId, propertyType, propertyId) VALUES ('user', 1, 'notification', ?)").run(n);
    }
    const cache = new ContextCache(db);
    expect(cache.get(5).notifications.map((n) => n.calendar !== null)).toEqual([true, true, true]);
    expect(cache.calendarBuilds).toBe(3);
    db.prepare('UPDATE calendars SET data = ? WHERE id = ?').run(Buffer.from(minutely(2021)), ids[1]);
    expect(cache.get(5).notifications).toHaveLength(3);
    expect(cache.calendarBuilds).toBe(4);
    db.prepare("UPDATE devices SET name = 'Car 2' WHERE id = 5").run(); // an edit of something else
    db.prepare("UPDATE calendars SET name = 'renamed' WHERE id = ?").run(ids[2]); // a calendar's name only
    expect(cache.get(5).notifications).toHaveLength(3);
    expect(cache.calendarBuilds).toBe(4);
    db.close();
  });

  it("forgets a deleted calendar's check and a deleted geofence's area", () => {
    const db = openDatabase(tempDir());
    db.prepare("INSERT INTO users (id, name, email, administrator) VALUES (1, 'Admin', 'a@example.com', 1)").run();
    db.prepare("INSERT INTO devices (id, name, uniqueId) VALUES (5, 'Car', 'car')").run();
    const calendarId = Number(db.prepare("INSERT INTO calendars (name, data, attributes) VALUES ('a', ?, '{}')").run(Buffer.from(minutely(2020))).lastInsertRowid);
    const notificationId = Number(db.prepare("INSERT INTO notifications (type, always, notificators, attributes, calendarId) VALUES ('alarm', 1, 'web', '{}', ?)").run(calendarId).lastInsertRowid);
    db.prepare("INSERT INTO links (ownerType, ownerId, propertyType, propertyId) VALUES ('user', 1, 'notification', ?)").run(notificationId);
    const geofenceId = Number(db.prepare("INSERT INTO geofences (name, area, attributes) VALUES ('Depot', 'CIRCLE (24.7 46.6, 250)', '{}')").run().lastInsertRowid);
    db.prepare("INSERT INTO links (ownerType, ownerId, propertyType, propertyId) VALUES ('device', 5, 'geofence', ?)").run(geofenceId);
    const cache = new ContextCache(db);
    expect(cache.get(5).geofences).toHaveLength(1);
    expect(cache.cachedEntries()).toEqual({ areas: 1, calendars: 1 });
    db.prepare('DELETE FROM geofences WHERE id = ?').run(geofenceId);
    db.prepare('DELETE FROM notifications WHERE id = ?').run(notificationId);
    db.prepare('DELETE FROM calendars WHERE id = ?').run(calendarId);
    expect(cache.get(5).geofences).toHaveLength(0);
    expect(cache.cachedEntries()).toEqual({ areas: 0, calendars: 0 });
    db.close();
  });
});
