/**
 * Wires the one map to the live store and the map settings: attaches the layer modules when a
 * style has loaded (and again after every style switch, since `setStyle` drops the app's
 * sources, layers and images), switches styles, clustering, accuracy circles, live routes,
 * tracking paths and geofences as the settings change, and (on the live map) keeps the selected
 * device in view (`camera.ts`: the camera machine, with follow mode). Extensions (e.g. the
 * geofence editor) are attached after the app's layers on every style load and detached before
 * a style switch and on destroy. React never touches the map: it owns
 * the settings store and the live store, and this module reacts to them.
 */
import type { ErrorEvent as MaplibreErrorEvent, Map as MaplibreMap, StyleSpecification } from 'maplibre-gl';
import { createActor } from 'xstate';
import { provideMapStyleEffects } from '../machines/mapStyle/mapStyle.effects';
import type { LiveState, LiveStore } from '../domain/liveStore';
import { attachAccuracyLayer } from './layers/accuracy';
import { attachGeofencesLayer } from './layers/geofences';
import type { GeofenceFeed } from './geofenceFeed';
import { attachDevicesLayer, DEVICES_LAYERS, type DevicesLayer } from './layers/devices';
import type { DevicePoint } from './layers/devicePointer';
import { attachCamera } from './camera';
import { attachLiveRoutesLayer, attachTrackingLayer, TRACKING_LAYER } from './layers/routes';
import type { Rasterizer } from './icons/rasterize';
import type { FleetThresholds } from '../domain/fleetState';
import { FINE_BASEMAP_ZOOM, loadOfflineBasemap } from './offlineStyle';
import { whenIdle } from '../ui/pageTiming';
import { holdFirstPaint, NO_HOLD } from './firstPaint';
import { createPaintGate } from './paintGate';
import type { MapSettings, MapSettingsStore } from './settings';
import { chooseMapStyle, isMapStyleId, MAP_STYLES, type MapStyleId } from './styles';

export interface MapControllerOptions {
  settings: MapSettingsStore;
  /** The `map` preference (user, then server); may change later with `setPreferredStyle`. */
  preferredStyle?: unknown;
  onSelect?: (deviceId: number) => void;
  /** The mouse rests on a device's marker, or left it (null): the marker's point in the map's pixels. */
  onDeviceHover?: (hover: DevicePoint | null) => void;
  /** A right-click or a long press on a device's marker, at the pointer (the map's pixels). */
  onDeviceMenu?: (menu: DevicePoint) => void;
  onFeatureCount?: (count: number) => void;
  onSelectedDevice?: (deviceId: number | null) => void;
  /**
   * Called with false when a style starts loading, true once it is drawn with the app's layers;
   * also false then true around the drawing of a new geofence list once the map was ready.
   */
  onReady?: (ready: boolean) => void;
  rasterize?: Rasterizer;
  /** The fleet thresholds the markers' states follow (`fleetState`), read at each update. */
  fleetThresholds?: () => FleetThresholds;
  /** Fetch for the offline basemap asset (tests). */
  fetch?: typeof fetch;
  /**
   * Called when the requested style failed and the offline basemap stands in (true), and when a
   * style is chosen again (false).
   */
  onFallback?: (fallback: boolean) => void;
  /** The geofences to draw (below the devices, while the `geofences` setting is on). */
  geofences?: GeofenceFeed;
  /** Called with the number of features in the geofences source (0 when the layer is off). */
  onGeofenceCount?: (count: number) => void;
  /** Called with the number of points the tracking paths draw, when it changes. */
  onTrackingPoints?: (count: number) => void;
  /**
   * Attached after the app's layers on every style load (the style is loaded then); the
   * returned detach runs before a style switch and on destroy.
   */
  extensions?: ReadonlyArray<MapExtension>;
  /**
   * The fleet is on its way (the first load after Sign in): the map paints nothing until the store
   * has it and the map has taken it in, `FIRST_PAINT_MAX_MS` at most (src/map/firstPaint.ts).
   */
  holdFirstPaint?: boolean;
  /**
   * The live map: the selected device is kept in view (and followed, with follow on) by the camera
   * machine (`camera.ts`). Off on maps where the camera is the person's (the geofence editor).
   */
  keepSelectedInView?: boolean;
  /** With `keepSelectedInView`: keeping it in view paused (a person moved the map away) or resumed. */
  onCameraPaused?: (paused: boolean) => void;
}

/** Something that adds to the map once its style has loaded (e.g. a drawing editor); returns its detach. */
export type MapExtension = (map: MaplibreMap) => () => void;

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

/** How long the fine basemap waits at most for an idle moment once the map is drawn. */
const FINE_BASEMAP_IDLE_MS = 2_000;
/** How long a live update's paint waits at most for its source to take it in (`paintGate.ts`). */
export const UPDATE_PAINT_MAX_MS = 300;

/** How long the first paint waits at most for the fleet (`holdFirstPaint`). */
export const FIRST_PAINT_MAX_MS = 1_500;

