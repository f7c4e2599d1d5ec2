/**
 * A small map of one point on the offline basemap, with its own short-lived MapLibre instance (not
 * the app's live map): the network page's still picture of a position, and the emulator's map,
 * where a click picks the place of the next fix (`onPick`: zoom buttons, a crosshair, a
 * keyboard-usable application region).
 *
 * Test hook: `data-map-ready="true"` once the style has loaded.
 */
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef } from 'react';
import { ensureWorkerUrl } from './worker';
import { addStandardControls } from './standardControls';
import { createOfflineStyle, loadOfflineBasemap } from './offlineStyle';

export type LonLat = [lon: number, lat: number];

export interface PointMapProps {
  /** where the map opens (taken once) */
  center: LonLat;
  zoom: number;
  /** the point drawn as a dot (follows the prop), or none */
  point: LonLat | null;
  /** a click picks a place: the map can be moved and zoomed, and the pointer is a crosshair */
  onPick?: (place: { latitude: number; longitude: number }) => void;
  /** accessible name of the map */
  label: string;
  className: string;
  'data-testid'?: string;
}

const SOURCE = 'point';

function pointData(point: LonLat | null): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: point ? [{ type: 'Feature', geometry: { type: 'Point', coordinates: point }, properties: {} }] : [],
  };
}

export function PointMap({ center, zoom, point, onPick, label, className, ...props }: PointMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const opening = useRef({ center, zoom, point, picks: onPick !== undefined });
  const onPickRef = useRef(onPick);
  useEffect(() => {
    onPickRef.current = onPick;
  }, [onPick]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const { center: at, zoom: level, point: first, picks } = opening.current;
    if (!at.every(Number.isFinite)) return;
    ensureWorkerUrl();
    container.dataset.mapReady = 'false';
    const map = new maplibregl.Map({
      container,
      style: createOfflineStyle(),
      center: at,
      zoom: level,
      interactive: picks,
      attributionControl: false,
      maxZoom: 19,
      pitchWithRotate: false,
    });
    mapRef.current = map;
    if (picks) {
      addStandardControls(map, container);
      map.getCanvas().style.cursor = 'crosshair';
      map.on('click', (event) => onPickRef.current?.({ latitude: event.lngLat.lat, longitude: event.lngLat.lng }));
    }
    const abort = new AbortController();
    map.once('load', () => {
      if (abort.signal.aborted) return;
      map.addSource(SOURCE, { type: 'geojson', data: pointData(first) });
      map.addLayer({
        id: SOURCE,
        type: 'circle',
        source: SOURCE,
        paint: { 'circle-radius': 7, 'circle-color': '#4f8cff', 'circle-stroke-width': 2, 'circle-stroke-color': '#ffffff' },
      });
      container.dataset.mapReady = 'true';
      loadOfflineBasemap(map, { detail: 'fine', signal: abort.signal }).catch((error: unknown) => {
        if (!abort.signal.aborted) console.error('[map] offline basemap failed to load', error);
      });
    });
    return () => {
      abort.abort();
      mapRef.current = null;
      map.remove();
      delete container.dataset.mapReady;
    };
  }, []);

  useEffect(() => {
    const source = mapRef.current?.getSource<maplibregl.GeoJSONSource>(SOURCE);
    if (source) void source.setData(pointData(point));
  }, [point]);

  return (
    <div
      ref={containerRef}
      className={className}
      data-testid={props['data-testid']}
      {...(onPick ? { role: 'application' } : { role: 'img' })}
      aria-label={label}
    />
  );
}
