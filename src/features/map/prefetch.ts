/**
 * What the first map needs, fetched while the sign-in form waits (`prefetchMapWhileIdle`, started by
 * the login page, which also loads the two routes' own small chunks through the router):
 * - the shell, the map page, MapLibre and the resource layer the first fleet load uses, imported here
 *   so that their import trees are preloaded at once (vite.config.ts `modulePreload`);
 * - MapLibre's workers, started (`prewarmWorkers`; a `<link rel="prefetch">` of their module script
 *   was fetched twice: the worker's own request missed it);
 * - the coarse basemap, a `<link rel="prefetch">` into the HTTP cache (the assets are immutable),
 *   where the map's own request finds it.
 * Nothing here needs a session: the map's data comes after sign-in.
 */
import { BASEMAP_ASSETS } from '../../map/offlineStyle';

function prefetchLink(href: string): void {
  if (document.head.querySelector(`link[rel="prefetch"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = href;
  document.head.append(link);
}

export async function prefetchMap(): Promise<void> {
  prefetchLink(BASEMAP_ASSETS.coarse);
  // the modules themselves (their trees preloaded at once: vite.config.ts modulePreload); the route chunks come from the router
  const [{ prewarmWorkers }] = await Promise.all([
    import('../../map/worker'),
    import('../shell/Shell'),
    import('./MapPage'),
    // the resource layer, which the first fleet load imports (src/composition.ts fetchFleet)
    import('../../api/entityEndpoints'),
    import('../../api/resources'),
  ]);
  prewarmWorkers();
}
