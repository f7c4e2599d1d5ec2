/**
 * The devices layer: one GeoJSON point per device that has a position, keyed by device id (the
 * feature id), drawn as a status-coloured circle with the device name beside it. Live changes come
 * from the store subscription and go to the source as `updateData` diffs of the changed ids only;
 * a reset (device list reloaded, store cleared) goes through `setData`. The selected device is
 * drawn on top from its own one-feature source. Names are text properties, never HTML.
 */
import type { Feature, FeatureCollection, Point } from 'geojson';
import type {
  ExpressionSpecification,
  GeoJSONFeatureDiff,
  GeoJSONSource,
  GeoJSONSourceDiff,
  Map as MaplibreMap,
  MapLayerMouseEvent,
  Subscription,
} from 'maplibre-gl';
import type { Device } from '../../api/models';
import { categoryIcon, normalizeStatus, STATUS_COLORS, type IconKey } from '../../domain/categories';
import { hasValidCoordinates, type LiveChange, type LivePosition, type LiveState, type LiveStore } from '../../domain/liveStore';
import { MAP_FONTS } from '../offlineStyle';

export const DEVICES_SOURCE = 'devices';
export const SELECTED_SOURCE = 'device-selected';
export const DEVICES_LAYERS = {
  circle: 'devices-circle',
  label: 'devices-label',
  selectedHalo: 'device-selected-halo',
} as const;

export interface DeviceFeatureProperties {
  name: string;
  category: IconKey;
  status: 'online' | 'offline' | 'unknown';
  course: number;
}

export type DeviceFeature = Feature<Point, DeviceFeatureProperties> & { id: number };

export interface DevicesLayerOptions {
  /** Called after a click on a device, once the store has selected it. */
  onSelect?: (deviceId: number) => void;
  /** Called with the number of device features in the source after every applied change. */
  onFeatureCount?: (count: number) => void;
  /** Fit the camera to all devices the first time there are any (default true). */
  fitOnFirstData?: boolean;
  /** Padding in pixels for that fit (default 48). */
  fitPadding?: number;
  /** Highest zoom for that fit, e.g. when there is only one device (default 15). */
  fitMaxZoom?: number;
}

/** The map methods this layer uses. A `maplibregl.Map` satisfies it. */
export type DevicesLayerMap = Pick<
  MaplibreMap,
  'addSource' | 'addLayer' | 'getSource' | 'getLayer' | 'removeLayer' | 'removeSource' | 'on' | 'getCanvas' | 'fitBounds'
>;

export function buildDeviceFeature(device: Device | undefined, position: LivePosition | undefined): DeviceFeature | null {
  if (!device || !position || !hasValidCoordinates(position)) return null;
  return {
    type: 'Feature',
    id: device.id,
    geometry: { type: 'Point', coordinates: [position.longitude, position.latitude] },
    properties: {
      name: typeof device.name === 'string' ? device.name : String(device.id),
      category: categoryIcon(device.category),
      status: normalizeStatus(device.status),
      course: Number.isFinite(position.course) ? position.course : 0,
    },
  };
}

function collection<T extends Feature>(features: Iterable<T>): FeatureCollection<T['geometry'], T['properties']> {
  return { type: 'FeatureCollection', features: [...features] };
}

const PROPERTY_KEYS: ReadonlyArray<keyof DeviceFeatureProperties> = ['name', 'category', 'status', 'course'];

/** The update for one feature, or null when nothing visible changed. */
export function featureDiff(prev: DeviceFeature, next: DeviceFeature): GeoJSONFeatureDiff | null {
  const diff: GeoJSONFeatureDiff = { id: next.id };
  let changed = false;
  const [px, py] = prev.geometry.coordinates;
  const [nx, ny] = next.geometry.coordinates;
  if (px !== nx || py !== ny) {
    diff.newGeometry = next.geometry;
    changed = true;
  }
  const props: Array<{ key: string; value: unknown }> = [];
  for (const key of PROPERTY_KEYS) {
    if (prev.properties[key] !== next.properties[key]) props.push({ key, value: next.properties[key] });
  }
  if (props.length > 0) {
    diff.addOrUpdateProperties = props;
    changed = true;
  }
  return changed ? diff : null;
}

function statusColorExpression(): ExpressionSpecification {
  return ['match', ['get', 'status'], 'online', STATUS_COLORS.online, 'offline', STATUS_COLORS.offline, STATUS_COLORS.unknown];
}

