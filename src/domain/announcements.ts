/**
 * Announcements (spec §3 "Announcement", "Announcement file"; §4; §5 eligibility; §8; §9):
 * the file's model and its defensive parsing, eligibility as one pure function, the per-viewer
 * show counters in local storage, the text picker and the safe links of the dialog.
 *
 * Pure: time, the viewer, the page, the counters and the storage are all passed in.
 */
import { isHexColor } from './color';
import { DEFAULT_LANGUAGE, toLanguage, type Language } from './language';
import { safeLinkUrl } from './urls';
import { DEFAULT_AUTO_SHOW_DELAY, viewerKey, type Viewer } from './announcementViewer';

export { ANNOUNCEMENT_FADE_MS, DEFAULT_AUTO_SHOW_DELAY, DEFAULT_ROLE, GUEST, sameViewer, viewerKey, viewerOf, type Viewer } from './announcementViewer';

// ─── constants (spec §9) ────────────────────────────────────────────────────────────────────

/** Priorities that get a priority badge (1 is the highest priority). */
export const BADGE_PRIORITIES: readonly number[] = [1, 2];
/** The priority of an announcement that names none. */
export const DEFAULT_PRIORITY = 3;
/** The file's settings when it names none (as `server/defaults/announcements.json`). */
export const DEFAULT_SETTINGS: AnnouncementSettings = {
  showOncePerSession: true,
  maxAnnouncementsPerSession: 1,
  autoShowDelay: DEFAULT_AUTO_SHOW_DELAY,
};

/** Limits of the defensive parse. */
export const LIMITS = {
  announcements: 200,
  id: 64,
  title: 200,
  message: 5000,
  buttonText: 100,
  url: 2048,
  listItems: 50,
  listItem: 64,
  priority: 1000,
  maxShowsPerUser: 1_000_000,
  /** a week, in minutes */
  cooldownPeriod: 7 * 24 * 60,
  maxAnnouncementsPerSession: 100,
  /** ten minutes, ms */
  autoShowDelay: 600_000,
  /** characters of a file's text */
  fileText: 2_000_000,
} as const;

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const BUTTON_ACTIONS = ['login', 'features', 'telegram', 'external'] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];

/** The page name of the root path, in `showOnPages`/`hideOnPages`. */
export const ROOT_PAGE = 'main';
/** The page name that matches every page. */
export const ALL_PAGES = 'all';

// ─── model ──────────────────────────────────────────────────────────────────────────────────

/** Text per language code (`ar`, `en`, …). */
export type LocalizedText = Readonly<Record<string, string>>;

export interface AnnouncementVisibility {
  /** Lowercase English weekday names; empty = every day. */
  showDays: readonly Weekday[];
  /** Local time, `HH:MM` both ends, inclusive; `start` after `end` spans midnight. */
  showTimeRange: { start: string; end: string } | null;
  /** Page names (first path segment, `main` for `/`, `all`); empty = every page. */
  showOnPages: readonly string[];
  hideOnPages: readonly string[];
  /** Values of the user's `role` attribute (default `user`); empty = every role. */
  showToRoles: readonly string[];
  hideFromRoles: readonly string[];
  /** Shows per viewer; null = no limit. */
  maxShowsPerUser: number | null;
  /** Minutes between two shows to the same viewer; 0 = none. */
  cooldownPeriod: number;
}

export interface Announcement {
  id: string;
  isActive: boolean;
  /** ms since the epoch; null = never expires */
  expiryDate: number | null;
  priority: number;
  title: LocalizedText;
  message: LocalizedText;
  buttonText: LocalizedText;
  backgroundColor: string | null;
  textColor: string | null;
  image: string | null;
  showToLoggedIn: boolean;
  showToGuests: boolean;
  buttonAction: ButtonAction | null;
  buttonUrl: string | null;
  visibility: AnnouncementVisibility;
}

export interface AnnouncementSettings {
  /** Each announcement shows at most once in a session. */
  showOncePerSession: boolean;
  /** At most this many announcements show in a session. */
  maxAnnouncementsPerSession: number;
  /** ms before an eligible announcement shows. */
  autoShowDelay: number;
}

export interface AnnouncementFile {
  announcements: readonly Announcement[];
  settings: AnnouncementSettings;
  lastUpdated: string | null;
}

// ─── file errors (spec §5, §8) ──────────────────────────────────────────────────────────────

/** Why a whole file is refused: `format` (no `announcements` array), `read` (unreadable, not JSON). */
export type AnnouncementFileProblem = 'format' | 'read';

