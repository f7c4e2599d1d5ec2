import { describe, expect, it } from 'vitest';
import { createAnnouncementEffects } from './announcements.host';
import { provideAnnouncementEffects, readShown, SHOWN_KEY, type AnnouncementHost } from './announcements.effects';
import { GUEST, parseAnnouncement, type Announcement } from '../../domain/announcements';

const throwing = () => ({
  getItem: () => {
    throw new Error('denied');
  },
  setItem: () => {
    throw new Error('quota');
  },
});

function host(overrides: Partial<AnnouncementHost> = {}) {
  const navigated: string[] = [];
  const opened: string[] = [];
  const session = new Map<string, string>();
  const h: AnnouncementHost = {
    readFile: async () => new Response('{"announcements":[]}'),
    counterStore: () => null,
    shownStore: () => ({ getItem: (k) => session.get(k) ?? null, setItem: (k, v) => void session.set(k, v) }),
    pageOrigin: 'http://localhost:8082',
    navigate: (path) => void navigated.push(path),
    openUrl: (url) => void opened.push(url),
    ...overrides,
  };
  return { h, navigated, opened, session };
}

const announcement = (extra: Record<string, unknown>) => parseAnnouncement({ id: 'a', isActive: true, showToGuests: true, title: 'T', ...extra }) as Announcement;

describe('announcement effects', () => {
  it('loads and parses the file; a missing or malformed file is an error', async () => {
    const ok = createAnnouncementEffects(host({ readFile: async () => new Response('{"announcements":[{"id":"x","isActive":true,"title":"Hi"}],"settings":{"autoShowDelay":500}}') }).h);
    expect((await ok.loadFile(new AbortController().signal)).settings.autoShowDelay).toBe(500);
    const missing = createAnnouncementEffects(host({ readFile: async () => new Response('nope', { status: 404 }) }).h);
    await expect(missing.loadFile(new AbortController().signal)).rejects.toThrow('HTTP 404');
    const junk = createAnnouncementEffects(host({ readFile: async () => new Response('{"items":[]}') }).h);
    await expect(junk.loadFile(new AbortController().signal)).rejects.toThrow('Invalid announcements file format');
  });

  it('runs a button only where buttonTarget allows', () => {
    const { h, navigated, opened } = host();
    const effects = createAnnouncementEffects(h);
    effects.perform(announcement({ buttonAction: 'external', buttonUrl: 'javascript:alert(1)' }));
    effects.perform(announcement({ buttonAction: 'external', buttonUrl: 'data:text/html,x' }));
    expect([navigated, opened]).toEqual([[], []]);
    effects.perform(announcement({ buttonAction: 'login' }));
    effects.perform(announcement({ buttonAction: 'telegram', buttonUrl: 'https://t.me/athar' }));
    expect([navigated, opened]).toEqual([['/login'], ['https://t.me/athar']]);
  });

  it('keeps the counters and the session list, and ignores storages that throw', () => {
    const { h, session } = host();
    const effects = createAnnouncementEffects(h);
    effects.recordShow({ viewer: GUEST, id: 'a', shown: [{ viewer: 'guest', id: 'a' }] });
    expect(readShown(h.shownStore)).toEqual([{ viewer: 'guest', id: 'a' }]);
    expect(JSON.parse(session.get(SHOWN_KEY) ?? '[]')).toHaveLength(1);
    const broken = createAnnouncementEffects(host({ counterStore: throwing, shownStore: throwing }).h);
    expect(() => broken.recordShow({ viewer: GUEST, id: 'a', shown: [] })).not.toThrow();
    expect(readShown(throwing)).toEqual([]);
    expect(readShown(() => ({ getItem: () => '{"not":"a list"}', setItem: () => {} }))).toEqual([]);
    expect(readShown(() => ({ getItem: () => '[{"viewer":"guest","id":"a"},{"viewer":1},"x"]', setItem: () => {} }))).toEqual([{ viewer: 'guest', id: 'a' }]);
  });

  it('without a host the machine cannot load a file', () => {
    expect(provideAnnouncementEffects(undefined).id).toBe('announcements');
  });
});
