/**
 * Traccar geofence areas (`Geofence.area`): WKT with LATITUDE FIRST.
 *   CIRCLE (lat lon, radius)          radius in metres, > 0 and ≤ 1,000 km
 *   POLYGON ((lat lon, lat lon, ...)) at least 3 distinct points, not self-intersecting;
 *                                     the ring need not be closed (formatArea closes it)
 *   LINESTRING (lat lon, lat lon, ...) at least 2 distinct points
 * The keyword must begin the string (Traccar chooses the type with startsWith).
 *
 * Errors are `AreaError`s: an English message (the server sends it as 400 text) and a
 * machine-readable `reason` the client translates.
 */

import { ReasonError } from './reasonError.ts';

export type LatLon = [lat: number, lon: number];

export type Geometry =
  | { type: 'circle'; lat: number; lon: number; radius: number }
  | { type: 'polygon'; points: LatLon[] }
  | { type: 'linestring'; points: LatLon[] };

/** Why an area is refused. */
export type AreaProblem =
  | 'empty' // no text
  | 'tooLong' // more than MAX_AREA_LENGTH characters
  | 'syntax' // malformed text: parentheses, separators, numbers
  | 'unsupported' // not CIRCLE, POLYGON or LINESTRING
  | 'latitude' // a latitude outside −90…90
  | 'longitude' // a longitude outside −360…360
  | 'tooFewPoints' // polygon < 3 distinct points, line < 2
  | 'radiusZero' // circle radius ≤ 0
  | 'radiusTooLarge' // circle radius > MAX_CIRCLE_RADIUS
  | 'selfIntersecting' // a polygon ring that crosses or touches itself;

export const AREA_PROBLEMS: readonly AreaProblem[] = [
  'empty',
  'tooLong',
  'syntax',
  'unsupported',
  'latitude',
  'longitude',
  'tooFewPoints',
  'radiusZero',
  'radiusTooLarge',
  'selfIntersecting',
];

export class AreaError extends ReasonError<AreaProblem> {
  override readonly name = 'AreaError';
}

/** The largest circle radius, in metres (1,000 km). */
export const MAX_CIRCLE_RADIUS = 1_000_000;
/** The longest area text (a 100,000-vertex polygon at full precision fits). */
export const MAX_AREA_LENGTH = 4_000_000;

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function num(text: string, what: string): number {
  const value = Number(text);
  if (!NUMBER.test(text) || !Number.isFinite(value)) throw new AreaError('syntax', `Invalid ${what}: ${text.slice(0, 40)}`);
  return value;
}

function point(text: string): LatLon {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 2) throw new AreaError('syntax', `Invalid point: ${text.trim().slice(0, 40)}`);
  const lat = num(parts[0]!, 'latitude');
  const lon = num(parts[1]!, 'longitude');
  if (lat < -90 || lat > 90) throw new AreaError('latitude', `Latitude out of range: ${lat}`);
  if (lon < -360 || lon > 360) throw new AreaError('longitude', `Longitude out of range: ${lon}`);
  return [lat, lon];
}

/** The text between the outermost parentheses after `keyword`, with `depth` levels of nesting. */
function body(area: string, keyword: string, depth: number): string {
  let rest = area.slice(keyword.length).trim();
  for (let i = 0; i < depth; i += 1) {
    if (!rest.startsWith('(') || !rest.endsWith(')')) throw new AreaError('syntax', `Invalid ${keyword}: expected parentheses`);
    rest = rest.slice(1, -1).trim();
  }
  if (/[()]/.test(rest)) throw new AreaError('syntax', `Invalid ${keyword}: unexpected parenthesis`);
  return rest;
}

function points(text: string): LatLon[] {
  return text.split(',').map(point);
}

export interface ParseOptions {
  /**
   * Run `checkGeometry` too (default true). Pass false to read an area stored elsewhere (a real
   * Traccar server) as it is, to draw it even when it would be refused now.
   */
  check?: boolean;
}

/** Parses a Traccar area; throws an AreaError with a readable message when it is invalid. */
export function parseArea(area: string, options: ParseOptions = {}): Geometry {
  if (typeof area !== 'string' || !area.trim()) throw new AreaError('empty', 'Area is required');
  if (area.length > MAX_AREA_LENGTH) throw new AreaError('tooLong', 'Area is too long');
  const text = area.trim();
  let geometry: Geometry;
  if (text.startsWith('CIRCLE')) {
    const parts = body(text, 'CIRCLE', 1).split(',');
    if (parts.length !== 2) throw new AreaError('syntax', 'Invalid CIRCLE: expected (lat lon, radius)');
    const [lat, lon] = point(parts[0]!);
    const radius = num(parts[1]!.trim(), 'radius');
    geometry = { type: 'circle', lat, lon, radius };
  } else if (text.startsWith('POLYGON')) {
    geometry = { type: 'polygon', points: points(body(text, 'POLYGON', 2)) };
  } else if (text.startsWith('LINESTRING')) {
    geometry = { type: 'linestring', points: points(body(text, 'LINESTRING', 1)) };
  } else {
    throw new AreaError('unsupported', 'Unsupported area: expected CIRCLE, POLYGON or LINESTRING');
  }
  if (options.check !== false) {
    const problem = checkGeometry(geometry);
    if (problem) throw problem;
  }
  return geometry;
}

