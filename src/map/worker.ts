/**
 * MapLibre's worker script, served by the app: MapLibre does not find it unless it is set
 * (docs: toolchain). Every map sets it before it is created (`ensureWorkerUrl`); the sign-in page's
 * prefetch starts the workers ahead of the first map (`prewarmWorkers`, MapLibre's `prewarm`: the map
 * takes them from the pool).
 */
import { getWorkerUrl, prewarm, setWorkerUrl } from 'maplibre-gl';
import { MAPLIBRE_WORKER_URL as workerUrl } from './assets';

export function ensureWorkerUrl(): void {
  if (getWorkerUrl() !== workerUrl) setWorkerUrl(workerUrl);
}

export function prewarmWorkers(): void {
  ensureWorkerUrl();
  prewarm();
}
