/**
 * The map's scale bar in the user's distance unit (`distanceUnit`: km, mi or nmi): MapLibre's
 * ScaleControl counts in metric (m, km), imperial (ft, mi) or nautical (nmi) units.
 */
import type { DistanceUnit } from '../domain/units';

export type ScaleUnit = 'metric' | 'imperial' | 'nautical';

export function scaleUnit(distance: DistanceUnit | undefined): ScaleUnit {
  if (distance === 'mi') return 'imperial';
  if (distance === 'nmi') return 'nautical';
  return 'metric';
}
