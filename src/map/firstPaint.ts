/**
 * The map's first paint, held until its first content is in: the map is painted once, complete,
 * rather than once for the style, once for the basemap, once for the devices and once for the
 * camera's fit to them, each as it arrives.
 *
 * Why: where the browser draws WebGL in software (a laptop or phone without GPU acceleration), a
 * frame that paints the map costs 50–240 ms of the main thread, most of it the compositor reading
 * the canvas back (`GLES2::ReadPixels`). The first map after Sign in painted about nine such frames
 * as its sources came in one after another (bench:startup's trace). With a GPU a frame is cheap and
 * the hold ends at the same idle moment, so it costs nothing there.
 *
 * How: MapLibre keeps loading while held (its frames still update the sources, request and parse
 * tiles, place symbols and fire `idle`); only its painter draws nothing (`painterHold.ts`). A map
 * without that painter is not held.
 * Tested against the real MapLibre (pinned in package.json) by tests/e2e/firstPaint.test.ts.
 *
 * Released at the first `idle` after `contentIn()`, after `maxMs` at most, when the person moves the
 * map (a gesture: a `movestart` with an original event; the app's own fit to the fleet is not one),
 * or by `release()`; `painted` turns true in the `render` event of the frame that paints after it
 * (whatever ran at the same `idle` as the release sees the map not painted yet). `dispose()` ends it
 * without a paint (the map is going away).
 */

import { holdPainter } from './painterHold';

/** The part of MapLibre's map the hold uses. */
export interface HoldableMap {
  on(type: 'movestart', listener: (event: { originalEvent?: unknown }) => void): unknown;
  off(type: 'movestart', listener: (event: { originalEvent?: unknown }) => void): unknown;
  once(type: 'idle' | 'render', listener: () => void): unknown;
  off(type: 'idle' | 'render', listener: () => void): unknown;
  triggerRepaint(): void;
}

export interface FirstPaintHold {
  /** Whether painting is still held. */
  readonly held: boolean;
  /** Whether the map has painted since the hold ended (true when never held). */
  readonly painted: boolean;
  /** The first content has been handed to the map: paint at its next idle moment. */
  contentIn(): void;
  /**
   * Runs `next` once the released map has painted (in that frame's `render` event, before its
   * `idle`); at once when it has.
   */
  afterPaint(next: () => void): void;
  /** Paints now. */
  release(): void;
  /** Ends the hold without painting (the map is being removed); `afterRelease` callbacks are dropped. */
  dispose(): void;
}

/** No hold: the map paints as it loads. */
export const NO_HOLD: FirstPaintHold = {
  held: false,
  painted: true,
  contentIn() {},
  afterPaint(next) {
    next();
  },
  release() {},
  dispose() {},
};

export function holdFirstPaint(map: HoldableMap, options: { maxMs: number }): FirstPaintHold {
  const releasePainter = holdPainter(map);
  if (!releasePainter) return NO_HOLD;
  let held = true;
  let painted = false;
  let content = false;
  let waiting: Array<() => void> = [];

  const end = (): void => {
    held = false;
    clearTimeout(timer);
    map.off('movestart', onMove);
    map.off('idle', onIdle);
    releasePainter();
  };
  const onPainted = (): void => {
    painted = true;
    const next = waiting;
    waiting = [];
    for (const run of next) run();
  };
  const release = (): void => {
    if (!held) return;
    end();
    map.once('render', onPainted);
    map.triggerRepaint();
  };
  const onIdle = (): void => release();
  const onMove = (event: { originalEvent?: unknown }): void => {
    if (event.originalEvent) release();
  };
  const timer = setTimeout(release, options.maxMs);
  map.on('movestart', onMove);

  return {
    get held() {
      return held;
    },
    contentIn() {
      if (!held || content) return;
      content = true;
      map.once('idle', onIdle);
      // a frame takes the content in; the map is idle once its sources are loaded and placed
      map.triggerRepaint();
    },
    get painted() {
      return painted;
    },
    afterPaint(next) {
      if (painted) next();
      else waiting.push(next);
    },
    release,
    dispose() {
      waiting = [];
      map.off('render', onPainted);
      if (held) end();
    },
  };
}
