import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseAnnouncement, parseAnnouncementFile, type Announcement, type AnnouncementFile } from './announcements';
import * as editing from './announcementEditing';

const { announcementForm, formToAnnouncementJson, idProblem, listProblem, moveAnnouncement, newAnnouncementForm, newAnnouncementId } = editing;
const { putAnnouncement, removeAnnouncement, serializeAnnouncementFile, textProblem, timeProblem } = editing;

const announcement = (id: string, priority: number, overrides: Record<string, unknown> = {}): Announcement => {
  const parsed = parseAnnouncement({ id, priority, isActive: true, title: { en: `T ${id}` }, ...overrides });
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
};

const FULL = announcement('full', 2, {
  expiryDate: '2027-01-02T03:04:05.000Z',
  title: { en: 'Hello', ar: 'مرحبا', fr: 'Bonjour' },
  message: { en: 'Body' },
  buttonText: { ar: 'ادخل' },
  ...{ backgroundColor: '#102030', textColor: '#fff', image: 'https://example.com/a.png', showToLoggedIn: true, showToGuests: true },
  ...{ buttonAction: 'external', buttonUrl: 'https://example.com/' },
  visibility: {
    ...{ showDays: ['monday', 'friday'], showTimeRange: { start: '22:00', end: '02:00' }, showOnPages: ['main', 'login'], hideOnPages: ['settings'] },
    ...{ showToRoles: ['driver'], hideFromRoles: ['guest'], maxShowsPerUser: 3, cooldownPeriod: 90 },
  },
});

const file = (announcements: Announcement[]): AnnouncementFile => ({ announcements, settings: DEFAULT_SETTINGS, lastUpdated: null });

describe('serializeAnnouncementFile', () => {
  it('is read back as it was', () => {
    const original = { announcements: [FULL, announcement('b', 3)], settings: { showOncePerSession: false, maxAnnouncementsPerSession: 4, autoShowDelay: 0 }, lastUpdated: '2026-01-01T00:00:00.000Z' };
    const parsed = parseAnnouncementFile(JSON.parse(JSON.stringify(serializeAnnouncementFile(original))));
    expect(parsed).toEqual({ ok: true, file: original, dropped: [] });
  });
  it('writes the spec shape: ISO expiry, visibility object, 0 for no show limit', () => {
    const json = serializeAnnouncementFile(file([announcement('a', 1)])).announcements[0]!;
    expect(json.expiryDate).toBeNull();
    expect(json.visibility).toMatchObject({ maxShowsPerUser: 0, cooldownPeriod: 0, showTimeRange: null, showDays: [] });
    expect(serializeAnnouncementFile(file([FULL])).announcements[0]!.expiryDate).toBe('2027-01-02T03:04:05.000Z');
  });
});

