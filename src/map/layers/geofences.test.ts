// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { LineString, Polygon } from 'geojson';
import type { Geofence } from '../../../contract/models';
import { createGeofenceFeed } from '../geofenceFeed';
import { MAP_FONTS } from '../offlineStyle';
import { createFakeMap } from '../../../tests/helpers/testFakeMap';
import {
  attachGeofencesLayer,
  GEOFENCE_FILL_OPACITY,
  GEOFENCES_LAYERS,
  GEOFENCES_SOURCE,
  geofenceCollection,
  geofenceFeature,
  geofenceLabel,
  lineMiddle,
  pointInside,
  type GeofencesLayerMap,
} from './geofences';

function geofence(id: number, area: string, attributes: Geofence['attributes'] = {}): Geofence {
  return { id, name: `Zone ${id}`, description: null, area, calendarId: 0, attributes };
}

const CIRCLE = 'CIRCLE (24.7136 46.6753, 500)';
const POLYGON = 'POLYGON ((24.70 46.60, 24.70 46.70, 24.80 46.70))';
const LINE = 'LINESTRING (24.70 46.60, 24.75 46.65, 24.80 46.70)';

describe('geofence features', () => {
  it('builds each shape kind, longitude first, polygons closed and circles as 32-step rings', () => {
    const circle = geofenceFeature(geofence(1, CIRCLE));
    expect(circle?.properties.kind).toBe('circle');
    expect(circle?.geometry.type).toBe('Polygon');
    const ring = (circle?.geometry as Polygon).coordinates[0] ?? [];
    expect(ring).toHaveLength(33);
    const [lon = 0, lat = 0] = ring[0] ?? [];
    expect(Math.abs(lon - 46.6753)).toBeLessThan(0.01);
    expect(Math.abs(lat - 24.7136) * 111_000).toBeGreaterThan(490);
    expect(Math.abs(lat - 24.7136) * 111_000).toBeLessThan(510);

    const polygon = geofenceFeature(geofence(2, POLYGON));
    expect(polygon).toMatchObject({ id: 2, geometry: { type: 'Polygon' }, properties: { kind: 'polygon', name: 'Zone 2' } });
    const outer = (polygon?.geometry as Polygon).coordinates[0] ?? [];
    expect(outer[0]).toEqual([46.6, 24.7]);
    expect(outer.at(-1)).toEqual(outer[0]);

    const line = geofenceFeature(geofence(3, LINE));
    expect(line).toMatchObject({ id: 3, geometry: { type: 'LineString' }, properties: { kind: 'linestring' } });
    expect((line?.geometry as LineString).coordinates).toEqual([
      [46.6, 24.7],
      [46.65, 24.75],
      [46.7, 24.8],
    ]);
  });

  it('carries the colour, line width and opacity attributes, with defaults', () => {
    const styled = geofenceFeature(geofence(1, CIRCLE, { color: '#ff0000', mapLineWidth: 5, mapLineOpacity: 0.5 }));
    expect(styled?.properties).toMatchObject({ color: '#ff0000', width: 5, opacity: 0.5 });
    const plain = geofenceFeature(geofence(2, CIRCLE));
    expect(plain?.properties).toMatchObject({ width: 2, opacity: 1 });
    expect(typeof plain?.properties.color).toBe('string');
    expect(plain?.properties.color).not.toBe('');
  });

  it('skips a bad area, never throws', () => {
    const list = [geofence(1, 'POLYGON ((nonsense))'), geofence(2, CIRCLE), geofence(3, 'CIRCLE (24 46, -5)'), geofence(4, ''), geofence(5, LINE)];
    expect(() => geofenceCollection(list)).not.toThrow();
    // two shapes with the geofences' ids, two names without one (an id is the one feature's in a source)
    expect(geofenceCollection(list).features.map((f) => f.id)).toEqual([2, 5, undefined, undefined]);
    expect(geofenceFeature({ ...geofence(6, CIRCLE), area: null as unknown as string })).toBeNull();
  });

  it('draws a 100,000-vertex polygon with far fewer points, each on the stored ring', () => {
    const points = Array.from({ length: 100_000 }, (_, k) => {
      const a = (2 * Math.PI * k) / 100_000;
      return `${(24.7 + 0.1 * Math.sin(a)).toFixed(6)} ${(46.7 + 0.1 * Math.cos(a)).toFixed(6)}`;
    });
    const area = `POLYGON ((${points.join(', ')}))`;
    const feature = geofenceFeature(geofence(1, area));
    const ring = (feature?.geometry as Polygon).coordinates[0]!;
    expect(ring.length).toBeGreaterThan(50);
    expect(ring.length).toBeLessThan(2_000);
    expect(ring[0]).toEqual(ring.at(-1));
    // every point kept is a point of the stored ring (on its circle, to the 6 decimals written)
    for (const [lon, lat] of ring) expect(Math.abs(Math.hypot(lat! - 24.7, lon! - 46.7) - 0.1)).toBeLessThan(2e-6);
    // a short ring is drawn as it is
    const small = geofenceFeature(geofence(2, POLYGON));
    expect((small?.geometry as Polygon).coordinates[0]).toHaveLength(4);
  });
});

