/**
 * Wires the one map to the live store and the map settings: attaches the layer modules when a
 * style has loaded (and again after every style switch, since `setStyle` drops the app's
 * sources, layers and images), switches styles, clustering, accuracy circles, live routes,
 * tracking paths and follow mode as the settings change. React never touches the map: it owns
 * the settings store and the live store, and this module reacts to them.
 */
import type { Map as MaplibreMap, StyleSpecification } from 'maplibre-gl';
import type { LiveState, LiveStore } from '../domain/liveStore';
import { attachAccuracyLayer } from './layers/accuracy';
import { attachDevicesLayer, DEVICES_LAYERS, type DevicesLayer } from './layers/devices';
import { attachFollow } from './follow';
import { attachLiveRoutesLayer, attachTrackingLayer } from './layers/routes';
import type { Rasterizer } from './icons/rasterize';
import { loadOfflineBasemap } from './offlineStyle';
import type { MapSettings, MapSettingsStore } from './settings';
import { chooseMapStyle, MAP_STYLES, type MapStyleId } from './styles';

export interface MapControllerOptions {
  settings: MapSettingsStore;
  /** The `map` preference (user, then server); may change later with `setPreferredStyle`. */
  preferredStyle?: unknown;
  onSelect?: (deviceId: number) => void;
  onFeatureCount?: (count: number) => void;
  onSelectedDevice?: (deviceId: number | null) => void;
  /** Called with false when a style starts loading, true once it is drawn with the app's layers. */
  onReady?: (ready: boolean) => void;
  rasterize?: Rasterizer;
  /** Fetch for the offline basemap asset (tests). */
  fetch?: typeof fetch;
}

export interface MapController {
  readonly styleId: () => MapStyleId;
  setPreferredStyle(value: unknown): void;
  destroy(): void;
}

export type ControllerMap = MaplibreMap;

/** The style to pass to `new Map({ style })` for these settings. */
export function initialStyle(settings: MapSettings, preferredStyle: unknown): StyleSpecification | string {
  return MAP_STYLES[chooseMapStyle({ stored: settings.style, preference: preferredStyle })].style();
}

export function createMapController(map: ControllerMap, store: LiveStore, options: MapControllerOptions): MapController {
  const { settings } = options;
  let preferred = options.preferredStyle;
  let styleId = chooseMapStyle({ stored: settings.get().style, preference: preferred });
  let destroyed = false;
  const abort = new AbortController();

  let devices: DevicesLayer | null = null;
  let detachAccuracy: (() => void) | null = null;
  let detachRoutes: (() => void) | null = null;
  let detachTracking: (() => void) | null = null;
  let detachFollow: (() => void) | null = null;

  function attachAccuracy(): void {
    detachAccuracy?.();
    detachAccuracy = attachAccuracyLayer(map, store, { beforeId: map.getLayer(DEVICES_LAYERS.clusters) ? DEVICES_LAYERS.clusters : undefined });
  }

  function detachStyleLayers(): void {
    devices?.detach();
    devices = null;
    detachAccuracy?.();
    detachAccuracy = null;
    detachRoutes?.();
    detachRoutes = null;
    detachTracking?.();
    detachTracking = null;
  }

  function setLiveRoutes(on: boolean): void {
    detachRoutes?.();
    detachRoutes = on ? attachLiveRoutesLayer(map, store, DEVICES_LAYERS.clusters) : null;
  }

  function attachStyleLayers(): void {
    detachStyleLayers();
    const current = settings.get();
    devices = attachDevicesLayer(map, store, {
      onSelect: options.onSelect,
      onFeatureCount: options.onFeatureCount,
      clustering: current.clustering,
      rasterize: options.rasterize,
    });
    detachTracking = attachTrackingLayer(map, store, DEVICES_LAYERS.clusters);
    setLiveRoutes(current.liveRoutes);
    if (current.accuracy) attachAccuracy();
  }

  function markReadyWhenIdle(): void {
    map.once('idle', () => {
      if (!destroyed) options.onReady?.(true);
    });
    map.triggerRepaint();
  }

  function onStyleLoad(): void {
    if (destroyed) return;
    attachStyleLayers();
    if (styleId === 'offline') {
      loadOfflineBasemap(map, { signal: abort.signal, ...(options.fetch ? { fetch: options.fetch } : {}) })
        .catch((error: unknown) => {
          if (!abort.signal.aborted) console.error('[map] offline basemap failed to load', error);
        })
        .then(() => {
          if (!abort.signal.aborted) markReadyWhenIdle();
        });
    } else {
      markReadyWhenIdle();
    }
  }

  function switchStyle(next: MapStyleId): void {
    if (next === styleId) return;
    styleId = next;
    options.onReady?.(false);
    detachStyleLayers();
    map.setStyle(MAP_STYLES[next].style(), {
      diff: false,
      // drop a style's glyph server: the app's labels use the local fonts on every style
      transformStyle: (_previous, style) => {
        const { glyphs: _glyphs, ...rest } = style;
        return rest;
      },
    });
  }

  function applyFollow(on: boolean): void {
    if (on && !detachFollow) detachFollow = attachFollow(map, store);
    if (!on && detachFollow) {
      detachFollow();
      detachFollow = null;
    }
  }

  map.on('style.load', onStyleLoad);
  applyFollow(settings.get().follow);

  const unsubscribeSettings = settings.subscribe((next, previous) => {
    if (destroyed) return;
    if (next.style !== previous.style) switchStyle(chooseMapStyle({ stored: next.style, preference: preferred }));
    if (next.clustering !== previous.clustering) devices?.setClustering(next.clustering);
    if (next.accuracy !== previous.accuracy && devices) {
      if (next.accuracy) attachAccuracy();
      else {
        detachAccuracy?.();
        detachAccuracy = null;
      }
    }
    if (next.liveRoutes !== previous.liveRoutes && devices) setLiveRoutes(next.liveRoutes);
    if (next.follow !== previous.follow) applyFollow(next.follow);
  });

  let selected: number | null = store.getState().selectedId;
  options.onSelectedDevice?.(selected);
  const unsubscribeSelection = store.subscribe((state: LiveState) => {
    if (state.selectedId === selected) return;
    selected = state.selectedId;
    options.onSelectedDevice?.(selected);
  });

  return {
    styleId: () => styleId,
    setPreferredStyle(value) {
      preferred = value;
      switchStyle(chooseMapStyle({ stored: settings.get().style, preference: preferred }));
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      abort.abort();
      map.off('style.load', onStyleLoad);
      unsubscribeSettings();
      unsubscribeSelection();
      applyFollow(false);
      detachStyleLayers();
    },
  };
}
