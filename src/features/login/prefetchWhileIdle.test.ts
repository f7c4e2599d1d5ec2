import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyRouter } from '@tanstack/react-router';

const prefetchMap = vi.fn(() => Promise.resolve());
vi.mock('../map/prefetch', () => ({ prefetchMap }));

const { prefetchMapWhileIdle } = await import('./prefetchWhileIdle');

function fakeRouter() {
  const routesById = { '/_app': { id: '/_app' }, '/_app/': { id: '/_app/' }, '/login': { id: '/login' } };
  const loadRouteChunk = vi.fn((_route: { id: string }) => Promise.resolve());
  return { router: { routesById, loadRouteChunk } as unknown as AnyRouter, loadRouteChunk };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

afterEach(() => {
  prefetchMap.mockClear();
  Reflect.deleteProperty(navigator, 'connection');
});

describe('prefetchMapWhileIdle', () => {
  it('once the page has loaded and is idle: the shell and map routes through the router, and the map prefetch', async () => {
    const { router, loadRouteChunk } = fakeRouter();
    prefetchMapWhileIdle(router);
    await settle();
    expect(loadRouteChunk.mock.calls.map(([route]) => route.id)).toEqual(['/_app', '/_app/']);
    expect(prefetchMap).toHaveBeenCalledTimes(1);
  });

  it('nothing when the page is left first, or when the browser asks to save data', async () => {
    const left = fakeRouter();
    prefetchMapWhileIdle(left.router)();
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    const saving = fakeRouter();
    prefetchMapWhileIdle(saving.router);
    await settle();
    expect(left.loadRouteChunk).not.toHaveBeenCalled();
    expect(saving.loadRouteChunk).not.toHaveBeenCalled();
    expect(prefetchMap).not.toHaveBeenCalled();
  });

  it('a prefetch that fails is ignored', async () => {
    const { router, loadRouteChunk } = fakeRouter();
    loadRouteChunk.mockImplementation(() => Promise.reject(new Error('offline')));
    prefetchMapWhileIdle(router);
    await settle();
    expect(loadRouteChunk).toHaveBeenCalled();
  });
});
