import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_FILE_MESSAGES,
  DEFAULT_SETTINGS,
  GUEST,
  LIMITS,
  MAX_STORED_COUNTERS,
  announcementLinks,
  buttonTarget,
  announcementTexts,
  countersKey,
  createAnnouncementCounterStore,
  eligibleAnnouncements,
  hasPriorityBadge,
  inTimeRange,
  nextAnnouncement,
  pageOf,
  parseAnnouncement,
  parseAnnouncementFile,
  parseAnnouncementFileText,
  parseCounters,
  recordShow,
  viewerOf,
  whyNotShown,
  type Announcement,
  type AnnouncementFile,
  type CounterStorage,
  type EligibilityContext,
  type ShowCounters,
  type Viewer,
} from './announcements';

/** Monday 5 January 2026, 10:30 local time (1 January 2026 is a Thursday). */
const MONDAY = new Date(2026, 0, 5, 10, 30);
const at = (day: number, hours: number, minutes: number, seconds = 0, ms = 0) => new Date(2026, 0, day, hours, minutes, seconds, ms);
const USER: Viewer = { kind: 'user', id: 7, role: 'user' };
const MINUTE = 60_000;

const raw = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 'a1',
  isActive: true,
  title: { ar: 'عنوان', en: 'Title' },
  message: { ar: 'رسالة', en: 'Message' },
  showToLoggedIn: true,
  showToGuests: true,
  ...overrides,
});

function announcement(overrides: Record<string, unknown> = {}): Announcement {
  const parsed = parseAnnouncement(raw(overrides));
  if (typeof parsed === 'string') throw new Error(`test announcement refused: ${parsed}`);
  return parsed;
}

function file(announcements: Announcement[], settings: Partial<AnnouncementFile['settings']> = {}): AnnouncementFile {
  return { announcements, settings: { ...DEFAULT_SETTINGS, ...settings }, lastUpdated: null };
}

const context = (overrides: Partial<EligibilityContext> = {}): EligibilityContext => ({
  now: MONDAY,
  viewer: USER,
  path: '/',
  counters: new Map(),
  ...overrides,
});

const counters = (entries: Record<string, { count: number; lastShown: number }>): ShowCounters => new Map(Object.entries(entries));

