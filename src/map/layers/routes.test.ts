// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createLiveStore } from '../../domain/liveStore';
import { createFakeMap } from '../../../tests/helpers/testFakeMap';
import { device, position } from '../../../tests/helpers/testModels';
import { attachLiveRoutesLayer, attachTrackingLayer, ROUTES_LAYER, ROUTES_SOURCE, TRACKING_SOURCE, type LineLayerMap } from './routes';

function setup() {
  const store = createLiveStore();
  store.setRouteOptions({ mode: 'all', length: 10 });
  store.setDevices([device(1), device(2), device(3)]);
  const fake = createFakeMap();
  return { store, fake, map: fake.map as unknown as LineLayerMap };
}

describe('live routes layer', () => {
  it('draws one line per device with two or more points and diffs only the devices that moved', () => {
    const { store, fake, map } = setup();
    store.updatePositions([position(1, 10, 10), position(2, 20, 20)]);
    store.updatePositions([position(1, 10.1, 10.1)]);
    attachLiveRoutesLayer(map, store);
    const source = fake.source(ROUTES_SOURCE);
    expect(source.lastData()?.features.map((f) => f.id)).toEqual([1]); // device 2 has one point
    expect(source.lastData()?.features[0]?.geometry).toEqual({ type: 'LineString', coordinates: [[10, 10], [10.1, 10.1]] });

    store.updatePositions([position(2, 20.1, 20.1)]);
    expect(source.lastDiff()).toMatchObject({ add: [{ id: 2 }] });
    expect(source.lastDiff().update).toBeUndefined();

    store.updatePositions([position(1, 10.2, 10.2)]);
    const diff = source.lastDiff();
    expect(diff.add).toBeUndefined();
    expect(diff.update?.map((u) => u.id)).toEqual([1]);
    expect(source.updateData).toHaveBeenCalledTimes(2);

    store.select(3); // selection does not touch routes
    expect(source.updateData).toHaveBeenCalledTimes(2);
  });

  it('never draws impossible coordinates and removes a route when the mode clears history', () => {
    const { store, fake, map } = setup();
    attachLiveRoutesLayer(map, store);
    const source = fake.source(ROUTES_SOURCE);
    store.updatePositions([position(1, 10, 10), position(1, 95, 10)]);
    store.updatePositions([position(1, 11, 11)]);
    const added = source.updateData.mock.calls.flatMap(([d]) => d.add ?? []);
    for (const feature of added) {
      for (const [lon, lat] of (feature.geometry as { coordinates: number[][] }).coordinates) {
        expect(Math.abs(lat ?? 0)).toBeLessThanOrEqual(90);
        expect(Math.abs(lon ?? 0)).toBeLessThanOrEqual(180);
      }
    }
    store.setRouteOptions({ mode: 'none', length: 10 });
    expect(source.lastDiff()).toEqual({ remove: [1] });
  });

  it('detaches cleanly', () => {
    const { store, fake, map } = setup();
    const detach = attachLiveRoutesLayer(map, store);
    detach();
    expect(fake.layers).not.toContain(ROUTES_LAYER);
    expect(fake.sources.has(ROUTES_SOURCE)).toBe(false);
  });
});

describe('tracking layer', () => {
  it('follows startTracking / positions / stopTracking with diffs', () => {
    const { store, fake, map } = setup();
    store.updatePositions([position(1, 10, 10), position(2, 20, 20)]);
    attachTrackingLayer(map, store);
    const source = fake.source(TRACKING_SOURCE);
    expect(source.lastData()?.features).toEqual([]);
    store.startTracking(1);
    store.updatePositions([position(1, 10.5, 10.5)]);
    store.updatePositions([position(1, 10.6, 10.6), position(2, 21, 21)]);
    const adds = source.updateData.mock.calls.flatMap(([d]) => d.add ?? []).map((f) => f.id);
    expect(adds).toEqual([1]);
    expect(source.updateData.mock.calls.flatMap(([d]) => d.update ?? []).every((u) => u.id === 1)).toBe(true);
    store.stopTracking(1);
    expect(source.lastDiff()).toEqual({ remove: [1] });
  });

  it('reports the points it draws (a one-point path draws none), on change only, and 0 on detach', () => {
    const { store, map } = setup();
    const counts: number[] = [];
    const detach = attachTrackingLayer(map, store, undefined, (count) => counts.push(count));
    store.startTracking(1);
    store.startTracking(2);
    store.updatePositions([position(1, 10, 10)]);
    store.updatePositions([position(1, 10.5, 10.5), position(2, 20, 20)]);
    store.updatePositions([position(1, 10.6, 10.6), position(2, 20.5, 20.5)]);
    store.select(3); // not a tracking change
    store.stopTracking(2);
    store.clear();
    expect(counts).toEqual([0, 2, 5, 3, 0]);
    detach();
    expect(counts).toEqual([0, 2, 5, 3, 0, 0]);
  });
});
