/**
 * The announcements machine's effects, provided at the composition root: the file from the
 * page's own origin, the rules (loaded with the file, not with the sign-in page), the counters in
 * local storage and this browser session's list in session storage (failures ignored), and the
 * button's action.
 */
import { fromPromise } from 'xstate';
import { announcementsMachine, type PickInput, type ShownEntry } from '../../machines/announcements/announcements.machine';
import type { Announcement, AnnouncementCounterStore, AnnouncementFile } from '../../domain/announcements';

type Rules = typeof import('../../domain/announcements');

export interface AnnouncementHost {
  /** `fetch` for `/announcements.json` (the page's origin: the file sits beside the client). */
  fetch: typeof fetch;
  /** Local storage (the counters), session storage (what this session showed); either may throw. */
  localStorage: () => Pick<Storage, 'getItem' | 'setItem'> | null;
  sessionStorage: () => Pick<Storage, 'getItem' | 'setItem'> | null;
  pageOrigin: string;
  navigate: (path: string) => void;
  /** Opens an `https:` link elsewhere in a new tab (no opener). */
  openUrl: (url: string) => void;
  /** Told of the entries a file had to drop (a warning in the console). */
  warn?: (message: string) => void;
}

/** The session storage key of what this browser session has shown. */
export const SHOWN_KEY = 'athar.announcements.shown';
const MAX_SHOWN = 200;

/** What this browser session has shown, from session storage; junk and failures give an empty list. */
export function readShown(storage: AnnouncementHost['sessionStorage'] | undefined): ShownEntry[] {
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

export function provideAnnouncementEffects(host: AnnouncementHost | undefined) {
  let rules: Rules | null = null;
  let counters: AnnouncementCounterStore | null = null;
  const load = async (): Promise<Rules> => {
    rules ??= await import('../../domain/announcements');
    counters ??= rules.createAnnouncementCounterStore(() => host?.localStorage() ?? null);
    return rules;
  };
  return announcementsMachine.provide({
    actors: {
      loadFile: fromPromise<AnnouncementFile>(async ({ signal }) => {
        if (!host) throw new Error('No announcements here');
        const [{ parseAnnouncementFileText, ANNOUNCEMENT_FILE_MESSAGES }, response] = await Promise.all([
          load(),
          host.fetch('/announcements.json', { signal, cache: 'no-cache', credentials: 'same-origin' }),
        ]);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const result = parseAnnouncementFileText(await response.text());
        if (!result.ok) throw new Error(ANNOUNCEMENT_FILE_MESSAGES[result.problem]);
        if (result.dropped.length > 0) {
          host.warn?.(`announcements.json: dropped ${result.dropped.map((d) => `#${d.index} (${d.problem})`).join(', ')}`);
        }
        return result.file;
      }),
      pick: fromPromise<Announcement | null, PickInput>(async ({ input }) => {
        const { nextAnnouncement } = await load();
        return nextAnnouncement(input.file, {
          now: new Date(),
          viewer: input.viewer,
          path: input.path,
          counters: counters?.read(input.viewer) ?? new Map(),
          shownThisSession: input.shownThisSession,
        });
      }),
    },
    actions: {
      recordShow: (_, { viewer, id, shown }) => {
        counters?.recordShow(viewer, id, new Date());
        try {
          host?.sessionStorage()?.setItem(SHOWN_KEY, JSON.stringify(shown.slice(-MAX_SHOWN)));
        } catch {
          // storage failures are silently ignored: the list lives on in the machine
        }
      },
      perform: (_, { announcement }) => {
        const target = rules?.buttonTarget(announcement, host?.pageOrigin ?? '') ?? null;
        if (!host || target === null) return;
        if (target.kind === 'navigate') host.navigate(target.path);
        else host.openUrl(target.url);
      },
    },
  });
}
