/**
 * Geofence shapes on the client: Traccar areas (`contract/wkt.ts`, latitude first) to and from
 * GeoJSON (longitude first), the line style from a geofence's attributes, and GPX import.
 * Pure functions; GPX import needs a `DOMParser` (the browser's, jsdom's in tests).
 */
import circle from '@turf/circle';
import type { Feature, LineString, Polygon, Position } from 'geojson';
import { ReasonError } from '../../contract/reasonError';
import { AreaError, type Geometry, type LatLon } from '../../contract/wkt';

// ---- Traccar area → GeoJSON -------------------------------------------------------------------

/** Circle geofences are drawn as 32-step polygons (the specification's approximation). */
export const CIRCLE_STEPS = 32;

/** GeoJSON ([lon, lat]) of a geometry: a circle becomes a 32-step polygon; a polygon ring is closed. */
export function geometryToGeoJSON(geometry: Geometry): Polygon | LineString {
  if (geometry.type === 'circle') {
    return circle([geometry.lon, geometry.lat], geometry.radius / 1000, { steps: CIRCLE_STEPS, units: 'kilometers' }).geometry;
  }
  const coordinates: Position[] = geometry.points.map(([lat, lon]) => [lon, lat]);
  if (geometry.type === 'linestring') return { type: 'LineString', coordinates };
  const first = coordinates[0];
  const last = coordinates[coordinates.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) coordinates.push([first[0]!, first[1]!]);
  return { type: 'Polygon', coordinates: [coordinates] };
}

// ---- GeoJSON from a drawing tool → Traccar area -----------------------------------------------

/** Decimal places kept from drawn or imported coordinates (1e-7° ≈ 1 cm). */
export const COORDINATE_DECIMALS = 7;
const round = (value: number, decimals = COORDINATE_DECIMALS): number => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

const RAD = Math.PI / 180;
/** The sphere @turf/circle and terra-draw measure distances on (metres). */
const SPHERE = 6_371_008.8;

function haversine(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * SPHERE * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Web-mercator x/y on the unit sphere (the scale does not matter for averaging). */
const mercatorY = (lat: number): number => Math.log(Math.tan(Math.PI / 4 + (lat * RAD) / 2));
const mercatorLat = (y: number): number => (2 * Math.atan(Math.exp(y)) - Math.PI / 2) / RAD;

function spread(values: number[]): number {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  if (!(mean > 0)) return Infinity;
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance) / mean;
}

/**
 * The centre of a circle ring ([lon, lat], closing point optional). A ring drawn on the sphere
 * (@turf/circle, terra-draw's globe projection) has its centre on the mean of its vertices as
 * 3-D unit vectors; a ring drawn in web-mercator (terra-draw's default) on the mean of its
 * vertices' mercator x/y. Both are computed and the one from which the ring is rounder (in its
 * own metric) is kept, so either kind comes back within centimetres.
 */
export function circleRingCentre(ring: readonly Position[]): { lat: number; lon: number } {
  let points = ring.filter((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]));
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) points = points.slice(0, -1);
  if (points.length === 0) throw new AreaError('tooFewPoints', 'A circle needs its ring');
  // longitudes unwrapped around the first vertex (a ring across ±180)
  const lon0 = points[0]![0]!;
  const lons = points.map((p) => lon0 + ((((p[0]! - lon0 + 540) % 360) + 360) % 360) - 180);
  const lats = points.map((p) => p[1]!);
  const n = points.length;

  // sphere: mean unit vector
  let x = 0;
  let y = 0;
  let z = 0;
  for (let i = 0; i < n; i++) {
    const phi = lats[i]! * RAD;
    const lambda = lons[i]! * RAD;
    x += Math.cos(phi) * Math.cos(lambda);
    y += Math.cos(phi) * Math.sin(lambda);
    z += Math.sin(phi);
  }
  const sphere = { lat: Math.atan2(z, Math.hypot(x, y)) / RAD, lon: Math.atan2(y, x) / RAD };

  // web-mercator: mean x/y
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += lons[i]! * RAD;
    my += mercatorY(lats[i]!);
  }
  mx /= n;
  my /= n;
  const mercator = { lat: mercatorLat(my), lon: mx / RAD };

  const sphereSpread = spread(lats.map((lat, i) => haversine(sphere.lat, sphere.lon, lat, lons[i]!)));
  const mercatorSpread = spread(lats.map((lat, i) => Math.hypot(lons[i]! * RAD - mx, mercatorY(lat) - my)));
  const best = mercatorSpread < sphereSpread ? mercator : sphere;
  const lon = ((((best.lon + 180) % 360) + 360) % 360) - 180;
  return { lat: best.lat, lon };
}