export function createMapController(map: ControllerMap, store: LiveStore, options: MapControllerOptions): MapController {
  const { settings } = options;
  let preferred = options.preferredStyle;
  let styleId = chooseMapStyle({ stored: settings.get().style, preference: preferred });
  /** The basemap's own sources (of the shown style): their tile errors count against it. */
  let basemapSources: ReadonlySet<string> = new Set();
  let destroyed = false;
  const abort = new AbortController();

  let devices: DevicesLayer | null = null;
  let detachAccuracy: (() => void) | null = null;
  let detachRoutes: (() => void) | null = null;
  let detachTracking: (() => void) | null = null;
  let detachGeofences: (() => void) | null = null;
  // the first paint waits for the fleet (its first load puts the devices and positions in the
  // store) and, on the offline style, for the basemap's outlines (`loadBasemap`)
  const hold = options.holdFirstPaint ? holdFirstPaint(map, { maxMs: FIRST_PAINT_MAX_MS }) : NO_HOLD;
  // a live update painted once, complete, rather than at each step of its source's update
  const paintGate = createPaintGate(map, { maxMs: UPDATE_PAINT_MAX_MS });
  let fleetIn = store.getState().devices.size > 0;
  let basemapIn = styleId !== 'offline';
  const contentMaybeIn = (): void => {
    if (fleetIn && basemapIn) hold.contentIn();
  };
  const stopWaitingForFleet =
    hold.held && !fleetIn
      ? store.subscribe((_state, change) => {
          if (!change.reset && !change.slices.has('devices') && !change.slices.has('positions')) return;
          stopWaitingForFleet();
          fleetIn = true;
          contentMaybeIn();
        })
      : () => {};
  contentMaybeIn();
  let ready = false;
  function setReady(value: boolean): void {
    ready = value;
    options.onReady?.(value);
  }
  let detachExtensions: Array<() => void> = [];

  function attachAccuracy(): void {
    detachAccuracy?.();
    detachAccuracy = attachAccuracyLayer(map, store, { beforeId: map.getLayer(DEVICES_LAYERS.clusters) ? DEVICES_LAYERS.clusters : undefined });
  }

  function setGeofences(on: boolean): void {
    detachGeofences?.();
    detachGeofences = null;
    if (on && options.geofences) {
      detachGeofences = attachGeofencesLayer(map, options.geofences, {
        // below the devices and the route lines (the tracking line is the lowest of those)
        beforeId: [TRACKING_LAYER, DEVICES_LAYERS.clusters].find((id) => map.getLayer(id)),
        onFeatureCount: (count) => {
          options.onGeofenceCount?.(count);
          // a new list is being drawn: ready again once the map is idle with it
          if (ready) {
            setReady(false);
            markReadyWhenIdle();
          }
        },
      });
    } else if (options.geofences) options.onGeofenceCount?.(0);
  }

  function runDetach(detach: () => void): void {
    try {
      detach();
    } catch (error) {
      console.error('[map] extension detach failed', error);
    }
  }

  function detachStyleLayers(): void {
    // extensions first: they were attached last and may sit on the app's layers
    const extensions = detachExtensions;
    detachExtensions = [];
    for (const detach of extensions.reverse()) runDetach(detach);
    detachGeofences?.();
    detachGeofences = null;
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
      onHover: options.onDeviceHover,
      onMenu: options.onDeviceMenu,
      onFeatureCount: options.onFeatureCount,
      clustering: current.clustering,
      rasterize: options.rasterize,
      paintGate,
      ...(options.fleetThresholds ? { thresholds: options.fleetThresholds } : {}),
    });
    detachTracking = attachTrackingLayer(map, store, DEVICES_LAYERS.clusters, options.onTrackingPoints);
    setLiveRoutes(current.liveRoutes);
    if (current.accuracy) attachAccuracy();
    setGeofences(current.geofences);
    for (const extension of options.extensions ?? []) {
      try {
        detachExtensions.push(extension(map));
      } catch (error) {
        console.error('[map] extension failed to attach', error);
      }
    }
  }

  function markReadyWhenIdle(then?: () => void): void {
    map.once('idle', () => {
      if (destroyed) return;
      // loaded but not painted yet: ready at the idle of the frame that paints it
      if (!hold.painted) return hold.afterPaint(() => markReadyWhenIdle(then));
      setReady(true);
      then?.();
    });
    map.triggerRepaint();
  }

  /**
   * The offline basemap of one style load: the coarse outlines (1:110m) for the first map, then, once it is
   * drawn and whenever the camera is at `FINE_BASEMAP_ZOOM` or closer, the fine ones (1:50m) over them, once.
   * A failed fine load leaves the coarse outlines.
   */
  let basemap: AbortController | null = null;
  let stopRefining = (): void => {};
  /** Ends the current style load's basemap: its fetches are aborted (nothing of it lands), its wait for an idle moment ends and it no longer refines. */
  function cancelBasemap(): void {
    basemap?.abort();
    basemap = null;
    stopRefining();
    stopRefining = () => {};
  }
  function loadBasemap(): void {
    cancelBasemap();
    const load = new AbortController();
    basemap = load;
    // the map's own end (destroy) ends it too
    abort.signal.addEventListener('abort', () => load.abort(), { once: true, signal: load.signal });
    const signal = load.signal;
    const current = (): boolean => !signal.aborted;
    const fetchOption = options.fetch ? { fetch: options.fetch } : {};
    const refine = (): void => {
      if (!current() || map.getZoom() < FINE_BASEMAP_ZOOM) return;
      stopRefining();
      stopRefining = () => {};
      loadOfflineBasemap(map, { detail: 'fine', signal, ...fetchOption }).catch((error: unknown) => {
        if (current()) console.warn('[map] the detailed basemap failed to load; the coarse one stays', error);
      });
    };
    loadOfflineBasemap(map, { detail: 'coarse', signal, ...fetchOption })
      .catch((error: unknown) => {
        if (current()) console.error('[map] offline basemap failed to load', error);
      })
      .then(() => {
        if (!current()) return;
        basemapIn = true;
        contentMaybeIn();
        markReadyWhenIdle(() => {
          // not before the drawn map is on screen: decoding the fine outlines holds the main
          // thread for a few hundred ms, which would hold back the frame that shows the map
          stopRefining = whenIdle(() => {
            if (!current()) return;
            map.on('zoomend', refine);
            stopRefining = () => map.off('zoomend', refine);
            refine();
          }, FINE_BASEMAP_IDLE_MS);
        });
      });
  }

  function onStyleLoad(): void {
    if (destroyed) return;
    basemapSources = new Set(Object.keys(map.getStyle()?.sources ?? {}));
    attachStyleLayers();
    style.send({ type: 'STYLE_LOADED' });
    if (styleId === 'offline') loadBasemap();
    else markReadyWhenIdle();
  }

  /** Puts a style on the map (the style machine's `showStyle`); the app's layers return on its `style.load`. */
  function showStyle(next: MapStyleId): void {
    if (next === styleId) return;
    styleId = next;
    // another style while the first paint waits: its own basemap, if offline, comes on its style.load
    basemapIn = next !== 'offline';
    contentMaybeIn();
    setReady(false);
    // a new style: nothing of the old one's basemap goes on (the offline style starts its own on style.load)
    cancelBasemap();
    detachStyleLayers();
    const spec = MAP_STYLES[next].style();
    // A style document from a server: drop its glyph server (the app's labels use the local fonts
    // on every style). The app's own style objects have none, and a transform would read the
    // previous style, which throws when that one failed to load (the fallback path).
    map.setStyle(
      spec,
      typeof spec === 'string'
        ? {
            diff: false,
            transformStyle: (_previous, style) => {
              const { glyphs: _glyphs, ...rest } = style;
              return rest;
            },
          }
        : { diff: false },
    );
  }

  /** The style machine: requested style, loading, fallback to the offline basemap. */
  const style = createActor(
    provideMapStyleEffects({ showStyle: (next) => showStyle(isMapStyleId(next) ? next : 'offline') }),
    { input: { style: styleId } },
  );
  let fallback = false;
  style.subscribe((snapshot) => {
    const now = snapshot.hasTag('fallback');
    if (now === fallback) return;
    fallback = now;
    options.onFallback?.(now);
  });
  style.start();

  function switchStyle(next: MapStyleId): void {
    // choosing the style that failed tries it again
    if (next === styleId && !fallback) return;
    style.send({ type: 'SELECT', style: next });
  }

  /** A style document or a basemap tile that could not be loaded; the app's own sources do not count. */
  function onError(event: MaplibreErrorEvent & { sourceId?: string }): void {
    if (destroyed) return;
    if (event.sourceId !== undefined) {
      if (basemapSources.has(event.sourceId)) style.send({ type: 'TILE_ERROR' });
      return;
    }
    // after MapLibre has finished with the failed style (a new setStyle inside its error event is lost)
    if (style.getSnapshot().hasTag('loading')) setTimeout(() => !destroyed && style.send({ type: 'STYLE_ERROR' }), 0);
  }

  map.on('style.load', onStyleLoad);
  map.on('error', onError);
  const detachCamera = options.keepSelectedInView ? attachCamera(map, store, settings, { onPaused: (paused) => options.onCameraPaused?.(paused) }) : () => {};

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
    if (next.geofences !== previous.geofences && devices) setGeofences(next.geofences);
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
      stopWaitingForFleet();
      hold.dispose();
      paintGate.dispose();
      abort.abort();
      cancelBasemap();
      style.stop();
      map.off('style.load', onStyleLoad);
      map.off('error', onError);
      unsubscribeSettings();
      unsubscribeSelection();
      detachCamera();
      detachStyleLayers();
    },
  };
}
