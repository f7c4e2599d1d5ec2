/**
 * Lines per device from the live store: the live routes (`state.history`, the last N points of
 * each device, spec §4) and the tracking paths (`state.tracking`, points since tracking began).
 * One GeoJSON LineString per device, keyed by device id; when the store hands out a new map, only
 * the devices whose point list is a new array are sent, as an `updateData` diff.
 */
import type { LineString } from 'geojson';
import type { ExpressionSpecification, Map as MaplibreMap } from 'maplibre-gl';
import { normalizeStatus, STATUS_COLORS } from '../../domain/categories';
import type { LiveState, LiveStore } from '../../domain/liveStore';
import { createKeyedSource, emptyCollection, type KeyedFeature } from './keyed';

export type LonLatPoint = readonly [number, number];
type Points = ReadonlyArray<LonLatPoint>;

export const ROUTES_SOURCE = 'live-routes';
export const ROUTES_LAYER = 'live-routes-line';
export const TRACKING_SOURCE = 'tracking';
export const TRACKING_LAYER = 'tracking-line';

export type LineLayerMap = Pick<MaplibreMap, 'addSource' | 'addLayer' | 'getSource' | 'getLayer' | 'removeLayer' | 'removeSource'>;

function validPoint(point: LonLatPoint): boolean {
  const [lon, lat] = point;
  return Number.isFinite(lon) && Number.isFinite(lat) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}

/** A line of a device's points, or null with fewer than two valid points. */
export function lineFeature(id: number, points: Points, status: string | null | undefined): KeyedFeature<LineString> | null {
  const coordinates = points.filter(validPoint).map(([lon, lat]) => [lon, lat]);
  if (coordinates.length < 2) return null;
  return { type: 'Feature', id, geometry: { type: 'LineString', coordinates }, properties: { status: normalizeStatus(status) } };
}

const STATUS_COLOR: ExpressionSpecification = ['match', ['get', 'status'], 'online', STATUS_COLORS.online, 'offline', STATUS_COLORS.offline, STATUS_COLORS.unknown];

interface LineSpec {
  sourceId: string;
  layerId: string;
  /** The store slice the lines come from. */
  slice: 'history' | 'tracking';
  lines: (state: LiveState) => ReadonlyMap<number, Points> | undefined;
  dashed?: boolean;
  /** Called with the number of points drawn (the vertices of every line) when it changes. */
  onPoints?: (count: number) => void;
}

function attachLineLayer(map: LineLayerMap, store: LiveStore, spec: LineSpec, beforeId?: string): () => void {
  map.addSource(spec.sourceId, { type: 'geojson', data: emptyCollection() });
  map.addLayer(
    {
      id: spec.layerId,
      type: 'line',
      source: spec.sourceId,
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: {
        'line-color': STATUS_COLOR,
        'line-width': spec.dashed ? 3 : 2,
        'line-opacity': 0.8,
        ...(spec.dashed ? { 'line-dasharray': [2, 1] } : {}),
      },
    },
    beforeId,
  );
  const keyed = createKeyedSource<Points, LineString>(map, {
    sourceId: spec.sourceId,
    ids: (state) => spec.lines(state)?.keys() ?? [],
    input: (state, id) => spec.lines(state)?.get(id),
    build: (id, points, state) => lineFeature(id, points, state.devices.get(id)?.status),
  });
  let drawnPoints = -1;
  const countPoints = () => {
    if (!spec.onPoints) return;
    let count = 0;
    for (const feature of keyed.features()) count += feature.geometry.coordinates.length;
    if (count === drawnPoints) return;
    drawnPoints = count;
    spec.onPoints(count);
  };
  let lines = spec.lines(store.getState());
  keyed.reload(store.getState());
  countPoints();
  const unsubscribe = store.subscribe((state, change) => {
    if (!change.reset && !change.slices.has(spec.slice)) return;
    const next = spec.lines(state);
    if (change.reset && next !== lines) {
      lines = next;
      keyed.reload(state);
      countPoints();
      return;
    }
    if (next === lines) return;
    const ids = new Set<number>([...(lines?.keys() ?? []), ...(next?.keys() ?? [])]);
    lines = next;
    keyed.apply(state, ids);
    countPoints();
  });
  return () => {
    unsubscribe();
    spec.onPoints?.(0);
    if (map.getLayer(spec.layerId)) map.removeLayer(spec.layerId);
    if (map.getSource(spec.sourceId)) map.removeSource(spec.sourceId);
  };
}

export const selectHistory = (state: LiveState): ReadonlyMap<number, Points> => state.history;

const trackingCache = new WeakMap<LiveState['tracking'], ReadonlyMap<number, Points>>();
/** Tracking paths as point lists; the same tracking map gives the same output map. */
export const selectTracking = (state: LiveState): ReadonlyMap<number, Points> => {
  const tracking = state.tracking;
  let lines = trackingCache.get(tracking);
  if (!lines) {
    lines = new Map([...tracking].map(([id, path]) => [id, path.points]));
    trackingCache.set(tracking, lines);
  }
  return lines;
};

export function attachLiveRoutesLayer(map: LineLayerMap, store: LiveStore, beforeId?: string): () => void {
  return attachLineLayer(map, store, { sourceId: ROUTES_SOURCE, layerId: ROUTES_LAYER, lines: selectHistory, slice: 'history' }, beforeId);
}

/** `onPoints`: the number of points the tracking lines draw (a path of one point draws none), on each change. */
export function attachTrackingLayer(map: LineLayerMap, store: LiveStore, beforeId?: string, onPoints?: (count: number) => void): () => void {
  return attachLineLayer(
    map,
    store,
    { sourceId: TRACKING_SOURCE, layerId: TRACKING_LAYER, lines: selectTracking, slice: 'tracking', dashed: true, ...(onPoints ? { onPoints } : {}) },
    beforeId,
  );
}
