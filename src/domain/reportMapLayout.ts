/**
 * Where a report's map pane is and how big, as the person left it (kept on this device for every
 * report kind): beside the table (a share of the results' width), above it (a height), or hidden.
 * The default is beside at 30 % of the width, so that the table keeps the room its columns need.
 */
export type MapPlace = 'beside' | 'above' | 'hidden';

export interface MapLayout {
  place: MapPlace;
  /** the pane's share of the results' width beside the table */
  share: number;
  /** the pane's height above the table, in CSS pixels */
  height: number;
}

export const MAP_SHARE = { min: 0.2, max: 0.6, default: 0.3 } as const;
export const MAP_HEIGHT = { min: 160, max: 640, default: 288 } as const;
export const DEFAULT_MAP_LAYOUT: MapLayout = { place: 'beside', share: MAP_SHARE.default, height: MAP_HEIGHT.default };

const clamp = (value: number, least: number, most: number) => Math.min(most, Math.max(least, value));

/** A share or height within its bounds (a broken value: the default). */
export const clampShare = (share: number): number => (Number.isFinite(share) ? clamp(share, MAP_SHARE.min, MAP_SHARE.max) : MAP_SHARE.default);
export const clampHeight = (height: number): number => (Number.isFinite(height) ? Math.round(clamp(height, MAP_HEIGHT.min, MAP_HEIGHT.max)) : MAP_HEIGHT.default);

/**
 * The layout kept as text: JSON, or the earlier `shown`/`hidden` of the map toggle. Anything else,
 * or nothing, is the default.
 */
export function parseMapLayout(raw: string | null): MapLayout {
  if (raw === 'hidden') return { ...DEFAULT_MAP_LAYOUT, place: 'hidden' };
  if (!raw || raw === 'shown') return DEFAULT_MAP_LAYOUT;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return DEFAULT_MAP_LAYOUT;
    const { place, share, height } = value as Record<string, unknown>;
    return {
      place: place === 'above' || place === 'hidden' ? place : 'beside',
      share: typeof share === 'number' ? clampShare(share) : MAP_SHARE.default,
      height: typeof height === 'number' ? clampHeight(height) : MAP_HEIGHT.default,
    };
  } catch {
    return DEFAULT_MAP_LAYOUT;
  }
}

export const formatMapLayout = (layout: MapLayout): string => JSON.stringify(layout);

/**
 * The layout after the divider between table and map moved by `delta` CSS pixels along its axis
 * (x beside, y above) in a results area `extent` pixels wide (beside) or any height (above). Beside,
 * the map is at the inline end: moving the divider towards it (right in left-to-right, left in
 * right-to-left) makes the map narrower. Above, moving the divider down makes the map taller.
 */
export function moveDivider(layout: MapLayout, delta: number, extent: number, rtl: boolean): MapLayout {
  if (layout.place === 'above') return { ...layout, height: clampHeight(layout.height + delta) };
  if (layout.place !== 'beside' || !(extent > 0)) return layout;
  const towardsMap = rtl ? -delta : delta;
  return { ...layout, share: clampShare(layout.share - towardsMap / extent) };
}
