/**
 * The map styles: the offline basemap (Natural Earth, shipped with the app) and well-known online
 * styles, named as traccar-web names them in the `map` attribute. Only https URLs of public,
 * key-less services. The default is a street map that needs no key (OpenFreeMap, as Traccar's own
 * client); when it cannot load, the map falls back to the offline basemap with a notice (the
 * `mapStyle` machine). Tests and benchmarks pin the offline style with the server's `map`
 * attribute (`map: 'offline'`), so nothing in CI waits on the network.
 */
import type { StyleSpecification } from 'maplibre-gl';
import { createOfflineStyle } from './offlineStyle';

export const MAP_STYLE_IDS = ['offline', 'openFreeMap', 'osm', 'carto', 'openTopoMap'] as const;
export type MapStyleId = (typeof MAP_STYLE_IDS)[number];

export const DEFAULT_MAP_STYLE: MapStyleId = 'openFreeMap';

export interface MapStyleDefinition {
  id: MapStyleId;
  /** Whether drawing it fetches from the internet. */
  online: boolean;
  /** A style object, or the https URL of a style document. */
  style: () => StyleSpecification | string;
}

function rasterStyle(name: string, tiles: string[], attribution: string, maxzoom = 19): StyleSpecification {
  return {
    version: 8,
    name,
    // no glyphs: the app's labels are drawn with the local fonts, as on the offline style
    sources: { raster: { type: 'raster', tiles, tileSize: 256, maxzoom, attribution } },
    layers: [{ id: 'raster', type: 'raster', source: 'raster' }],
  };
}

const OSM_ATTRIBUTION = '© OpenStreetMap contributors';

export const MAP_STYLES: Readonly<Record<MapStyleId, MapStyleDefinition>> = {
  offline: { id: 'offline', online: false, style: createOfflineStyle },
  openFreeMap: { id: 'openFreeMap', online: true, style: () => 'https://tiles.openfreemap.org/styles/liberty' },
  osm: {
    id: 'osm',
    online: true,
    style: () => rasterStyle('OpenStreetMap', ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'], OSM_ATTRIBUTION),
  },
  carto: {
    id: 'carto',
    online: true,
    style: () =>
      rasterStyle(
        'Carto dark',
        ['a', 'b', 'c', 'd'].map((s) => `https://${s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}@2x.png`),
        `${OSM_ATTRIBUTION}, © CARTO`,
      ),
  },
  openTopoMap: {
    id: 'openTopoMap',
    online: true,
    style: () =>
      rasterStyle(
        'OpenTopoMap',
        ['a', 'b', 'c'].map((s) => `https://${s}.tile.opentopomap.org/{z}/{x}/{y}.png`),
        `${OSM_ATTRIBUTION}, SRTM | © OpenTopoMap (CC-BY-SA)`,
        17,
      ),
  },
};

export function isMapStyleId(value: unknown): value is MapStyleId {
  return typeof value === 'string' && (MAP_STYLE_IDS as readonly string[]).includes(value);
}

/**
 * The style to show: the user's choice from the layers menu (stored locally), then the `map`
 * preference (user, then server, see `preference()`), else the default street style. Unknown names
 * (e.g. traccar-web styles that need an API key) fall through to the next source.
 */
export function chooseMapStyle(input: { stored: unknown; preference: unknown }): MapStyleId {
  if (isMapStyleId(input.stored)) return input.stored;
  if (isMapStyleId(input.preference)) return input.preference;
  return DEFAULT_MAP_STYLE;
}
