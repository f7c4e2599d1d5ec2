/**
 * Model spec of the announcements machine: the paths `announcements.model.test.ts` replays, and the source of
 * `docs/statecharts/announcements.paths.md` and of the coverage table on `docs/statecharts/announcements.md`
 * (`npm run statecharts`).
 */
import type { AnyMachineSnapshot } from 'xstate';
import { announcementsMachine, type AnnouncementsContext } from '../../src/machines/announcements/announcements.machine';
import { GUEST, parseAnnouncementFile, type Announcement, type AnnouncementFile } from '../../src/domain/announcements';
import { coveringPaths, fakeActors, invokeEventType, type Effect } from './graph.ts';
import { defineModel } from './spec.ts';

const parsed = parseAnnouncementFile({
  announcements: [{ id: 'welcome', isActive: true, showToGuests: true, showToLoggedIn: true, title: { en: 'Welcome' }, message: { en: 'Hello' } }],
  settings: { autoShowDelay: 1500 },
});
if (!parsed.ok) throw new Error('fixture');
export const file: AnnouncementFile = parsed.file;
export const welcome = file.announcements[0] as Announcement;

export const fakes = fakeActors();
export const effects: Effect[] = [];
export const machine = announcementsMachine.provide({
  actors: { loadFile: fakes.promise(), pick: fakes.promise() },
  actions: {
    recordShow: (_, params) => void effects.push(['recordShow', { viewer: params.viewer, id: params.id, shown: params.shown }]),
    perform: (_, params) => void effects.push(['perform', params.announcement.id]),
  },
});

const invokeEvent = (kind: 'done' | 'error', src: string): string => invokeEventType(announcementsMachine, src, kind);

export const ctx = (s: AnyMachineSnapshot) => s.context as AnnouncementsContext;
export const user = { kind: 'user' as const, id: 3, role: 'user' };

export const paths = coveringPaths(machine, {
  input: { path: '/login' },
  events: {
    NAVIGATED: { path: '/' },
    VIEWER: [{ viewer: GUEST }, { viewer: user }],
    [invokeEvent('done', 'loadFile')]: { output: file },
    [invokeEvent('error', 'loadFile')]: { error: new Error('HTTP 404') },
    [invokeEvent('done', 'pick')]: [{ output: welcome }, { output: null }],
    [invokeEvent('error', 'pick')]: { error: new Error('storage') },
  },
  // guards read whether the viewer is known and which one it is, and what was picked: the shown
  // list only grows, so it is left out (one announcement shown per path is enough)
  serializeState: (s) =>
    JSON.stringify([s.value, ctx(s).viewer?.kind ?? null, ctx(s).file !== null, ctx(s).current?.id ?? null, ctx(s).shown.length > 0]),
});

export const model = defineModel(announcementsMachine, { paths: paths.map((path) => ({ path, input: { path: '/login' } })) });
