/**
 * The devices layer: one GeoJSON point per device that has a position, keyed by device id (the
 * feature id), drawn by one symbol layer (the category icon on a disc in its fleet state's colour
 * and shape — moving, idle, parked, offline, never: `fleetColors.ts` — the name as a text label —
 * text, never HTML) with a direction wedge for moving devices, and clusters. The state is
 * `fleetState` of the device and its position, so it changes with them, through the same diffs.
 *
 * Diffs and clustering share one source. In MapLibre 6.17 `updateData` works on a clustered
 * GeoJSON source: the main thread applies the diff to its copy, the worker applies it to its
 * index and rebuilds the cluster trees (every tile of the source reloads, since a moved point
 * can regroup clusters anywhere). Clustering is switched with `setClusterOptions`, on the same
 * source, so the data never has to be re-sent. See docs/map.md for the measurement.
 *
 * Live changes come from the store subscription and go to the source as `updateData` diffs of the
 * changed ids only; a reset (device list reloaded, store cleared) goes through `setData`. The
 * selected device is drawn on top from its own one-feature source.
 *
 * A click on a marker selects its device; hovering a marker, a right-click and a long press on it
 * are told to the page (`devicePointer.ts`: the tooltip and the device's menu).
 */
import type { Feature, FeatureCollection, Point } from 'geojson';
import type {
  ExpressionSpecification,
  GeoJSONFeatureDiff,
  GeoJSONSource,
  Map as MaplibreMap,
  MapLayerMouseEvent,
  Subscription,
  SymbolLayerSpecification,
} from 'maplibre-gl';
import type { Device } from '../../../contract/models';
import { categoryIcon, normalizeStatus, type IconKey } from '../../domain/categories';
import { DEFAULT_FLEET_THRESHOLDS, fleetState, FLEET_STATES, type FleetState, type FleetThresholds } from '../../domain/fleetState';
import { FLEET_STATE_COLORS } from '../../domain/fleetColors';
import { hasValidCoordinates, type LiveChange, type LivePosition, type LiveState, type LiveStore } from '../../domain/liveStore';
import { MAP_FONTS } from '../offlineStyle';
import { addDeviceImages, createCanvasRasterizer, type Rasterizer } from '../icons/rasterize';
import { sendDiff } from './keyed';
import type { PaintGate } from '../paintGate';
import { attachDevicePointer, type DevicePoint, type DevicePointerMap } from './devicePointer';

export const DEVICES_SOURCE = 'devices';
export const SELECTED_SOURCE = 'device-selected';
export const DEVICES_LAYERS = {
  clusters: 'devices-clusters',
  clusterCount: 'devices-cluster-count',
  direction: 'devices-direction',
  icon: 'devices-icon',
  selectedHalo: 'device-selected-halo',
  selectedIcon: 'device-selected-icon',
} as const;

/** Clusters form up to this zoom; above it every device is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 14;
export const CLUSTER_RADIUS = 50;

export interface DeviceFeatureProperties {
  name: string;
  category: IconKey;
  status: 'online' | 'offline' | 'unknown';
  /** the fleet state: the marker's colour and shape */
  state: FleetState;
  course: number;
  moving: boolean;
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
  /** Group nearby devices into clusters (default true). */
  clustering?: boolean;
  /** Draws the marker images (default: a 2D canvas). */
  rasterize?: Rasterizer;
  /** Told of every change sent to the devices' source: the map paints it once it is in (`paintGate.ts`). */
  paintGate?: Pick<PaintGate, 'expect'>;
  /** The mouse rests on a device's marker (its point in the map's pixels), or left it (null): `devicePointer.ts`. */
  onHover?: (hover: DevicePoint | null) => void;
  /** A right-click or a long press on a device's marker, at the pointer (the map's pixels). */
  onMenu?: (menu: DevicePoint) => void;
  /** The fleet thresholds (the server's attributes) the markers' states follow (default: the defaults). */
  thresholds?: () => FleetThresholds;
}

export interface DevicesLayer {
  setClustering(enabled: boolean): void;
  detach(): void;
}

