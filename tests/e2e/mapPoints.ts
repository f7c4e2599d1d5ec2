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

/**
 * Counts the page's WebGL draw calls (installed before the page loads: call it before `goto`), for
 * `mapStill`. MapLibre draws on every frame while the camera moves or symbols fade, and not at all
 * once still.
 */
export async function countMapDraws(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counter = window as unknown as { __e2eMapDraws: number };
    counter.__e2eMapDraws = 0;
    for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype] as unknown as Array<Record<string, unknown>>) {
      for (const name of ['drawElements', 'drawArrays']) {
        const original = proto[name] as (...args: unknown[]) => unknown;
        proto[name] = function (this: unknown, ...args: unknown[]) {
          counter.__e2eMapDraws += 1;
          return original.apply(this, args);
        };
      }
    }
  });
}

/**
 * Waits until the map has drawn nothing for `frames` animation frames in a row: the camera has
 * stopped (an ease draws every frame until it ends) and the markers are placed. Needs `countMapDraws`.
 */
export async function mapStill(page: Page, frames = 6, timeout = 15_000): Promise<void> {
  const still = await page.evaluate(
    ({ frames, timeout }) =>
      new Promise<boolean>((resolve) => {
        const counter = window as unknown as { __e2eMapDraws?: number };
        if (counter.__e2eMapDraws === undefined) throw new Error('mapStill needs countMapDraws before the page loads');
        const end = performance.now() + timeout;
        let last = counter.__e2eMapDraws;
        let quiet = 0;
        const tick = () => {
          const now = counter.__e2eMapDraws ?? 0;
          quiet = now === last ? quiet + 1 : 0;
          last = now;
          if (quiet >= frames) resolve(true);
          else if (performance.now() > end) resolve(false);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { frames, timeout },
  );
  if (!still) throw new Error(`the map was still drawing after ${timeout} ms`);
}
