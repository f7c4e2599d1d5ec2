/**
 * A fake MapLibre map for the layer modules' unit tests (imported by tests only): records
 * sources (with their options), layers (in order, with `beforeId`), images and handlers, and
 * exposes the `setData` / `updateData` / `setClusterOptions` calls of each source.
 */
import { vi } from 'vitest';
import type { FeatureCollection } from 'geojson';
import type { GeoJSONSourceDiff, SetClusterOptions } from 'maplibre-gl';

type Handler = (event: { features?: Array<{ id?: number | string; properties?: Record<string, unknown>; geometry?: unknown }> }) => void;

export class FakeSource {
  /** `taken`: the map's `sourcedata` event of a content change (MapLibre's, when the worker's result is back). */
  constructor(
    readonly options: Record<string, unknown>,
    private readonly taken: () => void = () => undefined,
  ) {}
  setData = vi.fn((_data: FeatureCollection) => {
    this.taken();
    return Promise.resolve();
  });
  updateData = vi.fn((_diff: GeoJSONSourceDiff) => {
    this.taken();
    return Promise.resolve();
  });
  setClusterOptions = vi.fn((_options: SetClusterOptions) => Promise.resolve());
  getClusterExpansionZoom = vi.fn((_id: number) => Promise.resolve(9));
  lastData(): FeatureCollection | undefined {
    return this.setData.mock.calls.at(-1)?.[0];
  }
  lastDiff(): GeoJSONSourceDiff {
    const call = this.updateData.mock.calls.at(-1);
    if (!call) throw new Error('updateData was not called');
    return call[0];
  }
}

export function createFakeMap() {
  const sources = new Map<string, FakeSource>();
  const layers: string[] = [];
  const layerSpecs = new Map<string, Record<string, unknown>>();
  const images = new Set<string>();
  const handlers: Array<{ type: string; layer: string; handler: Handler }> = [];
  const mapHandlers = new Map<string, Set<(event?: unknown) => void>>();
  const rendered: Array<{ id?: number }> = [];
  const container = document.createElement('div');
  const canvas = { style: { cursor: '' } };
  const fitBounds = vi.fn();
  const easeTo = vi.fn();
  const setStyle = vi.fn();
  let zoom = 11;
  const map = {
    getZoom: () => zoom,
    addSource: (id: string, options: Record<string, unknown>) => {
      if (sources.has(id)) throw new Error(`source ${id} exists`);
      sources.set(id, new FakeSource(options, () => fire('sourcedata', { sourceId: id, dataType: 'source', sourceDataType: 'content' })));
    },
    getSource: (id: string) => sources.get(id),
    removeSource: (id: string) => sources.delete(id),
    addLayer: (layer: { id: string }, beforeId?: string) => {
      if (layers.includes(layer.id)) throw new Error(`layer ${layer.id} exists`);
      const index = beforeId ? layers.indexOf(beforeId) : -1;
      if (index >= 0) layers.splice(index, 0, layer.id);
      else layers.push(layer.id);
      layerSpecs.set(layer.id, layer);
    },
    getLayer: (id: string) => (layers.includes(id) ? { id } : undefined),
    removeLayer: (id: string) => layers.splice(layers.indexOf(id), 1),
    /** the filters set after a layer was added, by layer */
    filters: new Map<string, unknown>(),
    setFilter(id: string, filter: unknown) {
      this.filters.set(id, filter);
    },
    hasImage: (name: string) => images.has(name),
    addImage: (name: string) => images.add(name),
    on: (type: string, layerOrHandler: string | ((event?: unknown) => void), handler?: Handler) => {
      if (typeof layerOrHandler === 'function') {
        const set = mapHandlers.get(type) ?? new Set();
        set.add(layerOrHandler);
        mapHandlers.set(type, set);
        return { unsubscribe: () => set.delete(layerOrHandler) };
      }
      const entry = { type, layer: layerOrHandler, handler: handler ?? (() => undefined) };
      handlers.push(entry);
      return { unsubscribe: () => handlers.splice(handlers.indexOf(entry), 1) };
    },
    off: (type: string, handler: (event?: unknown) => void) => mapHandlers.get(type)?.delete(handler),
    once: (type: string, handler: () => void) => {
      const set = mapHandlers.get(type) ?? new Set();
      const wrapped = () => {
        set.delete(wrapped);
        handler();
      };
      set.add(wrapped);
      mapHandlers.set(type, set);
    },
    triggerRepaint: () => undefined,
    /** The style as loaded: the sources present now (the basemap's, before the app adds its own). */
    getStyle: () => ({ sources: Object.fromEntries([...sources.keys()].map((id) => [id, {}])) }),
    project: ([lon, lat]: [number, number]) => ({ x: lon * 10, y: lat * 10 }),
    /** what `rendered` holds (a test sets it): the features under a point */
    queryRenderedFeatures: () => rendered,
    getContainer: () => container,
    isMoving: () => false,
    getCanvas: () => canvas,
    fitBounds,
    easeTo,
    setStyle,
  };
  /** Fires a map event (`style.load`, `idle`, `error` with its event). */
  const fire = (type: string, event?: unknown) => {
    for (const handler of [...(mapHandlers.get(type) ?? [])]) handler(event);
  };
  /** Simulates `setStyle`: the style's sources, layers and images are gone. */
  const dropStyle = () => {
    sources.clear();
    layers.length = 0;
    images.clear();
  };
  const click = (layer: string, feature: { id?: number; properties?: Record<string, unknown>; geometry?: unknown }) => {
    for (const h of handlers) if (h.type === 'click' && h.layer === layer) h.handler({ features: [feature] });
  };
  /** Fires a layer's event (`mousemove`, `contextmenu`, `touchstart`…) with the event given. */
  const layerEvent = (type: string, layer: string, event: Record<string, unknown>) => {
    for (const h of [...handlers]) if (h.type === type && h.layer === layer) h.handler(event as Parameters<Handler>[0]);
  };
  const source = (id: string): FakeSource => {
    const found = sources.get(id);
    if (!found) throw new Error(`no source ${id}`);
    return found;
  };
  /** The camera's zoom as `getZoom` reads it (a `zoomend` is for the test to fire). */
  const setZoom = (next: number) => (zoom = next);
  return { map, sources, layers, layerSpecs, images, handlers, rendered, fitBounds, easeTo, setStyle, fire, dropStyle, click, layerEvent, source, setZoom };
}
