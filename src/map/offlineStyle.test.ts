import { describe, expect, it, vi } from 'vitest';
import type { Topology } from 'topojson-specification';
import { BASEMAP_LAYERS, BASEMAP_SOURCES, createOfflineStyle, loadOfflineBasemap, topologyToBasemap } from './offlineStyle';

/** Two unit squares side by side sharing one arc (a border), plus a land object. */
const tinyTopology: Topology = {
  type: 'Topology',
  arcs: [
    [
      [1, 0],
      [1, 1],
    ],
    [
      [1, 1],
      [0, 1],
      [0, 0],
      [1, 0],
    ],
    [
      [1, 0],
      [2, 0],
      [2, 1],
      [1, 1],
    ],
  ],
  objects: {
    countries: {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Polygon', arcs: [[0, 1]], properties: { name: 'West' } },
        { type: 'Polygon', arcs: [[2, ~0]], properties: { name: 'East' } },
      ],
    },
    land: { type: 'GeometryCollection', geometries: [{ type: 'Polygon', arcs: [[1, 2]] }] },
  },
};

describe('createOfflineStyle', () => {
  const style = createOfflineStyle();

  it('is a version 8 style without glyphs or sprite', () => {
    expect(style.version).toBe(8);
    expect(style).not.toHaveProperty('glyphs');
    expect(style).not.toHaveProperty('sprite');
  });

  it('has the basemap sources and layers, in drawing order', () => {
    expect(Object.keys(style.sources).sort()).toEqual(Object.values(BASEMAP_SOURCES).sort());
    expect(style.layers.map((l) => l.id)).toEqual([
      BASEMAP_LAYERS.background,
      BASEMAP_LAYERS.land,
      BASEMAP_LAYERS.coast,
      BASEMAP_LAYERS.borders,
      BASEMAP_LAYERS.labels,
    ]);
    for (const layer of style.layers) {
      if ('source' in layer) expect(Object.keys(style.sources)).toContain(layer.source);
    }
  });

  it('refers to no network address at all', () => {
    const text = JSON.stringify(style);
    expect(text).not.toMatch(/https?:\/\//i);
    expect(text).not.toMatch(/\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
  });

  it('credits Natural Earth', () => {
    expect(JSON.stringify(style.sources)).toContain('Natural Earth');
  });
});

describe('topologyToBasemap', () => {
  it('converts land, inner borders only, and one label per country', () => {
    const data = topologyToBasemap(tinyTopology);
    expect(data.land.type).toBe('FeatureCollection');
    expect(data.land.features).toHaveLength(1);
    const border = data.borders.features[0]?.geometry;
    expect(border?.type).toBe('MultiLineString');
    // only the shared edge x = 1 is a border
    expect(border?.coordinates).toEqual([
      [
        [1, 0],
        [1, 1],
      ],
    ]);
    const labels = Object.fromEntries(data.labels.features.map((f) => [f.properties.name, f.geometry.coordinates]));
    expect(labels.West?.[0]).toBeCloseTo(0.5);
    expect(labels.West?.[1]).toBeCloseTo(0.5);
    expect(labels.East?.[0]).toBeCloseTo(1.5);
    expect(labels.East?.[1]).toBeCloseTo(0.5);
  });

  it('rejects what is not a countries topology', () => {
    expect(() => topologyToBasemap({ type: 'FeatureCollection' })).toThrow();
    expect(() => topologyToBasemap(null)).toThrow();
  });
});

describe('loadOfflineBasemap', () => {
  it('fetches the asset from the app and fills the three sources', async () => {
    const sources = new Map(
      Object.values(BASEMAP_SOURCES).map((id) => [id, { setData: vi.fn(() => Promise.resolve()) }]),
    );
    const map = { getSource: (id: string) => sources.get(id as (typeof BASEMAP_SOURCES)[keyof typeof BASEMAP_SOURCES]) };
    const fetchFn = vi.fn(async () => new Response(JSON.stringify(tinyTopology), { status: 200 }));
    await loadOfflineBasemap(map as never, { fetch: fetchFn as unknown as typeof fetch });
    const url = String((fetchFn.mock.calls[0] as unknown[] | undefined)?.[0]);
    expect(url).not.toMatch(/^https?:/);
    expect(url).toMatch(/countries-110m/);
    for (const source of sources.values()) expect(source.setData).toHaveBeenCalledTimes(1);
  });

  it('fails on an HTTP error', async () => {
    const fetchFn = vi.fn(async () => new Response('', { status: 404 }));
    await expect(loadOfflineBasemap({ getSource: () => undefined } as never, { fetch: fetchFn as unknown as typeof fetch })).rejects.toThrow(/404/);
  });
});
