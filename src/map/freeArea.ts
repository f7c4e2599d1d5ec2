/**
 * The free part of the map: the map's box, less a margin at its edges, less what lies over it (the
 * device card, MapLibre's controls, the layers button), each grown by the same margin. The selected
 * device is kept there (`src/map/camera.ts`): a device outside it is moved by the least distance
 * that brings it in, so the rest of the fleet moves as little as it can.
 *
 * Pure geometry in the map's pixels (x to the right, y down, origin at the map's top-left corner,
 * as `map.project` gives them); `measureObstacles` is the one part that reads the page.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface FreeArea {
  /** The map's box less the margin: a device outside it is off the screen or at its very edge. */
  bounds: Rect;
  /** What covers the map, each grown by the margin and cut to the map's box. */
  obstacles: readonly Rect[];
}

/**
 * Pixels kept between the device's point and an edge or an obstacle: its marker (a 32-px disc)
 * and the name under it stay clear too.
 */
export const KEEP_MARGIN = 40;

/** The free part of a map of this size under these obstacles (map pixels). */
export function freeArea(width: number, height: number, obstacles: readonly Rect[], margin = KEEP_MARGIN): FreeArea {
  const bounds = { left: margin, top: margin, right: width - margin, bottom: height - margin };
  const grown: Rect[] = [];
  for (const o of obstacles) {
    const rect = {
      left: Math.max(0, o.left - margin),
      top: Math.max(0, o.top - margin),
      right: Math.min(width, o.right + margin),
      bottom: Math.min(height, o.bottom + margin),
    };
    // outside the map, or empty: nothing of it covers the map
    if (rect.left >= rect.right || rect.top >= rect.bottom) continue;
    grown.push(rect);
  }
  return { bounds, obstacles: grown };
}

const within = (value: number, min: number, max: number): boolean => value >= min && value <= max;

/** How far outside an obstacle's side a point is put (half a pixel: none of two touching obstacles' seam is free). */
export const EDGE_GAP = 0.5;

/** Whether a point is in the free part: within the bounds (their edge included) and on no obstacle (nor its edge). */
export function isFree(point: Point, area: FreeArea): boolean {
  const { bounds } = area;
  if (!within(point.x, bounds.left, bounds.right) || !within(point.y, bounds.top, bounds.bottom)) return false;
  return !area.obstacles.some((o) => within(point.x, o.left, o.right) && within(point.y, o.top, o.bottom));
}

/**
 * The point of the free part nearest to `point` (the point itself when it is free), or null when
 * nothing of the map is free. The free part is a rectangle less rectangles, so its nearest point
 * has each coordinate either the point's own or on one of the rectangles' sides (just outside an
 * obstacle's): the candidates are those combinations (a few hundred at most), checked one by one.
 */
export function nearestFree(point: Point, area: FreeArea): Point | null {
  if (isFree(point, area)) return point;
  const { bounds, obstacles } = area;
  if (bounds.left > bounds.right || bounds.top > bounds.bottom) return null;
  const xs = [point.x, bounds.left, bounds.right];
  const ys = [point.y, bounds.top, bounds.bottom];
  for (const o of obstacles) xs.push(o.left - EDGE_GAP, o.right + EDGE_GAP);
  for (const o of obstacles) ys.push(o.top - EDGE_GAP, o.bottom + EDGE_GAP);
  let best: Point | null = null;
  let bestDistance = Infinity;
  for (const x of xs) {
    for (const y of ys) {
      const candidate = { x, y };
      const distance = Math.hypot(x - point.x, y - point.y);
      if (distance < bestDistance && isFree(candidate, area)) {
        best = candidate;
        bestDistance = distance;
      }
    }
  }
  return best;
}

/** How the camera treats the selected device: moved the least into the free part, or centred there (follow). */
export type KeepMode = 'least' | 'centre';

/**
 * Where the selected device (at `point`) should be on the map, or null when it may stay where it
 * is. `least`: the nearest free point when it is not free. `centre`: the map's centre, or the free
 * point nearest to it when something covers the centre (a bottom sheet on a phone).
 */
export function keepTarget(point: Point, width: number, height: number, area: FreeArea, mode: KeepMode): Point | null {
  if (mode === 'least') return isFree(point, area) ? null : nearestFree(point, area);
  const centre = { x: width / 2, y: height / 2 };
  const target = nearestFree(centre, area) ?? centre;
  return Math.hypot(target.x - point.x, target.y - point.y) < 1 ? null : target;
}

/** What covers a map: the selectors of the page's parts that lie over it. */
export const OBSTACLE_SELECTOR = '[data-map-obstacle]';
/** MapLibre's controls inside the map's container (zoom and compass group, scale, attribution). */
export const MAP_CONTROL_SELECTOR = '.maplibregl-ctrl';

/**
 * The boxes, in the map's pixels, of what lies over the map now: every element of the page marked
 * `data-map-obstacle` (the device card, the layers button) and MapLibre's controls, when shown and
 * over the map. Reads the layout: called when a decision needs it, never per frame.
 */
export function measureObstacles(container: HTMLElement): Rect[] {
  const box = container.getBoundingClientRect();
  const rects: Rect[] = [];
  const elements = [...document.querySelectorAll<HTMLElement>(OBSTACLE_SELECTOR), ...container.querySelectorAll<HTMLElement>(MAP_CONTROL_SELECTOR)];
  for (const element of elements) {
    const r = element.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const rect = { left: r.left - box.left, top: r.top - box.top, right: r.right - box.left, bottom: r.bottom - box.top };
    if (rect.right <= 0 || rect.bottom <= 0 || rect.left >= box.width || rect.top >= box.height) continue;
    rects.push(rect);
  }
  return rects;
}