/** The spec's English texts of the file errors; the UI translates them. */
export const ANNOUNCEMENT_FILE_MESSAGES: Readonly<Record<AnnouncementFileProblem, string>> = {
  format: 'Invalid announcements file format',
  read: 'Error reading file',
};

/** Why one announcement of a file is dropped: the field at fault (or the entry itself). */
export type AnnouncementProblem =
  | 'notObject'
  | 'tooMany'
  | 'id'
  | 'duplicateId'
  | 'isActive'
  | 'expiryDate'
  | 'priority'
  | 'title'
  | 'message'
  | 'buttonText'
  | 'noText'
  | 'backgroundColor'
  | 'textColor'
  | 'image'
  | 'showToLoggedIn'
  | 'showToGuests'
  | 'buttonAction'
  | 'buttonUrl'
  | 'visibility'
  | 'showDays'
  | 'showTimeRange'
  | 'showOnPages'
  | 'hideOnPages'
  | 'showToRoles'
  | 'hideFromRoles'
  | 'maxShowsPerUser'
  | 'cooldownPeriod';

export interface DroppedAnnouncement {
  /** position in the file's array */
  index: number;
  problem: AnnouncementProblem;
}

export type AnnouncementFileResult =
  | { ok: true; file: AnnouncementFile; dropped: readonly DroppedAnnouncement[] }
  | { ok: false; problem: AnnouncementFileProblem };

// ─── parsing ────────────────────────────────────────────────────────────────────────────────

class Invalid extends Error {
  constructor(readonly problem: AnnouncementProblem) {
    super(problem);
  }
}

const NOT_JSON = Symbol('not JSON');

/** JSON text's value, or NOT_JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const LANGUAGE_KEY = /^[a-z]{2,3}(?:-[A-Za-z0-9]{1,8})?$/;
const ID = /^[A-Za-z0-9_.:-]+$/;

function optionalBoolean(value: unknown, problem: AnnouncementProblem, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw new Invalid(problem);
  return value;
}

function parseId(value: unknown): string {
  const id = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof id !== 'string' || id.length > LIMITS.id || !ID.test(id)) throw new Invalid('id');
  return id;
}

function parseText(value: unknown, max: number, problem: AnnouncementProblem): LocalizedText {
  if (value === undefined || value === null) return {};
  // a plain string is the English text, shown in every language through the en fallback
  if (typeof value === 'string') return parseText({ en: value }, max, problem);
  if (!isRecord(value)) throw new Invalid(problem);
  const text: Record<string, string> = {};
  for (const [language, content] of Object.entries(value)) {
    if (!LANGUAGE_KEY.test(language) || typeof content !== 'string' || content.length > max) throw new Invalid(problem);
    if (content.trim() !== '') text[language.toLowerCase()] = content;
  }
  return text;
}

function parseExpiry(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const time = typeof value === 'string' && value.length <= 64 ? Date.parse(value) : NaN;
  if (!Number.isFinite(time)) throw new Invalid('expiryDate');
  return time;
}

function parseInteger(value: unknown, min: number, max: number, problem: AnnouncementProblem): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw new Invalid(problem);
  return value;
}

function parseColor(value: unknown, problem: AnnouncementProblem): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (!isHexColor(value)) throw new Invalid(problem);
  return value;
}

/** Type and length only: whether a URL may be followed depends on the page (`announcementLinks`). */
function parseUrl(value: unknown, problem: AnnouncementProblem): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > LIMITS.url) throw new Invalid(problem);
  return value.trim();
}

function parseList(value: unknown, problem: AnnouncementProblem): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > LIMITS.listItems) throw new Invalid(problem);
  return value.map((item) => {
    if (typeof item !== 'string' || item.trim() === '' || item.length > LIMITS.listItem) throw new Invalid(problem);
    return item.trim().toLowerCase();
  });
}

