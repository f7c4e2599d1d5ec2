/**
 * Prepared geofence areas for ingest (issue 32). Building one costs about 0.1–0.3 s for 100,000
 * vertices (parsing the WKT, then the edge index), so a save builds it while it validates the area,
 * and the ingest cache takes it from here instead of building it inside an ingest turn.
 */
import type { Attributes } from '../../contract/models.ts';
import { type Geometry, parseArea } from '../../contract/wkt.ts';
import { positiveNumber } from '../db/convert.ts';
import { type PreparedArea, prepareArea } from './contains.ts';

/** A geofence's corridor half-width for a linestring, in metres: its `polylineDistance` attribute, or 25. */
export function corridorOf(attributes: Attributes): number {
  return positiveNumber(attributes.polylineDistance) ?? 25;
}

/** Areas built by saves, not yet taken by the ingest cache: the last few only, so memory stays bounded. */
const RECENT = 16;
const recent = new Map<string, PreparedArea | null>();

const keyOf = (text: string, polylineDistance: number): string => `${polylineDistance}|${text}`;

/** Areas built so far, by saves and by the ingest cache (the tests count where the work happens). */
export const areaBuilds = { count: 0 };

/**
 * A stored area made ready for many tests (null: unparsable, which contains nothing). Read as stored
 * (a save checked it), or from the `geometry` a save already parsed.
 */
export function buildArea(text: string, polylineDistance: number, geometry?: Geometry): PreparedArea | null {
  areaBuilds.count += 1;
  try {
    return prepareArea(geometry ?? parseArea(text, { check: false }), polylineDistance);
  } catch {
    return null;
  }
}

/** Called by a save once its area is valid (parsed as `geometry`): builds the prepared area now, for the ingest cache to take. */
export function warmArea(text: string, polylineDistance: number, geometry: Geometry): void {
  const key = keyOf(text, polylineDistance);
  if (recent.has(key)) return;
  recent.set(key, buildArea(text, polylineDistance, geometry));
  while (recent.size > RECENT) recent.delete(recent.keys().next().value!);
}

/** The prepared area of a stored text: the one a save built, or one built now. */
export function takeArea(text: string, polylineDistance: number): PreparedArea | null {
  const key = keyOf(text, polylineDistance);
  if (recent.has(key)) {
    const prepared = recent.get(key)!;
    recent.delete(key);
    return prepared;
  }
  return buildArea(text, polylineDistance);
}
