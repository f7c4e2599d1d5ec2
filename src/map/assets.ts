/**
 * The map's own files by URL alone, so that the sign-in page can prefetch them without their code:
 * - the offline basemap's assets by level of detail (Natural Earth via world-atlas, served by the app);
 * - MapLibre's worker script (MapLibre does not find it unless it is set: src/map/worker.ts).
 */
import coarseUrl from 'world-atlas/countries-110m.json?url';
import fineUrl from 'world-atlas/countries-50m.json?url';
import mapLibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

export const BASEMAP_ASSETS = { coarse: coarseUrl, fine: fineUrl } as const;
export const MAPLIBRE_WORKER_URL = mapLibreWorkerUrl;
