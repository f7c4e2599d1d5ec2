/**
 * The offline default basemap: a dark style whose only data is Natural Earth (world-atlas
 * countries TopoJSON) shipped with the app as assets. The style starts with empty GeoJSON
 * sources so the map can draw at once; `loadOfflineBasemap` fetches an asset, converts it with
 * topojson-client and fills the sources. Two levels of detail: `coarse` (1:110m, 34 KB brotli) for
 * the first map, `fine` (1:50m, 201 KB) put over it once the map is drawn and zoomed in to
 * `FINE_BASEMAP_ZOOM` or closer, where the coarse coastlines and borders are visibly off. There is no `glyphs` URL: MapLibre (≥ 5.11) draws
 * labels with local fonts then, and shapes Arabic and bidirectional text itself.
 * Nothing here touches the network beyond the app's own origin.
 */
import type { FeatureCollection, MultiLineString, Point, Polygon, Position as LonLat } from 'geojson';
import type { GeoJSONSource, Map as MaplibreMap, StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { BASEMAP_ASSETS } from './assets';

export type BasemapDetail = keyof typeof BASEMAP_ASSETS;
/** The zoom from which the fine outlines are worth their bytes (1:110m is Natural Earth's scale for world views). */
export const FINE_BASEMAP_ZOOM = 3;

export const BASEMAP_SOURCES = {
  land: 'basemap-land',
  borders: 'basemap-borders',
  labels: 'basemap-labels',
} as const;

export const BASEMAP_LAYERS = {
  background: 'basemap-background',
  land: 'basemap-land',
  coast: 'basemap-coast',
  borders: 'basemap-borders',
  labels: 'basemap-labels',
} as const;

/** Dark palette in keeping with the dark UI. */
export const BASEMAP_COLORS = {
  water: '#0a1628',
  land: '#15233a',
  coast: '#1f3352',
  border: '#3a5078',
  label: '#7f93b8',
  labelHalo: '#0a1628',
} as const;

/** Local font families (no glyph server): the app ships Noto Sans Arabic and Noto Sans. */
export const MAP_FONTS = ['Noto Sans Arabic', 'Noto Sans'];

export const NATURAL_EARTH_ATTRIBUTION = 'Natural Earth';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

export function createOfflineStyle(): StyleSpecification {
  return {
    version: 8,
    name: 'Athar offline dark',
    // no `glyphs` and no `sprite`: nothing is fetched from a server
    sources: {
      [BASEMAP_SOURCES.land]: { type: 'geojson', data: EMPTY, attribution: NATURAL_EARTH_ATTRIBUTION, tolerance: 0.5 },
      [BASEMAP_SOURCES.borders]: { type: 'geojson', data: EMPTY, tolerance: 0.5 },
      [BASEMAP_SOURCES.labels]: { type: 'geojson', data: EMPTY },
    },
    layers: [
      { id: BASEMAP_LAYERS.background, type: 'background', paint: { 'background-color': BASEMAP_COLORS.water } },
      {
        id: BASEMAP_LAYERS.land,
        type: 'fill',
        source: BASEMAP_SOURCES.land,
        // no antialiasing outline pass: the coast line below draws the same edge, and where WebGL is
        // drawn in software every frame's pass costs (bench:live, 100 devices: about 10 of the
        // 70 ms a frame takes to draw and read back)
        paint: { 'fill-color': BASEMAP_COLORS.land, 'fill-antialias': false },
      },
      {
        id: BASEMAP_LAYERS.coast,
        type: 'line',
        source: BASEMAP_SOURCES.land,
        paint: {
          'line-color': BASEMAP_COLORS.coast,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.5, 8, 1.5],
        },
      },
      {
        id: BASEMAP_LAYERS.borders,
        type: 'line',
        source: BASEMAP_SOURCES.borders,
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: {
          'line-color': BASEMAP_COLORS.border,
          'line-opacity': 0.8,
          'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.4, 6, 1, 12, 1.6],
          'line-dasharray': [3, 2],
        },
      },
      {
        id: BASEMAP_LAYERS.labels,
        type: 'symbol',
        source: BASEMAP_SOURCES.labels,
        minzoom: 2,
        maxzoom: 8,
        layout: {
          'text-field': ['get', 'name'],
          'text-font': MAP_FONTS,
          'text-size': ['interpolate', ['linear'], ['zoom'], 2, 10, 6, 14],
          'text-max-width': 8,
          'text-padding': 4,
          'symbol-sort-key': ['-', 0, ['get', 'area']],
        },
        paint: {
          'text-color': BASEMAP_COLORS.label,
          'text-halo-color': BASEMAP_COLORS.labelHalo,
          'text-halo-width': 1.2,
        },
      },
    ],
  };
}

