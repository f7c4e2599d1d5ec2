/**
 * The one MapLibre map of the app. Created once per mount and destroyed on unmount; live data
 * reaches it through the layer modules' store subscriptions (`controller.ts`), never through
 * React renders.
 *
 * Test hook (end-to-end): the container has `data-testid="map"`, `data-device-features="<n>"`
 * (features in the devices source), `data-map-ready="true"` once the style, the basemap and the
 * device data have been drawn, `data-selected-device` (the selected id, or absent), and the
 * camera as `data-map-center="lon,lat"` / `data-map-zoom` after each move (north up, no pitch),
 * `data-map-moving="true"` from a move's start to its end (so a test reads a camera that is not on its way),
 * `data-map-fallback="true"` while the offline basemap stands in for a style that failed,
 * from which a test projects a device to a screen point without reaching into the page;
 * `data-geofence-features="<n>"` (features in the geofences source, 0 while the layer is off)
 * when the map is given a geofence feed (`data-map-ready` turns false, then true once a new
 * list of geofences is drawn), and `data-tracking-points="<n>"` (the points the tracking paths
 * draw: the vertices of every tracked device's line, 0 when nothing is tracked).
 */
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef } from 'react';
import type { LiveStore } from '../domain/liveStore';
import { createMapController, initialStyle, type MapController, type MapExtension } from './controller';
import { addStandardControls } from './standardControls';
import type { GeofenceFeed } from './geofenceFeed';
import { SCALE_MAX_WIDTH_PX } from './controlsLayout';
import * as styles from './MapView.css';
import { ensureWorkerUrl } from './worker';
import { repaintRequested } from './repaint';
import type { MapSettingsStore } from './settings';
import type { DistanceUnit } from '../domain/units';
import { scaleUnit } from './scale';
import type { DevicePoint } from './layers/devicePointer';
import { DEFAULT_FLEET_THRESHOLDS, type FleetThresholds } from '../domain/fleetState';

export type { DevicePoint };

export type { MapExtension };
export type LonLat = [lon: number, lat: number];

export interface MapViewProps {
  store: LiveStore;
  settings: MapSettingsStore;
  /** The `map` preference (user, then server). */
  preferredStyle?: unknown;
  onSelect?: (deviceId: number) => void;
  /**
   * The mouse rests on a device's marker (the device and the marker's point in the window, px), or
   * left it (null): at most once per marker entered, never per live update (`layers/devicePointer.ts`).
   */
  onDeviceHover?: (hover: DevicePoint | null) => void;
  /** A right-click or a long press on a device's marker, at the pointer (in the window, px). */
  onDeviceMenu?: (menu: DevicePoint) => void;
  /** Used when there are no devices to fit to. Default: Riyadh. */
  initialCenter?: LonLat;
  initialZoom?: number;
  className?: string;
  /** MapLibre's own control texts (zoom, compass, attribution…) in the active language. */
  uiStrings?: Record<string, string>;
  /** True while the requested style failed and the offline basemap stands in. */
  onFallback?: (fallback: boolean) => void;
  /** The geofences to draw (while the layers menu's Geofences switch is on). Read when the map is created. */
  geofences?: GeofenceFeed;
  /**
   * Called with the map after the app's layers on every style load; each returns its detach,
   * called before a style switch and on unmount (e.g. the geofence editor). Read when the map is created.
   */
  extensions?: ReadonlyArray<MapExtension>;
  /**
   * The fleet is on its way: nothing is painted until the store has it, so the map appears once,
   * complete (src/map/firstPaint.ts). Read when the map is created.
   */
  holdFirstPaint?: boolean;
  /** The user's distance unit: the scale bar counts in it, and follows it when it changes. */
  distanceUnit?: DistanceUnit;
  /**
   * The live map: the selected device is kept in view, beside what covers the map (elements marked
   * `data-map-obstacle`, the map's controls), and followed with follow on (src/map/camera.ts).
   * Read when the map is created.
   */
  keepSelectedInView?: boolean;
  /** With `keepSelectedInView`: keeping the selected device in view paused (a person moved the map away) or resumed. */
  onCameraPaused?: (paused: boolean) => void;
  /**
   * Called each time the map is drawn complete (its style, basemap and devices: `data-map-ready`
   * turns true), e.g. to load what can wait until the first map is on screen.
   */
  onDrawn?: () => void;
  /**
   * The map prints (a report's): its drawing is kept after each frame (`preserveDrawingBuffer`), so
   * the browser's print has the picture; otherwise a WebGL canvas prints blank. Read when the map is created.
   */
  printable?: boolean;
  /** The fleet thresholds (the server's attributes) the markers' states follow; read at each update. */
  fleetThresholds?: FleetThresholds;
}

