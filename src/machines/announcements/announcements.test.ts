import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { announcementsMachine, type PickInput, type ShownEntry } from './announcements.machine';
import { GUEST, nextAnnouncement, parseAnnouncementFile, type Announcement, type AnnouncementFile, type Viewer } from '../../domain/announcements';

const NOW = new Date('2026-11-25T10:00:00');

function fileOf(announcements: Array<Record<string, unknown>>, settings: Record<string, unknown> = {}): AnnouncementFile {
  const result = parseAnnouncementFile({ announcements, settings });
  if (!result.ok) throw new Error(result.problem);
  return result.file;
}

const announcement = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  isActive: true,
  showToGuests: true,
  showToLoggedIn: true,
  title: { en: `Title ${id}` },
  message: { en: `Message ${id}` },
  ...extra,
});

const USER: Viewer = { kind: 'user', id: 7, role: 'user' };

/**
 * The machine with `pick` running the real rules (`nextAnnouncement`) at a fixed time and with no
 * stored counters, unless a test gives its own; `loadFile` settles when the test says.
 */
function start(options: { file?: AnnouncementFile | Error; shown?: ShownEntry[]; path?: string; pick?: (input: PickInput) => Announcement | null } = {}) {
  const clock = new SimulatedClock();
  const picks: PickInput[] = [];
  const recorded: Array<{ viewer: Viewer; id: string; shown: readonly ShownEntry[] }> = [];
  const performed: string[] = [];
  let loads = 0;
  const machine = announcementsMachine.provide({
    actors: {
      loadFile: fromPromise(async () => {
        loads += 1;
        const file = options.file ?? fileOf([announcement('a')]);
        if (file instanceof Error) throw file;
        return file;
      }),
      pick: fromPromise(async ({ input }) => {
        picks.push(input);
        if (options.pick) return options.pick(input);
        return nextAnnouncement(input.file, { now: NOW, viewer: input.viewer, path: input.path, counters: new Map(), shownThisSession: input.shownThisSession });
      }),
    },
    actions: {
      recordShow: (_, params) => void recorded.push(params),
      perform: (_, params) => void performed.push(params.announcement.id),
    },
  });
  const actor = createActor(machine, { clock, input: { path: options.path ?? '/login', shown: options.shown } }).start();
  return { actor, clock, picks, recorded, performed, loads: () => loads, value: () => actor.getSnapshot().value };
}

const flush = async () => {
  for (let i = 0; i < 6; i++) await Promise.resolve();
};