export interface BasemapData {
  land: FeatureCollection;
  borders: FeatureCollection<MultiLineString>;
  labels: FeatureCollection<Point, { name: string; area: number }>;
}

type CountriesTopology = Topology<{ countries: GeometryCollection<{ name?: string }>; land: GeometryCollection }>;

function isCountriesTopology(value: unknown): value is CountriesTopology {
  if (typeof value !== 'object' || value === null) return false;
  const topology = value as { type?: unknown; objects?: { countries?: { type?: unknown }; land?: { type?: unknown } } };
  return (
    topology.type === 'Topology' &&
    topology.objects?.countries?.type === 'GeometryCollection' &&
    topology.objects.land?.type === 'GeometryCollection'
  );
}

/** Signed planar area and centroid of a ring (lon/lat treated as plane coordinates). */
function ringCentroid(ring: readonly LonLat[]): { area: number; x: number; y: number } {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const p = ring[i];
    const q = ring[j];
    if (!p || !q) continue;
    const [x0 = 0, y0 = 0] = q;
    const [x1 = 0, y1 = 0] = p;
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  area /= 2;
  if (area === 0) {
    const first = ring[0] ?? [0, 0];
    return { area: 0, x: first[0] ?? 0, y: first[1] ?? 0 };
  }
  return { area, x: cx / (6 * area), y: cy / (6 * area) };
}

/** A label point for a country: the centroid of its largest polygon's outer ring. */
function labelPoint(geometry: Polygon | { type: 'MultiPolygon'; coordinates: LonLat[][][] }): { point: LonLat; area: number } | null {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let best: { point: LonLat; area: number } | null = null;
  for (const polygon of polygons) {
    const outer = polygon[0];
    if (!outer || outer.length < 4) continue;
    const c = ringCentroid(outer);
    const area = Math.abs(c.area);
    if (!best || area > best.area) best = { point: [c.x, c.y], area };
  }
  return best;
}

/** Converts the world-atlas countries topology into the basemap's GeoJSON. */
export function topologyToBasemap(value: unknown): BasemapData {
  if (!isCountriesTopology(value)) throw new Error('Not a world-atlas countries topology');
  const land = feature(value, value.objects.land);
  const borders = mesh(value, value.objects.countries, (a, b) => a !== b);
  const countries = feature(value, value.objects.countries);
  const labels: BasemapData['labels'] = { type: 'FeatureCollection', features: [] };
  for (const country of countries.features) {
    const name = country.properties?.name;
    const geometry = country.geometry;
    if (typeof name !== 'string' || !geometry) continue;
    if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') continue;
    const label = labelPoint(geometry);
    if (!label) continue;
    labels.features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: label.point },
      properties: { name, area: Math.round(label.area * 100) / 100 },
    });
  }
  return {
    land,
    borders: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: borders, properties: {} }] },
    labels,
  };
}

export interface LoadBasemapOptions {
  /** Which bundled asset: `coarse` (default) or `fine`. */
  detail?: BasemapDetail;
  /** Where the countries TopoJSON is served; defaults to the bundled world-atlas asset of `detail`. */
  url?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

type BasemapMap = Pick<MaplibreMap, 'getSource'>;

/** Fetches a bundled Natural Earth asset and fills the basemap sources. Call after the style has loaded. */
export async function loadOfflineBasemap(map: BasemapMap, options: LoadBasemapOptions = {}): Promise<void> {
  const doFetch = options.fetch ?? fetch;
  const response = await doFetch(options.url ?? BASEMAP_ASSETS[options.detail ?? 'coarse'], options.signal ? { signal: options.signal } : {});
  if (!response.ok) throw new Error(`Basemap asset: HTTP ${response.status}`);
  const data = topologyToBasemap(await response.json());
  if (options.signal?.aborted) return;
  const sets: Array<Promise<unknown>> = [];
  for (const [key, id] of Object.entries(BASEMAP_SOURCES) as Array<[keyof BasemapData, string]>) {
    const source = map.getSource<GeoJSONSource>(id);
    if (source) sets.push(source.setData(data[key]));
  }
  await Promise.all(sets);
}
