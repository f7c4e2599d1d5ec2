/**
 * Geofences on the map: one GeoJSON source built from a `GeofenceFeed` (its whole list in one
 * pass, one `setData` per change of the feed), drawn below the devices by
 * - a translucent fill for polygons and circles (circles as 32-step polygons),
 * - a line for every shape, in the geofence's colour, width and opacity (`color`, `mapLineWidth`,
 *   `mapLineOpacity` attributes, read by `geofenceStyle`) through data-driven paint,
 * - the name, once per geofence: a point feature of its own in the same source (`geofenceLabel`),
 *   at a circle's centre, at a point inside a polygon, and at the middle of a line, turned along it.
 *   A label of the shape itself is drawn once per tile the shape crosses (MapLibre lays symbols
 *   out per tile: a polygon's label at the pole of its part in each tile, a line's every 250 px
 *   along it), so a geofence showed its name two or more times; a point is laid out in one tile.
 * An area that does not parse is skipped (never thrown): one bad geofence never hides the others.
 * No per-feature map calls: 1,000 geofences or one 100,000-vertex polygon are one `setData`.
 */
import simplify from '@turf/simplify';
import type { Feature, FeatureCollection, LineString, Point, Polygon, Position } from 'geojson';
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
  label: 'geofences-label',
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

export interface GeofenceLabelProperties {
  name: string;
  kind: GeofenceKind;
  /** Degrees clockwise from east on the screen: a line's name is turned along it (kept upright). */
  rotate: number;
}

/** Where a geofence's name is drawn: one point feature, with the shape's id. */
/** A name's point: no feature id (the shape has the geofence's; two features of one source never share one). */
export type GeofenceLabel = Feature<Point, GeofenceLabelProperties>;

export type GeofencesLayerMap = Pick<MaplibreMap, 'addSource' | 'addLayer' | 'getSource' | 'getLayer' | 'removeLayer' | 'removeSource' | 'setFilter'>;

export interface GeofencesLayerOptions {
  /** The geofence layers go below this layer (the devices' lowest layer). */
  beforeId?: string;
  /** Called with the number of features in the source after every `setData`. */
  onFeatureCount?: (count: number) => void;
}

/** One geofence's feature, or null when its area does not parse (or cannot be drawn). */
export function geofenceFeature(geofence: Geofence): GeofenceFeature | null {
  return geofenceShape(geofence)?.feature ?? null;
}

