import { describe, expect, it, vi } from 'vitest';
import type { GeoJSONSourceDiff } from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';
import type { Device, Position } from '../../api/models';
import {
  createLiveStore,
  EMPTY_LIVE_STATE,
  type LiveChange,
  type LiveListener,
  type LiveState,
  type LiveStore,
} from '../../domain/liveStore';
import { attachDevicesLayer, DEVICES_LAYERS, DEVICES_SOURCE, SELECTED_SOURCE, type DevicesLayerMap } from './devices';

function device(id: number, overrides: Partial<Device> = {}): Device {
  return {
    id,
    attributes: {},
    groupId: 0,
    calendarId: 0,
    name: `Device ${id}`,
    uniqueId: `u${id}`,
    status: 'online',
    lastUpdate: null,
    positionId: 0,
    phone: null,
    model: null,
    contact: null,
    category: 'truck',
    disabled: false,
    expirationTime: null,
    ...overrides,
  };
}

function position(deviceId: number, latitude: number, longitude: number, course = 0): Position {
  return {
    id: deviceId * 10,
    attributes: {},
    deviceId,
    protocol: null,
    serverTime: null,
    deviceTime: null,
    fixTime: null,
    valid: true,
    latitude,
    longitude,
    altitude: 0,
    speed: 0,
    course,
    address: null,
    accuracy: 0,
    network: null,
    geofenceIds: null,
  };
}

type Handler = (event: { features?: Array<{ id?: number | string }> }) => void;

class FakeSource {
  setData = vi.fn((_data: FeatureCollection) => Promise.resolve());
  updateData = vi.fn((_diff: GeoJSONSourceDiff) => Promise.resolve());
}

function fakeMap() {
  const sources = new Map<string, FakeSource>();
  const layers: string[] = [];
  const handlers: Array<{ type: string; layer: string; handler: Handler }> = [];
  const canvas = { style: { cursor: '' } };
  const fitBounds = vi.fn();
  const map = {
    addSource: (id: string) => {
      sources.set(id, new FakeSource());
    },
    getSource: (id: string) => sources.get(id),
    removeSource: (id: string) => sources.delete(id),
    addLayer: (layer: { id: string }) => layers.push(layer.id),
    getLayer: (id: string) => (layers.includes(id) ? { id } : undefined),
    removeLayer: (id: string) => layers.splice(layers.indexOf(id), 1),
    on: (type: string, layer: string, handler: Handler) => {
      const entry = { type, layer, handler };
      handlers.push(entry);
      return { unsubscribe: () => handlers.splice(handlers.indexOf(entry), 1) };
    },
    getCanvas: () => canvas,
    fitBounds,
  };
  const click = (layer: string, id: number) => {
    for (const h of handlers) if (h.type === 'click' && h.layer === layer) h.handler({ features: [{ id }] });
  };
  return {
    map: map as unknown as DevicesLayerMap,
    sources,
    layers,
    handlers,
    fitBounds,
    click,
    devices: () => sources.get(DEVICES_SOURCE)!,
    selected: () => sources.get(SELECTED_SOURCE)!,
  };
}

function lastDiff(source: FakeSource): GeoJSONSourceDiff {
  const call = source.updateData.mock.calls.at(-1);
  if (!call) throw new Error('updateData was not called');
  return call[0];
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
    attachDevicesLayer(fake.map, store, { onFeatureCount: (n) => counts.push(n) });

    expect(fake.layers).toEqual([DEVICES_LAYERS.circle, DEVICES_LAYERS.label, DEVICES_LAYERS.selectedHalo]);
    const data = fake.devices().setData.mock.calls[0]?.[0];
    expect(ids(data)).toEqual([1, 2]);
    expect(data?.features[0]).toMatchObject({
      id: 1,
      geometry: { type: 'Point', coordinates: [46.6, 24.7] },
      properties: { name: 'Device 1', category: 'truck', status: 'online', course: 0 },
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
    attachDevicesLayer(fake.map, store);

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
    attachDevicesLayer(fake.map, store);
    store.updatePositions([position(1, 10, 10)]); // same place
    store.updateDevices([device(1, { phone: '123' })]); // not drawn
    store.updateDevices([device(7)]); // no position yet
    expect(fake.devices().updateData).not.toHaveBeenCalled();
  });

  it('removes features of devices that lose their device record, and reloads on reset', () => {
    const store = createLiveStore();
    store.setDevices([device(1), device(2)]);
    store.updatePositions([position(1, 10, 10), position(2, 20, 20)]);
    const fake = fakeMap();
    const counts: number[] = [];
    attachDevicesLayer(fake.map, store, { onFeatureCount: (n) => counts.push(n) });

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
    attachDevicesLayer(fake.map, store);
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
    attachDevicesLayer(fake.map, store);
    store.updatePositions([position(1, 91, 10), position(2, 10, Number.POSITIVE_INFINITY)]);
    store.updatePositions([position(1, 24, 46), position(2, -95, 0)]);
    const added = fake.devices().updateData.mock.calls.flatMap(([d]) => d.add ?? []);
    expect(added.map((f) => f.id)).toEqual([1]);
  });

  it('fits once, on the first data', () => {
    const store = createLiveStore();
    store.setDevices([device(1)]);
    const fake = fakeMap();
    attachDevicesLayer(fake.map, store);
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
    attachDevicesLayer(fake.map, store, { onSelect });

    fake.click(DEVICES_LAYERS.circle, 2);
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
    const detach = attachDevicesLayer(fake.map, store);
    const source = fake.devices();
    detach();
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
    attachDevicesLayer(fake.map, store);
    fake.devices().updateData.mockImplementationOnce(() => Promise.reject(new Error('no ids')));
    store.updatePositions([position(1, 1, 1)]);
    await vi.waitFor(() => expect(fake.devices().setData).toHaveBeenCalledTimes(2));
    expect(ids(fake.devices().setData.mock.calls.at(-1)?.[0])).toEqual([1]);
    error.mockRestore();
  });
});
