/**
 * The overview's filter as the address holds it (`/?fleet=idle&fleetGroup=3`), and its validation
 * (the map route's `validateSearch`). Apart from the rest of the overview's rules and free of
 * imports: route definitions load with the app's entry, which the sign-in page's budget counts.
 */
/** The performance measure of the overview's first render (the page marks it; bench:live reads it). */
export const FLEET_FIRST_RENDER_MEASURE = 'athar:fleet-overview:first-render';

/** What a tile selects: a state (`FLEET_STATES`), or one of the attention lists. */
export const FLEET_FILTERS = ['moving', 'idle', 'parked', 'offline', 'never', 'silent', 'expiring', 'maintenance', 'geofence'] as const;
export type FleetFilterKind = (typeof FLEET_FILTERS)[number];

export interface FleetSearch {
  fleet?: FleetFilterKind;
  fleetGroup?: number;
  geofence?: number;
}

const wholeId = (value: unknown, zero = false): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && (n > 0 || (zero && n === 0)) ? n : undefined;
};

/** The map route's `validateSearch` part: anything malformed is dropped, never thrown. */
export function parseFleetSearch(raw: Record<string, unknown>): FleetSearch {
  const kind = (FLEET_FILTERS as readonly unknown[]).includes(raw.fleet) ? (raw.fleet as FleetFilterKind) : undefined;
  if (!kind) return {};
  const search: FleetSearch = { fleet: kind };
  const group = wholeId(raw.fleetGroup, true);
  if (group !== undefined) search.fleetGroup = group;
  const geofence = wholeId(raw.geofence);
  if (kind === 'geofence') {
    if (geofence === undefined) return {};
    search.geofence = geofence;
  }
  return search;
}
