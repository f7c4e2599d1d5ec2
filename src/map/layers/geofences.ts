/**
 * Geofences on the map: one GeoJSON source built from a `GeofenceFeed` (its whole list in one
 * pass, one `setData` per change of the feed), drawn below the devices by
 * - a translucent fill for polygons and circles (circles as 32-step polygons),
 * - a line for every shape, in the geofence's colour, width and opacity (`color`, `mapLineWidth`,
 *   `mapLineOpacity` attributes, read by `geofenceStyle`) through data-driven paint,
 * - the name: along the line for linestrings, at a point inside for polygons and circles (MapLibre
 *   places a point label of a polygon at its pole of inaccessibility), in the app's local fonts.
 * An area that does not parse is skipped (never thrown): one bad geofence never hides the others.
 * No per-feature map calls: 1,000 geofences or one 100,000-vertex polygon are one `setData`.
 */
import simplify from '@turf/simplify';
import type { Feature, FeatureCollection, LineString, Polygon } from 'geojson';
import type { ExpressionSpecification, GeoJSONSource, Map as MaplibreMap } from 'maplibre-gl';
import type { Geofence } from '../../../contract/models';
import { checkGeometry, parseArea, type Geometry } from '../../../contract/wkt';
import { GEOFENCE_DEFAULT_COLOR, geofenceStyle, geometryToGeoJSON } from '../../domain/geofence';
import type { GeofenceFeed } from '../geofenceFeed';
import { MAP_FONTS } from '../offlineStyle';

export const GEOFENCES_SOURCE = 'geofences';
export const GEOFENCES_LAYERS = {
  fill: 'geofences-fill',
  line: 'geofences-line',
  lineLabel: 'geofences-label-line',
  areaLabel: 'geofences-label-area',
} as const;
/** Fill opacity of polygons and circles (a fraction of the line's colour). */
export const GEOFENCE_FILL_OPACITY = 0.1;
/** Used when a colour cannot be read as a colour by MapLibre (geofenceStyle already checks it). */
export const GEOFENCE_FALLBACK_COLOR = GEOFENCE_DEFAULT_COLOR;

export type GeofenceKind = 'circle' | 'polygon' | 'linestring';

export interface GeofenceFeatureProperties {
  name: string;
  kind: GeofenceKind;
  color: string;
  width: number;
  opacity: number;
}

export type GeofenceFeature = Feature<Polygon | LineString, GeofenceFeatureProperties> & { id: number };

export type GeofencesLayerMap = Pick<MaplibreMap, 'addSource' | 'addLayer' | 'getSource' | 'getLayer' | 'removeLayer' | 'removeSource' | 'setFilter'>;

export interface GeofencesLayerOptions {
  /** The geofence layers go below this layer (the devices' lowest layer). */
  beforeId?: string;
  /** Called with the number of features in the source after every `setData`. */
  onFeatureCount?: (count: number) => void;
}

/** One geofence's feature, or null when its area does not parse (or cannot be drawn). */
export function geofenceFeature(geofence: Geofence): GeofenceFeature | null {
  try {
    // drawn as stored (a real Traccar server may hold rings the codec's checks would refuse now,
    // and the self-intersection check of a 100,000-vertex ring is not free); only shapes that
    // cannot be drawn at all are skipped
    const parsed = parseArea(geofence.area, { check: false });
    if (!drawable(parsed)) return null;
    const geometry = forDrawing(geometryToGeoJSON(parsed));
    const style = geofenceStyle(geofence.attributes ?? {});
    return {
      type: 'Feature',
      id: geofence.id,
      geometry,
      properties: {
        name: typeof geofence.name === 'string' ? geofence.name : String(geofence.id),
        kind: parsed.type,
        color: style.color,
        width: style.width,
        opacity: style.opacity,
      },
    };
  } catch {
    return null;
  }
}

/** Shapes with more points than this are simplified for the map (the area itself is untouched). */
export const SIMPLIFY_ABOVE = 2_000;
/** How far (degrees, about 1 m) a drawn line may stray from the stored one. */
export const SIMPLIFY_TOLERANCE = 0.00001;

/**
 * A long ring or line drawn with fewer points: no difference a person can see at any zoom of the
 * map (1 m), and far less for MapLibre to copy to its worker (a 100,000-vertex ring of a real
 * place keeps a few thousand points).
 */
function forDrawing<T extends Polygon | LineString>(geometry: T): T {
  const count = geometry.type === 'Polygon' ? (geometry.coordinates[0]?.length ?? 0) : geometry.coordinates.length;
  if (count <= SIMPLIFY_ABOVE) return geometry;
  return simplify(geometry, { tolerance: SIMPLIFY_TOLERANCE, highQuality: false, mutate: true });
}

function drawable(geometry: Geometry): boolean {
  if (geometry.type === 'circle') return checkGeometry(geometry) === null;
  return geometry.points.length >= (geometry.type === 'polygon' ? 3 : 2);
}

