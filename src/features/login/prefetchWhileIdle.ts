/**
 * The sign-in page's prefetch of the map: the code of the routes a sign-in lands on (`/_app`, the
 * shell, and `/_app/`, the map page; the router's own chunk loading, no guard or loader runs) and
 * what the map fetches first (`src/features/map/prefetch.ts`). Once the page has loaded,
 * its fonts are in and the main thread is idle, so the form is never delayed by it; not when the
 * browser asks to save data. A prefetch that fails costs nothing: the map route loads as it would
 * have. Returns the cancel (the page was left before it started).
 */
import type { AnyRouter } from '@tanstack/react-router';
import { pageLoaded } from '../app/pageLoaded';

/** The routes whose code the first map needs. */
const MAP_ROUTES = ['/_app', '/_app/'] as const;

export function prefetchMapWhileIdle(router: AnyRouter): () => void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return () => {};
  let cancelled = false;
  void pageLoaded()
    .then(() => document.fonts?.ready)
    .then(
      () =>
        new Promise<void>((resolve) => {
          if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 2_000 });
          else setTimeout(resolve, 200);
        }),
    )
    .then(() => {
      if (cancelled) return undefined;
      const routes = MAP_ROUTES.flatMap((id) => {
        const route = (router.routesById as Record<string, Parameters<AnyRouter['loadRouteChunk']>[0] | undefined>)[id];
        return route ? [router.loadRouteChunk(route)] : [];
      });
      return Promise.all([...routes, import('../map/prefetch').then(({ prefetchMap }) => prefetchMap())]);
    })
    .catch(() => undefined);
  return () => {
    cancelled = true;
  };
}