function setup(list: Geofence[] = [geofence(1, CIRCLE), geofence(2, POLYGON), geofence(3, LINE)]) {
  const fake = createFakeMap();
  const feed = createGeofenceFeed(list);
  const counts: number[] = [];
  return { fake, feed, counts, map: fake.map as unknown as GeofencesLayerMap };
}

describe('geofences layer', () => {
  it('adds one source and its layers below the given layer, with data-driven style and label placement', () => {
    const { fake, feed, counts, map } = setup();
    fake.map.addLayer({ id: 'devices-clusters' });
    attachGeofencesLayer(map, feed, { beforeId: 'devices-clusters', onFeatureCount: (n) => counts.push(n) });
    expect(fake.layers).toEqual([GEOFENCES_LAYERS.fill, GEOFENCES_LAYERS.line, GEOFENCES_LAYERS.label, 'devices-clusters']);
    // the three shapes, then the three names' points
    const data = fake.source(GEOFENCES_SOURCE).lastData();
    expect(data?.features.map((f) => [f.id, f.geometry.type])).toEqual([
      [1, 'Polygon'],
      [2, 'Polygon'],
      [3, 'LineString'],
      [undefined, 'Point'],
      [undefined, 'Point'],
      [undefined, 'Point'],
    ]);
    expect(counts).toEqual([3]);

    const fill = fake.layerSpecs.get(GEOFENCES_LAYERS.fill) as { paint: Record<string, unknown>; filter: unknown };
    expect(fill.paint['fill-opacity']).toBe(GEOFENCE_FILL_OPACITY);
    expect(JSON.stringify(fill.filter)).toContain('circle');
    const line = fake.layerSpecs.get(GEOFENCES_LAYERS.line) as { paint: Record<string, unknown>; filter?: unknown };
    expect(line.filter).toEqual(['!=', ['geometry-type'], 'Point']); // every shape has its outline, the names' points none
    expect(line.paint['line-width']).toEqual(['get', 'width']);
    expect(line.paint['line-opacity']).toEqual(['get', 'opacity']);
    expect(JSON.stringify(line.paint['line-color'])).toContain('"get","color"');

    // one symbol layer, over the points only: the shapes themselves carry no label
    expect(JSON.stringify(fill.filter)).toContain('"!=",["geometry-type"],"Point"');
    expect(JSON.stringify(line.filter)).toContain('"!=",["geometry-type"],"Point"');
    const symbols = [...fake.layerSpecs.values()].filter((spec) => spec.type === 'symbol');
    expect(symbols.map((spec) => spec.id)).toEqual([GEOFENCES_LAYERS.label]);
    const label = fake.layerSpecs.get(GEOFENCES_LAYERS.label) as { layout: Record<string, unknown>; filter: unknown };
    expect(label.filter).toEqual(['==', ['geometry-type'], 'Point']);
    expect(label.layout['symbol-placement']).toBe('point');
    expect(label.layout['text-field']).toEqual(['get', 'name']);
    expect(label.layout['text-font']).toEqual(MAP_FONTS);
    expect(label.layout['text-rotate']).toEqual(['get', 'rotate']);
  });

  it('re-sets the data once per feed change, and nothing for the same list', () => {
    const { fake, feed, counts, map } = setup();
    attachGeofencesLayer(map, feed, { onFeatureCount: (n) => counts.push(n) });
    const source = fake.source(GEOFENCES_SOURCE);
    expect(source.setData).toHaveBeenCalledTimes(1);
    const next = [geofence(4, CIRCLE), geofence(5, 'bad')];
    feed.set(next);
    expect(source.setData).toHaveBeenCalledTimes(2);
    expect(source.lastData()?.features.map((f) => f.id)).toEqual([4, undefined]);
    feed.set(next);
    expect(source.setData).toHaveBeenCalledTimes(2);
    expect(source.updateData).not.toHaveBeenCalled();
    expect(counts).toEqual([3, 1]);
  });

  it('hides the editor\'s geofence with a filter, never sending the list again', () => {
    const { fake, feed, map } = setup();
    attachGeofencesLayer(map, feed);
    const source = fake.source(GEOFENCES_SOURCE);
    feed.hide(2);
    expect(source.setData).toHaveBeenCalledTimes(1);
    const shape = ['!=', ['geometry-type'], 'Point'];
    const name = ['==', ['geometry-type'], 'Point'];
    expect(fake.map.filters.get(GEOFENCES_LAYERS.line)).toEqual(['all', shape, ['!=', ['id'], 2]]);
    expect(fake.map.filters.get(GEOFENCES_LAYERS.fill)).toEqual(['all', ['all', shape, ['in', ['get', 'kind'], ['literal', ['polygon', 'circle']]]], ['!=', ['id'], 2]]);
    expect(fake.map.filters.get(GEOFENCES_LAYERS.label)).toEqual(['all', name, ['!=', ['id'], 2]]);
    feed.hide(null);
    expect(fake.map.filters.get(GEOFENCES_LAYERS.line)).toEqual(shape);
    expect(fake.map.filters.get(GEOFENCES_LAYERS.label)).toEqual(name);
    expect(source.setData).toHaveBeenCalledTimes(1);
  });

  it('draws 1,000 geofences with one setData', () => {
    const list = Array.from({ length: 1_000 }, (_, k) => geofence(k + 1, [CIRCLE, POLYGON, LINE][k % 3]!));
    const { fake, feed, map } = setup(list);
    attachGeofencesLayer(map, feed);
    expect(fake.source(GEOFENCES_SOURCE).setData).toHaveBeenCalledTimes(1);
    expect(fake.source(GEOFENCES_SOURCE).lastData()?.features).toHaveLength(2_000);
  });

  it('detaches cleanly and stops listening to the feed', () => {
    const { fake, feed, map } = setup();
    const onFeatureCount = vi.fn();
    const detach = attachGeofencesLayer(map, feed, { onFeatureCount });
    detach();
    expect(fake.layers).toEqual([]);
    expect(fake.sources.has(GEOFENCES_SOURCE)).toBe(false);
    feed.set([]);
    expect(onFeatureCount).toHaveBeenCalledTimes(1);
    expect(() => detach()).not.toThrow();
  });

  it('ignores a beforeId that is not on the map', () => {
    const { fake, feed, map } = setup();
    attachGeofencesLayer(map, feed, { beforeId: 'missing' });
    expect(fake.layers[0]).toBe(GEOFENCES_LAYERS.fill);
  });
});

