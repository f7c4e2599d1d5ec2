import { describe, expect, it } from 'vitest';
import type { Map as MaplibreMap } from 'maplibre-gl';
import { createHoverMarker, type HoverPin } from './hoverMarker';

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
  return { marker, state, map: {} as MaplibreMap };
}

describe('the hover marker', () => {
  it('shows a ring at the place, moves the same ring, and takes it away on null', () => {
    const { marker, state, map } = setup();
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
  });

  it('keeps a place given before the map is there and shows it when the map comes (a style load)', () => {
    const { marker, state, map } = setup();
    marker.place({ longitude: 46.6, latitude: 24.7 });
    expect(state.onMap).toBe(false);
    marker.extension(map);
    expect(state).toMatchObject({ at: [46.6, 24.7], onMap: true });
  });
});
