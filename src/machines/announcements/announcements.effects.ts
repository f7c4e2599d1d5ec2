/**
 * The announcements machine with its effects, for the composition root. The sign-in page carries
 * only this wiring: the effects and the rules (`announcements.host.ts`, `src/domain/announcements.ts`) load
 * with the first file request, after the session has settled.
 */
import { fromPromise } from 'xstate';
import { announcementsMachine, type PickInput, type ShownEntry } from './announcements.machine';
import type { Announcement, AnnouncementFile } from '../../domain/announcements';
import type { AnnouncementEffects } from './announcements.host';

/** A place that keeps text by key (the browser's storage in the app). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface AnnouncementHost {
  /** Reads `/announcements.json` anew (the page's origin: the file sits beside the client). */
  readFile: (signal: AbortSignal) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;
  /** Where the counters are kept across visits, and what this browser session showed; either may throw. */
  counterStore: () => KeyValueStore | null;
  shownStore: () => KeyValueStore | null;
  pageOrigin: string;
  navigate: (path: string) => void;
  /** Opens an `https:` link elsewhere in a new tab (no opener). */
  openUrl: (url: string) => void;
  /** Told of the entries a file had to drop (a warning in the console). */
  warn?: (message: string) => void;
}

/** The session storage key of what this browser session has shown. */
export const SHOWN_KEY = 'athar.announcements.shown';
export const MAX_SHOWN = 200;

/** What this browser session has shown, from session storage; junk and failures give an empty list. */
export function readShown(storage: AnnouncementHost['shownStore'] | undefined): ShownEntry[] {
  try {
    const value = JSON.parse(storage?.()?.getItem(SHOWN_KEY) ?? '[]') as unknown;
    if (!Array.isArray(value)) return [];
    return value
      .filter((entry): entry is ShownEntry => typeof entry?.viewer === 'string' && typeof entry?.id === 'string' && entry.viewer.length <= 64 && entry.id.length <= 64)
      .slice(-MAX_SHOWN);
  } catch {
    return [];
  }
}

/** Without a host (tests), the file cannot be loaded and the machine stays `unavailable`. */
export function provideAnnouncementEffects(host: AnnouncementHost | undefined) {
  let effects: AnnouncementEffects | null = null;
  const ready = async (): Promise<AnnouncementEffects> => {
    if (!host) throw new Error('No announcements here');
    effects ??= (await import('./announcements.host')).createAnnouncementEffects(host);
    return effects;
  };
  return announcementsMachine.provide({
    actors: {
      loadFile: fromPromise<AnnouncementFile>(async ({ signal }) => (await ready()).loadFile(signal)),
      pick: fromPromise<Announcement | null, PickInput>(async ({ input }) => (await ready()).pick(input)),
    },
    actions: {
      // the file is loaded before anything shows, so the effects are there by then
      recordShow: (_, params) => effects?.recordShow(params),
      perform: (_, params) => effects?.perform(params.announcement),
    },
  });
}
