/**
 * Traccar geofence areas (`Geofence.area`): WKT with LATITUDE FIRST.
 *   CIRCLE (lat lon, radius)          radius in metres
 *   POLYGON ((lat lon, lat lon, ...)) at least 3 points; the ring need not be closed
 *   LINESTRING (lat lon, lat lon, ...) at least 2 points
 * The keyword must begin the string (Traccar chooses the type with startsWith).
 */

export type LatLon = [lat: number, lon: number];

export type Geometry =
  | { type: 'circle'; lat: number; lon: number; radius: number }
  | { type: 'polygon'; points: LatLon[] }
  | { type: 'linestring'; points: LatLon[] };

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function num(text: string, what: string): number {
  const value = Number(text);
  if (!NUMBER.test(text) || !Number.isFinite(value)) throw new Error(`Invalid ${what}: ${text.slice(0, 40)}`);
  return value;
}

function point(text: string): LatLon {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 2) throw new Error(`Invalid point: ${text.trim().slice(0, 40)}`);
  const lat = num(parts[0]!, 'latitude');
  const lon = num(parts[1]!, 'longitude');
  if (lat < -90 || lat > 90) throw new Error(`Latitude out of range: ${lat}`);
  if (lon < -360 || lon > 360) throw new Error(`Longitude out of range: ${lon}`);
  return [lat, lon];
}

/** The text between the outermost parentheses after `keyword`, with `depth` levels of nesting. */
function body(area: string, keyword: string, depth: number): string {
  let rest = area.slice(keyword.length).trim();
  for (let i = 0; i < depth; i += 1) {
    if (!rest.startsWith('(') || !rest.endsWith(')')) throw new Error(`Invalid ${keyword}: expected parentheses`);
    rest = rest.slice(1, -1).trim();
  }
  if (/[()]/.test(rest)) throw new Error(`Invalid ${keyword}: unexpected parenthesis`);
  return rest;
}

function points(text: string, min: number, keyword: string): LatLon[] {
  const list = text.split(',').map(point);
  if (list.length < min) throw new Error(`${keyword} needs at least ${min} points`);
  return list;
}

const MAX_LENGTH = 500_000;

/** Parses a Traccar area; throws an Error with a readable message when it is invalid. */
export function parseArea(area: string): Geometry {
  if (typeof area !== 'string' || !area.trim()) throw new Error('Area is required');
  if (area.length > MAX_LENGTH) throw new Error('Area is too long');
  const text = area.trim();
  if (text.startsWith('CIRCLE')) {
    const parts = body(text, 'CIRCLE', 1).split(',');
    if (parts.length !== 2) throw new Error('Invalid CIRCLE: expected (lat lon, radius)');
    const [lat, lon] = point(parts[0]!);
    const radius = num(parts[1]!.trim(), 'radius');
    if (!(radius > 0)) throw new Error('CIRCLE radius must be positive');
    return { type: 'circle', lat, lon, radius };
  }
  if (text.startsWith('POLYGON')) return { type: 'polygon', points: points(body(text, 'POLYGON', 2), 3, 'POLYGON') };
  if (text.startsWith('LINESTRING')) return { type: 'linestring', points: points(body(text, 'LINESTRING', 1), 2, 'LINESTRING') };
  throw new Error('Unsupported area: expected CIRCLE, POLYGON or LINESTRING');
}

/** Traccar's toWkt form of a geometry (latitude first). */
export function formatArea(geometry: Geometry): string {
  const list = (pts: LatLon[]): string => pts.map(([lat, lon]) => `${lat} ${lon}`).join(', ');
  switch (geometry.type) {
    case 'circle':
      return `CIRCLE (${geometry.lat} ${geometry.lon}, ${geometry.radius})`;
    case 'polygon':
      return `POLYGON ((${list(geometry.points)}))`;
    case 'linestring':
      return `LINESTRING (${list(geometry.points)})`;
  }
}