describe('the form', () => {
  it('round-trips a saved announcement, keeping texts of other languages', () => {
    const form = announcementForm(FULL);
    expect(form).toMatchObject({ key: 'full', titleAr: 'مرحبا', showDays: 'monday,friday', timeStart: '22:00', showOnPages: 'main, login', maxShowsPerUser: 3 });
    expect(parseAnnouncement(formToAnnouncementJson(form, FULL))).toEqual(FULL);
  });
  it('drops emptied texts, reads lists, orders days and leaves an empty range out', () => {
    const form = { ...announcementForm(FULL), titleEn: '  ', showDays: 'friday,monday', timeStart: '', timeEnd: '', showToRoles: ' Driver , ,admin ' };
    const parsed = parseAnnouncement(formToAnnouncementJson(form, FULL)) as Announcement;
    expect(parsed.title).toEqual({ ar: 'مرحبا', fr: 'Bonjour' });
    expect(parsed.visibility.showDays).toEqual(['monday', 'friday']);
    expect(parsed.visibility.showTimeRange).toBeNull();
    expect(parsed.visibility.showToRoles).toEqual(['driver', 'admin']);
  });
  it('a new one: active for signed-in users, after the others, needs a text', () => {
    const form = newAnnouncementForm(file([announcement('a', 4)]), 'n1');
    expect(form).toMatchObject({ key: 'n1', isActive: true, showToLoggedIn: true, showToGuests: false, priority: 5 });
    expect(textProblem(form)).toBe('noText');
    expect(parseAnnouncement(formToAnnouncementJson(form))).toBe('noText');
    expect(textProblem({ ...form, messageAr: 'نص' })).toBeNull();
    expect(parseAnnouncement(formToAnnouncementJson({ ...form, messageAr: 'نص' }))).toMatchObject({ id: 'n1', message: { ar: 'نص' } });
  });
  it.each([
    ['', 'idFormat'],
    ['has space', 'idFormat'],
    ['x'.repeat(65), 'idFormat'],
    ['ok-id_1.2:3', null],
  ])('identifier %j → %s', (value, problem) => expect(idProblem(value)).toBe(problem));
  it.each([
    ['', '', null],
    ['08:00', '17:30', null],
    ['8:00', '17:30', 'timeFormat'],
    ['24:00', '01:00', 'timeFormat'],
    ['08:00', '', 'timeBoth'],
    ['', '08:00', 'timeBoth'],
  ])('time %j to %j → %s', (value, other, problem) => expect(timeProblem(value, other)).toBe(problem));
  it.each([
    ['', null],
    ['main, login', null],
    ['x'.repeat(65), 'listItem'],
    [Array.from({ length: 51 }, (_, i) => `p${i}`).join(','), 'listItem'],
  ])('list %j → %s', (value, problem) => expect(listProblem(value)).toBe(problem));
});

describe('moveAnnouncement', () => {
  const ids = (list: Announcement[]) => list.map((a) => `${a.id}:${a.priority}`);
  it('swaps places and their priorities', () => {
    const list = [announcement('c', 5), announcement('a', 1), announcement('b', 2)];
    expect(ids(moveAnnouncement(list, 'b', -1))).toEqual(['b:1', 'a:2', 'c:5']);
    expect(ids(moveAnnouncement(list, 'b', 1))).toEqual(['a:1', 'c:2', 'b:5']);
  });
  it('renumbers equal priorities so the order holds', () => {
    const list = [announcement('a', 3), announcement('b', 3), announcement('c', 3)];
    expect(ids(moveAnnouncement(list, 'b', -1))).toEqual(['b:3', 'a:4', 'c:5']);
  });
  it('goes nowhere past either end, or for an unknown id', () => {
    const list = [announcement('a', 1), announcement('b', 2)];
    expect(ids(moveAnnouncement(list, 'a', -1))).toEqual(['a:1', 'b:2']);
    expect(ids(moveAnnouncement(list, 'b', 1))).toEqual(['a:1', 'b:2']);
    expect(ids(moveAnnouncement(list, 'z', 1))).toEqual(['a:1', 'b:2']);
  });
  it('never goes over the highest priority number', () => {
    const list = [announcement('a', 1000), announcement('b', 1000)];
    expect(moveAnnouncement(list, 'b', -1).every((a) => a.priority <= 1000)).toBe(true);
  });
});

describe('put, remove, new ids', () => {
  it('replaces by the id before the edit, or adds', () => {
    const start = file([announcement('a', 1), announcement('b', 2)]);
    expect(putAnnouncement(start, announcement('a2', 1), 'a').announcements.map((a) => a.id)).toEqual(['a2', 'b']);
    expect(putAnnouncement(start, announcement('c', 3), null).announcements.map((a) => a.id)).toEqual(['a', 'b', 'c']);
    expect(removeAnnouncement(start, 'a').announcements.map((a) => a.id)).toEqual(['b']);
  });
  it('makes an identifier the file accepts and nobody has', () => {
    const values = ['x', 'x', 'y'];
    const id = newAnnouncementId(['announcement-x'], () => values.shift()!);
    expect(id).toBe('announcement-y');
    expect(idProblem(newAnnouncementId([]))).toBeNull();
  });
});
