/**
 * Model-based test of the announcements machine: covering paths over its graph (the file loading
 * or failing, the viewer arriving or changing, pages changing, a pick naming an announcement or
 * none, the delay, close and the button, the fade), each replayed against the real machine with
 * fake `loadFile` and `pick` on a simulated clock, the context compared at every step and the
 * effects checked.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { announcementsMachine, type AnnouncementsContext } from '../../src/machines/announcements/announcements.machine';
import { GUEST, parseAnnouncementFile, type Announcement, type AnnouncementFile } from '../../src/domain/announcements';
import { assertCovers, coverageOf, coveringPaths, fakeActors, replayChecking, transitionsOf, type Effect, type PathStep } from './graph.ts';

const parsed = parseAnnouncementFile({
  announcements: [{ id: 'welcome', isActive: true, showToGuests: true, showToLoggedIn: true, title: { en: 'Welcome' }, message: { en: 'Hello' } }],
  settings: { autoShowDelay: 1500 },
});
if (!parsed.ok) throw new Error('fixture');
const file: AnnouncementFile = parsed.file;
const welcome = file.announcements[0] as Announcement;

const fakes = fakeActors();
const effects: Effect[] = [];
const machine = announcementsMachine.provide({
  actors: { loadFile: fakes.promise(), pick: fakes.promise() },
  actions: {
    recordShow: (_, params) => void effects.push(['recordShow', { viewer: params.viewer, id: params.id, shown: params.shown }]),
    perform: (_, params) => void effects.push(['perform', params.announcement.id]),
  },
});

const invokeEvent = (kind: 'done' | 'error', src: string): string => {
  const t = transitionsOf(announcementsMachine).find((it) => it.kind === kind && it.invoke?.src === src);
  if (!t) throw new Error(`no ${kind} transition for ${src}`);
  return t.eventType;
};

const ctx = (s: AnyMachineSnapshot) => s.context as AnnouncementsContext;
const user = { kind: 'user' as const, id: 3, role: 'user' };

const paths = coveringPaths(machine, {
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

function check(step: PathStep, prev: AnyMachineSnapshot | undefined, next: AnyMachineSnapshot, produced: readonly Effect[]): void {
  const where = `step "${step.label}"`;
  const event = step.event as AnyEventObject;
  // an announcement is held exactly while it waits, shows or fades
  expect(ctx(next).current !== null, where).toBe(['delaying', 'shown', 'closing'].some((state) => next.matches(state)));
  // nothing is picked before the file and the viewer are known
  if (next.matches('picking') || next.matches('delaying')) {
    expect(ctx(next).file, where).not.toBeNull();
    expect(ctx(next).viewer, where).not.toBeNull();
  }
  if (event.type === 'NAVIGATED') expect(ctx(next).path, where).toBe((event as AnyEventObject & { path: string }).path);
  if (event.type === 'VIEWER') expect(ctx(next).viewer, where).toEqual((event as AnyEventObject & { viewer: unknown }).viewer);
  if (prev === undefined) return;
  // the button's action runs once, when pressed on a shown announcement
  expect(produced.filter(([name]) => name === 'perform'), where).toEqual(event.type === 'ACT' && prev.matches('shown') ? [['perform', 'welcome']] : []);
  // counters are stored once the fade has run, for the announcement that closed
  const stored = produced.filter(([name]) => name === 'recordShow');
  if (prev.matches('closing') && step.kind === 'delay') {
    const viewer = ctx(prev).viewer;
    expect(stored, where).toHaveLength(1);
    expect(stored[0]?.[1], where).toMatchObject({ viewer, id: ctx(prev).current?.id });
    expect(ctx(next).shown.at(-1), where).toEqual({ viewer: viewer?.kind === 'guest' ? 'guest' : `user.${viewer?.kind === 'user' ? viewer.id : ''}`, id: 'welcome' });
    expect(ctx(next).shown, where).toHaveLength(ctx(prev).shown.length + 1);
  } else {
    expect(stored, where).toEqual([]);
    expect(ctx(next).shown, where).toEqual(ctx(prev).shown);
  }
}

describe('announcements machine (model-based)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      await replayChecking(path, { machine, fakes, input: { path: '/login' }, compareContext: true, effects, check });
      expect(fakes.pending()).toEqual([]);
    });
  }

  it('covers every state node and every transition', () => {
    assertCovers(paths, announcementsMachine);
    expect(coverageOf(paths, announcementsMachine).transitions.covered).toHaveLength(transitionsOf(announcementsMachine).length);
  });
});