describe('one label per geofence', () => {
  it('each geofence gets exactly one point for its name, with its name and no feature id (the shape has it)', () => {
    const data = geofenceCollection([geofence(1, CIRCLE), geofence(2, POLYGON), geofence(3, LINE), geofence(4, 'bad')]);
    const points = data.features.filter((f) => f.geometry.type === 'Point');
    expect(points.map((f) => [f.id, f.properties?.name])).toEqual([
      [undefined, 'Zone 1'],
      [undefined, 'Zone 2'],
      [undefined, 'Zone 3'],
    ]);
  });

  it("a circle's name is at its centre, upright", () => {
    const circle = geofenceFeature(geofence(1, CIRCLE))!;
    expect(geofenceLabel(circle, [46.6753, 24.7136])).toMatchObject({ geometry: { coordinates: [46.6753, 24.7136] }, properties: { rotate: 0 } });
    expect(geofenceCollection([geofence(1, CIRCLE)]).features[1]?.geometry).toEqual({ type: 'Point', coordinates: [46.6753, 24.7136] });
  });

  it("a polygon's name is inside it, also for a concave one whose centroid is outside", () => {
    // a U: its centroid lies in the gap between the arms
    const u = [
      [0, 0],
      [3, 0],
      [3, 3],
      [2, 3],
      [2, 1],
      [1, 1],
      [1, 3],
      [0, 3],
      [0, 0],
    ];
    const [x = 0, y = 0] = pointInside(u);
    expect(y).toBe(1.5);
    // in an arm (0..1 or 2..3), not in the gap (1..2)
    expect(x < 1 || x > 2).toBe(true);
    expect(x > 0 && x < 3).toBe(true);
    const square = pointInside([
      [10, 20],
      [12, 20],
      [12, 22],
      [10, 22],
      [10, 20],
    ]);
    expect(square).toEqual([11, 21]);
  });

  it("a line's name is at its middle, turned along the segment there and never upside down", () => {
    // eastward, then northward: half the length is the corner's far side
    const east = lineMiddle([
      [0, 0],
      [2, 0],
    ]);
    expect(east).toEqual({ at: [1, 0], rotate: 0 });
    // drawn west: the same line, the text still reads left to right
    expect(lineMiddle([
      [2, 0],
      [0, 0],
    ]).rotate).toBe(0);
    // north-east at the equator: 45° up on the screen, i.e. −45° clockwise
    expect(lineMiddle([
      [0, 0],
      [1, 1],
    ]).rotate).toBeCloseTo(-45, 0);
    // straight north: a quarter turn, the same whichever way it was drawn
    expect(Math.abs(lineMiddle([[0, 0], [0, 1]]).rotate)).toBe(90);
    expect(lineMiddle([[0, 0], [0, 1]]).rotate).toBe(lineMiddle([[0, 1], [0, 0]]).rotate);
    const bent = lineMiddle([
      [0, 0],
      [1, 0],
      [1, 3],
    ]);
    expect(bent.at[0]).toBeCloseTo(1, 6);
    expect(bent.at[1]).toBeCloseTo(1, 6);
  });
});

describe('geofence feed', () => {
  it('notifies on a new list only, and unsubscribes', () => {
    const feed = createGeofenceFeed();
    const listener = vi.fn();
    const unsubscribe = feed.subscribe(listener);
    const list = [geofence(1, CIRCLE)];
    feed.set(list);
    feed.set(list);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(feed.get()).toBe(list);
    unsubscribe();
    feed.set([]);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
