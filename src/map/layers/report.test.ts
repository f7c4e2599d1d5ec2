// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { Map as MaplibreMap } from 'maplibre-gl';
import { createFakeMap } from '../../../tests/helpers/testFakeMap';
import {
  createReportLayer,
  mergeSelection,
  REPORT_LAYERS,
  REPORT_SOURCES,
  selectionDiff,
  type ReportBounds,
  type ReportLayerBase,
  type ReportLayerLine,
  type ReportLayerPoint,
  type ReportLayerSelection,
} from './report';

const pt = (id: number, index: number, lon: number, lat: number, selected = false): ReportLayerPoint => ({
  type: 'Feature', id, geometry: { type: 'Point', coordinates: [lon, lat] }, properties: { index, selected },
});
const ln = (id: number, index: number, coordinates: number[][], selected = false): ReportLayerLine => ({
  type: 'Feature', id, geometry: { type: 'LineString', coordinates }, properties: { index, selected },
});

const base: ReportLayerBase = {
  lines: [ln(0, 0, [[46.1, 24.1], [46.2, 24.2]])],
  points: [pt(0, 0, 46.1, 24.1), pt(1, 1, 46.2, 24.2)],
  bounds: [46.1, 24.1, 46.2, 24.2],
};
const none: ReportLayerSelection = { selected: null, lineIds: [], pointIds: [], lines: [], points: [], focus: null };
const at = (index: number): ReportBounds => (index === 0 ? [46.1, 24.1, 46.1, 24.1] : [46.2, 24.2, 46.2, 24.2]);
const select = (index: number, extra: Partial<ReportLayerSelection> = {}): ReportLayerSelection => ({
  selected: index, lineIds: [0], pointIds: [index], lines: [], points: [], focus: at(index), ...extra,
});

function setup(options: { reduced?: boolean; hits?: Array<{ layer: { id: string }; properties: Record<string, unknown> }>; inView?: boolean } = {}) {
  const fake = createFakeMap();
  const camera = {
    jumpTo: vi.fn(),
    flyTo: vi.fn(),
    getZoom: vi.fn(() => 12),
    getBounds: vi.fn(() => ({ contains: () => options.inView ?? false })),
    queryRenderedFeatures: vi.fn(() => options.hits ?? []),
  };
  const map = Object.assign(fake.map, camera) as unknown as MaplibreMap;
  const onClick = vi.fn();
  const layer = createReportLayer({ onClick, reducedMotion: () => options.reduced ?? false });
  return { fake, map, camera, onClick, layer };
}

describe('mergeSelection and selectionDiff', () => {
  it('flags the selected base features and appends the selection own ones', () => {
    const extra = pt(9, 1, 46.3, 24.3, true);
    const merged = mergeSelection(base, { ...select(1), points: [extra] });
    expect(merged.points.map((f) => [f.id, f.properties.selected])).toEqual([[0, false], [1, true], [9, true]]);
    expect(merged.points[0]).toBe(base.points[0]);
    expect(merged.lines[0]?.properties.selected).toBe(true);
  });

  it('updates only the flags that change, removes the old extras and adds the new ones', () => {
    const from = { ...select(0), points: [pt(7, 0, 1, 1, true)] };
    const to = { ...select(1), points: [pt(8, 1, 2, 2, true)] };
    expect(selectionDiff(from, to, 'points')).toEqual({
      remove: [7],
      add: [to.points[0]],
      update: [
        { id: 0, addOrUpdateProperties: [{ key: 'selected', value: false }] },
        { id: 1, addOrUpdateProperties: [{ key: 'selected', value: true }] },
      ],
    });
    // the same line stays selected: nothing to send
    expect(selectionDiff(from, to, 'lines')).toBeNull();
    // a feature added again with its id is replaced, not removed
    const path = ln(0, 1, [[1, 1], [2, 2]], true);
    expect(selectionDiff({ ...none, lines: [ln(0, 0, [[0, 0], [1, 1]], true)] }, { ...none, lines: [path] }, 'lines')).toEqual({ add: [path] });
  });
});