const same = (a: LatLon, b: LatLon): boolean => a[0] === b[0] && a[1] === b[1];

/** The points without consecutive repeats (for a ring, without a closing repeat either). */
function distinctRun(list: readonly LatLon[], ring: boolean): LatLon[] {
  const out: LatLon[] = [];
  for (const p of list) if (out.length === 0 || !same(out[out.length - 1]!, p)) out.push(p);
  if (ring) while (out.length > 1 && same(out[0]!, out[out.length - 1]!)) out.pop();
  return out;
}

function hasDistinct(list: readonly LatLon[], min: number): boolean {
  const seen = new Set<string>();
  for (const p of list) {
    seen.add(`${p[0]} ${p[1]}`);
    if (seen.size >= min) return true;
  }
  return false;
}

function checkPoint([lat, lon]: LatLon): AreaError | null {
  if (!Number.isFinite(lat) || lat < -90 || lat > 90) return new AreaError('latitude', `Latitude out of range: ${lat}`);
  if (!Number.isFinite(lon) || lon < -360 || lon > 360) return new AreaError('longitude', `Longitude out of range: ${lon}`);
  return null;
}

/**
 * What is wrong with a geometry, or null: coordinates in range, a polygon with ≥ 3 distinct
 * points whose ring does not cross or touch itself, a line with ≥ 2 distinct points, a circle
 * radius in (0, MAX_CIRCLE_RADIUS].
 */
