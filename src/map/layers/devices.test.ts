// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { GeoJSONSourceDiff } from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';
import { createFakeMap, type FakeSource } from '../../../tests/helpers/testFakeMap';
import { DEFAULT_FLEET_THRESHOLDS } from '../../domain/fleetState';
import { ICON_KEYS } from '../../domain/categories';
import { device, position } from '../../../tests/helpers/testModels';
import type { Rasterizer } from '../icons/rasterize';
import {
  createLiveStore,
  EMPTY_LIVE_STATE,
  type LiveChange,
  type LiveListener,
  type LiveState,
  type LiveStore,
} from '../../domain/liveStore';
import { attachDevicesLayer, DEVICES_LAYERS, DEVICES_SOURCE, SELECTED_SOURCE, type DevicesLayerMap, type DevicesLayerOptions } from './devices';

const fakeRasterize: Rasterizer = () => ({ width: 1, height: 1, data: new Uint8ClampedArray(4) }) as ImageData;

function fakeMap() {
  const fake = createFakeMap();
  return {
    ...fake,
    map: fake.map as unknown as DevicesLayerMap,
    devices: () => fake.source(DEVICES_SOURCE),
    selected: () => fake.source(SELECTED_SOURCE),
    click: (layer: string, id: number) => fake.click(layer, { id }),
  };
}

function attach(fake: ReturnType<typeof fakeMap>, store: LiveStore, options: DevicesLayerOptions = {}) {
  return attachDevicesLayer(fake.map, store, { rasterize: fakeRasterize, ...options });
}

function lastDiff(source: FakeSource): GeoJSONSourceDiff {
  return source.lastDiff();
}

function ids(collection: FeatureCollection | undefined): Array<string | number | undefined> {
  return (collection?.features ?? []).map((f) => f.id);
}

