/**
 * The sign-in page's prefetch of the map, from the first idle moment after the page has drawn the
 * form; not when the browser asks to save data. Its scripts and files are asked for at low priority
 * (all but a few KB of stylesheets), so the form's own requests (its fonts, the server's settings)
 * are given a connection first. It does not wait for the
 * fonts to finish: on a slow link (1.6 Mbit/s, 150 ms round trip) that left the link half idle for
 * a second, and the map came 0.3 s later after Sign in (bench:startup); the fonts now arrive about
 * 0.7 s later (the form shows in the fallback font meanwhile: `font-display: swap`).
 * - the scripts of the first map that the build lists in index.html (scripts/mapPrefetchList.ts:
 *   `src/features/map/prefetch.ts` and its whole import tree, MapLibre's first), asked for at once and
 *   at low priority: a sign-in pressed while they still arrive goes ahead of them (HTTP/1.1 gives a
 *   host six connections, and the browser hands a free one to the most urgent request). Their
 *   stylesheets (a few KB) come with the prefetch module's import, through Vite's loader;
 * - MapLibre's worker script and the coarse basemap, fetched (at low priority too, and first: the
 *   worker's script is needed as soon as MapLibre runs, the basemap as soon as the map is created)
 *   into the HTTP cache (the assets are immutable), where the map's own requests find them. Not
 *   `<link rel="prefetch">`: the browser puts those below every other request;
 * - the code of the routes a sign-in lands on (`/_app`, the shell, and `/_app/`, the map page; the
 *   router's own chunk loading, no guard or loader runs), and the prefetch module itself, which starts
 *   MapLibre's workers.
 * A prefetch that fails costs nothing: the map route loads as it would have. Returns the cancel (the
 * page was left before it started).
 */
import type { AnyRouter } from '@tanstack/react-router';
import { BASEMAP_ASSETS, MAPLIBRE_WORKER_URL } from '../../map/assets';
import { whenIdle } from '../../ui/pageTiming';
import { mapPrefetchScripts } from '../../shared/prefetchList';

/** How long the prefetch waits at most for an idle moment once the form is drawn. */
const PREFETCH_IDLE_MS = 2_000;

/** The routes whose code the first map needs. */
const MAP_ROUTES = ['/_app', '/_app/'] as const;

/** Adds a low-priority modulepreload for a script once (a second sign-in page, back from elsewhere, adds none). */
function preloadModule(href: string): void {
  if ([...document.head.querySelectorAll('link[rel="modulepreload"]')].some((link) => link.getAttribute('href') === href)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.setAttribute('fetchpriority', 'low');
  link.href = href;
  document.head.append(link);
}

const warmed = new Set<string>();
/** Reads a file once at low priority, for the HTTP cache (its body is dropped). */
function warmCache(href: string): void {
  if (warmed.has(href)) return;
  warmed.add(href);
  fetch(href, { credentials: 'same-origin', priority: 'low' })
    .then((response) => response.arrayBuffer())
    .catch(() => warmed.delete(href));
}

/** The prefetch itself: what fails (a chunk, a fetch) is ignored, the map route then loads as it would have. */
async function prefetchMap(router: AnyRouter, loadMapCode: () => Promise<void>): Promise<void> {
  const [mapLibre, ...scripts] = mapPrefetchScripts();
  // MapLibre's chunk ahead of its worker's script, then the basemap, then the rest
  if (mapLibre) preloadModule(mapLibre);
  warmCache(MAPLIBRE_WORKER_URL);
  warmCache(BASEMAP_ASSETS.coarse);
  scripts.forEach(preloadModule);
  const routes = MAP_ROUTES.flatMap((id) => {
    const route = (router.routesById as Record<string, Parameters<AnyRouter['loadRouteChunk']>[0] | undefined>)[id];
    return route ? [router.loadRouteChunk(route)] : [];
  });
  await Promise.all([...routes, loadMapCode()]);
}

/**
 * `loadMapCode` imports the module that carries the first map's code and starts MapLibre's workers
 * (src/routes/-mapPrefetch.ts, given by the login route, which composes the screens).
 */
export function prefetchMapWhileIdle(router: AnyRouter, loadMapCode: () => Promise<void>): () => void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return () => {};
  return whenIdle(() => void prefetchMap(router, loadMapCode).catch(() => undefined), PREFETCH_IDLE_MS);
}