export function checkGeometry(geometry: Geometry): AreaError | null {
  switch (geometry.type) {
    case 'circle': {
      const bad = checkPoint([geometry.lat, geometry.lon]);
      if (bad) return bad;
      const r = geometry.radius;
      if (!Number.isFinite(r)) return new AreaError('syntax', `Invalid radius: ${r}`);
      if (!(r > 0)) return new AreaError('radiusZero', 'CIRCLE radius must be positive');
      if (r > MAX_CIRCLE_RADIUS) return new AreaError('radiusTooLarge', `CIRCLE radius must be at most ${MAX_CIRCLE_RADIUS} m`);
      return null;
    }
    case 'linestring':
    case 'polygon': {
      for (const p of geometry.points) {
        const bad = checkPoint(p);
        if (bad) return bad;
      }
      const polygon = geometry.type === 'polygon';
      const run = distinctRun(geometry.points, polygon);
      const min = polygon ? 3 : 2;
      if (!hasDistinct(run, min)) {
        return new AreaError('tooFewPoints', `${polygon ? 'POLYGON' : 'LINESTRING'} needs at least ${min} distinct points`);
      }
      if (!polygon) return null;
      const crossing = ringSelfIntersects(run);
      // a ring too tangled to check within the work budget is accepted, as Traccar accepts every ring
      if (crossing) return new AreaError('selfIntersecting', 'POLYGON must not cross itself');
      return null;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Self-intersection of a ring: a spatial hash of edge bounding boxes on square cells about the
// mean edge length (sorted packed keys, no dense grid), then orientation tests only between
// edges sharing a cell. Longitude and
// latitude are used as plane coordinates (a ring spanning ±180 is shifted to one side first).

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

function onSegment(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  return Math.min(ax, bx) <= cx && cx <= Math.max(ax, bx) && Math.min(ay, by) <= cy && cy <= Math.max(ay, by);
}

/** Whether closed segments ab and cd meet (crossing, touching or overlapping). */
function segmentsMeet(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): boolean {
  const o1 = orient(ax, ay, bx, by, cx, cy);
  const o2 = orient(ax, ay, bx, by, dx, dy);
  const o3 = orient(cx, cy, dx, dy, ax, ay);
  const o4 = orient(cx, cy, dx, dy, bx, by);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(ax, ay, bx, by, cx, cy)) return true;
  if (o2 === 0 && onSegment(ax, ay, bx, by, dx, dy)) return true;
  if (o3 === 0 && onSegment(cx, cy, dx, dy, ax, ay)) return true;
  if (o4 === 0 && onSegment(cx, cy, dx, dy, bx, by)) return true;
  return false;
}

/** Edges per ring the packed (cell, edge) keys allow: 2^21 edges × 2^32 cells = 2^53. */
const SEGMENTS = 2 ** 21;

/**
 * Whether a ring (no consecutive repeats, no closing repeat) crosses or touches itself.
 * Segment i joins point i to point i+1 (mod n); neighbouring segments share an endpoint and are
 * not compared, except that a neighbour folding back over the other (collinear overlap) counts.
 * Null when the work would exceed a budget linear in n (rings of many long edges crossing the
 * same cells, such as a star of 100,000 spikes): the caller refuses those as too complex.
 */
export function ringSelfIntersects(ring: readonly LatLon[]): boolean | null {
  const n = ring.length;
  if (n < 3) return false;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  let minLon = Infinity;
  let maxLon = -Infinity;
  for (let i = 0; i < n; i++) {
    const lon = ring[i]![1];
    if (lon < minLon) minLon = lon;
    if (lon > maxLon) maxLon = lon;
  }
  const shift = maxLon - minLon > 180;
  for (let i = 0; i < n; i++) {
    const [lat, lon] = ring[i]!;
    xs[i] = shift && lon < 0 ? lon + 360 : lon;
    ys[i] = lat;
  }
  const next = (i: number): number => (i + 1 === n ? 0 : i + 1);

  // Neighbours: only a fold back (the far endpoint collinear and on the other segment) counts.
  for (let i = 0; i < n; i++) {
    const j = next(i);
    const k = next(j);
    // segments i (i→j) and j (j→k) share point j
    if (orient(xs[i]!, ys[i]!, xs[j]!, ys[j]!, xs[k]!, ys[k]!) === 0) {
      // collinear: overlapping unless k lies beyond j away from i
      const dot = (xs[i]! - xs[j]!) * (xs[k]! - xs[j]!) + (ys[i]! - ys[j]!) * (ys[k]! - ys[j]!);
      if (dot > 0) return true;
    }
  }
  if (n === 3) return false;

  const test = (a: number, b: number): boolean => {
    const d = a > b ? a - b : b - a;
    if (d <= 1 || d === n - 1) return false; // neighbours (handled above)
    const a2 = next(a);
    const b2 = next(b);
    return segmentsMeet(xs[a]!, ys[a]!, xs[a2]!, ys[a2]!, xs[b]!, ys[b]!, xs[b2]!, ys[b2]!);
  };

  if (n <= 48) {
    for (let a = 0; a < n; a++) for (let b = a + 2; b < n; b++) if (test(a, b)) return true;
    return false;
  }

  let minX = Infinity;
  let minY = Infinity;
  let length = 0;
  for (let i = 0; i < n; i++) {
    const j = next(i);
    if (xs[i]! < minX) minX = xs[i]!;
    if (ys[i]! < minY) minY = ys[i]!;
    length += Math.abs(xs[j]! - xs[i]!) + Math.abs(ys[j]! - ys[i]!);
  }
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    if (xs[i]! > maxX) maxX = xs[i]!;
    if (ys[i]! > maxY) maxY = ys[i]!;
  }
  // Square cells about the mean edge length, so an edge covers a few cells and a cell holds a few
  // edges; at most 2^16 cells a side, so that a (cell, edge) pair packs exactly into one double.
  const size = Math.max(length / n, (maxX - minX) / 2 ** 16, (maxY - minY) / 2 ** 16, 1e-12);
  const cols = Math.floor((maxX - minX) / size) + 1;
  const col = (x: number): number => Math.min(cols - 1, Math.floor((x - minX) / size));
  const row = (y: number): number => Math.floor((y - minY) / size);

  if (n >= SEGMENTS) return null;
  const budget = 64 * n + 100_000; // cell entries, then pair tests
  const keys: number[] = [];
  for (let i = 0; i < n; i++) {
    const j = next(i);
    const ca = col(Math.min(xs[i]!, xs[j]!));
    const cb = col(Math.max(xs[i]!, xs[j]!));
    const ra = row(Math.min(ys[i]!, ys[j]!));
    const rb = row(Math.max(ys[i]!, ys[j]!));
    if (keys.length + (cb - ca + 1) * (rb - ra + 1) > budget) return null;
    for (let r = ra; r <= rb; r++) for (let c = ca; c <= cb; c++) keys.push((r * cols + c) * SEGMENTS + i);
  }
  const sorted = Float64Array.from(keys).sort();
  let tests = 0;
  for (let p = 0; p < sorted.length; ) {
    const cell = Math.floor(sorted[p]! / SEGMENTS);
    let q = p + 1;
    while (q < sorted.length && Math.floor(sorted[q]! / SEGMENTS) === cell) q++;
    tests += ((q - p) * (q - p - 1)) / 2;
    if (tests > 4 * budget) return null;
    for (let a = p; a < q; a++) {
      const sa = sorted[a]! - cell * SEGMENTS;
      for (let b = a + 1; b < q; b++) if (test(sa, sorted[b]! - cell * SEGMENTS)) return true;
    }
    p = q;
  }
  return false;
}


/** The polygon ring as Traccar stores it: closed (the first point repeated at the end). */
export function closeRing(points: readonly LatLon[]): LatLon[] {
  if (points.length === 0) return [];
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return same(first, last) && points.length > 1 ? [...points] : [...points, [first[0], first[1]]];
}

/** Traccar's toWkt form of a geometry (latitude first); polygons are written closed. */
export function formatArea(geometry: Geometry): string {
  const list = (pts: readonly LatLon[]): string => pts.map(([lat, lon]) => `${lat} ${lon}`).join(', ');
  switch (geometry.type) {
    case 'circle':
      return `CIRCLE (${geometry.lat} ${geometry.lon}, ${geometry.radius})`;
    case 'polygon':
      return `POLYGON ((${list(closeRing(geometry.points))}))`;
    case 'linestring':
      return `LINESTRING (${list(geometry.points)})`;
  }
}