/** A point of the map's container in the window's coordinates. */
function inWindow(container: HTMLElement, point: DevicePoint): DevicePoint {
  const box = container.getBoundingClientRect();
  return { id: point.id, x: box.left + point.x, y: box.top + point.y };
}

export const DEFAULT_CENTER: LonLat = [46.6753, 24.7136];
export const DEFAULT_ZOOM = 11;


export function MapView({ store, settings, preferredStyle, onSelect, onDeviceHover, onDeviceMenu, initialCenter, initialZoom, className, uiStrings, onFallback, geofences, extensions, holdFirstPaint, distanceUnit, keepSelectedInView, onCameraPaused, onDrawn, printable, fleetThresholds }: MapViewProps) {
  const thresholdsRef = useRef(fleetThresholds ?? DEFAULT_FLEET_THRESHOLDS);
  thresholdsRef.current = fleetThresholds ?? DEFAULT_FLEET_THRESHOLDS;
  const containerRef = useRef<HTMLDivElement>(null);
  const onSelectRef = useRef(onSelect);
  const onDeviceHoverRef = useRef(onDeviceHover);
  const onDeviceMenuRef = useRef(onDeviceMenu);
  const onFallbackRef = useRef(onFallback);
  const onCameraPausedRef = useRef(onCameraPaused);
  const onDrawnRef = useRef(onDrawn);
  const uiStringsRef = useRef(uiStrings);
  const extensionsRef = useRef(extensions);
  const controllerRef = useRef<MapController | null>(null);
  const scaleRef = useRef<maplibregl.ScaleControl | null>(null);
  const distanceUnitRef = useRef(distanceUnit);
  const initialRef = useRef({
    center: initialCenter ?? DEFAULT_CENTER,
    zoom: initialZoom ?? DEFAULT_ZOOM,
    preferredStyle,
    holdFirstPaint: holdFirstPaint ?? false,
    keepSelectedInView: keepSelectedInView ?? false,
    printable: printable ?? false,
  });

  useEffect(() => {
    onSelectRef.current = onSelect;
    onDeviceHoverRef.current = onDeviceHover;
    onDeviceMenuRef.current = onDeviceMenu;
    onFallbackRef.current = onFallback;
    onCameraPausedRef.current = onCameraPaused;
    onDrawnRef.current = onDrawn;
  }, [onSelect, onDeviceHover, onDeviceMenu, onFallback, onCameraPaused, onDrawn]);

  useEffect(() => {
    controllerRef.current?.setPreferredStyle(preferredStyle);
  }, [preferredStyle]);

  useEffect(() => {
    distanceUnitRef.current = distanceUnit;
    scaleRef.current?.setUnit(scaleUnit(distanceUnit));
  }, [distanceUnit]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    ensureWorkerUrl();
    container.dataset.mapReady = 'false';
    container.dataset.deviceFeatures = '0';
    if (geofences) container.dataset.geofenceFeatures = '0';

    const map = new maplibregl.Map({
      container,
      style: initialStyle(settings.get(), initialRef.current.preferredStyle),
      center: initialRef.current.center,
      zoom: initialRef.current.zoom,
      attributionControl: false,
      maxZoom: 19,
      pitchWithRotate: false,
      // no symbol fade: with the default 300 ms every live update (each second) repaints for 300 ms
      // more while labels and icons fade in and out after collision placement
      fadeDuration: 0,
      ...(uiStringsRef.current ? { locale: uiStringsRef.current } : {}),
      ...(initialRef.current.printable ? { canvasContextAttributes: { preserveDrawingBuffer: true } } : {}),
    });
    // In right-to-left layouts the controls sit on the inline-end side, which is the left.
    const topCorner = addStandardControls(map, container);
    // a scale: distances read at every zoom, also on the offline basemap (no streets there)
    // in the user's distance unit (km, mi or nmi), switched when the preference changes
    const scale = new maplibregl.ScaleControl({ maxWidth: SCALE_MAX_WIDTH_PX, unit: scaleUnit(distanceUnitRef.current) });
    scaleRef.current = scale;
    map.addControl(scale, topCorner);

    const writeCamera = () => {
      const center = map.getCenter();
      container.dataset.mapCenter = `${center.lng},${center.lat}`;
      container.dataset.mapZoom = String(map.getZoom());
      if (!map.isMoving()) delete container.dataset.mapMoving;
    };
    writeCamera();
    const moving = () => {
      container.dataset.mapMoving = 'true';
    };
    map.on('movestart', moving);
    map.on('moveend', writeCamera);

    const controller = createMapController(map, store, {
      settings,
      preferredStyle: initialRef.current.preferredStyle,
      fleetThresholds: () => thresholdsRef.current,
      onSelect: (id) => onSelectRef.current?.(id),
      // the map's pixels to the window's: the pages place their pop-ups there
      onDeviceHover: (hover) => onDeviceHoverRef.current?.(hover && inWindow(container, hover)),
      onDeviceMenu: (menu) => onDeviceMenuRef.current?.(inWindow(container, menu)),
      onFeatureCount: (count) => {
        container.dataset.deviceFeatures = String(count);
      },
      onSelectedDevice: (id) => {
        if (id === null) delete container.dataset.selectedDevice;
        else container.dataset.selectedDevice = String(id);
      },
      onReady: (ready) => {
        container.dataset.mapReady = String(ready);
        // Diagnostic (bench:live --floor): once drawn, the map repaints every frame with nothing
        // changed, which measures what the renderer costs by itself. Off unless this browser's
        // storage asks for it (a map that never idles would never be ready).
        if (ready && repaintRequested()) map.repaint = true;
        if (ready) onDrawnRef.current?.();
      },
      onTrackingPoints: (count) => {
        container.dataset.trackingPoints = String(count);
      },
      onFallback: (fallback) => {
        container.dataset.mapFallback = String(fallback);
        onFallbackRef.current?.(fallback);
      },
      ...(geofences
        ? {
            geofences,
            onGeofenceCount: (count: number) => {
              container.dataset.geofenceFeatures = String(count);
            },
          }
        : {}),
      ...(extensionsRef.current ? { extensions: extensionsRef.current } : {}),
      holdFirstPaint: initialRef.current.holdFirstPaint,
      keepSelectedInView: initialRef.current.keepSelectedInView,
      onCameraPaused: (paused) => {
        if (paused) container.dataset.cameraPaused = '';
        else delete container.dataset.cameraPaused;
        onCameraPausedRef.current?.(paused);
      },
    });
    controllerRef.current = controller;

    return () => {
      controllerRef.current = null;
      scaleRef.current = null;
      controller.destroy();
      map.off('moveend', writeCamera);
      map.off('movestart', moving);
      map.remove();
      for (const key of ['mapReady', 'deviceFeatures', 'geofenceFeatures', 'selectedDevice', 'mapCenter', 'mapZoom', 'mapMoving', 'mapFallback', 'trackingPoints', 'cameraPaused']) delete container.dataset[key];
    };
  }, [store, settings, geofences]);

  return (
    <div
      ref={containerRef}
      data-testid="map"
      className={className ? `${styles.container} ${className}` : styles.container}
    />
  );
}
