/**
 * Editing the announcements file (the management screens): an announcement written back in the
 * file's JSON shape (the inverse of `parseAnnouncement`), the editor's flat form and back,
 * reordering by priority, new identifiers. Pure.
 */
import {
  LIMITS,
  WEEKDAYS,
  type Announcement,
  type AnnouncementFile,
  type AnnouncementSettings,
  type LocalizedText,
} from './announcements';

// ─── writing the file ───────────────────────────────────────────────────────────────────────

/** An announcement in the file's JSON shape; `parseAnnouncement` reads it back as it was. */
export function serializeAnnouncement(a: Announcement): Record<string, unknown> {
  const v = a.visibility;
  return {
    id: a.id,
    isActive: a.isActive,
    expiryDate: a.expiryDate === null ? null : new Date(a.expiryDate).toISOString(),
    priority: a.priority,
    title: { ...a.title },
    message: { ...a.message },
    buttonText: { ...a.buttonText },
    backgroundColor: a.backgroundColor,
    textColor: a.textColor,
    image: a.image,
    showToLoggedIn: a.showToLoggedIn,
    showToGuests: a.showToGuests,
    buttonAction: a.buttonAction,
    buttonUrl: a.buttonUrl,
    visibility: {
      showDays: [...v.showDays],
      showTimeRange: v.showTimeRange ? { ...v.showTimeRange } : null,
      showOnPages: [...v.showOnPages],
      hideOnPages: [...v.hideOnPages],
      showToRoles: [...v.showToRoles],
      hideFromRoles: [...v.hideFromRoles],
      // 0: no limit
      maxShowsPerUser: v.maxShowsPerUser ?? 0,
      cooldownPeriod: v.cooldownPeriod,
    },
  };
}

export interface SerializedAnnouncementFile {
  announcements: Array<Record<string, unknown>>;
  settings: AnnouncementSettings;
  lastUpdated: string | null;
}

/** The whole file in its JSON shape (`parseAnnouncementFile` reads it back as it was). */
export function serializeAnnouncementFile(file: AnnouncementFile): SerializedAnnouncementFile {
  return {
    announcements: file.announcements.map(serializeAnnouncement),
    settings: { ...file.settings },
    lastUpdated: file.lastUpdated,
  };
}

// ─── order ──────────────────────────────────────────────────────────────────────────────────

/** Highest priority first (1 first); equal priorities keep the file's order. */
export function byPriority(announcements: readonly Announcement[]): Announcement[] {
  return [...announcements].sort((a, b) => a.priority - b.priority);
}

/**
 * Moves an announcement one place up (-1: towards priority 1) or down (+1) in priority order and
 * renumbers: each takes the priority its place had, raised where needed so that every priority
 * is above the one before (equal priorities could not be told apart). Returns the announcements
 * in their new order; the same list when the move goes nowhere.
 */
export function moveAnnouncement(announcements: readonly Announcement[], id: string, step: -1 | 1): Announcement[] {
  const ordered = byPriority(announcements);
  const from = ordered.findIndex((a) => a.id === id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ordered.length) return ordered;
  const places = ordered.map((a) => a.priority);
  const moved = [...ordered];
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  let previous = 0;
  return moved.map((a, index) => {
    const priority = Math.min(Math.max(places[index]!, previous + 1), LIMITS.priority);
    previous = priority;
    return priority === a.priority ? a : { ...a, priority };
  });
}

/** The file with one announcement replaced (by its id before the edit) or, when new, added. */
export function putAnnouncement(file: AnnouncementFile, announcement: Announcement, previousId: string | null): AnnouncementFile {
  const at = previousId === null ? -1 : file.announcements.findIndex((a) => a.id === previousId);
  const announcements = [...file.announcements];
  if (at < 0) announcements.push(announcement);
  else announcements[at] = announcement;
  return { ...file, announcements };
}

/** The file without the announcement `id`. */
export function removeAnnouncement(file: AnnouncementFile, id: string): AnnouncementFile {
  return { ...file, announcements: file.announcements.filter((a) => a.id !== id) };
}

