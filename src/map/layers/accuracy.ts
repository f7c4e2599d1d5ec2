/**
 * Accuracy circles: for every drawn position with an `accuracy` (metres), a 32-step polygon of
 * that radius (`@turf/circle`), translucent in the device's status colour. Diffs by device id.
 */
import circle from '@turf/circle';
import type { Polygon } from 'geojson';
import type { ExpressionSpecification, Map as MaplibreMap } from 'maplibre-gl';
import { normalizeStatus, STATUS_COLORS } from '../../domain/categories';
import { hasValidCoordinates, type LivePosition, type LiveStore } from '../../domain/liveStore';
import { createKeyedSource, emptyCollection, type KeyedFeature } from './keyed';

export const ACCURACY_SOURCE = 'accuracy';
export const ACCURACY_LAYERS = { fill: 'accuracy-fill', line: 'accuracy-line' } as const;
export const ACCURACY_STEPS = 32;
/** Circles larger than this (metres) are noise, not information. */
export const MAX_ACCURACY = 50_000;

export type AccuracyLayerMap = Pick<MaplibreMap, 'addSource' | 'addLayer' | 'getSource' | 'getLayer' | 'removeLayer' | 'removeSource'>;

export function accuracyFeature(id: number, position: LivePosition, status: string | null | undefined): KeyedFeature<Polygon> | null {
  const radius = position.accuracy;
  if (!hasValidCoordinates(position) || !Number.isFinite(radius) || radius <= 0 || radius > MAX_ACCURACY) return null;
  const polygon = circle([position.longitude, position.latitude], radius, { steps: ACCURACY_STEPS, units: 'meters' });
  return { type: 'Feature', id, geometry: polygon.geometry, properties: { status: normalizeStatus(status) } };
}

/** Adds the accuracy source and layers (below `beforeId` when given) and keeps them in sync. */
export function attachAccuracyLayer(map: AccuracyLayerMap, store: LiveStore, options: { beforeId?: string } = {}): () => void {
  map.addSource(ACCURACY_SOURCE, { type: 'geojson', data: emptyCollection() });
  const color: ExpressionSpecification = ['match', ['get', 'status'], 'online', STATUS_COLORS.online, 'offline', STATUS_COLORS.offline, STATUS_COLORS.unknown];
  map.addLayer(
    { id: ACCURACY_LAYERS.fill, type: 'fill', source: ACCURACY_SOURCE, paint: { 'fill-color': color, 'fill-opacity': 0.12 } },
    options.beforeId,
  );
  map.addLayer(
    { id: ACCURACY_LAYERS.line, type: 'line', source: ACCURACY_SOURCE, paint: { 'line-color': color, 'line-opacity': 0.5, 'line-width': 1 } },
    options.beforeId,
  );
  const keyed = createKeyedSource<{ position: LivePosition; status: string | null | undefined }, Polygon>(map, {
    sourceId: ACCURACY_SOURCE,
    ids: (state) => state.positions.keys(),
    // a new object only when the position or the status changed
    input: (() => {
      const cache = new Map<number, { position: LivePosition; status: string | null | undefined }>();
      return (state, id) => {
        const position = state.positions.get(id);
        const device = state.devices.get(id);
        if (!position || !device) {
          cache.delete(id);
          return undefined;
        }
        const cached = cache.get(id);
        if (cached && cached.position === position && cached.status === device.status) return cached;
        const next = { position, status: device.status };
        cache.set(id, next);
        return next;
      };
    })(),
    build: (id, input) => accuracyFeature(id, input.position, input.status),
  });
  keyed.reload(store.getState());
  const unsubscribe = store.subscribe((state, change) => {
    if (!change.reset && !change.slices.has('devices') && !change.slices.has('positions')) return;
    if (change.reset) keyed.reload(state);
    else keyed.apply(state, change.changedIds);
  });
  return () => {
    unsubscribe();
    for (const layer of [ACCURACY_LAYERS.line, ACCURACY_LAYERS.fill]) if (map.getLayer(layer)) map.removeLayer(layer);
    if (map.getSource(ACCURACY_SOURCE)) map.removeSource(ACCURACY_SOURCE);
  };
}
