import { describe, expect, it } from 'vitest';
import type { Event, Position, StopReportItem, TripReportItem } from '../../../contract/models';
import type { CombinedRow } from '../../shared/reports/kinds';
import {
  applySelection,
  featureCount,
  nearestRow,
  POINTS_LIMIT,
  reportMapBase,
  reportMapData,
  reportMapRequest,
  reportMapSelection,
} from './reportMapData';

function position(id: number, deviceId: number, longitude: number, latitude: number): Position {
  return {
    id, deviceId, longitude, latitude, attributes: {}, protocol: 'osmand', serverTime: null, deviceTime: null,
    fixTime: '2024-05-01T10:00:00Z', valid: true, altitude: 0, speed: 0, course: 0, address: null, accuracy: 0, network: null, geofenceIds: null,
  };
}

function trip(deviceId: number, start: [number, number], end: [number, number]): TripReportItem {
  return {
    deviceId, deviceName: 'd', distance: 1, averageSpeed: 1, maxSpeed: 1, spentFuel: 0, startOdometer: 0, endOdometer: 0,
    startTime: '2024-05-01T10:00:00Z', endTime: '2024-05-01T11:00:00Z', startPositionId: 1, endPositionId: 2,
    startLon: start[0], startLat: start[1], endLon: end[0], endLat: end[1], startAddress: null, endAddress: null, duration: 3600000,
    driverUniqueId: null, driverName: null,
  };
}

function stop(deviceId: number, longitude: number, latitude: number): StopReportItem {
  return {
    deviceId, deviceName: 'd', distance: 0, averageSpeed: 0, maxSpeed: 0, spentFuel: 0, startOdometer: 0, endOdometer: 0,
    startTime: '2024-05-01T10:00:00Z', endTime: '2024-05-01T11:00:00Z', positionId: 1, longitude, latitude, address: null, duration: 1, engineHours: 0,
  };
}

function event(id: number, deviceId: number, positionId: number): Event {
  return { id, deviceId, positionId, type: 'deviceOverspeed', eventTime: '2024-05-01T10:00:00Z', geofenceId: 0, maintenanceId: 0, attributes: {} };
}

const ids = (features: ReadonlyArray<{ id: number }>) => features.map((f) => f.id);
const selectedIndices = (features: ReadonlyArray<{ properties: { selected: boolean; index: number } }>) =>
  features.filter((f) => f.properties.selected).map((f) => f.properties.index);

describe('positions (route report)', () => {
  const rows = [
    position(1, 7, 46.60, 24.70),
    position(2, 7, 46.61, 24.71),
    position(3, 8, 46.50, 24.60),
    position(4, 7, 46.62, 24.72),
    position(5, 8, 46.51, 24.61),
  ];

  it('draws one line per device, in row order, and a point per position', () => {
    const data = reportMapData('positions', rows, null);
    expect(data.lines.features).toHaveLength(2);
    const [first, second] = data.lines.features;
    expect(first?.properties).toEqual({ index: 0, selected: false, deviceId: 7 });
    expect(first?.geometry.coordinates).toEqual([[46.60, 24.70], [46.61, 24.71], [46.62, 24.72]]);
    expect(second?.properties).toEqual({ index: 2, selected: false, deviceId: 8 });
    expect(second?.geometry.coordinates).toEqual([[46.50, 24.60], [46.51, 24.61]]);
    expect(data.points.features.map((f) => f.properties.index)).toEqual([0, 1, 2, 3, 4]);
    expect(data.points.features.every((f) => f.properties.kind === 'position' && !f.properties.selected)).toBe(true);
    expect(data.bounds).toEqual([46.50, 24.60, 46.62, 24.72]);
    expect(data.focus).toBeNull();
  });

  it('highlights the selected position and its device line, and focuses it', () => {
    const data = reportMapData('positions', rows, 3);
    expect(selectedIndices(data.points.features)).toEqual([3]);
    expect(data.lines.features.filter((f) => f.properties.selected).map((f) => f.properties.deviceId)).toEqual([7]);
    expect(data.points.features).toHaveLength(5);
    expect(data.focus).toEqual([46.62, 24.72, 46.62, 24.72]);
  });

  it(`draws points only up to ${POINTS_LIMIT} positions; above, the selected one only`, () => {
    const many = Array.from({ length: POINTS_LIMIT + 1 }, (_, i) => position(i + 1, i % 2 === 0 ? 1 : 2, 46 + i * 1e-5, 24 + i * 1e-5));
    const atLimit = many.slice(0, POINTS_LIMIT);
    expect(reportMapData('positions', atLimit, null).points.features).toHaveLength(POINTS_LIMIT);

    const none = reportMapData('positions', many, null);
    expect(none.points.features).toHaveLength(0);
    expect(none.lines.features.map((f) => f.geometry.coordinates.length)).toEqual([1001, 1000]);

    const one = reportMapData('positions', many, 1500);
    expect(one.points.features).toHaveLength(1);
    expect(one.points.features[0]?.properties).toEqual({ index: 1500, selected: true, kind: 'position' });
    expect(one.points.features[0]?.id).toBe(1500);
    expect(one.lines.features.filter((f) => f.properties.selected).map((f) => f.properties.deviceId)).toEqual([1]);
  });

  it('skips positions outside the globe and shows a lone position of a device as a point', () => {
    const bad = [position(1, 1, 200, 10), position(2, 1, Number.NaN, 10), position(3, 2, 46, 24)];
    const data = reportMapData('positions', bad, null);
    expect(data.lines.features).toHaveLength(0);
    expect(ids(data.points.features)).toEqual([2]);
  });

  it('builds 100,000 positions in one pass', () => {
    const big = Array.from({ length: 100_000 }, (_, i) => position(i, i % 3, 46 + (i % 1000) * 1e-4, 24 + Math.floor(i / 1000) * 1e-4));
    const started = performance.now();
    const base = reportMapBase('positions', big);
    const selection = reportMapSelection(base, 99_999);
    const elapsed = performance.now() - started;
    expect(base.lines).toHaveLength(3);
    expect(base.points).toHaveLength(0);
    expect(selection.points).toHaveLength(1);
    expect(featureCount(base, selection)).toBe(4);
    // a loose bound (shared machines): catches per-row work that grows with the rows, not milliseconds
    expect(elapsed).toBeLessThan(3000);
  });

  it('finds the nearest position of a device for a click on its line', () => {
    expect(nearestRow(rows, 7, 46.612, 24.712)).toBe(1);
    expect(nearestRow(rows, 8, 46.0, 24.0)).toBe(2);
    expect(nearestRow(rows, 99, 46.0, 24.0)).toBeNull();
  });
});

