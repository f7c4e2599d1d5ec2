import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPaintGate, type GateableMap } from './paintGate';
import { holdPainter, painterHeld } from './painterHold';

type Listener = (event?: { sourceId?: string; sourceDataType?: string }) => void;

function fakeMap() {
  const listeners = new Map<string, Set<Listener>>();
  const render = vi.fn();
  const map = {
    painter: { render },
    moving: false,
    isMoving: () => map.moving,
    triggerRepaint: vi.fn(),
    on: (type: string, listener: Listener) => void (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(listener),
    off: (type: string, listener: Listener) => void listeners.get(type)?.delete(listener),
    fire: (type: string, event?: { sourceId?: string; sourceDataType?: string }) => {
      for (const listener of [...(listeners.get(type) ?? [])]) listener(event);
    },
    /** what a frame of MapLibre paints: the painter's render, held or not */
    frame: () => map.painter.render(),
    listenerCount: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
  };
  return { map, render };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('paint gate', () => {
  it('holds the painter from an update sent until the map is idle with its result in, then paints once', () => {
    const { map, render } = fakeMap();
    const gate = createPaintGate(map as unknown as GateableMap, { maxMs: 300 });
    gate.expect('devices');
    expect(gate.holding).toBe(true);
    // the frames of the update's steps paint nothing: the worker's result (old tiles), a tile
    map.frame();
    map.fire('idle'); // an idle before the result came back does not end it
    expect(gate.holding).toBe(true);
    map.fire('sourcedata', { sourceId: 'devices', sourceDataType: 'metadata' });
    map.fire('sourcedata', { sourceId: 'devices', sourceDataType: 'content' });
    map.frame();
    map.fire('sourcedata', { sourceId: 'devices' }); // a tile loaded
    map.frame();
    expect(render).not.toHaveBeenCalled();
    map.fire('idle');
    expect(gate.holding).toBe(false);
    expect(map.triggerRepaint).toHaveBeenCalledTimes(1);
    map.frame();
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('waits for the result of every update sent while it holds; another source is not awaited', () => {
    const { map } = fakeMap();
    const gate = createPaintGate(map as unknown as GateableMap, { maxMs: 300 });
    gate.expect('devices');
    gate.expect('devices');
    map.fire('sourcedata', { sourceId: 'routes', sourceDataType: 'content' });
    map.fire('sourcedata', { sourceId: 'devices', sourceDataType: 'content' });
    map.fire('idle');
    expect(gate.holding).toBe(true);
    map.fire('sourcedata', { sourceId: 'devices', sourceDataType: 'content' });
    map.fire('idle');
    expect(gate.holding).toBe(false);
  });

  it('never holds while the map moves, and a move ends a hold at once', () => {
    const { map, render } = fakeMap();
    const gate = createPaintGate(map as unknown as GateableMap, { maxMs: 300 });
    map.moving = true;
    gate.expect('devices');
    expect(gate.holding).toBe(false);
    map.frame();
    expect(render).toHaveBeenCalledTimes(1);
    map.moving = false;
    gate.expect('devices');
    expect(gate.holding).toBe(true);
    map.fire('movestart');
    expect(gate.holding).toBe(false);
    map.frame();
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('paints after maxMs at most (a source that never reports back)', () => {
    vi.useFakeTimers();
    const { map, render } = fakeMap();
    const gate = createPaintGate(map as unknown as GateableMap, { maxMs: 300 });
    gate.expect('devices');
    vi.advanceTimersByTime(299);
    expect(gate.holding).toBe(true);
    vi.advanceTimersByTime(1);
    expect(gate.holding).toBe(false);
    map.frame();
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('shares the painter with another hold (the first paint): it draws again when both are released', () => {
    const { map, render } = fakeMap();
    const first = holdPainter(map)!;
    const gate = createPaintGate(map as unknown as GateableMap, { maxMs: 300 });
    gate.expect('devices');
    map.fire('sourcedata', { sourceId: 'devices', sourceDataType: 'content' });
    map.fire('idle');
    expect(gate.holding).toBe(false);
    expect(painterHeld(map)).toBe(true);
    map.frame();
    expect(render).not.toHaveBeenCalled();
    first();
    first(); // twice: no effect
    expect(painterHeld(map)).toBe(false);
    map.frame();
    expect(render).toHaveBeenCalledTimes(1);
    expect(Object.prototype.hasOwnProperty.call(map.painter, 'render')).toBe(true);
  });

  it('without a painter it never holds; dispose gives the painter back and stops listening', () => {
    const bare = { ...fakeMap().map, painter: undefined };
    const none = createPaintGate(bare as unknown as GateableMap, { maxMs: 300 });
    none.expect('devices');
    expect(none.holding).toBe(false);
    none.dispose();

    const { map, render } = fakeMap();
    const gate = createPaintGate(map as unknown as GateableMap, { maxMs: 300 });
    gate.expect('devices');
    gate.dispose();
    expect(map.listenerCount()).toBe(0);
    map.frame();
    expect(render).toHaveBeenCalledTimes(1);
  });
});