describe('the report layer', () => {
  it('adds its sources and layers, the selected ones on top, and removes them on detach', () => {
    const { fake, map, layer } = setup();
    const detach = layer.extension(map);
    expect([...fake.sources.keys()]).toEqual([REPORT_SOURCES.lines, REPORT_SOURCES.points]);
    expect(fake.layers).toEqual([
      REPORT_LAYERS.lines,
      REPORT_LAYERS.selectedCasing,
      REPORT_LAYERS.selectedLines,
      REPORT_LAYERS.points,
      REPORT_LAYERS.selectedPoints,
    ]);
    detach();
    expect(fake.layers).toEqual([]);
    expect(fake.sources.size).toBe(0);
  });

  it('sends a new base with setData and a new selection as an updateData diff, and writes the test hooks', () => {
    const { fake, map, layer } = setup();
    layer.extension(map);
    layer.show(base, none);
    const points = fake.source(REPORT_SOURCES.points);
    const lines = fake.source(REPORT_SOURCES.lines);
    expect(points.lastData()?.features).toHaveLength(2);
    expect(lines.lastData()?.features).toHaveLength(1);
    const container = map.getContainer();
    expect(container.dataset.reportFeatures).toBe('3');
    expect(container.dataset.selected).toBe('');

    layer.show(base, select(1, { points: [pt(5, 1, 46.2, 24.2, true)] }));
    expect(points.setData).toHaveBeenCalledTimes(1);
    expect(points.updateData).toHaveBeenCalledTimes(1);
    expect(lines.updateData).toHaveBeenCalledTimes(1);
    expect(container.dataset.reportFeatures).toBe('4');
    expect(container.dataset.selected).toBe('1');

    const next: ReportLayerBase = { ...base, points: [pt(0, 0, 1, 1)] };
    layer.show(next, none);
    expect(points.setData).toHaveBeenCalledTimes(2);
    expect(container.dataset.reportFeatures).toBe('2');
  });

  it('keeps what it was shown before the style loaded and draws it on attach; a style switch draws it again', () => {
    const { fake, map, layer } = setup();
    layer.show(base, select(0));
    const detach = layer.extension(map);
    expect(fake.source(REPORT_SOURCES.points).lastData()?.features.map((f) => f.properties?.selected)).toEqual([true, false]);
    detach();
    expect(map.getContainer().dataset.reportFeatures).toBeUndefined();
    layer.extension(map);
    expect(fake.source(REPORT_SOURCES.points).setData).toHaveBeenCalledTimes(1);
  });

  it('fits the data when the rows change (a jump), flies to a new selection, and jumps under reduced motion', () => {
    const { fake, map, camera, layer } = setup();
    layer.extension(map);
    layer.show(base, none);
    expect(fake.fitBounds).toHaveBeenCalledWith(base.bounds, expect.objectContaining({ animate: false }));
    layer.show(base, select(1));
    expect(camera.flyTo).toHaveBeenCalledWith({ center: [46.2, 24.2], zoom: 15 });
    const area: ReportBounds = [46, 24, 47, 25];
    layer.show(base, select(0, { focus: area }));
    expect(fake.fitBounds).toHaveBeenLastCalledWith(area, expect.objectContaining({ animate: true, linear: false }));

    const reduced = setup({ reduced: true });
    reduced.layer.extension(reduced.map);
    reduced.layer.show(base, none);
    reduced.layer.show(base, select(1));
    expect(reduced.camera.flyTo).not.toHaveBeenCalled();
    expect(reduced.camera.jumpTo).toHaveBeenCalledWith({ center: [46.2, 24.2], zoom: 15 });
  });

  it('moves again for the same row only when its later focus is out of view', () => {
    const { fake, map, layer } = setup({ inView: true });
    layer.extension(map);
    layer.show(base, none);
    layer.show(base, select(0, { focus: null }));
    const calls = fake.fitBounds.mock.calls.length;
    layer.show(base, select(0, { focus: [46, 24, 46.5, 24.5] }));
    expect(fake.fitBounds).toHaveBeenCalledTimes(calls);

    const out = setup({ inView: false });
    out.layer.extension(out.map);
    out.layer.show(base, none);
    out.layer.show(base, select(0, { focus: null }));
    out.layer.show(base, select(0, { focus: [46, 24, 46.5, 24.5] }));
    expect(out.fake.fitBounds).toHaveBeenLastCalledWith([46, 24, 46.5, 24.5], expect.objectContaining({ animate: true }));
  });

  it('reports a click on a feature with its row (circles before lines) and shows a pointer over them', () => {
    const hits = [
      { layer: { id: REPORT_LAYERS.lines }, properties: { index: 4, selected: false, deviceId: 3 } },
      { layer: { id: REPORT_LAYERS.points }, properties: { index: 7, selected: false } },
    ];
    const { fake, map, onClick, layer } = setup({ hits });
    layer.extension(map);
    const event = { point: { x: 10, y: 10 }, lngLat: { lng: 46.1, lat: 24.1 } };
    fake.fire('click', event);
    expect(onClick).toHaveBeenCalledWith({ layer: 'point', index: 7, properties: { index: 7, selected: false }, lngLat: [46.1, 24.1] });
    fake.fire('mousemove', event);
    expect(map.getCanvas().style.cursor).toBe('pointer');

    const lineOnly = setup({ hits: [hits[0]!] });
    lineOnly.layer.extension(lineOnly.map);
    lineOnly.fake.fire('click', event);
    expect(lineOnly.onClick).toHaveBeenCalledWith(expect.objectContaining({ layer: 'line', index: 4, properties: expect.objectContaining({ deviceId: 3 }) }));

    const empty = setup({ hits: [] });
    empty.layer.extension(empty.map);
    empty.fake.fire('click', event);
    expect(empty.onClick).not.toHaveBeenCalled();
  });
});