describe('trips', () => {
  const rows = [trip(1, [46.1, 24.1], [46.2, 24.2]), trip(2, [46.3, 24.3], [46.4, 24.4])];

  it('draws a start and an end marker per trip, with the row index', () => {
    const data = reportMapData('trips', rows, null);
    expect(data.lines.features).toHaveLength(0);
    expect(data.points.features.map((f) => [f.id, f.properties.index, f.properties.kind])).toEqual([
      [0, 0, 'start'],
      [1, 0, 'end'],
      [2, 1, 'start'],
      [3, 1, 'end'],
    ]);
    expect(data.points.features[0]?.geometry.coordinates).toEqual([46.1, 24.1]);
    expect(data.bounds).toEqual([46.1, 24.1, 46.4, 24.4]);
  });

  it('asks for the selected trip path and draws it once fetched', () => {
    expect(reportMapRequest('trips', rows, 1)).toEqual({ type: 'path', deviceId: 2, from: '2024-05-01T10:00:00Z', to: '2024-05-01T11:00:00Z' });
    expect(reportMapRequest('trips', rows, null)).toBeNull();

    const waiting = reportMapData('trips', rows, 1);
    expect(waiting.lines.features).toHaveLength(0);
    expect(selectedIndices(waiting.points.features)).toEqual([1, 1]);
    expect(waiting.focus).toEqual([46.3, 24.3, 46.4, 24.4]);

    const path = [position(10, 2, 46.3, 24.3), position(11, 2, 46.5, 24.35), position(12, 2, 46.4, 24.4)];
    const drawn = reportMapData('trips', rows, 1, { path });
    expect(drawn.lines.features).toHaveLength(1);
    expect(drawn.lines.features[0]?.properties).toEqual({ index: 1, selected: true, deviceId: 2 });
    expect(drawn.lines.features[0]?.geometry.coordinates).toEqual([[46.3, 24.3], [46.5, 24.35], [46.4, 24.4]]);
    expect(drawn.focus).toEqual([46.3, 24.3, 46.5, 24.4]);
  });
});

describe('stops', () => {
  it('draws a marker per stop and highlights the selected one', () => {
    const rows = [stop(1, 46.1, 24.1), stop(1, 46.2, 24.2), stop(2, 999, 24.3)];
    const data = reportMapData('stops', rows, 1);
    expect(data.points.features.map((f) => [f.properties.index, f.properties.kind])).toEqual([[0, 'stop'], [1, 'stop']]);
    expect(selectedIndices(data.points.features)).toEqual([1]);
    expect(data.focus).toEqual([46.2, 24.2, 46.2, 24.2]);
    expect(reportMapData('stops', rows, 2).focus).toBeNull();
  });
});