/** The source's data: every geofence that can be drawn, in one pass. */
export function geofenceCollection(list: readonly Geofence[]): FeatureCollection<Polygon | LineString, GeofenceFeatureProperties> {
  const features: GeofenceFeature[] = [];
  for (const geofence of list) {
    const feature = geofenceFeature(geofence);
    if (feature) features.push(feature);
  }
  return { type: 'FeatureCollection', features };
}

const COLOR: ExpressionSpecification = ['to-color', ['get', 'color'], GEOFENCE_FALLBACK_COLOR];
const IS_AREA: ExpressionSpecification = ['in', ['get', 'kind'], ['literal', ['polygon', 'circle']]];
const IS_LINE: ExpressionSpecification = ['==', ['get', 'kind'], 'linestring'];

const LABEL_PAINT = {
  'text-color': '#e2e8f0',
  'text-halo-color': '#0a1628',
  'text-halo-width': 1.5,
} as const;

function addSourceAndLayers(map: GeofencesLayerMap, beforeId: string | undefined): void {
  map.addSource(GEOFENCES_SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  map.addLayer(
    { id: GEOFENCES_LAYERS.fill, type: 'fill', source: GEOFENCES_SOURCE, filter: IS_AREA, paint: { 'fill-color': COLOR, 'fill-opacity': GEOFENCE_FILL_OPACITY } },
    beforeId,
  );
  map.addLayer(
    {
      id: GEOFENCES_LAYERS.line,
      type: 'line',
      source: GEOFENCES_SOURCE,
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': COLOR, 'line-width': ['get', 'width'], 'line-opacity': ['get', 'opacity'] },
    },
    beforeId,
  );
  map.addLayer(
    {
      id: GEOFENCES_LAYERS.lineLabel,
      type: 'symbol',
      source: GEOFENCES_SOURCE,
      filter: IS_LINE,
      layout: {
        'symbol-placement': 'line',
        'text-field': ['get', 'name'],
        'text-font': MAP_FONTS,
        'text-size': 12,
        'text-offset': [0, -0.8],
        'text-max-angle': 40,
        'text-optional': true,
      },
      paint: LABEL_PAINT,
    },
    beforeId,
  );
  map.addLayer(
    {
      id: GEOFENCES_LAYERS.areaLabel,
      type: 'symbol',
      source: GEOFENCES_SOURCE,
      filter: IS_AREA,
      layout: {
        'symbol-placement': 'point',
        'text-field': ['get', 'name'],
        'text-font': MAP_FONTS,
        'text-size': 12,
        'text-max-width': 12,
        'text-padding': 2,
        'text-optional': true,
      },
      paint: LABEL_PAINT,
    },
    beforeId,
  );
}

function logError(error: unknown): void {
  console.error('[map] geofences layer update failed', error);
}

/**
 * Adds the geofences source and layers to a map whose style has loaded, draws the feed's list
 * and redraws it (one `setData`) whenever the feed changes. `detach` removes what it added.
 */
export function attachGeofencesLayer(map: GeofencesLayerMap, feed: GeofenceFeed, options: GeofencesLayerOptions = {}): () => void {
  addSourceAndLayers(map, options.beforeId && map.getLayer(options.beforeId) ? options.beforeId : undefined);
  let detached = false;
  const draw = (list: readonly Geofence[]): void => {
    const data = geofenceCollection(list);
    map.getSource<GeoJSONSource>(GEOFENCES_SOURCE)?.setData(data).catch(logError);
    options.onFeatureCount?.(data.features.length);
  };
  let drawn = feed.get();
  let hidden: number | null = null;
  const hide = (id: number | null): void => {
    hidden = id;
    for (const [layer, base] of [
      [GEOFENCES_LAYERS.fill, IS_AREA],
      [GEOFENCES_LAYERS.line, null],
      [GEOFENCES_LAYERS.lineLabel, IS_LINE],
      [GEOFENCES_LAYERS.areaLabel, IS_AREA],
    ] as const) {
      const filters: ExpressionSpecification[] = [...(base ? [base] : []), ...(id === null ? [] : [['!=', ['id'], id] as ExpressionSpecification])];
      map.setFilter(layer, filters.length === 0 ? null : filters.length === 1 ? filters[0]! : ['all', ...filters]);
    }
  };
  draw(drawn);
  if (feed.hidden() !== null) hide(feed.hidden());
  const unsubscribe = feed.subscribe((list) => {
    if (detached) return;
    // a new list is sent to the map; the editor's open geofence is only filtered out
    if (list !== drawn) {
      drawn = list;
      draw(list);
    }
    if (feed.hidden() !== hidden) hide(feed.hidden());
  });
  return () => {
    if (detached) return;
    detached = true;
    unsubscribe();
    for (const layer of Object.values(GEOFENCES_LAYERS).reverse()) if (map.getLayer(layer)) map.removeLayer(layer);
    if (map.getSource(GEOFENCES_SOURCE)) map.removeSource(GEOFENCES_SOURCE);
  };
}
