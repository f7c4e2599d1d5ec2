/**
 * Screen points of the map and back, from the camera the map writes on its container
 * (`data-map-center`, `data-map-zoom`): Web Mercator, 512-px tiles (MapLibre), north up, no pitch.
 * Tests click and drag at these points without reaching into the page.
 */
import type { Page } from 'playwright-core';

const RAD = Math.PI / 180;

export function project(lon: number, lat: number, center: [number, number], zoom: number, size: { width: number; height: number }) {
  const world = 512 * 2 ** zoom;
  const x = (l: number) => ((l + 180) / 360) * world;
  const y = (p: number) => {
    const s = Math.sin(p * RAD);
    return (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * world;
  };
  return { x: size.width / 2 + x(lon) - x(center[0]), y: size.height / 2 + y(lat) - y(center[1]) };
}

export function unproject(px: number, py: number, center: [number, number], zoom: number, size: { width: number; height: number }): { lon: number; lat: number } {
  const world = 512 * 2 ** zoom;
  const cx = ((center[0] + 180) / 360) * world;
  const s = Math.sin(center[1] * RAD);
  const cy = (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * world;
  const wx = cx + px - size.width / 2;
  const wy = cy + py - size.height / 2;
  const lon = (wx / world) * 360 - 180;
  const lat = (2 * Math.atan(Math.exp((0.5 - wy / world) * 2 * Math.PI)) - Math.PI / 2) / RAD;
  return { lon, lat };
}

/**
 * The map's box on the page and its camera. MapLibre's camera spans the container's whole pixels
 * (`clientWidth`, `clientHeight`), while pointer positions are taken from the box's fractional
 * left and top: to the metre, that matters when the box starts at a fraction of a pixel (the
 * sidebar is 28 %).
 */
async function camera(page: Page) {
  const map = page.locator('[data-testid="map"]');
  const box = await map.boundingBox();
  if (!box) throw new Error('map has no box');
  const size = await map.evaluate((element) => ({ width: element.clientWidth, height: element.clientHeight }));
  const [cx = 0, cy = 0] = ((await map.getAttribute('data-map-center')) ?? '').split(',').map(Number);
  const zoom = Number(await map.getAttribute('data-map-zoom'));
  return { box, size, center: [cx, cy] as [number, number], zoom };
}

/** The page point of a place on the map. */
export async function screenPoint(page: Page, lon: number, lat: number): Promise<{ x: number; y: number }> {
  const { box, size, center, zoom } = await camera(page);
  const p = project(lon, lat, center, zoom, size);
  return { x: box.x + p.x, y: box.y + p.y };
}

/** The place on the map under a page point. */
export async function placeAt(page: Page, x: number, y: number): Promise<{ lon: number; lat: number }> {
  const { box, size, center, zoom } = await camera(page);
  return unproject(x - box.x, y - box.y, center, zoom, size);
}
