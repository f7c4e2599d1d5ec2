/**
 * Selecting a device brings it into view beside its card, never under it: the card covers the
 * inline-start side of the map from tablets up (at most 288 px wide, the spec's popup width) and
 * the lower part on phones. When the selected device is outside the free part of the map, the
 * camera eases by the least that brings it inside (with a margin), so the rest of the fleet moves
 * as little as possible; the zoom stays.
 */
import type { Map as MaplibreMap, PointLike } from 'maplibre-gl';
import { hasValidCoordinates, type LiveStore } from '../domain/liveStore';

export interface Insets {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Below this width the card is a sheet at the bottom of the map (the phone layout). */
export const PHONE_MAP_WIDTH = 600;
/** The card's width (popup max width) plus its margin on both sides. */
export const CARD_SPACE = 288 + 2 * 16;
const MARGIN = 48;

/** The parts of a map of this size that the card (and a margin) cover. */
export function cardInsets(width: number, height: number, rtl: boolean): Insets {
  if (width < PHONE_MAP_WIDTH) return { top: MARGIN, bottom: Math.round(height * 0.55), left: MARGIN, right: MARGIN };
  const side = Math.min(CARD_SPACE + MARGIN, width / 2);
  return rtl ? { top: MARGIN, bottom: MARGIN, left: MARGIN, right: side } : { top: MARGIN, bottom: MARGIN, left: side, right: MARGIN };
}

/** The nearest value to `value` in [min, max] (the middle when the range is empty). */
function clamp(value: number, min: number, max: number): number {
  if (min > max) return (min + max) / 2;
  return Math.min(max, Math.max(min, value));
}

/**
 * Where to move the camera so that a point at `point` (screen pixels) is in the free part, or null
 * when it is already there. The result is the offset to give `easeTo` with the point as centre:
 * the point ends at the nearest place of the free part, so the camera moves as little as it can.
 */
export function revealOffset(point: { x: number; y: number }, width: number, height: number, insets: Insets): [number, number] | null {
  const inside = point.x >= insets.left && point.x <= width - insets.right && point.y >= insets.top && point.y <= height - insets.bottom;
  if (inside) return null;
  const x = clamp(point.x, insets.left, width - insets.right);
  const y = clamp(point.y, insets.top, height - insets.bottom);
  return [Math.round(x - width / 2), Math.round(y - height / 2)];
}

export type RevealMap = Pick<MaplibreMap, 'easeTo' | 'project' | 'getContainer'>;

/** Eases the newly selected device into the free part of the map when the card would hide it. */
export function attachReveal(map: RevealMap, store: LiveStore): () => void {
  let selected = store.getState().selectedId;
  return store.subscribe((state, change) => {
    if (!change.slices.has('selection') || state.selectedId === selected) return;
    selected = state.selectedId;
    const position = selected === null ? undefined : state.positions.get(selected);
    if (!position || !hasValidCoordinates(position)) return;
    const container = map.getContainer();
    const width = container.clientWidth;
    const height = container.clientHeight;
    const rtl = getComputedStyle(container).direction === 'rtl';
    const point = map.project([position.longitude, position.latitude]);
    const offset = revealOffset(point, width, height, cardInsets(width, height, rtl));
    if (offset) map.easeTo({ center: [position.longitude, position.latitude], offset: offset as PointLike, duration: 600 });
  });
}
