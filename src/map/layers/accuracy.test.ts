// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Polygon } from 'geojson';
import { createLiveStore } from '../../domain/liveStore';
import { createFakeMap } from '../../../tests/helpers/testFakeMap';
import { device, position } from '../../../tests/helpers/testModels';
import { ACCURACY_SOURCE, accuracyFeature, attachAccuracyLayer, type AccuracyLayerMap } from './accuracy';

describe('accuracy circles', () => {
  it('builds a 32-step circle of the accuracy in metres', () => {
    const feature = accuracyFeature(1, { ...position(1, 24.7, 46.7, 0, { accuracy: 100 }), lastUpdateTimestamp: 0 }, 'online');
    const ring = (feature?.geometry as Polygon).coordinates[0] ?? [];
    // 32 vertices and the closing one, counted (not read from the constant)
    expect(new Set(ring.map(([lon, lat]) => `${lon},${lat}`)).size).toBe(32);
    expect(ring).toHaveLength(33);
    // a point of the ring is ~100 m from the centre (1° of latitude ≈ 111 km)
    const [, lat = 0] = ring[0] ?? [];
    expect(Math.abs(lat - 24.7) * 111_000).toBeGreaterThan(95);
    expect(Math.abs(lat - 24.7) * 111_000).toBeLessThan(105);
    expect(accuracyFeature(1, { ...position(1, 24.7, 46.7, 0, { accuracy: 0 }), lastUpdateTimestamp: 0 }, 'online')).toBeNull();
    expect(accuracyFeature(1, { ...position(1, 24.7, 46.7, 0, { accuracy: Number.NaN }), lastUpdateTimestamp: 0 }, 'online')).toBeNull();
  });

  it('diffs only the devices whose position or status changed', () => {
    const store = createLiveStore();
    store.setDevices([device(1), device(2)]);
    store.updatePositions([position(1, 10, 10, 0, { accuracy: 50 }), position(2, 20, 20, 0, { accuracy: 0 })]);
    const fake = createFakeMap();
    attachAccuracyLayer(fake.map as unknown as AccuracyLayerMap, store);
    const source = fake.source(ACCURACY_SOURCE);
    expect(source.lastData()?.features.map((f) => f.id)).toEqual([1]);
    store.updatePositions([position(2, 20, 20, 0, { accuracy: 30 })]);
    expect(source.lastDiff()).toMatchObject({ add: [{ id: 2 }] });
    store.updateDevices([device(1, { status: 'offline' })]);
    expect(source.lastDiff().update?.map((u) => u.id)).toEqual([1]);
    store.updateDevices([device(2, { phone: '1' })]); // status unchanged: nothing to send
    expect(source.updateData).toHaveBeenCalledTimes(2);
    store.updatePositions([position(1, 10, 10, 0, { accuracy: 0 })]);
    expect(source.lastDiff()).toEqual({ remove: [1] });
  });
});
