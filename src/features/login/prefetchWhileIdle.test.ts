// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyRouter } from '@tanstack/react-router';
import { BASEMAP_ASSETS, MAPLIBRE_WORKER_URL } from '../../map/assets';
import { mapPrefetchScripts } from '../../shared/prefetchList';

const prefetchMap = vi.fn(() => Promise.resolve());

/** A fresh copy of the module for each test (it remembers what it has fetched). */
async function load() {
  vi.resetModules();
  return import('./prefetchWhileIdle');
}

const LIST = { scripts: ['/assets/maplibre-abc.js', '/assets/MapPage-def.js', '/assets/prefetch-ghi.js'] };

function putList(text: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'map-prefetch';
  script.textContent = text;
  document.head.append(script);
}

/** The links the prefetch added, in order, with their priority. */
const links = () => [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')} ${link.getAttribute('fetchpriority')}`);

function fakeRouter() {
  const routesById = { '/_app': { id: '/_app' }, '/_app/': { id: '/_app/' }, '/login': { id: '/login' } };
  const loadRouteChunk = vi.fn((_route: { id: string }) => Promise.resolve());
  return { router: { routesById, loadRouteChunk } as unknown as AnyRouter, loadRouteChunk };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response('x')));

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(() => Promise.resolve(new Response('x')));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  prefetchMap.mockClear();
  vi.unstubAllGlobals();
  document.head.querySelectorAll('link, script#map-prefetch').forEach((element) => element.remove());
  Reflect.deleteProperty(navigator, 'connection');
});

describe('prefetchMapWhileIdle', () => {
  it('at the first idle moment: the listed files at low priority, MapLibre first, then its worker and the basemap; the routes and the prefetch module', async () => {
    putList(JSON.stringify(LIST));
    const { prefetchMapWhileIdle } = await load();
    const { router, loadRouteChunk } = fakeRouter();
    prefetchMapWhileIdle(router, prefetchMap);
    expect(links()).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
    await settle();
    expect(links()).toEqual(['modulepreload /assets/maplibre-abc.js low', 'modulepreload /assets/MapPage-def.js low', 'modulepreload /assets/prefetch-ghi.js low']);
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.priority, init?.credentials])).toEqual([
      [MAPLIBRE_WORKER_URL, 'low', 'same-origin'],
      [BASEMAP_ASSETS.coarse, 'low', 'same-origin'],
    ]);
    expect(loadRouteChunk.mock.calls.map(([route]) => route.id)).toEqual(['/_app', '/_app/']);
    expect(prefetchMap).toHaveBeenCalledTimes(1);
    // a second sign-in page (back from elsewhere) adds no second link and fetches nothing again
    prefetchMapWhileIdle(router, prefetchMap);
    await settle();
    expect(links()).toHaveLength(3);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('without a list (the dev server) or with one that is not a list of own paths: no links, the rest as before', async () => {
    const lists = ['', 'not json', 'null', '{"scripts":"/assets/a.js"}', '{"scripts":["/assets/a.js", 1]}', '{"scripts":["https://elsewhere.example/x.js"]}', '{"scripts":["//elsewhere.example/x.js"]}', '{"scripts":["/assets/a.js\\"onload=\\"x"]}'];
    for (const text of lists) {
      document.head.querySelectorAll('script#map-prefetch').forEach((element) => element.remove());
      putList(text);
      const { prefetchMapWhileIdle } = await load();
      expect(mapPrefetchScripts()).toEqual([]);
      const { router, loadRouteChunk } = fakeRouter();
      prefetchMapWhileIdle(router, prefetchMap);
      await settle();
      expect(links()).toEqual([]);
      expect(loadRouteChunk).toHaveBeenCalledTimes(2);
    }
    expect(prefetchMap).toHaveBeenCalledTimes(lists.length);
  });

  it('waits for an idle moment where the browser has idle callbacks', async () => {
    putList(JSON.stringify(LIST));
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: { timeout?: number }) => {
      expect(options?.timeout).toBe(2_000);
      idle.push(callback);
      return idle.length;
    });
    const { prefetchMapWhileIdle } = await load();
    const { router, loadRouteChunk } = fakeRouter();
    prefetchMapWhileIdle(router, prefetchMap);
    await settle();
    expect(links()).toEqual([]);
    expect(loadRouteChunk).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]!();
    await settle();
    expect(links()).toHaveLength(3);
    expect(loadRouteChunk).toHaveBeenCalledTimes(2);
  });

  it('nothing when the page is left first, or when the browser asks to save data', async () => {
    putList(JSON.stringify(LIST));
    const { prefetchMapWhileIdle } = await load();
    const left = fakeRouter();
    prefetchMapWhileIdle(left.router, prefetchMap)();
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    const saving = fakeRouter();
    prefetchMapWhileIdle(saving.router, prefetchMap);
    await settle();
    expect(left.loadRouteChunk).not.toHaveBeenCalled();
    expect(saving.loadRouteChunk).not.toHaveBeenCalled();
    expect(prefetchMap).not.toHaveBeenCalled();
    expect(links()).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a prefetch that fails is ignored, and a warm-up that fails may be tried again', async () => {
    const { prefetchMapWhileIdle } = await load();
    const { router, loadRouteChunk } = fakeRouter();
    loadRouteChunk.mockImplementation(() => Promise.reject(new Error('offline')));
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('offline')));
    prefetchMapWhileIdle(router, prefetchMap);
    await settle();
    expect(loadRouteChunk).toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    prefetchMapWhileIdle(router, prefetchMap);
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