describe('events', () => {
  const rows = [event(1, 1, 100), event(2, 1, 0), event(3, 2, 300)];

  it('draws nothing until the selected event position is fetched', () => {
    expect(featureCount(reportMapBase('events', rows), reportMapSelection(reportMapBase('events', rows), null))).toBe(0);
    expect(reportMapRequest('events', rows, 0)).toEqual({ type: 'position', id: 100 });
    expect(reportMapRequest('events', rows, 1)).toBeNull();
    expect(reportMapData('events', rows, 2).points.features).toHaveLength(0);
  });

  it('shows the selected event at its position, never another event position', () => {
    const data = reportMapData('events', rows, 2, { position: position(300, 2, 46.3, 24.3) });
    expect(data.points.features).toHaveLength(1);
    expect(data.points.features[0]?.properties).toEqual({ index: 2, selected: true, kind: 'event' });
    expect(data.focus).toEqual([46.3, 24.3, 46.3, 24.3]);
    expect(reportMapData('events', rows, 2, { position: position(100, 1, 46.1, 24.1) }).points.features).toHaveLength(0);
  });
});

describe('combined', () => {
  const routeA: Array<[number, number]> = [[46.1, 24.1], [46.2, 24.2], [46.3, 24.3]];
  const routeB: Array<[number, number]> = [[46.5, 24.5], [46.6, 24.6]];
  const row = (id: number, deviceId: number, route: Array<[number, number]>, at: Position | null): CombinedRow => ({ ...event(id, deviceId, at?.id ?? 0), route, position: at });
  const rows = [
    row(1, 1, routeA, position(11, 1, 46.1, 24.1)),
    row(2, 2, routeB, position(21, 2, 46.5, 24.5)),
    row(3, 1, routeA, position(12, 1, 46.3, 24.3)),
    row(4, 2, routeB, null),
  ];

  it("draws each device's route once, and its events' positions", () => {
    const data = reportMapData('combined', rows, null);
    expect(data.lines.features.map((f) => [f.properties.deviceId, f.properties.index])).toEqual([[1, 0], [2, 1]]);
    expect(data.lines.features[0]?.geometry.coordinates).toEqual(routeA);
    expect(data.points.features.map((f) => [f.properties.index, f.properties.kind])).toEqual([[0, 'event'], [1, 'event'], [2, 'event']]);
    expect(data.bounds).toEqual([46.1, 24.1, 46.6, 24.6]);
  });

  it('highlights the selected event and its device route; an event without a position focuses the route', () => {
    const data = reportMapData('combined', rows, 2);
    expect(selectedIndices(data.points.features)).toEqual([2]);
    expect(data.lines.features.filter((f) => f.properties.selected).map((f) => f.properties.deviceId)).toEqual([1]);
    expect(data.focus).toEqual([46.3, 24.3, 46.3, 24.3]);

    const noPosition = reportMapData('combined', rows, 3);
    expect(selectedIndices(noPosition.points.features)).toEqual([]);
    expect(noPosition.focus).toEqual([46.5, 24.5, 46.6, 24.6]);
  });
});

describe('selection on a base', () => {
  it('changes only flags and extras: the base features are not copied unless selected', () => {
    const rows = [stop(1, 46.1, 24.1), stop(1, 46.2, 24.2)];
    const base = reportMapBase('stops', rows);
    const data = applySelection(base, reportMapSelection(base, 0));
    expect(data.points.features[1]).toBe(base.points[1]);
    expect(data.points.features[0]).not.toBe(base.points[0]);
    expect(base.points[0]?.properties.selected).toBe(false);
  });

  it('ignores a selection outside the rows', () => {
    const base = reportMapBase('stops', [stop(1, 46.1, 24.1)]);
    expect(reportMapSelection(base, 5)).toMatchObject({ selected: null, pointIds: [], focus: null });
    expect(reportMapSelection(base, -1).selected).toBeNull();
  });

  it('feature ids are unique in each collection', () => {
    const rows = [trip(1, [46.1, 24.1], [46.2, 24.2]), trip(1, [46.3, 24.3], [46.4, 24.4])];
    const data = reportMapData('trips', rows, 0, { path: [position(1, 1, 46.1, 24.1), position(2, 1, 46.2, 24.2)] });
    expect(new Set(ids(data.points.features)).size).toBe(data.points.features.length);
    expect(new Set(ids(data.lines.features)).size).toBe(data.lines.features.length);
  });
});
