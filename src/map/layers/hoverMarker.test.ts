// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Map as MaplibreMap } from 'maplibre-gl';
import { createHoverMarker, type HoverPin } from './hoverMarker';

/** A pin that does nothing. */
function fakePin(): HoverPin {
  const pin: HoverPin = { setLngLat: () => pin, addTo: () => pin, remove: () => pin };
  return pin;
}

/** A map whose view is [46.5, 24.5] to [46.7, 24.8] (lon, lat), still unless told. */
function fakeMap(moving = false) {
  const eases: Array<{ center: [number, number]; duration: number }> = [];
  const handlers = new Map<string, () => void>();
  const camera = { moving };
  const map = {
    on: (type: string, handler: () => void) => handlers.set(type, handler),
    off: (type: string) => handlers.delete(type),
    fire: (type: string) => handlers.get(type)?.(),
    isMoving: () => camera.moving,
    getBounds: () => ({ contains: ([lon, lat]: [number, number]) => lon >= 46.5 && lon <= 46.7 && lat >= 24.5 && lat <= 24.8 }),
    easeTo: (options: { center: [number, number]; duration: number }) => eases.push(options),
  };
  return { map: map as unknown as MaplibreMap, eases, fire: map.fire, camera, handlers };
}

function setup() {
  const state = { at: null as [number, number] | null, onMap: false, made: 0, element: null as HTMLElement | null };
  const marker = createHoverMarker({
    createPin: (element) => {
      state.made += 1;
      state.element = element;
      const pin: HoverPin = {
        setLngLat: (at) => ((state.at = at), pin),
        addTo: () => ((state.onMap = true), pin),
        remove: () => ((state.onMap = false), pin),
      };
      return pin;
    },
  });
  return { marker, state, ...fakeMap() };
}

describe('the hover marker', () => {
  it('shows a ring at the place, moves the same ring, and takes it away on null', () => {
    const { marker, state, map, handlers } = setup();
    const remove = marker.extension(map);
    marker.place({ longitude: 46.6, latitude: 24.7 });
    expect(state).toMatchObject({ at: [46.6, 24.7], onMap: true, made: 1 });
    expect(state.element?.dataset.testid).toBe('map-hover-marker');
    expect(state.element?.getAttribute('aria-hidden')).toBe('true');
    marker.place({ longitude: 46.65, latitude: 24.71 });
    expect(state).toMatchObject({ at: [46.65, 24.71], onMap: true, made: 1 });
    marker.place(null);
    expect(state.onMap).toBe(false);
    marker.place({ longitude: Number.NaN, latitude: 24.7 });
    expect(state.onMap).toBe(false);
    marker.place({ longitude: 46.6, latitude: 24.7 });
    expect(state.onMap).toBe(true);
    remove();
    expect(state.onMap).toBe(false);
    expect(handlers.size).toBe(0);
  });

  it('brings a place out of view into it, once the map is still, and jumps under reduced motion', () => {
    const { marker, map, eases } = setup();
    marker.extension(map);
    marker.place({ longitude: 46.6, latitude: 24.7 });
    expect(eases).toEqual([]);
    marker.place({ longitude: 46.9, latitude: 24.7 });
    expect(eases).toEqual([{ center: [46.9, 24.7], duration: 300 }]);
    const moving = fakeMap(true);
    const other = createHoverMarker({ createPin: () => fakePin() });
    other.extension(moving.map);
    other.place({ longitude: 46.9, latitude: 24.7 });
    expect(moving.eases).toEqual([]);
    // the map stops: the place still shown and out of view is brought in
    moving.camera.moving = false;
    moving.fire('moveend');
    expect(moving.eases).toEqual([{ center: [46.9, 24.7], duration: 300 }]);
    // the pointer gone: a stop moves nothing
    other.place(null);
    moving.fire('moveend');
    expect(moving.eases).toHaveLength(1);
    const still = fakeMap();
    const reduced = createHoverMarker({ createPin: () => fakePin(), reducedMotion: () => true });
    reduced.extension(still.map);
    reduced.place({ longitude: 46.9, latitude: 24.7 });
    expect(still.eases).toEqual([{ center: [46.9, 24.7], duration: 0 }]);
  });

  it('keeps a place given before the map is there and shows it when the map comes (a style load)', () => {
    const { marker, state, map } = setup();
    marker.place({ longitude: 46.6, latitude: 24.7 });
    expect(state.onMap).toBe(false);
    marker.extension(map);
    expect(state).toMatchObject({ at: [46.6, 24.7], onMap: true });
  });
});
