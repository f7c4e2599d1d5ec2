/**
 * What the first map needs, fetched while the sign-in form waits (`prefetchMapWhileIdle`, started by
 * the login page, which also loads the two routes' own small chunks through the router): the shell's
 * and the map page's modules with MapLibre and the resource layer the fleet load uses (imported here, so that their import trees are preloaded in
 * parallel: vite.config.ts `modulePreload`), MapLibre's worker script and the coarse basemap.
 * MapLibre's workers are started (`prewarm`: the map takes them from the pool, their script loaded
 * and run; a `<link rel="prefetch">` of the module script was fetched twice, the worker's own request
 * missed it); the basemap is a `<link
 * rel="prefetch">`, fetched at the lowest priority into the HTTP cache (the assets are immutable),
 * where the map's own request finds it. Nothing here needs a session: the map's data comes after sign-in.
 */
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
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
  const [maplibregl] = await Promise.all([
    import('maplibre-gl'),
    import('../shell/Shell'),
    import('./MapPage'),
    // the resource layer, which the first fleet load imports (src/composition.ts fetchFleet)
    import('../../api/entityEndpoints'),
    import('../../api/resources'),
  ]);
  if (maplibregl.getWorkerUrl() !== workerUrl) maplibregl.setWorkerUrl(workerUrl);
  maplibregl.prewarm();
}
