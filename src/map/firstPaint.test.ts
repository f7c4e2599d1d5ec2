import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdFirstPaint, NO_HOLD, type HoldableMap } from './firstPaint';

/** A painter as MapLibre's: `render` on its prototype. */
class Painter {
  frames = 0;
  render(): void {
    this.frames += 1;
  }
}

function fakeMap(withPainter = true) {
  const handlers = new Map<string, Set<(event?: unknown) => void>>();
  const add = (type: string, handler: (event?: unknown) => void) => {
    const set = handlers.get(type) ?? new Set();
    set.add(handler);
    handlers.set(type, set);
  };
  const painter = new Painter();
  const triggerRepaint = vi.fn();
  const map = {
    ...(withPainter ? { painter } : {}),
    on: (type: string, handler: (event?: unknown) => void) => add(type, handler),
    once: (type: string, handler: () => void) => {
      const wrapped = () => {
        handlers.get(type)?.delete(wrapped);
        handler();
      };
      add(type, wrapped);
    },
    off: (type: string, handler: (event?: unknown) => void) => handlers.get(type)?.delete(handler),
    triggerRepaint,
  };
  const fire = (type: string, event?: unknown) => {
    for (const handler of [...(handlers.get(type) ?? [])]) handler(event);
  };
  /** A frame as MapLibre's: the painter draws what it has, then the map fires `render`. */
  const frame = () => {
    painter.render();
    fire('render');
  };
  const listeners = (type: string) => handlers.get(type)?.size ?? 0;
  return { map: map as unknown as HoldableMap, painter, triggerRepaint, fire, frame, listeners };
}

describe('holdFirstPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('paints nothing while the map loads, then once at the first idle after the content is in', () => {
    const fake = fakeMap();
    const hold = holdFirstPaint(fake.map, { maxMs: 1500 });
    const ready = vi.fn();
    hold.afterPaint(ready);
    fake.frame();
    // the style and basemap loaded: idle, but the fleet is not in yet
    fake.fire('idle');
    fake.frame();
    expect(hold.held).toBe(true);
    expect(fake.painter.frames).toBe(0);
    expect(ready).not.toHaveBeenCalled();

    hold.contentIn();
    expect(fake.triggerRepaint).toHaveBeenCalledTimes(1);
    fake.frame();
    expect(fake.painter.frames).toBe(0);
    fake.fire('idle');
    expect(hold.held).toBe(false);
    // released, not painted yet: what waits for the paint runs in the frame that paints
    expect(hold.painted).toBe(false);
    expect(ready).not.toHaveBeenCalled();
    expect(fake.triggerRepaint).toHaveBeenCalledTimes(2);
    fake.frame();
    expect(fake.painter.frames).toBe(1);
    expect(hold.painted).toBe(true);
    expect(ready).toHaveBeenCalledTimes(1);
    const later = vi.fn();
    hold.afterPaint(later);
    expect(later).toHaveBeenCalledTimes(1);
    // the painter is MapLibre's own again, nothing of the hold left on the map
    expect(Object.prototype.hasOwnProperty.call(fake.painter, 'render')).toBe(false);
    expect(fake.listeners('idle') + fake.listeners('movestart') + fake.listeners('render')).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(fake.triggerRepaint).toHaveBeenCalledTimes(2);
  });

  it('a listener of the same idle that releases it, registered after the hold’s, still finds the map not painted', () => {
    const fake = fakeMap();
    const hold = holdFirstPaint(fake.map, { maxMs: 1500 });
    hold.contentIn();
    const seen: boolean[] = [];
    fake.map.once('idle', () => seen.push(hold.painted));
    fake.fire('idle');
    expect(hold.held).toBe(false);
    expect(seen).toEqual([false]);
  });

  it('paints after maxMs when the content does not come', () => {
    const fake = fakeMap();
    const hold = holdFirstPaint(fake.map, { maxMs: 1500 });
    vi.advanceTimersByTime(1499);
    expect(hold.held).toBe(true);
    vi.advanceTimersByTime(1);
    expect(hold.held).toBe(false);
    fake.frame();
    expect(fake.painter.frames).toBe(1);
  });

  it('paints as soon as the person moves the map, not when the app fits the camera', () => {
    const fake = fakeMap();
    const hold = holdFirstPaint(fake.map, { maxMs: 1500 });
    fake.fire('movestart', {});
    expect(hold.held).toBe(true);
    fake.fire('movestart', { originalEvent: new Event('mousedown') });
    expect(hold.held).toBe(false);
  });

  it('ends without a paint when disposed, dropping what waited for the release', () => {
    const fake = fakeMap();
    const hold = holdFirstPaint(fake.map, { maxMs: 1500 });
    const ready = vi.fn();
    hold.afterPaint(ready);
    hold.contentIn();
    hold.dispose();
    fake.frame();
    fake.fire('idle');
    vi.advanceTimersByTime(2000);
    expect(ready).not.toHaveBeenCalled();
    expect(fake.triggerRepaint).toHaveBeenCalledTimes(1);
    expect(Object.prototype.hasOwnProperty.call(fake.painter, 'render')).toBe(false);
  });

  it('does not hold a map without the painter it knows', () => {
    const fake = fakeMap(false);
    const hold = holdFirstPaint(fake.map, { maxMs: 1500 });
    expect(hold).toBe(NO_HOLD);
    expect(hold.painted).toBe(true);
    const next = vi.fn();
    hold.afterPaint(next);
    expect(next).toHaveBeenCalledTimes(1);
  });
});