/** What a drawing tool hands back: a feature or a bare geometry. */
export type DrawnShape =
  | Feature<Polygon | LineString, Record<string, unknown> | null>
  | Polygon
  | LineString;

function toLatLon(positions: readonly Position[]): LatLon[] {
  const out: LatLon[] = [];
  for (const p of positions) {
    const lon = p[0];
    const lat = p[1];
    if (typeof lon !== 'number' || typeof lat !== 'number' || !Number.isFinite(lon) || !Number.isFinite(lat)) {
      throw new AreaError('syntax', 'A drawn point has no coordinates');
    }
    out.push([round(lat), round(lon)]);
  }
  return out;
}

/**
 * The Traccar geometry of a drawn shape: a LineString → linestring; a Polygon → polygon (outer
 * ring, closing repeat dropped: `formatArea` closes it); a terra-draw circle (a Polygon whose
 * properties have `mode: 'circle'` and `radiusKilometers`) → circle, centre from the ring
 * (`circleRingCentre`), radius in metres to 0.1 m. Throws an AreaError ('unsupported',
 * 'syntax'). The result is not checked: run `checkGeometry` for the user's message.
 */
export function geoJSONToGeometry(shape: DrawnShape): Geometry {
  const geometry = shape.type === 'Feature' ? shape.geometry : shape;
  const properties = shape.type === 'Feature' ? (shape.properties ?? {}) : {};
  if (!geometry) throw new AreaError('unsupported', 'Nothing was drawn');
  if (geometry.type === 'LineString') return { type: 'linestring', points: toLatLon(geometry.coordinates) };
  if (geometry.type !== 'Polygon') throw new AreaError('unsupported', `A ${String((geometry as { type?: unknown }).type)} cannot be a geofence`);
  const ring = geometry.coordinates[0] ?? [];
  if (properties.mode === 'circle') {
    const { lat, lon } = circleRingCentre(ring);
    const km = Number(properties.radiusKilometers);
    const radius = Number.isFinite(km) && km > 0 ? km * 1000 : meanDistance(ring, lat, lon);
    return { type: 'circle', lat: round(lat), lon: round(lon), radius: round(radius, 1) };
  }
  const points = toLatLon(ring);
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) points.pop();
  return { type: 'polygon', points };
}

function meanDistance(ring: readonly Position[], lat: number, lon: number): number {
  const d = ring.map((p) => haversine(lat, lon, p[1]!, p[0]!));
  return d.reduce((s, v) => s + v, 0) / Math.max(1, d.length);
}

// ---- style ---------------------------------------------------------------------------------------

export const GEOFENCE_DEFAULT_COLOR = '#3b82f6';
export const GEOFENCE_DEFAULT_WIDTH = 2;
export const GEOFENCE_DEFAULT_OPACITY = 1;
export const GEOFENCE_MIN_WIDTH = 0.5;
export const GEOFENCE_MAX_WIDTH = 20;

