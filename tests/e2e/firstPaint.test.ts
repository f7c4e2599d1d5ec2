/**
 * The first map after Sign in is painted once, complete (src/map/firstPaint.ts), by the real
 * MapLibre in real Chromium: until the map turns ready (`data-map-ready="true"`: its style, the
 * basemap and the devices drawn), exactly one animation frame draws on the map's canvas; and the
 * map is on screen (the canvas alone is not one colour). Without the hold the map paints as it
 * loads: seven or eight frames draw before ready, the first with the style's background only.
 *
 * It guards the hold against a MapLibre upgrade: the hold replaces MapLibre's private
 * `painter.render` on the map instance (src/map/painterHold.ts), which another version may rename
 * or bypass, and the map would then paint as it loads again. `maplibre-gl` is pinned in
 * package.json; a new version passes this test before it is taken.
 *
 * How: WebGL draw calls (`drawElements`, `drawArrays`…) on the map's canvas are counted per
 * animation frame, keyed by the frame's time (`document.timeline.currentTime`, shared by every
 * callback of a frame, MapLibre's render included), and the counts are copied at the moment the map
 * turns ready. Ready comes at an idle moment after the paint, and MapLibre draws a frame whenever
 * what it shows changes, so the one frame that drew before it showed the map as it was when ready.
 * The hold lasts 1.5 s at most: on a machine so busy that the fleet took longer to come in, the map
 * paints as it loads after that (its first draw at least 1.5 s after it was created), which shows
 * nothing either way, and the sign-in is tried again (three times at most, then it fails as
 * inconclusive); a map that draws sooner was released by its content, or not held, and is judged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { startHarness, type Harness } from './harness.ts';
import { DEMO_DEVICES, signInToMap } from './helpers.ts';

/**
 * The hold's time limit, `FIRST_PAINT_MAX_MS` of src/map/controller.ts: a map whose first draw came
 * this long after it was created may have been released by the limit rather than by its content.
 */
const HOLD_LIMIT_MS = 1_500;
/** Sign-ins tried before a machine too busy to bring the fleet in within the limit fails the test as inconclusive. */
const ATTEMPTS = 3;

interface FrameProbe {
  /** when the map's WebGL context was created (the map, and its hold, a moment later) */
  createdAt: number | null;
  /** draw calls on the map's canvas, by frame time */
  frames: Map<number, number>;
  /** the frames that had drawn when the map first turned ready: [frame time, draw calls] */
  atReady: Array<[number, number]> | null;
}

/** Counts the map canvas's draw calls per frame, and copies them when the map turns ready. Call before `goto`. */
async function probeMapFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const probe: FrameProbe = { createdAt: null, frames: new Map(), atReady: null };
    (window as unknown as { __e2eMapFrames: FrameProbe }).__e2eMapFrames = probe;
    const onMap = (canvas: unknown) => canvas instanceof HTMLCanvasElement && canvas.classList.contains('maplibregl-canvas');
    const getContext = HTMLCanvasElement.prototype.getContext as (this: HTMLCanvasElement, ...args: unknown[]) => unknown;
    (HTMLCanvasElement.prototype as unknown as { getContext: typeof getContext }).getContext = function (this: HTMLCanvasElement, ...args: unknown[]) {
      if (probe.createdAt === null && onMap(this)) probe.createdAt = performance.now();
      return getContext.apply(this, args);
    };
    for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype] as unknown as Array<Record<string, unknown>>) {
      for (const name of ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced', 'drawRangeElements']) {
        const original = proto[name] as ((...args: unknown[]) => unknown) | undefined;
        if (!original) continue;
        proto[name] = function (this: WebGLRenderingContext, ...args: unknown[]) {
          if (onMap(this.canvas)) {
            const frame = Number(document.timeline.currentTime);
            probe.frames.set(frame, (probe.frames.get(frame) ?? 0) + 1);
          }
          return original.apply(this, args);
        };
      }
    }
    new MutationObserver(() => {
      if (!probe.atReady && document.querySelector('[data-testid="map"][data-map-ready="true"]')) probe.atReady = [...probe.frames];
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-map-ready'] });
  });
}

/**
 * Signs in through the login form on a new page and waits for the map: its device features, the
 * frames that drew before it was ready, and how long after its creation the first of them drew (null: none).
 */
async function signInAndWatch(): Promise<{ page: Page; features: number; atReady: Array<[number, number]>; firstDrawMs: number | null }> {
  const { page } = await harness.newPage();
  await probeMapFrames(page);
  // the login form: the map is created while the fleet is on its way, so it holds its first paint
  const features = await signInToMap(page, harness);
  const { createdAt, atReady } = await page.evaluate(() => {
    const probe = (window as unknown as { __e2eMapFrames: FrameProbe }).__e2eMapFrames;
    return { createdAt: probe.createdAt, atReady: probe.atReady };
  });
  if (createdAt === null || !atReady) throw new Error('the map was created or turned ready unseen');
  const first = atReady[0];
  return { page, features, atReady, firstDrawMs: first ? first[0] - createdAt : null };
}

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ demo: true });
});

afterAll(async () => {
  await harness?.close();
});

describe('the first map after Sign in', () => {
  it('is painted once, complete, by the real MapLibre: one frame draws before the map is ready, and the map is on screen', async () => {
    let watched = await signInAndWatch();
    // Where the fleet took longer than the hold's limit to come in (a busy machine), the limit released
    // the hold and the map painted as it loaded, maybe ready before its devices: that sign-in shows
    // nothing, and another is tried. A map that draws before the limit was released by its content.
    const ranToLimit = ({ firstDrawMs }: typeof watched) => firstDrawMs !== null && firstDrawMs >= HOLD_LIMIT_MS;
    for (let attempt = 1; attempt < ATTEMPTS && ranToLimit(watched); attempt += 1) {
      console.warn(`first paint: the hold ran to its limit (first draw ${Math.round(watched.firstDrawMs ?? 0)} ms after the map was created); signing in again`);
      await watched.page.context().close();
      watched = await signInAndWatch();
    }
    if (ranToLimit(watched)) throw new Error(`inconclusive: ${ATTEMPTS} times the fleet took longer than the hold's ${HOLD_LIMIT_MS} ms to come in (the machine too busy?)`);
    const { page, features, atReady, firstDrawMs } = watched;
    expect(features).toBe(DEMO_DEVICES);
    // [frame time, draw calls] of each frame that drew before ready, in the failure message
    expect(atReady, `frames that drew before the map was ready (the first ${Math.round(firstDrawMs ?? 0)} ms after it was created): ${JSON.stringify(atReady)}`).toHaveLength(1);
    // and the map is on screen: the canvas alone (the controls and panels over it hidden) is not one
    // colour, as a blank canvas over the page's background would be
    const canvas = page.locator('.maplibregl-canvas');
    const png = PNG.sync.read(await canvas.screenshot({ style: '* { visibility: hidden !important } .maplibregl-canvas { visibility: visible !important }' }));
    const colours = new Set<number>();
    for (let i = 0; i < png.data.length; i += 4) colours.add(png.data.readUInt32BE(i));
    expect(colours.size, 'distinct colours of the map canvas').toBeGreaterThan(20);
  });
});