function addSourcesAndLayers(map: DevicesLayerMap): void {
  map.addSource(DEVICES_SOURCE, { type: 'geojson', data: collection<DeviceFeature>([]) });
  map.addSource(SELECTED_SOURCE, { type: 'geojson', data: collection<DeviceFeature>([]) });
  map.addLayer({
    id: DEVICES_LAYERS.circle,
    type: 'circle',
    source: DEVICES_SOURCE,
    paint: {
      'circle-color': statusColorExpression(),
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, 4, 12, 7, 16, 9],
      'circle-stroke-color': '#0a1628',
      'circle-stroke-width': 1.5,
    },
  });
  map.addLayer({
    id: DEVICES_LAYERS.label,
    type: 'symbol',
    source: DEVICES_SOURCE,
    minzoom: 4,
    layout: {
      'text-field': ['get', 'name'],
      'text-font': MAP_FONTS,
      'text-size': 12,
      'text-anchor': 'top',
      'text-offset': [0, 0.9],
      'text-max-width': 12,
      'text-padding': 2,
    },
    paint: {
      'text-color': '#e2e8f0',
      'text-halo-color': '#0a1628',
      'text-halo-width': 1.5,
    },
  });
  map.addLayer({
    id: DEVICES_LAYERS.selectedHalo,
    type: 'circle',
    source: SELECTED_SOURCE,
    paint: {
      'circle-color': statusColorExpression(),
      'circle-opacity': 0.25,
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, 9, 12, 14, 16, 18],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
}

function logError(error: unknown): void {
  console.error('[map] devices layer update failed', error);
}

/**
 * Adds the devices source and layers to a map whose style has loaded, loads the store's current
 * state and keeps it in sync. Returns a function that unsubscribes and removes what it added.
 */
export function attachDevicesLayer(map: DevicesLayerMap, store: LiveStore, options: DevicesLayerOptions = {}): () => void {
  const { onSelect, onFeatureCount, fitOnFirstData = true, fitPadding = 48, fitMaxZoom = 15 } = options;
  addSourcesAndLayers(map);
  const source = (): GeoJSONSource | undefined => map.getSource<GeoJSONSource>(DEVICES_SOURCE);
  const selectedSource = (): GeoJSONSource | undefined => map.getSource<GeoJSONSource>(SELECTED_SOURCE);

  /** What the source holds, by device id. */
  let features = new Map<number, DeviceFeature>();
  let fitted = !fitOnFirstData;
  let detached = false;

  function reload(state: LiveState): void {
    const next = new Map<number, DeviceFeature>();
    for (const [id, device] of state.devices) {
      const feature = buildDeviceFeature(device, state.positions.get(id));
      if (feature) next.set(id, feature);
    }
    features = next;
    source()?.setData(collection(features.values())).catch(logError);
  }

  function applyDiff(state: LiveState, ids: Iterable<number>): void {
    const add: DeviceFeature[] = [];
    const update: GeoJSONFeatureDiff[] = [];
    const remove: number[] = [];
    for (const id of ids) {
      const prev = features.get(id);
      const next = buildDeviceFeature(state.devices.get(id), state.positions.get(id));
      if (next && !prev) {
        add.push(next);
        features.set(id, next);
      } else if (!next && prev) {
        remove.push(id);
        features.delete(id);
      } else if (next && prev) {
        const diff = featureDiff(prev, next);
        if (diff) update.push(diff);
        features.set(id, next);
      }
    }
    if (add.length === 0 && update.length === 0 && remove.length === 0) return;
    const diff: GeoJSONSourceDiff = {};
    if (remove.length > 0) diff.remove = remove;
    if (add.length > 0) diff.add = add;
    if (update.length > 0) diff.update = update;
    const target = source();
    if (!target) return;
    target.updateData(diff).catch((error: unknown) => {
      logError(error);
      // fall back to a full reload so the map never stays wrong
      if (!detached) target.setData(collection(features.values())).catch(logError);
    });
  }

  function renderSelected(state: LiveState): void {
    const id = state.selectedId;
    const feature = id === null ? undefined : features.get(id);
    selectedSource()?.setData(collection(feature ? [feature] : [])).catch(logError);
  }

  function fitIfFirst(): void {
    if (fitted || features.size === 0) return;
    fitted = true;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const f of features.values()) {
      const [x = 0, y = 0] = f.geometry.coordinates;
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
    map.fitBounds(
      [
        [minX, minY],
        [maxX, maxY],
      ],
      { padding: fitPadding, maxZoom: fitMaxZoom, animate: false },
    );
  }

  function onChange(state: LiveState, change: LiveChange): void {
    if (change.type === 'select') {
      renderSelected(state);
      return;
    }
    if (change.reset) reload(state);
    else applyDiff(state, change.changedIds);
    if (
      change.reset ||
      (state.selectedId !== null && change.changedIds.has(state.selectedId)) ||
      change.previousSelectedId !== state.selectedId
    ) {
      renderSelected(state);
    }
    onFeatureCount?.(features.size);
    fitIfFirst();
  }

  // initial load
  const initial = store.getState();
  reload(initial);
  renderSelected(initial);
  onFeatureCount?.(features.size);
  fitIfFirst();
  const unsubscribe = store.subscribe(onChange);

  const handleClick = (event: MapLayerMouseEvent): void => {
    const id = event.features?.[0]?.id;
    if (typeof id !== 'number') return;
    store.select(id);
    onSelect?.(id);
  };
  const setCursor = (cursor: string) => () => {
    map.getCanvas().style.cursor = cursor;
  };
  const subscriptions: Subscription[] = [];
  for (const layer of [DEVICES_LAYERS.circle, DEVICES_LAYERS.label]) {
    subscriptions.push(
      map.on('click', layer, handleClick),
      map.on('mouseenter', layer, setCursor('pointer')),
      map.on('mouseleave', layer, setCursor('')),
    );
  }

  return () => {
    if (detached) return;
    detached = true;
    unsubscribe();
    for (const subscription of subscriptions) subscription.unsubscribe();
    for (const layer of [DEVICES_LAYERS.selectedHalo, DEVICES_LAYERS.label, DEVICES_LAYERS.circle]) {
      if (map.getLayer(layer)) map.removeLayer(layer);
    }
    for (const id of [SELECTED_SOURCE, DEVICES_SOURCE]) {
      if (map.getSource(id)) map.removeSource(id);
    }
  };
}