describe('parseAnnouncementFile: the file', () => {
  it.each<[string, unknown]>([
    ['null', null],
    ['an array', []],
    ['no announcements', { settings: {} }],
    ['announcements not an array', { announcements: { a: 1 } }],
    ['announcements a string', { announcements: '[]' }],
    ['a number', 3],
  ])('%s is refused as format', (_, value) => {
    expect(parseAnnouncementFile(value)).toEqual({ ok: false, problem: 'format' });
  });

  it('the file errors keep the spec texts', () => {
    expect(ANNOUNCEMENT_FILE_MESSAGES).toEqual({
      format: 'Invalid announcements file format',
      read: 'Error reading file',
    });
  });

  it.each<[string, string, unknown]>([
    ['not JSON', '{"announcements": [', 'read'],
    ['empty text', '', 'read'],
    ['JSON without announcements', '{"settings": {}}', 'format'],
    ['too long', `{"announcements": [], "x": "${'a'.repeat(LIMITS.fileText)}"}`, 'read'],
  ])('text %s → %s', (_, text, problem) => {
    expect(parseAnnouncementFileText(text)).toEqual({ ok: false, problem });
  });

  it('an empty file is fine, with the default settings', () => {
    expect(parseAnnouncementFileText('{"announcements": []}')).toEqual({
      ok: true,
      file: { announcements: [], settings: DEFAULT_SETTINGS, lastUpdated: null },
      dropped: [],
    });
    expect(DEFAULT_SETTINGS).toEqual({ showOncePerSession: true, maxAnnouncementsPerSession: 1, autoShowDelay: 2000 });
  });

  it.each<[string, unknown, Partial<AnnouncementFile['settings']>]>([
    ['all given', { showOncePerSession: false, maxAnnouncementsPerSession: 3, autoShowDelay: 0 }, { showOncePerSession: false, maxAnnouncementsPerSession: 3, autoShowDelay: 0 }],
    ['settings not an object', 'x', {}],
    ['bad values → defaults', { showOncePerSession: 'yes', maxAnnouncementsPerSession: 0, autoShowDelay: -1 }, {}],
    ['fractional max → default', { maxAnnouncementsPerSession: 1.5 }, {}],
    ['delay too long → default', { autoShowDelay: LIMITS.autoShowDelay + 1 }, {}],
    ['delay not a number → default', { autoShowDelay: '500' }, {}],
    ['delay at the limit', { autoShowDelay: LIMITS.autoShowDelay }, { autoShowDelay: LIMITS.autoShowDelay }],
  ])('settings: %s', (_, settings, expected) => {
    const result = parseAnnouncementFile({ announcements: [], settings });
    expect(result.ok && result.file.settings).toEqual({ ...DEFAULT_SETTINGS, ...expected });
  });

  it('keeps a valid lastUpdated and drops a junk one', () => {
    const good = parseAnnouncementFile({ announcements: [], lastUpdated: '2026-11-22T00:00:00.000Z' });
    const bad = parseAnnouncementFile({ announcements: [], lastUpdated: 'yesterday' });
    expect(good.ok && good.file.lastUpdated).toBe('2026-11-22T00:00:00.000Z');
    expect(bad.ok && bad.file.lastUpdated).toBeNull();
  });

  it('drops invalid announcements and repeated ids, keeps the rest, and says which', () => {
    const result = parseAnnouncementFile({
      announcements: [raw({ id: 'a' }), 'junk', raw({ id: 'b', priority: 0 }), raw({ id: 'a' }), raw({ id: 'c' })],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.file.announcements.map((a) => a.id)).toEqual(['a', 'c']);
    expect(result.dropped).toEqual([
      { index: 1, problem: 'notObject' },
      { index: 2, problem: 'priority' },
      { index: 3, problem: 'duplicateId' },
    ]);
  });

  it(`keeps at most ${LIMITS.announcements} announcements`, () => {
    const many = Array.from({ length: LIMITS.announcements + 2 }, (_, i) => raw({ id: `n${i}` }));
    const result = parseAnnouncementFile({ announcements: many });
    expect(result.ok && result.file.announcements.length).toBe(LIMITS.announcements);
    expect(result.ok && result.dropped).toEqual([
      { index: LIMITS.announcements, problem: 'tooMany' },
      { index: LIMITS.announcements + 1, problem: 'tooMany' },
    ]);
  });
});

describe('parseAnnouncement: one announcement', () => {
  it('reads every field', () => {
    expect(
      parseAnnouncement(
        raw({
          id: 12,
          expiryDate: '2026-02-01T00:00:00Z',
          priority: 1,
          buttonText: { en: 'Sign in', ar: 'دخول' },
          backgroundColor: '#102030',
          textColor: '#fff',
          image: 'https://example.com/a.png',
          buttonAction: 'external',
          buttonUrl: ' https://example.com/news ',
          visibility: {
            showDays: ['Monday', 'friday'],
            showTimeRange: { start: '08:00', end: '18:00' },
            showOnPages: ['Login', 'main'],
            hideOnPages: ['settings'],
            showToRoles: ['Manager'],
            hideFromRoles: ['guest-role'],
            maxShowsPerUser: 3,
            cooldownPeriod: 90,
          },
        }),
      ),
    ).toEqual({
      id: '12',
      isActive: true,
      expiryDate: Date.UTC(2026, 1, 1),
      priority: 1,
      title: { ar: 'عنوان', en: 'Title' },
      message: { ar: 'رسالة', en: 'Message' },
      buttonText: { en: 'Sign in', ar: 'دخول' },
      backgroundColor: '#102030',
      textColor: '#fff',
      image: 'https://example.com/a.png',
      showToLoggedIn: true,
      showToGuests: true,
      buttonAction: 'external',
      buttonUrl: 'https://example.com/news',
      visibility: {
        showDays: ['monday', 'friday'],
        showTimeRange: { start: '08:00', end: '18:00' },
        showOnPages: ['login', 'main'],
        hideOnPages: ['settings'],
        showToRoles: ['manager'],
        hideFromRoles: ['guest-role'],
        maxShowsPerUser: 3,
        cooldownPeriod: 90,
      },
    });
  });

  it('defaults: inactive and nobody addressed unless the file says so, priority 3, no limits', () => {
    const parsed = parseAnnouncement({ id: 'x', title: 'Hello' });
    expect(parsed).toMatchObject({
      isActive: false,
      showToGuests: false,
      showToLoggedIn: false,
      priority: 3,
      expiryDate: null,
      title: { en: 'Hello' },
      buttonAction: null,
      visibility: { showDays: [], showTimeRange: null, maxShowsPerUser: null, cooldownPeriod: 0 },
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no id', { id: undefined }, 'id'],
    ['id with a space', { id: 'a b' }, 'id'],
    ['id too long', { id: 'x'.repeat(LIMITS.id + 1) }, 'id'],
    ['id fractional', { id: 1.5 }, 'id'],
    ['isActive a string', { isActive: 'true' }, 'isActive'],
    ['expiry junk', { expiryDate: 'soon' }, 'expiryDate'],
    ['expiry a number', { expiryDate: 1767225600000 }, 'expiryDate'],
    ['priority 0', { priority: 0 }, 'priority'],
    ['priority fractional', { priority: 1.5 }, 'priority'],
    ['priority a string', { priority: '1' }, 'priority'],
    ['title a number', { title: 5 }, 'title'],
    ['title too long', { title: { en: 'x'.repeat(LIMITS.title + 1) } }, 'title'],
    ['title with a bad language key', { title: { 'e n': 'x' } }, 'title'],
    ['message not text', { message: { en: ['x'] } }, 'message'],
    ['message too long', { message: 'x'.repeat(LIMITS.message + 1) }, 'message'],
    ['button text too long', { buttonText: { en: 'x'.repeat(LIMITS.buttonText + 1) } }, 'buttonText'],
    ['no title and no message', { title: {}, message: { en: '  ' } }, 'noText'],
    ['colour by name', { backgroundColor: 'red' }, 'backgroundColor'],
    ['colour smuggling CSS', { textColor: '#fff;background:url(x)' }, 'textColor'],
    ['image not text', { image: { src: 'x' } }, 'image'],
    ['image too long', { image: `https://e.com/${'a'.repeat(LIMITS.url)}` }, 'image'],
    ['showToGuests a number', { showToGuests: 1 }, 'showToGuests'],
    ['showToLoggedIn a string', { showToLoggedIn: 'no' }, 'showToLoggedIn'],
    ['unknown action', { buttonAction: 'navigate' }, 'buttonAction'],
    ['external without URL', { buttonAction: 'external' }, 'buttonUrl'],
    ['button URL not text', { buttonUrl: 3 }, 'buttonUrl'],
    ['visibility a list', { visibility: [] }, 'visibility'],
    ['unknown weekday', { visibility: { showDays: ['mon'] } }, 'showDays'],
    ['weekdays not a list', { visibility: { showDays: 'monday' } }, 'showDays'],
    ['time 24:00', { visibility: { showTimeRange: { start: '08:00', end: '24:00' } } }, 'showTimeRange'],
    ['time 8:00', { visibility: { showTimeRange: { start: '8:00', end: '18:00' } } }, 'showTimeRange'],
    ['time range without end', { visibility: { showTimeRange: { start: '08:00' } } }, 'showTimeRange'],
    ['page not text', { visibility: { showOnPages: [1] } }, 'showOnPages'],
    ['empty page name', { visibility: { hideOnPages: [''] } }, 'hideOnPages'],
    ['too many roles', { visibility: { showToRoles: Array.from({ length: LIMITS.listItems + 1 }, (_, i) => `r${i}`) } }, 'showToRoles'],
    ['role too long', { visibility: { hideFromRoles: ['r'.repeat(LIMITS.listItem + 1)] } }, 'hideFromRoles'],
    ['max shows negative', { visibility: { maxShowsPerUser: -1 } }, 'maxShowsPerUser'],
    ['max shows fractional', { visibility: { maxShowsPerUser: 2.5 } }, 'maxShowsPerUser'],
    ['cooldown negative', { visibility: { cooldownPeriod: -5 } }, 'cooldownPeriod'],
    ['cooldown a string', { visibility: { cooldownPeriod: '60' } }, 'cooldownPeriod'],
    ['cooldown over a week', { visibility: { cooldownPeriod: LIMITS.cooldownPeriod + 1 } }, 'cooldownPeriod'],
  ])('%s → dropped for %s', (_, overrides, problem) => {
    expect(parseAnnouncement(raw(overrides))).toBe(problem);
  });

  it('a URL is only checked for type and length here: safety is decided on the page', () => {
    expect(parseAnnouncement(raw({ buttonAction: 'external', buttonUrl: 'javascript:alert(1)' }))).toMatchObject({
      buttonUrl: 'javascript:alert(1)',
    });
  });

  it('maxShowsPerUser 0 means no limit; a fractional cooldown is kept', () => {
    expect(parseAnnouncement(raw({ visibility: { maxShowsPerUser: 0, cooldownPeriod: 0.5 } }))).toMatchObject({
      visibility: { maxShowsPerUser: null, cooldownPeriod: 0.5 },
    });
  });
});

describe('eligibility: whyNotShown, rule by rule', () => {
  const expiry = (date: Date) => ({ expiryDate: date.toISOString() });
  it.each<[string, Record<string, unknown>, Partial<EligibilityContext>, string | null]>([
    // active, not expired
    ['active, no expiry', {}, {}, null],
    ['inactive', { isActive: false }, {}, 'inactive'],
    ['isActive absent', { isActive: undefined }, {}, 'inactive'],
    ['expired a minute ago', expiry(new Date(MONDAY.getTime() - MINUTE)), {}, 'expired'],
    ['expires exactly now', expiry(MONDAY), {}, 'expired'],
    ['expires in 1 ms', expiry(new Date(MONDAY.getTime() + 1)), {}, null],
    // audience
    ['guest, shown to guests', { showToLoggedIn: false }, { viewer: GUEST }, null],
    ['guest, not shown to guests', { showToGuests: false }, { viewer: GUEST }, 'audience'],
    ['user, not shown to logged-in', { showToLoggedIn: false }, {}, 'audience'],
    ['user, shown to logged-in only', { showToGuests: false }, {}, null],
    // weekday (local)
    ['monday allowed on Monday 00:00', { visibility: { showDays: ['monday'] } }, { now: at(5, 0, 0) }, null],
    ['monday allowed on Monday 23:59:59', { visibility: { showDays: ['monday'] } }, { now: at(5, 23, 59, 59, 999) }, null],
    ['monday only, Sunday 23:59', { visibility: { showDays: ['monday'] } }, { now: at(4, 23, 59) }, 'weekday'],
    ['monday only, Tuesday 00:00', { visibility: { showDays: ['monday'] } }, { now: at(6, 0, 0) }, 'weekday'],
    ['Sunday listed, Sunday', { visibility: { showDays: ['sunday', 'saturday'] } }, { now: at(4, 12, 0) }, null],
    ['no days listed = every day', { visibility: { showDays: [] } }, { now: at(10, 12, 0) }, null],
    // time range, HH:MM inclusive
    ['09:00–17:00 at 10:30', { visibility: { showTimeRange: { start: '09:00', end: '17:00' } } }, {}, null],
    ['09:00–17:00 at 09:00', { visibility: { showTimeRange: { start: '09:00', end: '17:00' } } }, { now: at(5, 9, 0) }, null],
    ['09:00–17:00 at 17:00:59', { visibility: { showTimeRange: { start: '09:00', end: '17:00' } } }, { now: at(5, 17, 0, 59) }, null],
    ['09:00–17:00 at 17:01', { visibility: { showTimeRange: { start: '09:00', end: '17:00' } } }, { now: at(5, 17, 1) }, 'timeRange'],
    ['09:00–17:00 at 08:59', { visibility: { showTimeRange: { start: '09:00', end: '17:00' } } }, { now: at(5, 8, 59) }, 'timeRange'],
    ['22:00–02:00 at 23:30', { visibility: { showTimeRange: { start: '22:00', end: '02:00' } } }, { now: at(5, 23, 30) }, null],
    ['22:00–02:00 at 00:00', { visibility: { showTimeRange: { start: '22:00', end: '02:00' } } }, { now: at(5, 0, 0) }, null],
    ['22:00–02:00 at 02:00', { visibility: { showTimeRange: { start: '22:00', end: '02:00' } } }, { now: at(5, 2, 0) }, null],
    ['22:00–02:00 at 02:01', { visibility: { showTimeRange: { start: '22:00', end: '02:00' } } }, { now: at(5, 2, 1) }, 'timeRange'],
    ['22:00–02:00 at 21:59', { visibility: { showTimeRange: { start: '22:00', end: '02:00' } } }, { now: at(5, 21, 59) }, 'timeRange'],
    ['10:30–10:30 at 10:30', { visibility: { showTimeRange: { start: '10:30', end: '10:30' } } }, {}, null],
    ['10:30–10:30 at 10:31', { visibility: { showTimeRange: { start: '10:30', end: '10:30' } } }, { now: at(5, 10, 31) }, 'timeRange'],
    // page
    ['main on /', { visibility: { showOnPages: ['main'] } }, { path: '/' }, null],
    ['main on /login', { visibility: { showOnPages: ['main'] } }, { path: '/login' }, 'page'],
    ['login on /login?x=1#top', { visibility: { showOnPages: ['login'] } }, { path: '/login?x=1#top' }, null],
    ['settings on /settings/users', { visibility: { showOnPages: ['settings'] } }, { path: '/settings/users' }, null],
    ['users is not the first segment', { visibility: { showOnPages: ['users'] } }, { path: '/settings/users' }, 'page'],
    ['all on /reports/route', { visibility: { showOnPages: ['all'] } }, { path: '/reports/route' }, null],
    ['no pages listed = every page', {}, { path: '/reports' }, null],
    ['hidden on login', { visibility: { showOnPages: ['all'], hideOnPages: ['login'] } }, { path: '/login' }, 'page'],
    ['hidden on login, shown on login: hide wins', { visibility: { showOnPages: ['login'], hideOnPages: ['login'] } }, { path: '/login' }, 'page'],
    ['hidden on all', { visibility: { hideOnPages: ['all'] } }, { path: '/' }, 'page'],
    ['hidden on login, on main', { visibility: { hideOnPages: ['login'] } }, { path: '/' }, null],
    // roles (the user's role attribute, default user)
    ['allowed roles hold the role', { visibility: { showToRoles: ['user', 'manager'] } }, {}, null],
    ['allowed roles miss the role', { visibility: { showToRoles: ['manager'] } }, {}, 'role'],
    ['unknown role, allow list', { visibility: { showToRoles: ['manager'] } }, { viewer: { kind: 'user', id: 7, role: 'auditor' } }, 'role'],
    ['unknown role, deny list only', { visibility: { hideFromRoles: ['manager'] } }, { viewer: { kind: 'user', id: 7, role: 'auditor' } }, null],
    ['denied role', { visibility: { hideFromRoles: ['user'] } }, {}, 'role'],
    ['deny wins over allow', { visibility: { showToRoles: ['manager'], hideFromRoles: ['manager'] } }, { viewer: { kind: 'user', id: 7, role: 'manager' } }, 'role'],
    ['roles do not apply to guests', { visibility: { showToRoles: ['manager'], hideFromRoles: ['user'] } }, { viewer: GUEST }, null],
    // maxShowsPerUser
    ['2 of 3 shows', { visibility: { maxShowsPerUser: 3 } }, { counters: counters({ a1: { count: 2, lastShown: 0 } }) }, null],
    ['3 of 3 shows', { visibility: { maxShowsPerUser: 3 } }, { counters: counters({ a1: { count: 3, lastShown: 0 } }) }, 'maxShows'],
    ['another id counted', { visibility: { maxShowsPerUser: 1 } }, { counters: counters({ b2: { count: 9, lastShown: 0 } }) }, null],
    ['no limit', {}, { counters: counters({ a1: { count: 1000, lastShown: 0 } }) }, null],
    // cooldown in minutes
    ['never shown, cooldown 60', { visibility: { cooldownPeriod: 60 } }, {}, null],
    ['shown 59:59.999 ago, cooldown 60', { visibility: { cooldownPeriod: 60 } }, { counters: counters({ a1: { count: 1, lastShown: MONDAY.getTime() - 60 * MINUTE + 1 } }) }, 'cooldown'],
    ['shown exactly 60 min ago, cooldown 60', { visibility: { cooldownPeriod: 60 } }, { counters: counters({ a1: { count: 1, lastShown: MONDAY.getTime() - 60 * MINUTE } }) }, null],
    ['shown just now, no cooldown', {}, { counters: counters({ a1: { count: 1, lastShown: MONDAY.getTime() } }) }, null],
    ['shown 20 s ago, cooldown 0.5', { visibility: { cooldownPeriod: 0.5 } }, { counters: counters({ a1: { count: 1, lastShown: MONDAY.getTime() - 20_000 } }) }, 'cooldown'],
    // the session
    ['shown this session (showOncePerSession)', {}, { shownThisSession: ['a1'] }, 'sessionLimit'],
  ])('%s → %s', (_, overrides, contextOverrides, expected) => {
    const item = announcement(overrides);
    expect(whyNotShown(file([item]), item, context(contextOverrides))).toBe(expected);
  });

  it.each<[string, Partial<AnnouncementFile['settings']>, string[], string | null]>([
    ['once per session: shown already', { showOncePerSession: true, maxAnnouncementsPerSession: 5 }, ['a1'], 'shownThisSession'],
    ['once per session: another was shown', { showOncePerSession: true, maxAnnouncementsPerSession: 5 }, ['b2'], null],
    ['not once per session: shown again', { showOncePerSession: false, maxAnnouncementsPerSession: 5 }, ['a1'], null],
    ['session limit reached', { showOncePerSession: false, maxAnnouncementsPerSession: 2 }, ['a1', 'b2'], 'sessionLimit'],
    ['session limit not reached', { showOncePerSession: false, maxAnnouncementsPerSession: 3 }, ['a1', 'b2'], null],
  ])('session: %s → %s', (_, settings, shown, expected) => {
    const item = announcement();
    expect(whyNotShown(file([item], settings), item, context({ shownThisSession: shown }))).toBe(expected);
  });
});

describe('eligibleAnnouncements: the choice', () => {
  const low = announcement({ id: 'low', priority: 5 });
  const top = announcement({ id: 'top', priority: 1 });
  const tieFirst = announcement({ id: 'tie1', priority: 2 });
  const tieSecond = announcement({ id: 'tie2', priority: 2 });
  const off = announcement({ id: 'off', priority: 1, isActive: false });

  it('highest priority first, ties in file order, the ineligible left out', () => {
    const all = file([low, tieFirst, off, top, tieSecond]);
    expect(eligibleAnnouncements(all, context()).map((a) => a.id)).toEqual(['top', 'tie1', 'tie2', 'low']);
    expect(nextAnnouncement(all, context())?.id).toBe('top');
  });

  it('shown ones leave the choice, and the session limit ends it', () => {
    const all = file([low, top, tieFirst], { showOncePerSession: true, maxAnnouncementsPerSession: 3 });
    expect(nextAnnouncement(all, context({ shownThisSession: ['top'] }))?.id).toBe('tie1');
    expect(nextAnnouncement(all, context({ shownThisSession: ['top', 'tie1'] }))?.id).toBe('low');
    expect(nextAnnouncement(all, context({ shownThisSession: ['top', 'tie1', 'low'] }))).toBeNull();
  });

  it('uses the viewer’s own counters', () => {
    const limited = announcement({ id: 'lim', visibility: { maxShowsPerUser: 1 } });
    const guestCounters = recordShow(new Map(), 'lim', MONDAY);
    expect(nextAnnouncement(file([limited]), context({ viewer: GUEST, counters: guestCounters }))).toBeNull();
    expect(nextAnnouncement(file([limited]), context({ viewer: USER, counters: new Map() }))?.id).toBe('lim');
  });

  it('nothing in the file, nothing chosen', () => {
    expect(nextAnnouncement(file([]), context())).toBeNull();
  });
});

describe('the viewer, the page, the time', () => {
  it.each<[Parameters<typeof viewerOf>[0], Viewer]>([
    [null, GUEST],
    [undefined, GUEST],
    [{ id: 3 }, { kind: 'user', id: 3, role: 'user' }],
    [{ id: 3, attributes: {} }, { kind: 'user', id: 3, role: 'user' }],
    [{ id: 3, attributes: { role: '  ' } }, { kind: 'user', id: 3, role: 'user' }],
    [{ id: 3, attributes: { role: 42 } }, { kind: 'user', id: 3, role: 'user' }],
    [{ id: 3, attributes: { role: ' Manager ' } }, { kind: 'user', id: 3, role: 'manager' }],
  ])('viewerOf(%j) → %j', (user, expected) => {
    expect(viewerOf(user)).toEqual(expected);
  });

  it.each([
    ['/', 'main'],
    ['', 'main'],
    ['/?x=1', 'main'],
    ['/login', 'login'],
    ['/Login/', 'login'],
    ['//settings//users', 'settings'],
    ['/reports/route?from=1#map', 'reports'],
    ['settings', 'settings'],
  ])('pageOf(%j) → %s', (path, expected) => {
    expect(pageOf(path)).toBe(expected);
  });

  it.each([
    ['00:00', '00:00', '23:59', true],
    ['23:59', '00:00', '23:59', true],
    ['12:00', '13:00', '12:00', true],
    ['12:30', '13:00', '12:00', false],
  ])('inTimeRange(%s, %s–%s) → %s', (time, start, end, expected) => {
    expect(inTimeRange(time, { start, end })).toBe(expected);
  });
});

/** A Storage-like map that can be told to fail. */
function fakeStorage(fail: { get?: boolean; set?: boolean } = {}) {
  const items = new Map<string, string>();
  const storage: CounterStorage = {
    getItem: (key) => {
      if (fail.get) throw new Error('SecurityError');
      return items.get(key) ?? null;
    },
    setItem: (key, value) => {
      if (fail.set) throw new Error('QuotaExceededError');
      items.set(key, value);
    },
  };
  return { items, storage };
}

describe('the counters in local storage', () => {
  const later = new Date(MONDAY.getTime() + 5 * MINUTE);

  it('records shows per viewer, and keeps them for the next page', () => {
    const { items, storage } = fakeStorage();
    const store = createAnnouncementCounterStore(() => storage);
    store.recordShow(USER, 'a1', MONDAY);
    store.recordShow(USER, 'a1', later);
    store.recordShow(GUEST, 'a1', MONDAY);
    const fresh = createAnnouncementCounterStore(() => storage);
    expect(fresh.read(USER).get('a1')).toEqual({ count: 2, lastShown: later.getTime() });
    expect(fresh.read(GUEST).get('a1')).toEqual({ count: 1, lastShown: MONDAY.getTime() });
    expect(fresh.read({ kind: 'user', id: 8, role: 'user' }).size).toBe(0);
    expect([...items.keys()].sort()).toEqual(['athar.announcements.guest', 'athar.announcements.user.7']);
    expect(countersKey(USER)).toBe('athar.announcements.user.7');
  });

  it.each<[string, () => CounterStorage | null | undefined]>([
    ['getItem and setItem throw', () => fakeStorage({ get: true, set: true }).storage],
    ['setItem throws (quota)', () => fakeStorage({ set: true }).storage],
    ['getItem throws', () => fakeStorage({ get: true }).storage],
    ['no storage', () => null],
    ['reaching the storage throws', () => {
      throw new Error('SecurityError');
    }],
  ])('%s: no crash, and the shows still count for this page', (_, storage) => {
    const store = createAnnouncementCounterStore(storage);
    expect(store.read(USER).size).toBe(0);
    store.recordShow(USER, 'a1', MONDAY);
    expect(store.recordShow(USER, 'a1', later).get('a1')).toEqual({ count: 2, lastShown: later.getTime() });
    expect(store.read(USER).get('a1')?.count).toBe(2);
  });

  it('a failing write does not forget what the storage already holds', () => {
    const { items, storage } = fakeStorage();
    items.set(countersKey(USER), JSON.stringify({ a1: { count: 4, lastShown: 1 } }));
    const failing = { ...storage, setItem: () => { throw new Error('QuotaExceededError'); } };
    const store = createAnnouncementCounterStore(() => failing);
    expect(store.recordShow(USER, 'a1', MONDAY).get('a1')).toEqual({ count: 5, lastShown: MONDAY.getTime() });
    expect(store.read(USER).get('a1')).toEqual({ count: 5, lastShown: MONDAY.getTime() });
  });

  it.each<[string, string | null, Record<string, { count: number; lastShown: number }>]>([
    ['nothing stored', null, {}],
    ['bad JSON', '{"a1": {', {}],
    ['an array', '[1,2]', {}],
    ['a string', '"x"', {}],
    ['junk entries skipped, good ones kept', JSON.stringify({ a: { count: 1, lastShown: 5 }, b: 'x', c: { count: -1, lastShown: 5 }, d: { count: 1.5, lastShown: 5 }, e: { count: 2 }, f: { count: 1, lastShown: '5' } }), { a: { count: 1, lastShown: 5 } }],
  ])('parseCounters: %s', (_, text, expected) => {
    expect(Object.fromEntries(parseCounters(text))).toEqual(expected);
  });

  it('an id such as __proto__ is stored like any other', () => {
    const { storage } = fakeStorage();
    createAnnouncementCounterStore(() => storage).recordShow(USER, '__proto__', MONDAY);
    expect(createAnnouncementCounterStore(() => storage).read(USER).get('__proto__')?.count).toBe(1);
    expect(({} as Record<string, unknown>).count).toBeUndefined();
  });

  it(`keeps the ${MAX_STORED_COUNTERS} most recently shown ids`, () => {
    const { storage } = fakeStorage();
    const store = createAnnouncementCounterStore(() => storage);
    for (let i = 0; i <= MAX_STORED_COUNTERS; i++) store.recordShow(USER, `n${i}`, new Date(MONDAY.getTime() + i));
    const stored = createAnnouncementCounterStore(() => storage).read(USER);
    expect(stored.size).toBe(MAX_STORED_COUNTERS);
    expect(stored.has('n0')).toBe(false);
    expect(stored.has(`n${MAX_STORED_COUNTERS}`)).toBe(true);
  });
});

describe('what the dialog shows', () => {
  const both = announcement({ buttonText: { ar: 'زر', en: 'Button' } });
  const englishOnly = announcement({ title: { en: 'Title' }, message: { en: 'Message' } });
  const arabicOnly = announcement({ title: { ar: 'عنوان' }, message: { ar: 'رسالة' } });

  it.each<[string, Announcement, unknown, { title: string; message: string; buttonText: string }]>([
    ['stored en', both, 'en', { title: 'Title', message: 'Message', buttonText: 'Button' }],
    ['stored ar', both, 'ar', { title: 'عنوان', message: 'رسالة', buttonText: 'زر' }],
    ['stored en-US', both, 'en-US', { title: 'Title', message: 'Message', buttonText: 'Button' }],
    ['nothing stored: default ar', both, null, { title: 'عنوان', message: 'رسالة', buttonText: 'زر' }],
    ['an unsupported language: default ar', both, 'zh', { title: 'عنوان', message: 'رسالة', buttonText: 'زر' }],
    ['a language the announcement has no text in (fr): fallback en', both, 'fr', { title: 'Title', message: 'Message', buttonText: 'Button' }],
    ['ar missing: fallback en', englishOnly, 'ar', { title: 'Title', message: 'Message', buttonText: '' }],
    ['en missing, en stored: the Arabic rather than nothing', arabicOnly, 'en', { title: 'عنوان', message: 'رسالة', buttonText: '' }],
  ])('%s', (_, item, stored, expected) => {
    expect(announcementTexts(item, stored)).toEqual(expected);
  });

  it.each([
    [1, true],
    [2, true],
    [3, false],
    [10, false],
  ])('priority %i has a badge: %s', (priority, expected) => {
    expect(hasPriorityBadge({ priority })).toBe(expected);
  });

  const origin = 'http://localhost:8082';
  it.each<[string, string | null, string | null]>([
    ['https', 'https://example.com/a.png', 'https://example.com/a.png'],
    ['same origin, relative', '/images/a.png', 'http://localhost:8082/images/a.png'],
    ['same origin, absolute http', 'http://localhost:8082/a', 'http://localhost:8082/a'],
    ['http elsewhere', 'http://example.com/a.png', null],
    ['javascript:', 'javascript:alert(document.cookie)', null],
    ['javascript: with spaces and case', '  JaVaScRiPt:alert(1)', null],
    ['data:', 'data:image/svg+xml;base64,PHN2Zz4=', null],
    ['malformed', 'https://', null],
    ['absent', null, null],
  ])('links: %s', (_, url, expected) => {
    expect(announcementLinks({ image: url, buttonUrl: url }, origin)).toEqual({ image: expected, buttonUrl: expected });
  });

  it.each<[string, string | null, string | null, ReturnType<typeof buttonTarget>]>([
    ['login goes to the sign-in page', 'login', null, { kind: 'navigate', path: '/login' }],
    ['login ignores a URL', 'login', 'javascript:alert(1)', { kind: 'navigate', path: '/login' }],
    ['external https opens a tab', 'external', 'https://example.com/news', { kind: 'open', url: 'https://example.com/news' }],
    ['telegram https opens a tab', 'telegram', 'https://t.me/athar', { kind: 'open', url: 'https://t.me/athar' }],
    ['features on this origin navigates', 'features', '/settings/preferences?x=1#a', { kind: 'navigate', path: '/settings/preferences?x=1#a' }],
    ['external same origin absolute navigates', 'external', 'http://localhost:8082/replay', { kind: 'navigate', path: '/replay' }],
    ['external javascript: goes nowhere', 'external', 'javascript:alert(document.cookie)', null],
    ['external data: goes nowhere', 'external', 'data:text/html,<script>alert(1)</script>', null],
    ['external http elsewhere goes nowhere', 'external', 'http://example.com', null],
    ['features without a URL goes nowhere', 'features', null, null],
    ['no action, no button', null, 'https://example.com', null],
  ])('button: %s', (_, action, url, expected) => {
    expect(buttonTarget({ buttonAction: action as Parameters<typeof buttonTarget>[0]['buttonAction'], buttonUrl: url }, origin)).toEqual(expected);
  });
});
