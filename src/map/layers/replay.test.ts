// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Map as MaplibreMap } from 'maplibre-gl';
import { createFakeMap } from '../../../tests/helpers/testFakeMap';
import { createReplayLayer, playedGradient, REPLAY_SOURCES, type ReplayArrow, type ReplayLayerData } from './replay';

const data: ReplayLayerData = {
  tracks: [
    { deviceId: 1, color: '#4f8cff', line: [[46.6, 24.7], [46.7, 24.8]] },
    { deviceId: 2, color: '#f0a500', line: [[46.5, 24.6], [46.55, 24.65]] },
  ],
  markers: [{ kind: 'stop', deviceId: 1, longitude: 46.65, latitude: 24.75 }],
};

function setup() {
  const fake = createFakeMap();
  const camera = { setPaintProperty: vi.fn(), setPadding: vi.fn(), jumpTo: vi.fn() };
  const map = Object.assign(fake.map, camera) as unknown as MaplibreMap;
  const arrows = new Map<number, { at: [number, number]; rotation: number; removed: boolean; element: HTMLElement }>();
  const layer = createReplayLayer({
    covered: () => 150,
    createMarker: (element) => {
      const state = { at: [0, 0] as [number, number], rotation: 0, removed: false, element };
      arrows.set(Number(element.dataset.deviceId), state);
      const arrow: ReplayArrow = {
        setLngLat: (at) => ((state.at = at), arrow),
        setRotation: (degrees) => ((state.rotation = degrees), arrow),
        getElement: () => element,
        addTo: () => arrow,
        remove: () => ((state.removed = true), arrow),
      };
      return arrow;
    },
  });
  return { fake, map, camera, arrows, layer };
}

const frame = (played: number, follow: number | null = null) => ({
  devices: [
    { deviceId: 1, longitude: 46.65, latitude: 24.75, course: 45, played, active: true },
    { deviceId: 2, longitude: 46.5, latitude: 24.6, course: 0, played: 0, active: false },
  ],
  follow,
});

describe('playedGradient', () => {
  it('is bright up to the played share and dim after it, by line progress', () => {
    expect(playedGradient('#4f8cff', 0.25)).toEqual(['interpolate', ['linear'], ['line-progress'], 0, '#4f8cff', 0.25, '#4f8cff', 0.2501, 'rgba(79, 140, 255, 0.35)', 1, 'rgba(79, 140, 255, 0.35)']);
    expect(playedGradient('#4f8cff', 0)).toEqual(['interpolate', ['linear'], ['line-progress'], 0, 'rgba(79, 140, 255, 0.35)', 1, 'rgba(79, 140, 255, 0.35)']);
    expect(playedGradient('#4f8cff', 2)).toEqual(['interpolate', ['linear'], ['line-progress'], 0, '#4f8cff', 1, '#4f8cff']);
  });
});

describe('replay layer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws a line per device with line metrics, the markers, an arrow each, and fits the camera above the controls', () => {
    const { fake, map, camera, arrows, layer } = setup();
    layer.extension(map);
    layer.show(data);
    expect(fake.sources.get(REPLAY_SOURCES.lines)?.options).toMatchObject({ lineMetrics: true });
    expect(fake.source(REPLAY_SOURCES.lines).lastData()?.features).toHaveLength(2);
    expect(fake.source(REPLAY_SOURCES.markers).lastData()?.features).toHaveLength(1);
    expect(fake.layers.filter((id) => id.startsWith('replay-line-'))).toEqual(['replay-line-1', 'replay-line-2']);
    expect([...arrows.keys()]).toEqual([1, 2]);
    expect(camera.setPadding).toHaveBeenCalledWith(expect.objectContaining({ bottom: expect.any(Number) }));
    expect(fake.fitBounds).toHaveBeenCalledTimes(1);
    const container = map.getContainer();
    expect(container.dataset.replayLines).toBe('2');
    expect(container.dataset.replayMarkers).toBe('1');
  });

  it('a frame moves and turns the arrows and says where they are; the played part is repainted at most every 100 ms, the last always', () => {
    const { map, camera, arrows, layer } = setup();
    layer.extension(map);
    layer.show(data);
    layer.frame(frame(0.1));
    expect(arrows.get(1)).toMatchObject({ at: [46.65, 24.75], rotation: 45 });
    expect(arrows.get(2)!.element.style.opacity).toBe('0.6');
    expect(map.getContainer().dataset.replayAt).toBe('1:24.750000,46.650000;2:24.600000,46.500000');
    expect(camera.setPaintProperty).toHaveBeenCalledTimes(1);
    layer.frame(frame(0.2));
    layer.frame(frame(0.3));
    expect(camera.setPaintProperty).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    expect(camera.setPaintProperty).toHaveBeenCalledTimes(2);
    expect(camera.setPaintProperty).toHaveBeenLastCalledWith('replay-line-1', 'line-gradient', playedGradient('#4f8cff', 0.3));
    expect(camera.jumpTo).not.toHaveBeenCalled();
  });

  it('follows a device with the camera when asked', () => {
    const { map, camera, layer } = setup();
    layer.extension(map);
    layer.show(data);
    layer.frame(frame(0.5, 1));
    expect(camera.jumpTo).toHaveBeenCalledWith({ center: [46.65, 24.75] });
    expect(map.getContainer().dataset.replayFollowed).toBe('1');
  });

  it('a new history replaces the lines and arrows; detaching removes everything', () => {
    const { fake, map, arrows, layer } = setup();
    const detach = layer.extension(map);
    layer.show(data);
    const first = arrows.get(1)!;
    layer.show({ tracks: [data.tracks[1]!], markers: [] });
    expect(first.removed).toBe(true);
    expect(fake.layers.filter((id) => id.startsWith('replay-line-'))).toEqual(['replay-line-2']);
    detach();
    expect(fake.layers).toEqual([]);
    expect(fake.sources.size).toBe(0);
    expect(arrows.get(2)!.removed).toBe(true);
    expect(map.getContainer().dataset.replayLines).toBeUndefined();
  });
});
