/**
 * The code the first map needs, fetched while the sign-in form waits (`prefetchMapWhileIdle`, started
 * by the login page, which also loads the two routes' own small chunks through the router and puts
 * the coarse basemap into the HTTP cache):
 * - the shell, the map page, MapLibre and the resource layer the first fleet load uses: this module
 *   imports them statically, so the sign-in page's one `import()` of it carries their whole import
 *   tree, which the build lists in index.html (scripts/mapPrefetchList.ts) for the sign-in page to ask
 *   for at once, not a level of the tree per round trip;
 * - MapLibre's workers, started (`prewarmWorkers`; a `<link rel="prefetch">` of their module script
 *   was fetched twice: the worker's own request missed it).
 * Nothing here needs a session: the map's data comes after sign-in.
 */
import { prewarmWorkers } from '../map/worker';

// Exported for their code only (the routes and the first fleet load use them: src/composition.ts
// fetchFleet). A lazily imported module keeps its exports, so these stay in its import tree, where a
// bare `import '…'` of modules without side effects would be dropped from the build.
export { Shell } from '../features/shell/Shell';
export { MapPage } from '../features/map/MapPage';
export { SHELL_PARTS } from './-shellParts';
export { entityEndpoints } from '../api/entityEndpoints';
export { resources } from '../api/resources';

export function prefetchMap(): void {
  prewarmWorkers();
}