/** The feature, and a circle's centre (its label's place). */
function geofenceShape(geofence: Geofence): { feature: GeofenceFeature; centre?: Position } | null {
  try {
    // drawn as stored (a real Traccar server may hold rings the codec's checks would refuse now,
    // and the self-intersection check of a 100,000-vertex ring is not free); only shapes that
    // cannot be drawn at all are skipped
    const parsed = parseArea(geofence.area, { check: false });
    if (!drawable(parsed)) return null;
    const geometry = forDrawing(geometryToGeoJSON(parsed));
    const style = geofenceStyle(geofence.attributes ?? {});
    const feature: GeofenceFeature = {
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
    return parsed.type === 'circle' ? { feature, centre: [parsed.lon, parsed.lat] } : { feature };
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

/**
 * A point inside a ring: the middle of the widest stretch of the ring's inside along the
 * horizontal line through the middle of its extent (the interior point of JTS). Inside for any
 * simple ring, concave ones too, where a centroid may fall outside.
 */
export function pointInside(ring: readonly Position[]): Position {
  let south = Infinity;
  let north = -Infinity;
  for (const [, lat = 0] of ring) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  const y = (south + north) / 2;
  const crossings: number[] = [];
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x1 = 0, y1 = 0] = ring[i]!;
    const [x2 = 0, y2 = 0] = ring[i + 1]!;
    // half-open, so that a vertex on the line counts once
    if (y1 > y !== y2 > y) crossings.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
  }
  crossings.sort((a, b) => a - b);
  let best: Position = ring[0] ?? [0, 0];
  let widest = -1;
  for (let i = 0; i + 1 < crossings.length; i += 2) {
    const width = crossings[i + 1]! - crossings[i]!;
    if (width > widest) {
      widest = width;
      best = [(crossings[i]! + crossings[i + 1]!) / 2, y];
    }
  }
  return best;
}

const RAD = Math.PI / 180;
/** Web Mercator's y (north up) of a latitude, in the same unit as longitudes in radians. */
const mercatorY = (lat: number): number => Math.log(Math.tan(Math.PI / 4 + (lat * RAD) / 2));

/**
 * The middle of a line (half its length, measured on a local plane) and its direction there on a
 * north-up map: degrees clockwise from east, turned by half a turn when needed so that the text
 * never reads upside down.
 */
export function lineMiddle(line: readonly Position[]): { at: Position; rotate: number } {
  const first = line[0] ?? [0, 0];
  if (line.length < 2) return { at: first, rotate: 0 };
  const scale = Math.cos((first[1] ?? 0) * RAD);
  const lengths: number[] = [];
  let total = 0;
  for (let i = 0; i + 1 < line.length; i++) {
    const [x1 = 0, y1 = 0] = line[i]!;
    const [x2 = 0, y2 = 0] = line[i + 1]!;
    const length = Math.hypot((x2 - x1) * scale, y2 - y1);
    lengths.push(length);
    total += length;
  }
  let rest = total / 2;
  let segment = 0;
  while (segment < lengths.length - 1 && rest > lengths[segment]!) {
    rest -= lengths[segment]!;
    segment += 1;
  }
  const [x1 = 0, y1 = 0] = line[segment]!;
  const [x2 = 0, y2 = 0] = line[segment + 1]!;
  const f = lengths[segment]! > 0 ? rest / lengths[segment]! : 0;
  // screen y grows southward
  let rotate = Math.atan2(-(mercatorY(y2) - mercatorY(y1)), (x2 - x1) * RAD) / RAD;
  if (rotate > 90) rotate -= 180;
  if (rotate <= -90) rotate += 180;
  // (+ 0: no negative zero)
  return { at: [x1 + (x2 - x1) * f, y1 + (y2 - y1) * f], rotate: Math.round(rotate * 10) / 10 + 0 };
}

/** The one place a geofence's name is drawn. */
export function geofenceLabel(feature: GeofenceFeature, circleCentre?: Position): GeofenceLabel {
  const { name, kind } = feature.properties;
  const geometry = feature.geometry;
  let at: Position;
  let rotate = 0;
  if (geometry.type === 'LineString') ({ at, rotate } = lineMiddle(geometry.coordinates));
  else at = circleCentre ?? pointInside(geometry.coordinates[0] ?? []);
  return { type: 'Feature', geometry: { type: 'Point', coordinates: at }, properties: { name, kind, rotate } };
}

/**
 * The source's data, in one pass: the shape of every geofence that can be drawn, then the point of
 * each one's name.
 */
export function geofenceCollection(list: readonly Geofence[]): FeatureCollection<Polygon | LineString | Point, GeofenceFeatureProperties | GeofenceLabelProperties> {
  const shapes: GeofenceFeature[] = [];
  const labels: GeofenceLabel[] = [];
  for (const geofence of list) {
    const shape = geofenceShape(geofence);
    if (!shape) continue;
    shapes.push(shape.feature);
    labels.push(geofenceLabel(shape.feature, shape.centre));
  }
  return { type: 'FeatureCollection', features: [...shapes, ...labels] };
}

/** The number of geofences (shapes) in the source's data. */
export function shapeCount(data: FeatureCollection): number {
  return data.features.filter((feature) => feature.geometry.type !== 'Point').length;
}

const COLOR: ExpressionSpecification = ['to-color', ['get', 'color'], GEOFENCE_FALLBACK_COLOR];
const IS_AREA: ExpressionSpecification = ['in', ['get', 'kind'], ['literal', ['polygon', 'circle']]];
/** The shapes (polygons and lines); the names are the points. */
const IS_SHAPE: ExpressionSpecification = ['!=', ['geometry-type'], 'Point'];
const IS_AREA_SHAPE: ExpressionSpecification = ['all', IS_SHAPE, IS_AREA];
const IS_LABEL: ExpressionSpecification = ['==', ['geometry-type'], 'Point'];

const LABEL_PAINT = {
  'text-color': '#e2e8f0',
  'text-halo-color': '#0a1628',
  'text-halo-width': 1.5,
} as const;

function addSourceAndLayers(map: GeofencesLayerMap, beforeId: string | undefined): void {
  map.addSource(GEOFENCES_SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  map.addLayer(
    { id: GEOFENCES_LAYERS.fill, type: 'fill', source: GEOFENCES_SOURCE, filter: IS_AREA_SHAPE, paint: { 'fill-color': COLOR, 'fill-opacity': GEOFENCE_FILL_OPACITY } },
    beforeId,
  );
  map.addLayer(
    {
      id: GEOFENCES_LAYERS.line,
      type: 'line',
      source: GEOFENCES_SOURCE,
      filter: IS_SHAPE,
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': COLOR, 'line-width': ['get', 'width'], 'line-opacity': ['get', 'opacity'] },
    },
    beforeId,
  );
  map.addLayer(
    {
      id: GEOFENCES_LAYERS.label,
      type: 'symbol',
      source: GEOFENCES_SOURCE,
      filter: IS_LABEL,
      layout: {
        'symbol-placement': 'point',
        'text-field': ['get', 'name'],
        'text-font': MAP_FONTS,
        'text-size': 12,
        'text-max-width': 12,
        'text-padding': 2,
        // a line's name lies along it, just above (turned with the map)
        'text-rotate': ['get', 'rotate'],
        'text-rotation-alignment': 'map',
        'text-offset': ['case', ['==', ['get', 'kind'], 'linestring'], ['literal', [0, -0.8]], ['literal', [0, 0]]],
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
    options.onFeatureCount?.(shapeCount(data));
  };
  let drawn = feed.get();
  let hidden: number | null = null;
  const hide = (id: number | null): void => {
    hidden = id;
    for (const [layer, base] of [
      [GEOFENCES_LAYERS.fill, IS_AREA_SHAPE],
      [GEOFENCES_LAYERS.line, IS_SHAPE],
      [GEOFENCES_LAYERS.label, IS_LABEL],
    ] as const) {
      map.setFilter(layer, id === null ? base : ['all', base, ['!=', ['id'], id]]);
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