describe('attachDevicesLayer', () => {
  it('loads the current state with setData, one feature per device with a position', () => {
    const store = createLiveStore();
    store.setDevices([device(1), device(2), device(3)]);
    store.updatePositions([position(1, 24.7, 46.6), position(2, 21.5, 39.2), position(99, 1, 1)]);
    const fake = fakeMap();
    const counts: number[] = [];
    attach(fake, store, { onFeatureCount: (n) => counts.push(n) });

    expect(fake.layers).toEqual([
      DEVICES_LAYERS.clusters,
      DEVICES_LAYERS.clusterCount,
      DEVICES_LAYERS.direction,
      DEVICES_LAYERS.icon,
      DEVICES_LAYERS.selectedHalo,
      DEVICES_LAYERS.selectedIcon,
    ]);
    const data = fake.devices().setData.mock.calls[0]?.[0];
    expect(ids(data)).toEqual([1, 2]);
    expect(data?.features[0]).toMatchObject({
      id: 1,
      geometry: { type: 'Point', coordinates: [46.6, 24.7] },
      properties: { name: 'Device 1', category: 'truck', status: 'online', state: 'parked', course: 0, moving: false },
    });
    expect(fake.devices().updateData).not.toHaveBeenCalled();
    expect(counts).toEqual([2]);
    expect(fake.fitBounds).toHaveBeenCalledTimes(1);
    expect(fake.fitBounds.mock.calls[0]?.[0]).toEqual([
      [39.2, 21.5],
      [46.6, 24.7],
    ]);
  });

  it('sends only the changed ids as add / update diffs', () => {
    const store = createLiveStore();
    store.setDevices([device(1), device(2), device(3)]);
    store.updatePositions([position(1, 10, 10), position(2, 20, 20)]);
    const fake = fakeMap();
    attach(fake, store);

    store.updatePositions([position(2, 21, 21, 90), position(3, 30, 30)]);
    const diff = lastDiff(fake.devices());
    expect(diff.remove).toBeUndefined();
    expect(diff.add?.map((f) => f.id)).toEqual([3]);
    expect(diff.update).toEqual([
      {
        id: 2,
        newGeometry: { type: 'Point', coordinates: [21, 21] },
        addOrUpdateProperties: [{ key: 'course', value: 90 }],
      },
    ]);

    store.updateDevices([device(1, { status: 'offline', name: 'شاحنة ١' })]);
    expect(lastDiff(fake.devices())).toEqual({
      update: [
        {
          id: 1,
          addOrUpdateProperties: [
            { key: 'name', value: 'شاحنة ١' },
            { key: 'status', value: 'offline' },
            { key: 'state', value: 'offline' },
          ],
        },
      ],
    });
  });

  it('skips updateData when nothing visible changed', () => {
    const store = createLiveStore();
    store.setDevices([device(1)]);
    store.updatePositions([position(1, 10, 10)]);
    const fake = fakeMap();
    attach(fake, store);
    store.updatePositions([position(1, 10, 10)]); // same place
    store.updateDevices([device(1, { phone: '123' })]); // not drawn
    store.updateDevices([device(7)]); // no position yet
    expect(fake.devices().updateData).not.toHaveBeenCalled();
  });

  it('tells the paint gate of every change it sends (a diff, a reload), and of nothing else', () => {
    const store = createLiveStore();
    store.setDevices([device(1)]);
    store.updatePositions([position(1, 10, 10)]);
    const fake = fakeMap();
    const paintGate = { expect: vi.fn() };
    attach(fake, store, { paintGate });
    expect(paintGate.expect.mock.calls).toEqual([[DEVICES_SOURCE]]); // the first load
    store.updatePositions([position(1, 10, 10)]); // nothing visible changed
    store.updateDevices([device(1, { phone: '123' })]);
    expect(paintGate.expect).toHaveBeenCalledTimes(1);
    store.updatePositions([position(1, 11, 10)]);
    expect(paintGate.expect).toHaveBeenCalledTimes(2);
    expect(fake.devices().updateData).toHaveBeenCalledTimes(1);
    store.setDevices([device(1), device(2)], [position(1, 11, 10), position(2, 1, 1)]); // a reset: setData
    expect(paintGate.expect).toHaveBeenCalledTimes(3);
  });

  it('removes features of devices that lose their device record, and reloads on reset', () => {
    const store = createLiveStore();
    store.setDevices([device(1), device(2)]);
    store.updatePositions([position(1, 10, 10), position(2, 20, 20)]);
    const fake = fakeMap();
    const counts: number[] = [];
    attach(fake, store, { onFeatureCount: (n) => counts.push(n) });

    store.setDevices([device(2)]);
    expect(ids(fake.devices().setData.mock.calls.at(-1)?.[0])).toEqual([2]);
    expect(counts.at(-1)).toBe(1);

    store.clear();
    expect(ids(fake.devices().setData.mock.calls.at(-1)?.[0])).toEqual([]);
    expect(counts.at(-1)).toBe(0);
  });

  it('sends remove for a device that disappears in a diff', () => {
    // a store whose state can be driven directly, to exercise the remove path of a diff
    const listeners = new Set<LiveListener>();
    let state: LiveState = {
      ...EMPTY_LIVE_STATE,
      devices: new Map([
        [1, device(1)],
        [2, device(2)],
      ]),
      positions: new Map([
        [1, { ...position(1, 1, 1), lastUpdateTimestamp: 0 }],
        [2, { ...position(2, 2, 2), lastUpdateTimestamp: 0 }],
      ]),
      selectedId: null,
      selectTime: 0,
    };
    const emit = (next: LiveState, change: LiveChange) => {
      state = next;
      for (const l of listeners) l(state, change);
    };
    const store = {
      getState: () => state,
      subscribe: (l: LiveListener) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    } as unknown as LiveStore;
    const fake = fakeMap();
    attach(fake, store);
    const devices = new Map(state.devices);
    devices.delete(1);
    emit({ ...state, devices }, { type: 'updateDevices', changedIds: new Set([1]), reset: false, previousSelectedId: null, slices: new Set(['devices']) });
    expect(lastDiff(fake.devices())).toEqual({ remove: [1] });

    // a position with impossible coordinates that bypassed the store is removed, never added
    const positions = new Map(state.positions);
    positions.set(2, { ...position(2, 95, 2), lastUpdateTimestamp: 1 });
    positions.set(3, { ...position(3, 0, Number.NaN), lastUpdateTimestamp: 1 });
    emit(
      { ...state, devices: new Map([...state.devices, [3, device(3)]]), positions },
      {
        type: 'updatePositions',
        changedIds: new Set([2, 3]),
        reset: false,
        previousSelectedId: null,
        slices: new Set(['devices', 'positions']),
      },
    );
    expect(lastDiff(fake.devices())).toEqual({ remove: [2] });
  });

  it('never adds positions with impossible coordinates', () => {
    const store = createLiveStore();
    store.setDevices([device(1), device(2)]);
    const fake = fakeMap();
    attach(fake, store);
    store.updatePositions([position(1, 91, 10), position(2, 10, Number.POSITIVE_INFINITY)]);
    store.updatePositions([position(1, 24, 46), position(2, -95, 0)]);
    const added = fake.devices().updateData.mock.calls.flatMap(([d]) => d.add ?? []);
    expect(added.map((f) => f.id)).toEqual([1]);
  });

  it('fits once, on the first data', () => {
    const store = createLiveStore();
    store.setDevices([device(1)]);
    const fake = fakeMap();
    attach(fake, store);
    expect(fake.fitBounds).not.toHaveBeenCalled();
    store.updatePositions([position(1, 24.7, 46.7)]);
    expect(fake.fitBounds).toHaveBeenCalledTimes(1);
    store.updatePositions([position(1, 25, 47)]);
    expect(fake.fitBounds).toHaveBeenCalledTimes(1);
  });

  it('selects on click, highlights the selected device in its own source', () => {
    const store = createLiveStore();
    store.setDevices([device(1), device(2)]);
    store.updatePositions([position(1, 10, 10), position(2, 20, 20)]);
    const fake = fakeMap();
    const onSelect = vi.fn();
    attach(fake, store, { onSelect });

    fake.click(DEVICES_LAYERS.icon, 2);
    expect(store.getState().selectedId).toBe(2);
    expect(onSelect).toHaveBeenCalledWith(2);
    expect(ids(fake.selected().setData.mock.calls.at(-1)?.[0])).toEqual([2]);
    // selection alone does not touch the big source
    expect(fake.devices().updateData).not.toHaveBeenCalled();

    // the highlight follows the selected device
    store.updatePositions([position(2, 21, 21)]);
    expect(fake.selected().setData.mock.calls.at(-1)?.[0]?.features[0]?.geometry).toEqual({
      type: 'Point',
      coordinates: [21, 21],
    });

    store.select(null);
    expect(ids(fake.selected().setData.mock.calls.at(-1)?.[0])).toEqual([]);
  });

  it('detaches: unsubscribes, removes handlers, layers and sources', () => {
    const store = createLiveStore();
    const fake = fakeMap();
    const layer = attach(fake, store);
    const source = fake.devices();
    layer.detach();
    expect(fake.layers).toEqual([]);
    expect(fake.sources.size).toBe(0);
    expect(fake.handlers).toEqual([]);
    store.setDevices([device(1)]);
    store.updatePositions([position(1, 1, 1)]);
    expect(source.setData).toHaveBeenCalledTimes(1);
    expect(source.updateData).not.toHaveBeenCalled();
  });

  it('falls back to setData when updateData fails', async () => {
    const store = createLiveStore();
    store.setDevices([device(1)]);
    const fake = fakeMap();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    attach(fake, store);
    fake.devices().updateData.mockImplementationOnce(() => Promise.reject(new Error('no ids')));
    store.updatePositions([position(1, 1, 1)]);
    await vi.waitFor(() => expect(fake.devices().setData).toHaveBeenCalledTimes(2));
    expect(ids(fake.devices().setData.mock.calls.at(-1)?.[0])).toEqual([1]);
    error.mockRestore();
  });

  it('adds one image per icon key and fleet state, plus the direction wedges, once per style', () => {
    const store = createLiveStore();
    const fake = fakeMap();
    const layer = attach(fake, store);
    expect(fake.images.size).toBe((ICON_KEYS.length + 1) * 5);
    for (const state of ['moving', 'idle', 'parked', 'offline', 'never']) expect(fake.images.has(`device-arrow-${state}`)).toBe(true);
    expect(fake.images.has('device-direction-offline')).toBe(true);
    layer.detach();
    const rasterize = vi.fn(fakeRasterize);
    attachDevicesLayer(fake.map, store, { rasterize });
    expect(rasterize).not.toHaveBeenCalled(); // images already in the style
  });

  it('maps categories to icons (aliases and unknown) and marks moving devices', () => {
    const store = createLiveStore();
    store.setDevices([device(1, { category: 'pickup' }), device(2, { category: 'trolleybus' }), device(3, { category: 'spaceship' }), device(4, { category: 'arrow' })]);
    store.updatePositions([
      position(1, 1, 1, 0, { speed: 12 }),
      position(2, 2, 2, 0, { speed: 12, attributes: { motion: false } }),
      position(3, 3, 3),
      position(4, 4, 4, 0, { attributes: { motion: true } }),
    ]);
    const fake = fakeMap();
    attach(fake, store);
    const props = fake.devices().lastData()?.features.map((f) => f.properties);
    expect(props?.map((p) => p?.category)).toEqual(['car', 'bus', 'default', 'arrow']);
    expect(props?.map((p) => p?.moving)).toEqual([true, false, false, true]);
  });

  it('colours each marker by its fleet state, changed through the diffs, with the server\'s thresholds', () => {
    const store = createLiveStore();
    store.setDevices([device(1), device(2), device(3, { status: 'offline' })]);
    store.updatePositions([
      position(1, 1, 1, 0, { speed: 30, attributes: { motion: true, ignition: true } }),
      position(2, 2, 2, 0, { speed: 0, attributes: { motion: false, ignition: true } }),
      position(3, 3, 3, 0, { speed: 3 }),
    ]);
    const fake = fakeMap();
    let movingSpeed = 2;
    attach(fake, store, { thresholds: () => ({ ...DEFAULT_FLEET_THRESHOLDS, movingSpeed }) });
    expect(fake.devices().lastData()?.features.map((f) => f.properties?.state)).toEqual(['moving', 'idle', 'offline']);
    // the idle one switches its engine off: parked, in a diff of that id only
    store.updatePositions([position(2, 2, 2, 0, { speed: 0, attributes: { motion: false, ignition: false } })]);
    expect(lastDiff(fake.devices())).toEqual({ update: [{ id: 2, addOrUpdateProperties: [{ key: 'state', value: 'parked' }] }] });
    // a device without motion moves above the set speed only
    movingSpeed = 5;
    store.updateDevices([device(3)]);
    expect(lastDiff(fake.devices()).update?.[0]?.addOrUpdateProperties).toEqual([
      { key: 'status', value: 'online' },
      { key: 'state', value: 'parked' },
    ]);
  });

  it('clusters by default and switches clustering on the same source, without re-sending data', () => {
    const store = createLiveStore();
    store.setDevices([device(1), device(2)]);
    store.updatePositions([position(1, 10, 10), position(2, 20, 20)]);
    const fake = fakeMap();
    const counts: number[] = [];
    const layer = attach(fake, store, { onFeatureCount: (n) => counts.push(n) });
    expect(fake.devices().options).toMatchObject({ cluster: true });
    layer.setClustering(false);
    layer.setClustering(false); // no-op
    expect(fake.devices().setClusterOptions).toHaveBeenCalledTimes(1);
    expect(fake.devices().setClusterOptions.mock.calls[0]?.[0]).toMatchObject({ cluster: false });
    expect(fake.devices().setData).toHaveBeenCalledTimes(1);
    // diffs keep flowing while unclustered
    store.updatePositions([position(1, 11, 11)]);
    expect(lastDiff(fake.devices()).update?.map((u) => u.id)).toEqual([1]);
    layer.setClustering(true);
    expect(fake.devices().setClusterOptions.mock.calls[1]?.[0]).toMatchObject({ cluster: true });
    expect(counts.at(-1)).toBe(2);

    const off = fakeMap();
    attach(off, store, { clustering: false });
    expect(off.devices().options).toMatchObject({ cluster: false });
  });

  it('zooms into a clicked cluster', async () => {
    const store = createLiveStore();
    const fake = fakeMap();
    attach(fake, store);
    // a cluster feature carries cluster_id and a point geometry
    for (const h of fake.handlers) {
      if (h.type === 'click' && h.layer === DEVICES_LAYERS.clusters) {
        h.handler({ features: [{ properties: { cluster_id: 7 }, geometry: { type: 'Point', coordinates: [46, 24] } }] });
      }
    }
    expect(fake.devices().getClusterExpansionZoom).toHaveBeenCalledWith(7);
    await vi.waitFor(() => expect(fake.easeTo).toHaveBeenCalledWith({ center: [46, 24], zoom: 9 }));
    expect(store.getState().selectedId).toBeNull();
  });

  it('ignores store changes it does not draw (events, logs, tracking)', () => {
    const store = createLiveStore();
    store.setDevices([device(1)]);
    store.updatePositions([position(1, 10, 10)]);
    const fake = fakeMap();
    const counts: number[] = [];
    attach(fake, store, { onFeatureCount: (n) => counts.push(n) });
    store.startTracking(1);
    store.addEvents([{ id: 5, deviceId: 1, type: 'alarm', eventTime: null, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: {} }]);
    expect(fake.devices().updateData).not.toHaveBeenCalled();
    expect(fake.devices().setData).toHaveBeenCalledTimes(1);
    expect(counts).toEqual([1]);
  });
});