function parseVisibility(value: unknown): AnnouncementVisibility {
  if (value === undefined || value === null) value = {};
  if (!isRecord(value)) throw new Invalid('visibility');
  const showDays = parseList(value.showDays, 'showDays');
  if (!showDays.every((day): day is Weekday => (WEEKDAYS as readonly string[]).includes(day))) {
    throw new Invalid('showDays');
  }
  let showTimeRange: AnnouncementVisibility['showTimeRange'] = null;
  if (value.showTimeRange !== undefined && value.showTimeRange !== null) {
    const range = value.showTimeRange;
    if (!isRecord(range) || typeof range.start !== 'string' || typeof range.end !== 'string') {
      throw new Invalid('showTimeRange');
    }
    if (!TIME.test(range.start) || !TIME.test(range.end)) throw new Invalid('showTimeRange');
    showTimeRange = { start: range.start, end: range.end };
  }
  const max = value.maxShowsPerUser;
  const cooldown = value.cooldownPeriod;
  if (cooldown !== undefined && cooldown !== null) {
    if (typeof cooldown !== 'number' || !Number.isFinite(cooldown) || cooldown < 0 || cooldown > LIMITS.cooldownPeriod) {
      throw new Invalid('cooldownPeriod');
    }
  }
  return {
    showDays,
    showTimeRange,
    showOnPages: parseList(value.showOnPages, 'showOnPages'),
    hideOnPages: parseList(value.hideOnPages, 'hideOnPages'),
    showToRoles: parseList(value.showToRoles, 'showToRoles'),
    hideFromRoles: parseList(value.hideFromRoles, 'hideFromRoles'),
    // 0 or absent: no limit
    maxShowsPerUser:
      max === undefined || max === null || max === 0 ? null : parseInteger(max, 1, LIMITS.maxShowsPerUser, 'maxShowsPerUser'),
    cooldownPeriod: typeof cooldown === 'number' ? cooldown : 0,
  };
}

/** One announcement of a file, or the reason it is dropped. */
export function parseAnnouncement(value: unknown): Announcement | AnnouncementProblem {
  try {
    if (!isRecord(value)) throw new Invalid('notObject');
    const buttonAction = value.buttonAction ?? null;
    if (buttonAction !== null && !(BUTTON_ACTIONS as readonly unknown[]).includes(buttonAction)) {
      throw new Invalid('buttonAction');
    }
    const announcement: Announcement = {
      id: parseId(value.id),
      // absent means inactive, and absent audiences mean nobody: a file says whom it addresses
      isActive: optionalBoolean(value.isActive, 'isActive', false),
      expiryDate: parseExpiry(value.expiryDate),
      priority:
        value.priority === undefined || value.priority === null
          ? DEFAULT_PRIORITY
          : parseInteger(value.priority, 1, LIMITS.priority, 'priority'),
      title: parseText(value.title, LIMITS.title, 'title'),
      message: parseText(value.message, LIMITS.message, 'message'),
      buttonText: parseText(value.buttonText, LIMITS.buttonText, 'buttonText'),
      backgroundColor: parseColor(value.backgroundColor, 'backgroundColor'),
      textColor: parseColor(value.textColor, 'textColor'),
      image: parseUrl(value.image, 'image'),
      showToLoggedIn: optionalBoolean(value.showToLoggedIn, 'showToLoggedIn', false),
      showToGuests: optionalBoolean(value.showToGuests, 'showToGuests', false),
      buttonAction: buttonAction as ButtonAction | null,
      buttonUrl: parseUrl(value.buttonUrl, 'buttonUrl'),
      visibility: parseVisibility(value.visibility),
    };
    if (Object.keys(announcement.title).length === 0 && Object.keys(announcement.message).length === 0) {
      throw new Invalid('noText');
    }
    if (announcement.buttonAction === 'external' && announcement.buttonUrl === null) throw new Invalid('buttonUrl');
    return announcement;
  } catch (error) {
    if (error instanceof Invalid) return error.problem;
    throw error;
  }
}

function parseSettings(value: unknown): AnnouncementSettings {
  const settings = isRecord(value) ? value : {};
  const { showOncePerSession, maxAnnouncementsPerSession: max, autoShowDelay: delay } = settings;
  // a bad setting falls back to its default; it does not refuse the file
  return {
    showOncePerSession:
      typeof showOncePerSession === 'boolean' ? showOncePerSession : DEFAULT_SETTINGS.showOncePerSession,
    maxAnnouncementsPerSession:
      typeof max === 'number' && Number.isInteger(max) && max >= 1 && max <= LIMITS.maxAnnouncementsPerSession
        ? max
        : DEFAULT_SETTINGS.maxAnnouncementsPerSession,
    autoShowDelay:
      typeof delay === 'number' && Number.isFinite(delay) && delay >= 0 && delay <= LIMITS.autoShowDelay
        ? delay
        : DEFAULT_SETTINGS.autoShowDelay,
  };
}

/**
 * An announcements file (`{ announcements: [...], settings, lastUpdated }`, parsed JSON).
 * Without an `announcements` array it is refused (`format`). An invalid announcement, one after
 * the first `LIMITS.announcements`, or a repeated id is dropped and named in `dropped`.
 */