// ─── identifiers ────────────────────────────────────────────────────────────────────────────

/** A new identifier (letters, digits and `-` only, as the file's ids are), not among `taken`. */
export function newAnnouncementId(taken: readonly string[], random: () => string = () => Math.random().toString(36).slice(2, 10)): string {
  for (;;) {
    const id = `announcement-${random().replace(/[^A-Za-z0-9-]/g, '').slice(0, 40) || '1'}`;
    if (!taken.includes(id)) return id;
  }
}

// ─── the editor's form ──────────────────────────────────────────────────────────────────────

/** The languages the editor writes; texts in others are kept as they are. */
export const EDITED_LANGUAGES = ['ar', 'en'] as const;

/**
 * What the editor edits: one flat object (the generic edit page's fields read and write keys of
 * it). `id` is the editor's own number (always 0); `key` is the announcement's identifier.
 * Lists are comma-separated texts; a number 0 is no limit.
 */
export interface AnnouncementForm {
  id: number;
  key: string;
  isActive: boolean;
  /** ISO time, or null */
  expiryDate: string | null;
  priority: number;
  titleAr: string;
  titleEn: string;
  messageAr: string;
  messageEn: string;
  buttonTextAr: string;
  buttonTextEn: string;
  backgroundColor: string | null;
  textColor: string | null;
  image: string;
  showToLoggedIn: boolean;
  showToGuests: boolean;
  buttonAction: string | null;
  buttonUrl: string;
  /** weekday names, comma-separated (the choices field's value) */
  showDays: string | null;
  timeStart: string;
  timeEnd: string;
  showOnPages: string;
  hideOnPages: string;
  showToRoles: string;
  hideFromRoles: string;
  maxShowsPerUser: number;
  cooldownPeriod: number;
  [field: string]: unknown;
}

