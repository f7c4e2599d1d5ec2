/**
 * A small, non-interactive map of one point (the network page): the offline style only, its own
 * short-lived MapLibre instance, the point as a circle. Not the app's live map.
 */
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { ensureWorkerUrl } from './worker';
import { useEffect, useRef } from 'react';
import { createOfflineStyle, loadOfflineBasemap } from './offlineStyle';
import * as styles from './MapView.css';

export interface MiniMapProps {
  longitude: number;
  latitude: number;
  /** Accessible name of the map region. */
  label: string;
}

export function MiniMap({ longitude, latitude, label }: MiniMapProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = ref.current;
    if (!container || !Number.isFinite(longitude) || !Number.isFinite(latitude)) return;
    ensureWorkerUrl();
    const map = new maplibregl.Map({
      container,
      style: createOfflineStyle(),
      center: [longitude, latitude],
      zoom: 12,
      interactive: false,
      attributionControl: false,
    });
    const abort = new AbortController();
    map.once('load', () => {
      if (abort.signal.aborted) return;
      map.addSource('point', {
        type: 'geojson',
        data: { type: 'Feature', geometry: { type: 'Point', coordinates: [longitude, latitude] }, properties: {} },
      });
      map.addLayer({
        id: 'point',
        type: 'circle',
        source: 'point',
        paint: { 'circle-radius': 7, 'circle-color': '#4f8cff', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
      });
      loadOfflineBasemap(map, { detail: 'fine', signal: abort.signal }).catch(() => undefined);
    });
    return () => {
      abort.abort();
      map.remove();
    };
  }, [longitude, latitude]);
  return <div ref={ref} role="img" aria-label={label} className={styles.container} />;
}
