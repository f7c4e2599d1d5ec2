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

/** Whether a point lies in an area; `polylineDistance` (metres) is the corridor half-width of a linestring. */
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
