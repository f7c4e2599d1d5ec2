/**
 * Geofence containment (Traccar's GeofenceCircle/Polygon/Polyline), latitude first.
 * The area shapes are those returned by `parseArea` in `./wkt.ts`.
 */

import type { Geometry } from '../../contract/wkt.ts';

export type Area = Geometry;

import { EARTH_RADIUS, distanceMeters } from '../../contract/units.ts';

export { distanceMeters };

const RAD = Math.PI / 180;

/** Longitudes of a shape spanning ±180 are shifted to one side (as Traccar normalises polygons). */
function normalise(points: Array<[number, number]>, lon: number): { points: Array<[number, number]>; lon: number } {
  const lons = points.map((p) => p[1]);
  if (Math.max(...lons) - Math.min(...lons) <= 180) return { points, lon };
  const shift = (value: number): number => (value < 0 ? value + 360 : value);
  return { points: points.map(([a, b]) => [a, shift(b)]), lon: shift(lon) };
}

function inPolygon(points: Array<[number, number]>, lat: number, lon: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [yi, xi] = points[i]!;
    const [yj, xj] = points[j]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance in metres from a point to a segment, on a local equirectangular projection. */
function segmentDistance(lat: number, lon: number, a: [number, number], b: [number, number]): number {
  const k = Math.cos(lat * RAD);
  const ax = (a[1] - lon) * k;
  const ay = a[0] - lat;
  const bx = (b[1] - lon) * k;
  const by = b[0] - lat;
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len));
  const px = ax + t * dx;
  const py = ay + t * dy;
  return Math.hypot(px, py) * RAD * EARTH_RADIUS;
}

/** Whether a point lies in an area; `polylineDistance` (metres) is the corridor half-width of a linestring.
 * Scans every edge: for one test. Ingest and exports use `prepareArea`, which indexes the edges once. */
export function areaContains(area: Area, lat: number, lon: number, polylineDistance = 25): boolean {
  switch (area.type) {
    case 'circle':
      return distanceMeters(area.lat, area.lon, lat, lon) <= area.radius;
    case 'polygon': {
      if (area.points.length < 3) return false;
      const n = normalise(area.points, lon);
      return inPolygon(n.points, lat, n.lon);
    }
    case 'linestring': {
      for (let i = 1; i < area.points.length; i++) {
        if (segmentDistance(lat, lon, area.points[i - 1]!, area.points[i]!) <= polylineDistance) return true;
      }
      return false;
    }
  }
}

/** Work counter of prepared areas: edges (or segments) tested, summed over every `contains` call. */
export const areaWork = { edges: 0 };

/** An area made ready for many tests: its bounding box and an index over its edges, built once. */
export interface PreparedArea {
  contains(lat: number, lon: number): boolean;
}

/** Entries in an index stay under this many per edge (plus one per cell): a shape whose edges would
 *  fill more gets a coarser index, so memory is bounded whatever a user saved. */
const ENTRIES_PER_EDGE = 8;

/** Edge lists per cell in one flat array (compressed rows): `start[c]..start[c + 1]` in `items`. */
interface CellIndex {
  start: Uint32Array;
  items: Uint32Array;
}

/**
 * Builds a cell index for `count` items, where `cellsOf(i, visit)` names the cells item i touches;
 * answers null when it would hold more than `limit` entries.
 */
function buildIndex(cells: number, count: number, limit: number, cellsOf: (i: number, visit: (cell: number) => void) => void): CellIndex | null {
  const start = new Uint32Array(cells + 1);
  let total = 0;
  let over = false;
  for (let i = 0; i < count && !over; i++) {
    cellsOf(i, (cell) => {
      start[cell + 1]!++;
      if (++total > limit) over = true;
    });
  }
  if (over) return null;
  for (let c = 0; c < cells; c++) start[c + 1]! += start[c]!;
  const fill = start.slice(0, cells);
  const items = new Uint32Array(total);
  for (let i = 0; i < count; i++) cellsOf(i, (cell) => (items[fill[cell]!++] = i));
  return { start, items };
}

