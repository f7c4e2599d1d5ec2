/**
 * A small MapLibre map for the emulator: the offline basemap of `src/map` (used read-only) and
 * a marker for the last fix; a click reports its coordinates. The main map (`MapView`) has no
 * click-to-coordinates API yet, hence this thin map of its own.
 *
 * Test hook: `data-testid="emulator-map"`, `data-map-ready="true"` once the style has loaded.
 */
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { ensureWorkerUrl } from '../../map/worker';
import { useEffect, useRef } from 'react';
import { createOfflineStyle, loadOfflineBasemap } from '../../map/offlineStyle';
import * as styles from './emulator.css';

export type LonLat = [lon: number, lat: number];

export interface EmulatorMapProps {
  center: LonLat;
  /** The last fix sent (drawn as a dot). */
  marker: LonLat | null;
  onPick: (point: { latitude: number; longitude: number }) => void;
  'aria-label': string;
}

const SOURCE = 'emulator-fix';

function markerData(marker: LonLat | null): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: marker ? [{ type: 'Feature', geometry: { type: 'Point', coordinates: marker }, properties: {} }] : [],
  };
}

export function EmulatorMap({ center, marker, onPick, ...props }: EmulatorMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const onPickRef = useRef(onPick);
  const initialCenter = useRef(center);
  useEffect(() => {
    onPickRef.current = onPick;
  }, [onPick]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    ensureWorkerUrl();
    container.dataset.mapReady = 'false';
    const rtl = getComputedStyle(container).direction === 'rtl';
    const map = new maplibregl.Map({
      container,
      style: createOfflineStyle(),
      center: initialCenter.current,
      zoom: 11,
      attributionControl: false,
      maxZoom: 19,
      pitchWithRotate: false,
    });
    mapRef.current = map;
    map.addControl(new maplibregl.NavigationControl({ visualizePitch: false }), rtl ? 'top-left' : 'top-right');
    map.addControl(new maplibregl.AttributionControl({ compact: false }), rtl ? 'bottom-left' : 'bottom-right');
    map.getCanvas().style.cursor = 'crosshair';
    const abort = new AbortController();
    map.once('load', () => {
      if (abort.signal.aborted) return;
      map.addSource(SOURCE, { type: 'geojson', data: markerData(null) });
      map.addLayer({
        id: SOURCE,
        type: 'circle',
        source: SOURCE,
        paint: { 'circle-radius': 7, 'circle-color': '#4f8cff', 'circle-stroke-width': 2, 'circle-stroke-color': '#ffffff' },
      });
      container.dataset.mapReady = 'true';
      loadOfflineBasemap(map, { detail: 'fine', signal: abort.signal }).catch((error: unknown) => {
        if (!abort.signal.aborted) console.error('[emulator] offline basemap failed to load', error);
      });
    });
    map.on('click', (event) => {
      onPickRef.current({ latitude: event.lngLat.lat, longitude: event.lngLat.lng });
    });
    return () => {
      abort.abort();
      mapRef.current = null;
      map.remove();
      delete container.dataset.mapReady;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    const source = map?.getSource<maplibregl.GeoJSONSource>(SOURCE);
    if (source) void source.setData(markerData(marker));
  }, [marker]);

  return <div ref={containerRef} className={styles.map} data-testid="emulator-map" role="application" aria-label={props['aria-label']} />;
}
