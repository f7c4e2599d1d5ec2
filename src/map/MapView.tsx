/**
 * The one MapLibre map of the app. Created once per mount and destroyed on unmount; live data
 * reaches it through the devices layer's store subscription, never through React renders.
 *
 * Test hook (end-to-end): the container has `data-testid="map"`, `data-device-features="<n>"`
 * (features in the devices source) and `data-map-ready="true"` once the style, the basemap and the
 * first device data have been drawn.
 */
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef } from 'react';
import type { LiveStore } from '../domain/liveStore';
import { attachDevicesLayer } from './layers/devices';
import * as styles from './MapView.css';
import { createOfflineStyle, loadOfflineBasemap } from './offlineStyle';

export type LonLat = [lon: number, lat: number];

export interface MapViewProps {
  store: LiveStore;
  onSelect?: (deviceId: number) => void;
  /** Used when there are no devices to fit to. Default: Riyadh. */
  initialCenter?: LonLat;
  initialZoom?: number;
  className?: string;
}

export const DEFAULT_CENTER: LonLat = [46.6753, 24.7136];
export const DEFAULT_ZOOM = 11;

function ensureWorkerUrl(): void {
  if (maplibregl.getWorkerUrl() !== workerUrl) maplibregl.setWorkerUrl(workerUrl);
}

export function MapView({ store, onSelect, initialCenter, initialZoom, className }: MapViewProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const onSelectRef = useRef(onSelect);
  const initialRef = useRef({ center: initialCenter ?? DEFAULT_CENTER, zoom: initialZoom ?? DEFAULT_ZOOM });

  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    ensureWorkerUrl();
    container.dataset.mapReady = 'false';
    container.dataset.deviceFeatures = '0';

    const rtl = getComputedStyle(container).direction === 'rtl';
    const map = new maplibregl.Map({
      container,
      style: createOfflineStyle(),
      center: initialRef.current.center,
      zoom: initialRef.current.zoom,
      attributionControl: false,
      maxZoom: 19,
      pitchWithRotate: false,
    });
    // In right-to-left layouts the controls sit on the inline-end side, which is the left.
    map.addControl(new maplibregl.NavigationControl({ visualizePitch: false }), rtl ? 'top-left' : 'top-right');
    map.addControl(new maplibregl.AttributionControl({ compact: false }), rtl ? 'bottom-left' : 'bottom-right');

    const abort = new AbortController();
    let detach: (() => void) | undefined;

    map.once('load', () => {
      if (abort.signal.aborted) return;
      detach = attachDevicesLayer(map, store, {
        onSelect: (id) => onSelectRef.current?.(id),
        onFeatureCount: (count) => {
          container.dataset.deviceFeatures = String(count);
        },
      });
      loadOfflineBasemap(map, { signal: abort.signal })
        .catch((error: unknown) => {
          if (!abort.signal.aborted) console.error('[map] offline basemap failed to load', error);
        })
        .then(() => {
          if (abort.signal.aborted) return;
          map.once('idle', () => {
            if (!abort.signal.aborted) container.dataset.mapReady = 'true';
          });
          map.triggerRepaint();
        });
    });

    return () => {
      abort.abort();
      detach?.();
      map.remove();
      delete container.dataset.mapReady;
      delete container.dataset.deviceFeatures;
    };
  }, [store]);

  return (
    <div
      ref={containerRef}
      data-testid="map"
      className={className ? `${styles.container} ${className}` : styles.container}
    />
  );
}