export function parseAnnouncementFile(value: unknown): AnnouncementFileResult {
  if (!isRecord(value) || !Array.isArray(value.announcements)) return { ok: false, problem: 'format' };
  const announcements: Announcement[] = [];
  const dropped: DroppedAnnouncement[] = [];
  const ids = new Set<string>();
  value.announcements.forEach((entry: unknown, index) => {
    const parsed = index >= LIMITS.announcements ? 'tooMany' : parseAnnouncement(entry);
    if (typeof parsed === 'string') dropped.push({ index, problem: parsed });
    else if (ids.has(parsed.id)) dropped.push({ index, problem: 'duplicateId' });
    else {
      ids.add(parsed.id);
      announcements.push(parsed);
    }
  });
  const lastUpdated =
    typeof value.lastUpdated === 'string' && value.lastUpdated.length <= 64 && Number.isFinite(Date.parse(value.lastUpdated))
      ? value.lastUpdated
      : null;
  return { ok: true, file: { announcements, settings: parseSettings(value.settings), lastUpdated }, dropped };
}

/** The text of a file (an import, or `GET /announcements.json`): not JSON → `read`. */
export function parseAnnouncementFileText(text: string): AnnouncementFileResult {
  if (text.length > LIMITS.fileText) return { ok: false, problem: 'read' };
  const value = parseJson(text);
  return value === NOT_JSON ? { ok: false, problem: 'read' } : parseAnnouncementFile(value);
}

// ─── the viewer, the page, the clock ────────────────────────────────────────────────────────