const list = (items: readonly string[]) => items.join(', ');
const items = (text: unknown) =>
  (typeof text === 'string' ? text : '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A new announcement's form: active for everyone who signs in, priority after the others. */
export function newAnnouncementForm(file: AnnouncementFile, key: string): AnnouncementForm {
  const last = Math.max(0, ...file.announcements.map((a) => a.priority));
  return {
    id: 0,
    key,
    isActive: true,
    expiryDate: null,
    priority: Math.min(last + 1, LIMITS.priority),
    titleAr: '',
    titleEn: '',
    messageAr: '',
    messageEn: '',
    buttonTextAr: '',
    buttonTextEn: '',
    backgroundColor: null,
    textColor: null,
    image: '',
    showToLoggedIn: true,
    showToGuests: false,
    buttonAction: null,
    buttonUrl: '',
    showDays: null,
    timeStart: '',
    timeEnd: '',
    showOnPages: '',
    hideOnPages: '',
    showToRoles: '',
    hideFromRoles: '',
    maxShowsPerUser: 0,
    cooldownPeriod: 0,
  };
}

/** The form of a saved announcement. */
export function announcementForm(a: Announcement): AnnouncementForm {
  const v = a.visibility;
  return {
    id: 0,
    key: a.id,
    isActive: a.isActive,
    expiryDate: a.expiryDate === null ? null : new Date(a.expiryDate).toISOString(),
    priority: a.priority,
    titleAr: a.title.ar ?? '',
    titleEn: a.title.en ?? '',
    messageAr: a.message.ar ?? '',
    messageEn: a.message.en ?? '',
    buttonTextAr: a.buttonText.ar ?? '',
    buttonTextEn: a.buttonText.en ?? '',
    backgroundColor: a.backgroundColor,
    textColor: a.textColor,
    image: a.image ?? '',
    showToLoggedIn: a.showToLoggedIn,
    showToGuests: a.showToGuests,
    buttonAction: a.buttonAction,
    buttonUrl: a.buttonUrl ?? '',
    showDays: v.showDays.length > 0 ? v.showDays.join(',') : null,
    timeStart: v.showTimeRange?.start ?? '',
    timeEnd: v.showTimeRange?.end ?? '',
    showOnPages: list(v.showOnPages),
    hideOnPages: list(v.hideOnPages),
    showToRoles: list(v.showToRoles),
    hideFromRoles: list(v.hideFromRoles),
    maxShowsPerUser: v.maxShowsPerUser ?? 0,
    cooldownPeriod: v.cooldownPeriod,
  };
}

function texts(form: AnnouncementForm, field: 'title' | 'message' | 'buttonText', kept: LocalizedText | undefined): Record<string, string> {
  const text: Record<string, string> = { ...kept };
  const values = { ar: form[`${field}Ar`], en: form[`${field}En`] };
  for (const language of EDITED_LANGUAGES) {
    const value = typeof values[language] === 'string' ? values[language] : '';
    if (value.trim() === '') delete text[language];
    else text[language] = value;
  }
  return text;
}

/**
 * The form in the file's JSON shape, to be read with `parseAnnouncement` (which refuses what is
 * wrong). Texts of languages the editor does not show are kept from `kept`, the saved version.
 */
export function formToAnnouncementJson(form: AnnouncementForm, kept?: Announcement): Record<string, unknown> {
  const start = str(form.timeStart);
  const end = str(form.timeEnd);
  const showDays = items(form.showDays);
  return {
    id: str(form.key),
    isActive: form.isActive === true,
    expiryDate: form.expiryDate || null,
    priority: form.priority,
    title: texts(form, 'title', kept?.title),
    message: texts(form, 'message', kept?.message),
    buttonText: texts(form, 'buttonText', kept?.buttonText),
    backgroundColor: form.backgroundColor || null,
    textColor: form.textColor || null,
    image: str(form.image) || null,
    showToLoggedIn: form.showToLoggedIn === true,
    showToGuests: form.showToGuests === true,
    buttonAction: form.buttonAction || null,
    buttonUrl: str(form.buttonUrl) || null,
    visibility: {
      // in the week's order, whatever order they were ticked in
      showDays: WEEKDAYS.filter((day) => showDays.includes(day)),
      showTimeRange: start || end ? { start, end } : null,
      showOnPages: items(form.showOnPages),
      hideOnPages: items(form.hideOnPages),
      showToRoles: items(form.showToRoles),
      hideFromRoles: items(form.hideFromRoles),
      maxShowsPerUser: form.maxShowsPerUser || 0,
      cooldownPeriod: form.cooldownPeriod || 0,
    },
  };
}

// ─── checks of the form's fields (the editor says them under each field) ───────────────────

const ID = /^[A-Za-z0-9_.:-]+$/;
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

export type FormProblem = 'idFormat' | 'noText' | 'timeFormat' | 'timeBoth' | 'listItem' | 'urlNeeded';

/** The identifier: letters, digits, `_ . : -`, at most 64. */
export function idProblem(value: unknown): FormProblem | null {
  const id = str(value);
  return id === '' || id.length > LIMITS.id || !ID.test(id) ? 'idFormat' : null;
}

/** A title or a message in at least one language. */
export function textProblem(form: AnnouncementForm): FormProblem | null {
  const all = [form.titleAr, form.titleEn, form.messageAr, form.messageEn];
  return all.some((text) => str(text) !== '') ? null : 'noText';
}

/** A time of day as HH:MM; both ends or neither. */
export function timeProblem(value: unknown, other: unknown): FormProblem | null {
  const time = str(value);
  if (time !== '' && !TIME.test(time)) return 'timeFormat';
  return (time === '') !== (str(other) === '') ? 'timeBoth' : null;
}

/** A comma list: at most 50 items of at most 64 characters. */
export function listProblem(value: unknown): FormProblem | null {
  const all = items(value);
  return all.length > LIMITS.listItems || all.some((item) => item.length > LIMITS.listItem) ? 'listItem' : null;
}
