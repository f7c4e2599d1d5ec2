/**
 * The announcements machine's effects (loaded with the first file request, not with the sign-in
 * page; `announcements.effects.ts` wires them at the composition root): the file from the page's own origin,
 * parsed by the rules; the next announcement with the clock and this viewer's stored counters; the
 * counters in local storage and this browser session's list in session storage (failures
 * ignored); the button's action through `buttonTarget`.
 */
import type { PickInput, ShownEntry } from './announcements.machine';
import {
  ANNOUNCEMENT_FILE_MESSAGES,
  buttonTarget,
  createAnnouncementCounterStore,
  nextAnnouncement,
  parseAnnouncementFileText,
  type Announcement,
  type AnnouncementFile,
  type Viewer,
} from '../../domain/announcements';
import { MAX_SHOWN, SHOWN_KEY, type AnnouncementHost } from './announcements.effects';

export interface AnnouncementEffects {
  loadFile(signal: AbortSignal): Promise<AnnouncementFile>;
  pick(input: PickInput): Announcement | null;
  recordShow(params: { viewer: Viewer; id: string; shown: readonly ShownEntry[] }): void;
  perform(announcement: Announcement): void;
}

export function createAnnouncementEffects(host: AnnouncementHost): AnnouncementEffects {
  const counters = createAnnouncementCounterStore(() => host.counterStore());
  return {
    async loadFile(signal) {
      const response = await host.readFile(signal);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const result = parseAnnouncementFileText(await response.text());
      if (!result.ok) throw new Error(ANNOUNCEMENT_FILE_MESSAGES[result.problem]);
      if (result.dropped.length > 0) {
        host.warn?.(`announcements.json: dropped ${result.dropped.map((d) => `#${d.index} (${d.problem})`).join(', ')}`);
      }
      return result.file;
    },
    pick(input) {
      return nextAnnouncement(input.file, {
        now: new Date(),
        viewer: input.viewer,
        path: input.path,
        counters: counters.read(input.viewer),
        shownThisSession: input.shownThisSession,
      });
    },
    recordShow({ viewer, id, shown }) {
      counters.recordShow(viewer, id, new Date());
      try {
        host.shownStore()?.setItem(SHOWN_KEY, JSON.stringify(shown.slice(-MAX_SHOWN)));
      } catch {
        // storage failures are silently ignored: the list lives on in the machine
      }
    },
    perform(announcement) {
      const target = buttonTarget(announcement, host.pageOrigin);
      if (target === null) return;
      if (target.kind === 'navigate') host.navigate(target.path);
      else host.openUrl(target.url);
    },
  };
}
