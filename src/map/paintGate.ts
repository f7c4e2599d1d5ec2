/**
 * One paint per live update: when the live store's change reaches a GeoJSON source (`expect`), the
 * painter is held (`painterHold.ts`) until that source has taken the change in — the worker's
 * update back, every tile it reloads loaded and the symbols placed: the map's next `idle` — and
 * released then, so the map paints the update once, complete.
 *
 * Why: MapLibre repaints at every step of a source update: when the worker's result comes back
 * (the old tiles, nothing new to see) and as each reloaded tile arrives. A live update of a few
 * hundred positions painted 2–3 frames, and where the browser draws WebGL in software a frame costs
 * 50–100 ms of the main thread (the compositor reading the canvas back): at one update a second
 * that was a quarter of the main thread. With a GPU a frame is cheap and the hold as short.
 *
 * Never held while the map moves (a person's gesture, the app's own ease, which must stay smooth):
 * a move starting ends a hold at once. `maxMs` bounds a hold (a source that never reports back).
 */
import { holdPainter } from './painterHold';

/** The part of MapLibre's map the gate uses. */
export interface GateableMap {
  isMoving(): boolean;
  triggerRepaint(): void;
  on(type: 'sourcedata', listener: (event: { sourceId?: string; sourceDataType?: string }) => void): unknown;
  off(type: 'sourcedata', listener: (event: { sourceId?: string; sourceDataType?: string }) => void): unknown;
  on(type: 'movestart' | 'idle', listener: () => void): unknown;
  off(type: 'movestart' | 'idle', listener: () => void): unknown;
}

export interface PaintGate {
  /** A change was sent to this source: paint once it has taken it in. */
  expect(sourceId: string): void;
  /** Whether a hold is on (tests, diagnostics). */
  readonly holding: boolean;
  dispose(): void;
}

/** No gate: every step of an update paints. */
export const NO_GATE: PaintGate = { expect() {}, holding: false, dispose() {} };

export function createPaintGate(map: GateableMap, options: { maxMs: number }): PaintGate {
  /** the sources awaited, with the number of their updates whose worker result has not come back */
  const awaited = new Map<string, number>();
  let release: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const open = (): void => {
    if (!release) return;
    clearTimeout(timer);
    awaited.clear();
    const done = release;
    release = null;
    done();
    map.triggerRepaint();
  };

  // the worker's result of each update sent (its tiles reload after it)
  const onSourceData = (event: { sourceId?: string; sourceDataType?: string }): void => {
    if (!release || event.sourceId === undefined || event.sourceDataType !== 'content') return;
    const results = awaited.get(event.sourceId);
    if (results !== undefined) awaited.set(event.sourceId, Math.max(0, results - 1));
  };

  // idle: every source loaded, the symbols placed, nothing moving: the update is in
  const onIdle = (): void => {
    if (!release) return;
    for (const results of awaited.values()) if (results > 0) return;
    open();
  };

  map.on('sourcedata', onSourceData);
  map.on('idle', onIdle);
  map.on('movestart', open);

  return {
    expect(sourceId) {
      if (map.isMoving()) return;
      if (!release) {
        release = holdPainter(map);
        if (!release) return;
        timer = setTimeout(open, options.maxMs);
      }
      awaited.set(sourceId, (awaited.get(sourceId) ?? 0) + 1);
    },
    get holding() {
      return release !== null;
    },
    dispose() {
      map.off('sourcedata', onSourceData);
      map.off('idle', onIdle);
      map.off('movestart', open);
      clearTimeout(timer);
      awaited.clear();
      release?.();
      release = null;
    },
  };
}