/** The map methods this layer uses. A `maplibregl.Map` satisfies it. */
export type DevicesLayerMap = DevicePointerMap & Pick<
  MaplibreMap,
  | 'addSource'
  | 'addLayer'
  | 'getSource'
  | 'getLayer'
  | 'removeLayer'
  | 'removeSource'
  | 'on'
  | 'getCanvas'
  | 'fitBounds'
  | 'easeTo'
  | 'hasImage'
  | 'addImage'
>;

export function buildDeviceFeature(
  device: Device | undefined,
  position: LivePosition | undefined,
  thresholds: FleetThresholds = DEFAULT_FLEET_THRESHOLDS,
): DeviceFeature | null {
  if (!device || !position || !hasValidCoordinates(position)) return null;
  const state = fleetState(device, position, thresholds);
  return {
    type: 'Feature',
    id: device.id,
    geometry: { type: 'Point', coordinates: [position.longitude, position.latitude] },
    properties: {
      name: typeof device.name === 'string' ? device.name : String(device.id),
      category: categoryIcon(device.category),
      status: normalizeStatus(device.status),
      state,
      course: Number.isFinite(position.course) ? position.course : 0,
      moving: state === 'moving',
    },
  };
}

function collection<T extends Feature>(features: Iterable<T>): FeatureCollection<T['geometry'], T['properties']> {
  return { type: 'FeatureCollection', features: [...features] };
}

const PROPERTY_KEYS: ReadonlyArray<keyof DeviceFeatureProperties> = ['name', 'category', 'status', 'state', 'course', 'moving'];

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

function stateColorExpression(): ExpressionSpecification {
  const cases = FLEET_STATES.flatMap((state) => [state, FLEET_STATE_COLORS[state]]);
  return ['match', ['get', 'state'], ...cases, FLEET_STATE_COLORS.never] as unknown as ExpressionSpecification;
}

const IS_CLUSTER: ExpressionSpecification = ['has', 'point_count'];
const NOT_CLUSTER: ExpressionSpecification = ['!', ['has', 'point_count']];

const ICON_IMAGE: ExpressionSpecification = ['concat', 'device-', ['get', 'category'], '-', ['get', 'state']];
const DIRECTION_IMAGE: ExpressionSpecification = ['concat', 'device-direction-', ['get', 'state']];
/** Names from zoom 4 (as before the icons); the icon is always drawn, the name when it fits. */
const NAME_FIELD: ExpressionSpecification = ['step', ['zoom'], '', 4, ['get', 'name']];

const LABEL_LAYOUT: NonNullable<SymbolLayerSpecification['layout']> = {
  'text-font': MAP_FONTS,
  'text-size': 12,
  'text-anchor': 'top',
  'text-offset': [0, 1.3],
  'text-max-width': 12,
  'text-padding': 2,
  'text-optional': true,
};

const LABEL_PAINT: NonNullable<SymbolLayerSpecification['paint']> = {
  'text-color': '#e2e8f0',
  'text-halo-color': '#0a1628',
  'text-halo-width': 1.5,
};