function preparePolygon(area: Extract<Area, { type: 'polygon' }>): PreparedArea {
  const n = area.points.length;
  if (n < 3) return { contains: () => false };
  const lons = area.points.map((p) => p[1]);
  let minLon = Infinity;
  let maxLon = -Infinity;
  for (const lon of lons) {
    if (lon < minLon) minLon = lon;
    if (lon > maxLon) maxLon = lon;
  }
  // A shape spanning ±180 is shifted to one side once (see `normalise`); the tested longitude is shifted the same way.
  const shifted = maxLon - minLon > 180;
  const shift = (value: number): number => (shifted && value < 0 ? value + 360 : value);
  const ys = new Float64Array(n);
  const xs = new Float64Array(n);
  let minLat = Infinity;
  let maxLat = -Infinity;
  minLon = Infinity;
  maxLon = -Infinity;
  for (let i = 0; i < n; i++) {
    const [lat, lon] = area.points[i]!;
    ys[i] = lat;
    xs[i] = shift(lon);
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
    minLon = Math.min(minLon, xs[i]!);
    maxLon = Math.max(maxLon, xs[i]!);
  }
  // Horizontal bands: a ray cast along a latitude crosses only edges that span it, all listed in its band.
  let bands = Math.max(1, Math.min(65_536, Math.ceil(n / 4)));
  let index: CellIndex | null = null;
  let bandOf = (lat: number): number => 0;
  while (!index) {
    const height = (maxLat - minLat) / bands || 1;
    const last = bands - 1;
    const of = (lat: number): number => Math.min(last, Math.max(0, Math.floor((lat - minLat) / height)));
    index = buildIndex(bands, n, ENTRIES_PER_EDGE * n + bands, (i, visit) => {
      const j = i === 0 ? n - 1 : i - 1;
      const a = of(ys[i]!);
      const b = of(ys[j]!);
      for (let c = Math.min(a, b); c <= Math.max(a, b); c++) visit(c);
    });
    bandOf = of;
    if (!index) bands = Math.max(1, Math.floor(bands / 4));
  }
  const { start, items } = index;
  return {
    contains(lat, lonIn) {
      const lon = shift(lonIn);
      if (lat < minLat || lat > maxLat || lon < minLon || lon > maxLon) return false;
      const band = bandOf(lat);
      let inside = false;
      const end = start[band + 1]!;
      areaWork.edges += end - start[band]!;
      for (let k = start[band]!; k < end; k++) {
        const i = items[k]!;
        const j = i === 0 ? n - 1 : i - 1;
        const yi = ys[i]!;
        const yj = ys[j]!;
        if (yi > lat !== yj > lat) {
          const xi = xs[i]!;
          if (lon < ((xs[j]! - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
        }
      }
      return inside;
    },
  };
}

function prepareLinestring(area: Extract<Area, { type: 'linestring' }>, corridor: number): PreparedArea {
  const points = area.points;
  const segments = points.length - 1;
  if (segments < 1) return { contains: () => false };
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLon = Infinity;
  let maxLon = -Infinity;
  for (const [lat, lon] of points) {
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
    minLon = Math.min(minLon, lon);
    maxLon = Math.max(maxLon, lon);
  }
  // The corridor in degrees, a little wide: latitude, and longitude at the box's latitude farthest from the equator.
  const padLat = (corridor / (RAD * EARTH_RADIUS)) * 1.01 + 1e-9;
  const farthest = Math.min(89.9, Math.max(Math.abs(minLat), Math.abs(maxLat)) + padLat);
  const padLon = padLat / Math.cos(farthest * RAD);
  minLat -= padLat;
  maxLat += padLat;
  minLon -= padLon;
  maxLon += padLon;
  let side = Math.max(1, Math.min(1024, Math.ceil(Math.sqrt(segments / 2))));
  let index: CellIndex | null = null;
  let cellOf = (lat: number, lon: number): number => 0;
  while (!index) {
    const g = side;
    const h = (maxLat - minLat) / g;
    const w = (maxLon - minLon) / g;
    const row = (lat: number): number => Math.min(g - 1, Math.max(0, Math.floor((lat - minLat) / h)));
    const col = (lon: number): number => Math.min(g - 1, Math.max(0, Math.floor((lon - minLon) / w)));
    index = buildIndex(g * g, segments, ENTRIES_PER_EDGE * segments + g * g, (i, visit) => {
      const [aLat, aLon] = points[i]!;
      const [bLat, bLon] = points[i + 1]!;
      const r0 = row(Math.min(aLat, bLat) - padLat);
      const r1 = row(Math.max(aLat, bLat) + padLat);
      const c0 = col(Math.min(aLon, bLon) - padLon);
      const c1 = col(Math.max(aLon, bLon) + padLon);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) visit(r * g + c);
    });
    cellOf = (lat, lon) => row(lat) * g + col(lon);
    if (!index) side = Math.max(1, Math.floor(side / 2));
  }
  const { start, items } = index;
  return {
    contains(lat, lon) {
      if (lat < minLat || lat > maxLat || lon < minLon || lon > maxLon) return false;
      const cell = cellOf(lat, lon);
      const end = start[cell + 1]!;
      areaWork.edges += end - start[cell]!;
      for (let k = start[cell]!; k < end; k++) {
        const i = items[k]!;
        if (segmentDistance(lat, lon, points[i]!, points[i + 1]!) <= corridor) return true;
      }
      return false;
    },
  };
}

/** Prepares an area for many tests; `polylineDistance` (metres) is the corridor half-width of a linestring. */
export function prepareArea(area: Area, polylineDistance = 25): PreparedArea {
  switch (area.type) {
    case 'circle':
      return { contains: (lat, lon) => distanceMeters(area.lat, area.lon, lat, lon) <= area.radius };
    case 'polygon':
      return preparePolygon(area);
    case 'linestring':
      return prepareLinestring(area, polylineDistance);
  }
}