/** The page name of a path: its first segment, lowercase; `main` for the root. */
export function pageOf(path: string): string {
  const segment = path.split(/[?#]/)[0]?.split('/').find((part) => part !== '');
  return segment ? segment.toLowerCase() : ROOT_PAGE;
}

/** Local weekday name and `HH:MM` of a moment (the browser's time zone). */
export function localDayAndTime(now: Date): { day: Weekday; time: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  return { day: WEEKDAYS[now.getDay()] as Weekday, time: `${pad(now.getHours())}:${pad(now.getMinutes())}` };
}

/**
 * `HH:MM` string comparison, both ends inclusive. A range whose start is after its end spans
 * midnight (22:00–02:00 holds 23:30 and 01:00); equal ends hold that one minute.
 */
export function inTimeRange(time: string, range: { start: string; end: string }): boolean {
  return range.start <= range.end
    ? range.start <= time && time <= range.end
    : range.start <= time || time <= range.end;
}

// ─── counters ───────────────────────────────────────────────────────────────────────────────

export interface ShowCounter {
  count: number;
  /** ms since the epoch */
  lastShown: number;
}

/** Shows per announcement id, for one viewer. */
export type ShowCounters = ReadonlyMap<string, ShowCounter>;

/** The counters after one more show of `id` at `now`. */
export function recordShow(counters: ShowCounters, id: string, now: Date): ShowCounters {
  const next = new Map(counters);
  next.set(id, { count: (counters.get(id)?.count ?? 0) + 1, lastShown: now.getTime() });
  return next;
}

// ─── eligibility (spec §5) ──────────────────────────────────────────────────────────────────

/** The rule that keeps an announcement from showing. */
export type EligibilityRule =
  | 'inactive'
  | 'expired'
  | 'audience'
  | 'weekday'
  | 'timeRange'
  | 'page'
  | 'role'
  | 'maxShows'
  | 'cooldown'
  | 'shownThisSession'
  | 'sessionLimit';

export interface EligibilityContext {
  now: Date;
  viewer: Viewer;
  /** the current path (`/login`, `/settings/users`, …) */
  path: string;
  /** this viewer's counters (`createAnnouncementCounterStore().read(viewer)`) */
  counters: ShowCounters;
  /** ids shown in this session, in order; absent = none */
  shownThisSession?: readonly string[];
}

const listMatches = (list: readonly string[], value: string) => list.includes(ALL_PAGES) || list.includes(value);

/**
 * The first rule of an announcement itself (not the session's limits) that keeps it from
 * showing, or null when it may show. Expiry is exclusive: at `expiryDate` exactly it has expired.
 * The hide lists win over the show lists. Roles apply to signed-in users; a guest is addressed
 * by `showToGuests` alone.
 */
function ineligibility(announcement: Announcement, context: EligibilityContext): EligibilityRule | null {
  const { now, viewer } = context;
  const visibility = announcement.visibility;
  if (!announcement.isActive) return 'inactive';
  if (announcement.expiryDate !== null && now.getTime() >= announcement.expiryDate) return 'expired';
  if (viewer.kind === 'guest' ? !announcement.showToGuests : !announcement.showToLoggedIn) return 'audience';
  const { day, time } = localDayAndTime(now);
  if (visibility.showDays.length > 0 && !visibility.showDays.includes(day)) return 'weekday';
  if (visibility.showTimeRange && !inTimeRange(time, visibility.showTimeRange)) return 'timeRange';
  const page = pageOf(context.path);
  if (listMatches(visibility.hideOnPages, page)) return 'page';
  if (visibility.showOnPages.length > 0 && !listMatches(visibility.showOnPages, page)) return 'page';
  if (viewer.kind === 'user') {
    if (visibility.hideFromRoles.includes(viewer.role)) return 'role';
    if (visibility.showToRoles.length > 0 && !visibility.showToRoles.includes(viewer.role)) return 'role';
  }
  const counter = context.counters.get(announcement.id);
  if (counter && visibility.maxShowsPerUser !== null && counter.count >= visibility.maxShowsPerUser) return 'maxShows';
  if (counter && visibility.cooldownPeriod > 0 && now.getTime() - counter.lastShown < visibility.cooldownPeriod * 60_000) {
    return 'cooldown';
  }
  return null;
}

/**
 * Why `announcement` of `file` would not show now, or null when it would: the session's limits
 * (none once `maxAnnouncementsPerSession` have shown; none shown already when
 * `showOncePerSession`), then every rule of the announcement itself (`ineligibility`).
 */
export function whyNotShown(file: AnnouncementFile, announcement: Announcement, context: EligibilityContext): EligibilityRule | null {
  const shown = context.shownThisSession ?? [];
  if (shown.length >= file.settings.maxAnnouncementsPerSession) return 'sessionLimit';
  if (file.settings.showOncePerSession && shown.includes(announcement.id)) return 'shownThisSession';
  return ineligibility(announcement, context);
}

/**
 * The one eligibility function: the announcements that may show now (`whyNotShown` is null),
 * highest priority first (1 first; equal priorities keep the file's order).
 */
export function eligibleAnnouncements(file: AnnouncementFile, context: EligibilityContext): Announcement[] {
  return file.announcements
    .filter((announcement) => whyNotShown(file, announcement, context) === null)
    .sort((a, b) => a.priority - b.priority);
}

/** The announcement to show next, or null. */
export function nextAnnouncement(file: AnnouncementFile, context: EligibilityContext): Announcement | null {
  return eligibleAnnouncements(file, context)[0] ?? null;
}

// ─── counters in local storage ──────────────────────────────────────────────────────────────

export type CounterStorage = Pick<Storage, 'getItem' | 'setItem'>;

const COUNTERS_KEY = 'athar.announcements.';
/** Counters kept per viewer: the most recently shown ids beyond this are forgotten. */
export const MAX_STORED_COUNTERS = 200;

/** The local storage key of a viewer's counters. */
export function countersKey(viewer: Viewer): string {
  return COUNTERS_KEY + viewerKey(viewer);
}

/** Stored counters; anything malformed is ignored, entry by entry. */
export function parseCounters(text: string | null | undefined): Map<string, ShowCounter> {
  const counters = new Map<string, ShowCounter>();
  if (!text) return counters;
  const value = parseJson(text);
  if (!isRecord(value)) return counters;
  for (const [id, entry] of Object.entries(value)) {
    if (!isRecord(entry)) continue;
    const { count, lastShown } = entry;
    if (typeof count === 'number' && Number.isSafeInteger(count) && count >= 0 && typeof lastShown === 'number' && Number.isFinite(lastShown)) {
      counters.set(id, { count, lastShown });
    }
  }
  return counters;
}

function serializeCounters(counters: ShowCounters): string {
  const newest = [...counters].sort(([, a], [, b]) => b.lastShown - a.lastShown).slice(0, MAX_STORED_COUNTERS);
  return JSON.stringify(Object.fromEntries(newest));
}

/** The larger count and the later time of each id. */
function mergeCounters(a: ShowCounters, b: ShowCounters): Map<string, ShowCounter> {
  const merged = new Map(a);
  for (const [id, counter] of b) {
    const other = merged.get(id);
    merged.set(
      id,
      other ? { count: Math.max(other.count, counter.count), lastShown: Math.max(other.lastShown, counter.lastShown) } : counter,
    );
  }
  return merged;
}

export interface AnnouncementCounterStore {
  read(viewer: Viewer): ShowCounters;
  /** One more show of `id` to `viewer` at `now`; returns the viewer's counters after it. */
  recordShow(viewer: Viewer, id: string, now: Date): ShowCounters;
}

/**
 * Show counts and last-shown times per viewer (user or guest) in local storage. A storage that
 * is missing, throws or holds junk is ignored, never a crash: the counters then live in memory
 * for this page, merged with whatever the storage still gives.
 */
export function createAnnouncementCounterStore(storage: () => CounterStorage | null | undefined): AnnouncementCounterStore {
  const memory = new Map<string, ShowCounters>();
  const read = (viewer: Viewer): ShowCounters => {
    const key = countersKey(viewer);
    let stored: ShowCounters = new Map();
    try {
      stored = parseCounters(storage()?.getItem(key));
    } catch {
      // storage failures are silently ignored
    }
    return mergeCounters(stored, memory.get(key) ?? new Map());
  };
  return {
    read,
    recordShow(viewer, id, now) {
      const key = countersKey(viewer);
      const next = recordShow(read(viewer), id, now);
      memory.set(key, next);
      try {
        storage()?.setItem(key, serializeCounters(next));
      } catch {
        // storage failures are silently ignored
      }
      return next;
    },
  };
}

// ─── what the dialog shows ──────────────────────────────────────────────────────────────────

/** The dialog's language: the locally stored choice, default `ar`. */
export function announcementLanguage(stored: unknown): Language {
  return toLanguage(stored) ?? DEFAULT_LANGUAGE;
}

/** A text in `language`, else `en` (the spec's fallback), else `ar`, else empty. */
export function pickText(text: LocalizedText, language: string): string {
  return text[language] ?? text.en ?? text[DEFAULT_LANGUAGE] ?? '';
}

export interface AnnouncementTexts {
  title: string;
  message: string;
  buttonText: string;
}

/** Title, message and button text in the locally stored language (fallback `en`, default `ar`). */
export function announcementTexts(announcement: Announcement, storedLanguage: unknown): AnnouncementTexts {
  const language = announcementLanguage(storedLanguage);
  return {
    title: pickText(announcement.title, language),
    message: pickText(announcement.message, language),
    buttonText: pickText(announcement.buttonText, language),
  };
}

/** Priorities 1 and 2 get a priority badge. */
export function hasPriorityBadge(announcement: Pick<Announcement, 'priority'>): boolean {
  return BADGE_PRIORITIES.includes(announcement.priority);
}

export interface AnnouncementLinks {
  /** the image, when it is `https:` or same-origin; else null (not shown) */
  image: string | null;
  /** the button's URL, when it is `https:` or same-origin; else null (never followed) */
  buttonUrl: string | null;
}

/** The links of an announcement that may be used on a page of `pageOrigin` (`safeLinkUrl`). */
export function announcementLinks(announcement: Pick<Announcement, 'image' | 'buttonUrl'>, pageOrigin: string): AnnouncementLinks {
  return {
    image: safeLinkUrl(announcement.image, pageOrigin),
    buttonUrl: safeLinkUrl(announcement.buttonUrl, pageOrigin),
  };
}

/** Where the dialog's button goes: a page of the app, or a safe link opened in a new tab. */
export type ButtonTarget = { kind: 'navigate'; path: string } | { kind: 'open'; url: string };

/**
 * Where the button of `announcement` goes on a page of `pageOrigin`, or null when it goes nowhere
 * (then the dialog shows no such button): `login` is the sign-in page; `features`, `telegram` and
 * `external` follow `buttonUrl` only when it is safe (`safeLinkUrl`): a same-origin URL becomes
 * the app's own navigation, an `https:` one elsewhere opens in a new tab. A `javascript:` or
 * `data:` URL is never followed.
 */
export function buttonTarget(announcement: Pick<Announcement, 'buttonAction' | 'buttonUrl'>, pageOrigin: string): ButtonTarget | null {
  if (announcement.buttonAction === null) return null;
  if (announcement.buttonAction === 'login') return { kind: 'navigate', path: '/login' };
  const url = safeLinkUrl(announcement.buttonUrl, pageOrigin);
  if (url === null) return null;
  const parsed = new URL(url);
  if (parsed.origin === pageOrigin) return { kind: 'navigate', path: `${parsed.pathname}${parsed.search}${parsed.hash}` };
  return { kind: 'open', url };
}
