/**
 * A geofence's area as a person types or draws it: its kind by keyword and what the contract's
 * parser refuses, said by reason (the geofence form and the map's geofence editor).
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { parseArea, type AreaProblem } from '../../contract/wkt';

export type AreaKind = 'circle' | 'polygon' | 'linestring';

/** The shape of an area, by its keyword (as Traccar chooses it: the text begins with it), or null. */
export function areaKind(area: unknown): AreaKind | null {
  const text = typeof area === 'string' ? area.trim() : '';
  if (text.startsWith('CIRCLE')) return 'circle';
  if (text.startsWith('POLYGON')) return 'polygon';
  if (text.startsWith('LINESTRING')) return 'linestring';
  return null;
}

export const KIND_LABELS: Record<AreaKind, MessageDescriptor> = { circle: msg`Circle`, polygon: msg`Polygon`, linestring: msg`Line` };

/** Why the contract's parser refuses an area (its `AreaError.reason`). */
export type AreaReason = AreaProblem;

/** Each reason the parser gives, said to the user (the map's geofence editor says them too). */
export const AREA_MESSAGES: Record<AreaReason, MessageDescriptor> = {
  empty: msg`Enter the area, or draw it on the map.`,
  tooLong: msg`This area is too long: draw it with fewer points.`,
  syntax: msg`This area could not be read. Write it as CIRCLE (latitude longitude, radius), POLYGON ((latitude longitude, …)) or LINESTRING (latitude longitude, …).`,
  unsupported: msg`Only circles (CIRCLE), polygons (POLYGON) and lines (LINESTRING) can be geofences.`,
  latitude: msg`A latitude is out of range: it must be between -90 and 90 (the latitude comes first).`,
  longitude: msg`A longitude is out of range: it must be between -180 and 180.`,
  tooFewPoints: msg`Too few points: a polygon needs at least 3, a line at least 2.`,
  radiusZero: msg`The circle's radius must be more than zero metres.`,
  radiusTooLarge: msg`The circle's radius is too large: at most 1,000 km.`,
  selfIntersecting: msg`The polygon's edges cross or touch each other: draw it without crossings.`,
};

/** The reason of a refused area: the parser's code, or `syntax` for an error without one. */
export function areaReason(error: unknown): AreaReason {
  const reason = error instanceof Error ? (error as Error & { reason?: unknown }).reason : undefined;
  return typeof reason === 'string' && reason in AREA_MESSAGES ? (reason as AreaReason) : 'syntax';
}

/**
 * What is wrong with a typed area, or null when the parser takes it. The form asks on every render
 * (a keystroke in any field): the answer for the last text is kept, since a 100,000-vertex area
 * takes a good part of a second to parse and check.
 */
let last: { text: string; problem: MessageDescriptor | null } | null = null;
export function areaProblem(value: unknown): MessageDescriptor | null {
  const text = typeof value === 'string' ? value : '';
  if (last?.text === text) return last.problem;
  let problem: MessageDescriptor | null = null;
  try {
    parseArea(text);
  } catch (error) {
    problem = AREA_MESSAGES[areaReason(error)];
  }
  last = { text, problem };
  return problem;
}