describe('announcements machine', () => {
  it('fetches nothing until the session says who is looking, then shows after autoShowDelay (default 2000 ms)', async () => {
    const m = start();
    await flush();
    m.clock.increment(10_000);
    expect(m.value()).toBe('idle');
    expect(m.loads()).toBe(0);
    expect(m.picks).toEqual([]);
    m.actor.send({ type: 'VIEWER', viewer: GUEST });
    await flush();
    expect(m.value()).toBe('delaying');
    expect(m.picks[0]).toMatchObject({ viewer: GUEST, path: '/login', shownThisSession: [] });
    m.clock.increment(1999);
    expect(m.value()).toBe('delaying');
    m.clock.increment(1);
    expect(m.value()).toBe('shown');
    expect(m.actor.getSnapshot().context.current?.id).toBe('a');
  });

  it("takes the file's autoShowDelay", async () => {
    const m = start({ file: fileOf([announcement('a')], { autoShowDelay: 500 }) });
    m.actor.send({ type: 'VIEWER', viewer: GUEST });
    await flush();
    m.clock.increment(499);
    expect(m.value()).toBe('delaying');
    m.clock.increment(1);
    expect(m.value()).toBe('shown');
  });

  it('closes with a 300 ms fade, then stores the counters and picks the next', async () => {
    const file = fileOf([announcement('a', { priority: 1 }), announcement('b', { priority: 2 })], { maxAnnouncementsPerSession: 2, autoShowDelay: 100 });
    const m = start({ file });
    m.actor.send({ type: 'VIEWER', viewer: USER });
    await flush();
    m.clock.increment(100);
    expect(m.actor.getSnapshot().context.current?.id).toBe('a');
    m.actor.send({ type: 'CLOSE' });
    expect(m.value()).toBe('closing');
    m.clock.increment(299);
    expect(m.value()).toBe('closing');
    expect(m.recorded).toEqual([]);
    m.clock.increment(1);
    expect(m.recorded).toEqual([{ viewer: USER, id: 'a', shown: [{ viewer: 'user.7', id: 'a' }] }]);
    await flush();
    // once per session: a is not picked again; b is next
    expect(m.picks.at(-1)?.shownThisSession).toEqual(['a']);
    expect(m.value()).toBe('delaying');
    expect(m.actor.getSnapshot().context.current?.id).toBe('b');
    m.clock.increment(100);
    m.actor.send({ type: 'CLOSE' });
    m.clock.increment(300);
    await flush();
    // the session's limit (2) is reached
    expect(m.value()).toBe('waiting');
    expect(m.recorded.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('runs the button action and closes', async () => {
    const m = start({ file: fileOf([announcement('a', { buttonAction: 'login', buttonText: { en: 'Sign in' } })]) });
    m.actor.send({ type: 'VIEWER', viewer: GUEST });
    await flush();
    m.clock.increment(2000);
    m.actor.send({ type: 'ACT' });
    expect(m.performed).toEqual(['a']);
    expect(m.value()).toBe('closing');
  });

  it('picks again for a new page while one waits, and keeps a shown one when the page changes', async () => {
    const file = fileOf([announcement('map', { visibility: { showOnPages: ['main'] } })]);
    const m = start({ file, path: '/login' });
    m.actor.send({ type: 'VIEWER', viewer: USER });
    await flush();
    expect(m.value()).toBe('waiting');
    m.actor.send({ type: 'NAVIGATED', path: '/' });
    await flush();
    expect(m.value()).toBe('delaying');
    m.clock.increment(1500);
    // leaving the page before the delay: not shown there
    m.actor.send({ type: 'NAVIGATED', path: '/settings/devices' });
    await flush();
    expect(m.value()).toBe('waiting');
    expect(m.actor.getSnapshot().context.current).toBeNull();
    m.actor.send({ type: 'NAVIGATED', path: '/' });
    await flush();
    // the delay starts over
    m.clock.increment(1999);
    expect(m.value()).toBe('delaying');
    m.clock.increment(1);
    expect(m.value()).toBe('shown');
    m.actor.send({ type: 'NAVIGATED', path: '/settings/devices' });
    expect(m.value()).toBe('shown');
    expect(m.actor.getSnapshot().context.path).toBe('/settings/devices');
  });

  it('counts what this browser session showed per viewer: a guest’s shows do not use up the user’s', async () => {
    const m = start({ shown: [{ viewer: 'guest', id: 'a' }] });
    m.actor.send({ type: 'VIEWER', viewer: GUEST });
    await flush();
    expect(m.value()).toBe('waiting');
    m.actor.send({ type: 'VIEWER', viewer: USER });
    await flush();
    expect(m.picks.at(-1)).toMatchObject({ viewer: USER, shownThisSession: [] });
    expect(m.value()).toBe('delaying');
  });

  it('shows nothing when the file cannot be loaded, and tries again for a new viewer', async () => {
    const m = start({ file: new Error('HTTP 404') });
    m.actor.send({ type: 'VIEWER', viewer: GUEST });
    await flush();
    expect(m.value()).toBe('unavailable');
    expect(m.loads()).toBe(1);
    // the same viewer again does not reload
    m.actor.send({ type: 'VIEWER', viewer: GUEST });
    await flush();
    expect(m.loads()).toBe(1);
    m.actor.send({ type: 'VIEWER', viewer: USER });
    await flush();
    expect(m.loads()).toBe(2);
    expect(m.value()).toBe('unavailable');
    m.clock.increment(10_000);
    expect(m.picks).toEqual([]);
  });

  it('a pick that fails shows nothing on this page and tries again on the next', async () => {
    let fail = true;
    const m = start({
      pick: () => {
        if (fail) throw new Error('storage exploded');
        return fileOf([announcement('a')]).announcements[0] ?? null;
      },
    });
    m.actor.send({ type: 'VIEWER', viewer: GUEST });
    await flush();
    expect(m.value()).toBe('waiting');
    fail = false;
    m.actor.send({ type: 'NAVIGATED', path: '/register' });
    await flush();
    expect(m.value()).toBe('delaying');
  });

  it('a new viewer while one is picked drops it and picks for the new viewer', async () => {
    const file = fileOf([announcement('guests', { showToLoggedIn: false })]);
    const m = start({ file });
    m.actor.send({ type: 'VIEWER', viewer: GUEST });
    await flush();
    expect(m.value()).toBe('delaying');
    m.actor.send({ type: 'VIEWER', viewer: USER });
    await flush();
    expect(m.value()).toBe('waiting');
    m.clock.increment(5000);
    expect(m.value()).toBe('waiting');
  });
});
