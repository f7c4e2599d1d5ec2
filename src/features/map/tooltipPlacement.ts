/**
 * Where a marker's tooltip stands (pure): centred over the marker, clear of its icon; below it when
 * there is no room above; moved sideways, never out of the free area (the window above the phone's
 * bottom navigation), so it is never cut off. Window coordinates, px.
 */
export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** How far the tooltip keeps from the marker's centre (its icon is 32 px) and from the area's edges. */
export const MARKER_CLEARANCE = 22;
export const EDGE_MARGIN = 8;

export function tooltipPlacement(
  marker: { x: number; y: number },
  size: { width: number; height: number },
  area: Box,
): { left: number; top: number; side: 'above' | 'below' } {
  const above = marker.y - MARKER_CLEARANCE - size.height;
  const below = marker.y + MARKER_CLEARANCE;
  const side = above >= area.top + EDGE_MARGIN || below + size.height > area.bottom - EDGE_MARGIN ? 'above' : 'below';
  const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, Math.max(min, max)));
  const left = clamp(marker.x - size.width / 2, area.left + EDGE_MARGIN, area.right - EDGE_MARGIN - size.width);
  const top = clamp(side === 'above' ? above : below, area.top + EDGE_MARGIN, area.bottom - EDGE_MARGIN - size.height);
  return { left, top, side };
}