export interface GeofenceStyle {
  color: string;
  width: number;
  opacity: number;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function numberAttribute(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/**
 * The line style of a geofence from its attributes `color` (`#rgb` or `#rrggbb`, else the
 * default), `mapLineWidth` (default 2, clamped to 0.5…20) and `mapLineOpacity` (default 1,
 * clamped to 0…1); numbers may come as numeric strings (Traccar's attributes are loosely typed).
 */
export function geofenceStyle(attributes: Record<string, unknown> | null | undefined): GeofenceStyle {
  const a = attributes ?? {};
  const color = typeof a.color === 'string' && HEX_COLOR.test(a.color.trim()) ? a.color.trim() : GEOFENCE_DEFAULT_COLOR;
  const width = numberAttribute(a.mapLineWidth);
  const opacity = numberAttribute(a.mapLineOpacity);
  return {
    color,
    width: width === null ? GEOFENCE_DEFAULT_WIDTH : clamp(width, GEOFENCE_MIN_WIDTH, GEOFENCE_MAX_WIDTH),
    opacity: opacity === null ? GEOFENCE_DEFAULT_OPACITY : clamp(opacity, 0, 1),
  };
}

// ---- GPX import ----------------------------------------------------------------------------------

export type GpxProblem = 'notGpx' | 'empty';

export class GpxError extends ReasonError<GpxProblem> {
  override readonly name = 'GpxError';
}

/** A track whose ends are this close (metres) is taken as a closed ring. */
export const GPX_CLOSED_WITHIN = 20;

export interface GpxShape {
  name?: string;
  /** where it came from: a track segment or a route */
  source: 'trk' | 'rte';
  /** whether the first and last points are within GPX_CLOSED_WITHIN metres */
  closed: boolean;
  geometry: Geometry;
}

export interface GpxOptions {
  /**
   * 'auto' (default): a route becomes a polygon, a track a line unless it is closed (then a
   * polygon); 'line': everything a line; 'polygon': everything a polygon (a shape of fewer than
   * 3 points stays a line).
   */
  as?: 'auto' | 'line' | 'polygon';
}

function* childElements(parent: Element, localName: string): Generator<Element> {
  for (let child = parent.firstElementChild; child; child = child.nextElementSibling) {
    if (child.localName === localName) yield child;
  }
}

function childText(parent: Element, localName: string): string | undefined {
  for (const child of childElements(parent, localName)) {
    const text = child.textContent?.trim();
    if (text) return text;
  }
  return undefined;
}

function pointsOf(parent: Element, localName: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const pt of childElements(parent, localName)) {
    const lat = Number.parseFloat(pt.getAttribute('lat') ?? '');
    const lon = Number.parseFloat(pt.getAttribute('lon') ?? '');
    if (Number.isFinite(lat) && Number.isFinite(lon)) out.push([lat, lon]);
  }
  return out;
}

/**
 * Routes and track segments of a GPX root, in file order, walking child elements by local name
 * (any namespace prefix). A direct walk rather than @tmcw/togeojson: its `Array.from` over
 * `getElementsByTagName` is quadratic in jsdom (30 s for 10,000 points), and it reads times and
 * extensions a geofence does not need.
 */
function* gpxLines(root: Element): Generator<{ source: 'trk' | 'rte'; name?: string; points: Array<[number, number]> }> {
  for (let child = root.firstElementChild; child; child = child.nextElementSibling) {
    if (child.localName === 'rte') {
      yield { source: 'rte', name: childText(child, 'name'), points: pointsOf(child, 'rtept') };
    } else if (child.localName === 'trk') {
      const name = childText(child, 'name');
      for (const segment of childElements(child, 'trkseg')) yield { source: 'trk', name, points: pointsOf(segment, 'trkpt') };
    }
  }
}

/**
 * The shapes of a GPX file (its text, or a parsed Document), in file order: one per route and one per track segment (waypoints
 * are ignored). Coordinates are rounded to 7 decimals; a polygon drops a closing point within
 * GPX_CLOSED_WITHIN metres of its first (`formatArea` closes the ring). The shapes are not
 * checked (run `checkGeometry` to tell the user, e.g. of a crossing ring). Throws a GpxError:
 * 'notGpx' when the text is not XML with a `gpx` root, 'empty' when it has no track or route
 * of at least 2 points.
 */
export function gpxToShapes(input: string | Document, options: GpxOptions = {}): GpxShape[] {
  const as = options.as ?? 'auto';
  let doc: Document;
  if (typeof input === 'string') {
    try {
      doc = new DOMParser().parseFromString(input, 'application/xml');
    } catch {
      throw new GpxError('notGpx', 'The file is not GPX');
    }
  } else {
    doc = input;
  }
  const root = doc.documentElement;
  if (!root || doc.getElementsByTagName('parsererror').length > 0 || root.localName !== 'gpx') {
    throw new GpxError('notGpx', 'The file is not GPX');
  }
  const shapes: GpxShape[] = [];
  for (const { source, name, points: raw } of gpxLines(root)) {
    const points: LatLon[] = [];
    for (const [lat, lon] of raw) {
      if (!(lat >= -90 && lat <= 90) || !(lon >= -180 && lon <= 180)) continue;
      const point: LatLon = [round(lat), round(lon)];
      const prev = points[points.length - 1];
      if (!prev || prev[0] !== point[0] || prev[1] !== point[1]) points.push(point);
    }
    if (points.length < 2) continue;
    const first = points[0]!;
    const last = points[points.length - 1]!;
    const closed = points.length >= 3 && haversine(first[0], first[1], last[0], last[1]) <= GPX_CLOSED_WITHIN;
    const polygon = points.length >= 3 && (as === 'polygon' || (as === 'auto' && (source === 'rte' || closed)));
    if (polygon && closed && points.length > 3) points.pop();
    shapes.push({
      ...(name ? { name } : {}),
      source,
      closed,
      geometry: polygon ? { type: 'polygon', points } : { type: 'linestring', points },
    });
  }
  if (shapes.length === 0) throw new GpxError('empty', 'The GPX file has no track or route');
  return shapes;
}