function addSourcesAndLayers(map: DevicesLayerMap, clustering: boolean): void {
  map.addSource(DEVICES_SOURCE, {
    type: 'geojson',
    data: collection<DeviceFeature>([]),
    cluster: clustering,
    clusterMaxZoom: CLUSTER_MAX_ZOOM,
    clusterRadius: CLUSTER_RADIUS,
  });
  map.addSource(SELECTED_SOURCE, { type: 'geojson', data: collection<DeviceFeature>([]) });
  map.addLayer({
    id: DEVICES_LAYERS.clusters,
    type: 'circle',
    source: DEVICES_SOURCE,
    filter: IS_CLUSTER,
    paint: {
      'circle-color': '#4f8cff',
      'circle-opacity': 0.85,
      'circle-radius': ['step', ['get', 'point_count'], 16, 10, 20, 100, 26, 1000, 32],
      'circle-stroke-color': '#0a1628',
      'circle-stroke-width': 2,
    },
  });
  map.addLayer({
    id: DEVICES_LAYERS.clusterCount,
    type: 'symbol',
    source: DEVICES_SOURCE,
    filter: IS_CLUSTER,
    layout: {
      'text-field': ['get', 'point_count_abbreviated'],
      'text-font': MAP_FONTS,
      'text-size': 13,
      'text-allow-overlap': true,
    },
    paint: { 'text-color': '#ffffff' },
  });
  map.addLayer({
    id: DEVICES_LAYERS.direction,
    type: 'symbol',
    source: DEVICES_SOURCE,
    filter: ['all', NOT_CLUSTER, ['==', ['get', 'moving'], true]],
    layout: {
      'icon-image': DIRECTION_IMAGE,
      'icon-rotate': ['get', 'course'],
      'icon-rotation-alignment': 'map',
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  });
  map.addLayer({
    id: DEVICES_LAYERS.icon,
    type: 'symbol',
    source: DEVICES_SOURCE,
    filter: NOT_CLUSTER,
    layout: {
      'icon-image': ICON_IMAGE,
      'icon-allow-overlap': true,
      'text-field': NAME_FIELD,
      ...LABEL_LAYOUT,
    },
    paint: LABEL_PAINT,
  });
  map.addLayer({
    id: DEVICES_LAYERS.selectedHalo,
    type: 'circle',
    source: SELECTED_SOURCE,
    paint: {
      'circle-color': stateColorExpression(),
      'circle-opacity': 0.25,
      'circle-radius': 24,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
  map.addLayer({
    id: DEVICES_LAYERS.selectedIcon,
    type: 'symbol',
    source: SELECTED_SOURCE,
    layout: {
      'icon-image': ICON_IMAGE,
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
      'text-field': ['get', 'name'],
      'text-allow-overlap': true,
      'text-ignore-placement': true,
      ...LABEL_LAYOUT,
    },
    paint: LABEL_PAINT,
  });
}

function logError(error: unknown): void {
  console.error('[map] devices layer update failed', error);
}

/**
 * Adds the devices source and layers to a map whose style has loaded, loads the store's current
 * state and keeps it in sync. `detach` unsubscribes and removes what it added.
 */
export function attachDevicesLayer(map: DevicesLayerMap, store: LiveStore, options: DevicesLayerOptions = {}): DevicesLayer {
  const { onSelect, onFeatureCount, fitOnFirstData = true, fitPadding = 48, fitMaxZoom = 15, paintGate } = options;
  const thresholds = options.thresholds ?? (() => DEFAULT_FLEET_THRESHOLDS);
  let clustering = options.clustering ?? true;
  addDeviceImages(map, options.rasterize ?? createCanvasRasterizer());
  addSourcesAndLayers(map, clustering);
  const source = (): GeoJSONSource | undefined => map.getSource<GeoJSONSource>(DEVICES_SOURCE);
  const selectedSource = (): GeoJSONSource | undefined => map.getSource<GeoJSONSource>(SELECTED_SOURCE);

  /**
   * What the source holds, by device id, with the device and position each feature was built
   * from: the same two objects need no rebuild.
   */
  interface Drawn {
    feature: DeviceFeature;
    device: Device;
    position: LivePosition;
  }
  let drawn = new Map<number, Drawn>();
  let fitted = !fitOnFirstData;
  let detached = false;
  function* features(): Generator<DeviceFeature> {
    for (const entry of drawn.values()) yield entry.feature;
  }

  function reload(state: LiveState): void {
    const next = new Map<number, Drawn>();
    for (const [id, device] of state.devices) {
      const position = state.positions.get(id);
      const feature = buildDeviceFeature(device, position, thresholds());
      if (feature && position) next.set(id, { feature, device, position });
    }
    drawn = next;
    const target = source();
    if (!target) return;
    paintGate?.expect(DEVICES_SOURCE);
    target.setData(collection(features())).catch(logError);
  }

  function applyDiff(state: LiveState, ids: Iterable<number>): void {
    const add: DeviceFeature[] = [];
    const update: GeoJSONFeatureDiff[] = [];
    const remove: number[] = [];
    for (const id of ids) {
      const device = state.devices.get(id);
      const position = state.positions.get(id);
      const prev = drawn.get(id);
      if (prev && prev.device === device && prev.position === position) continue;
      const next = buildDeviceFeature(device, position, thresholds());
      if (!next || !device || !position) {
        if (prev) {
          remove.push(id);
          drawn.delete(id);
        }
        continue;
      }
      if (!prev) add.push(next);
      else {
        const diff = featureDiff(prev.feature, next);
        if (diff) update.push(diff);
      }
      drawn.set(id, { feature: next, device, position });
    }
    if (add.length > 0 || update.length > 0 || remove.length > 0) paintGate?.expect(DEVICES_SOURCE);
    sendDiff(source(), { add, update, remove }, (target) => {
      if (!detached) target.setData(collection(features())).catch(logError);
    });
  }

  function renderSelected(state: LiveState): void {
    const id = state.selectedId;
    const feature = id === null ? undefined : drawn.get(id)?.feature;
    selectedSource()?.setData(collection(feature ? [feature] : [])).catch(logError);
  }

  function fitIfFirst(): void {
    if (fitted || drawn.size === 0) return;
    fitted = true;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const f of features()) {
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
    // events, logs, history and tracking changes are not drawn here
    if (!change.reset && !change.slices.has('devices') && !change.slices.has('positions')) {
      if (change.slices.has('selection')) renderSelected(state);
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
    onFeatureCount?.(drawn.size);
    fitIfFirst();
  }

  // initial load
  const initial = store.getState();
  reload(initial);
  renderSelected(initial);
  onFeatureCount?.(drawn.size);
  fitIfFirst();
  const unsubscribe = store.subscribe(onChange);

  const pointer = attachDevicePointer(map, [DEVICES_LAYERS.icon, DEVICES_LAYERS.selectedIcon], { onHover: options.onHover, onMenu: options.onMenu });
  const handleClick = (event: MapLayerMouseEvent): void => {
    const id = event.features?.[0]?.id;
    if (typeof id !== 'number') return;
    // the finger that held the marker for its menu does not also choose it
    if (pointer.clickIsLongPress()) return;
    store.select(id);
    onSelect?.(id);
  };
  const handleClusterClick = (event: MapLayerMouseEvent): void => {
    const feature = event.features?.[0];
    const clusterId = feature?.properties?.cluster_id;
    const target = source();
    if (typeof clusterId !== 'number' || !target || feature?.geometry.type !== 'Point') return;
    const [lon = 0, lat = 0] = feature.geometry.coordinates;
    target
      .getClusterExpansionZoom(clusterId)
      .then((zoom) => {
        if (!detached) map.easeTo({ center: [lon, lat], zoom });
      })
      .catch(logError);
  };
  const setCursor = (cursor: string) => () => {
    map.getCanvas().style.cursor = cursor;
  };
  const subscriptions: Subscription[] = [];
  for (const layer of [DEVICES_LAYERS.icon, DEVICES_LAYERS.selectedIcon, DEVICES_LAYERS.clusters]) {
    subscriptions.push(
      map.on('click', layer, layer === DEVICES_LAYERS.clusters ? handleClusterClick : handleClick),
      map.on('mouseenter', layer, setCursor('pointer')),
      map.on('mouseleave', layer, setCursor('')),
    );
  }

  return {
    setClustering(enabled) {
      if (detached || enabled === clustering) return;
      clustering = enabled;
      source()?.setClusterOptions({ cluster: enabled, clusterMaxZoom: CLUSTER_MAX_ZOOM, clusterRadius: CLUSTER_RADIUS }).catch(logError);
    },
    detach() {
      if (detached) return;
      detached = true;
      unsubscribe();
      pointer.detach();
      for (const subscription of subscriptions) subscription.unsubscribe();
      for (const layer of Object.values(DEVICES_LAYERS).reverse()) {
        if (map.getLayer(layer)) map.removeLayer(layer);
      }
      for (const id of [SELECTED_SOURCE, DEVICES_SOURCE]) {
        if (map.getSource(id)) map.removeSource(id);
      }
    },
  };
}
