/**
 * What the map beside a report's table draws, as GeoJSON: pure, in one pass over the rows, no map.
 *
 * - `positions` (route): one line per device through its positions in the order given; a circle
 *   per position while there are at most `POINTS_LIMIT` rows (else only the selected one).
 * - `trips`: a start and an end circle per trip; the selected trip's path once fetched (`fetched.path`).
 * - `stops`: a circle per stop.
 * - `events`: only the selected event, once its position is fetched (`fetched.position`).
 * - `combined`: each device's route (`[lon, lat]` pairs) as a line, each event's position as a circle.
 *
 * Every feature has a numeric `id` (stable for the same rows, so a change of selection is an
 * `updateData` diff), `properties.index` (the row it selects) and `properties.selected`.
 * The work is split for the map: `reportMapBase` (the rows, once per run) and
 * `reportMapSelection` (small: the selection's flags and extra features); `reportMapData` puts the
 * two together.
 */
import type { Feature, FeatureCollection, LineString, Point } from 'geojson';
import type { Event, Position, StopReportItem, TripReportItem } from '../../../contract/models';
import { mergeSelection } from '../../map/layers/report';
import type { CombinedRow, MapKind } from '../../shared/reports/kinds';

/** Route reports with more rows than this draw only the line (and the selected position). */
export const POINTS_LIMIT = 2_000;

/** [west, south, east, north] in degrees. */
export type Bounds = [number, number, number, number];

export type ReportPointKind = 'position' | 'start' | 'end' | 'stop' | 'event';

export interface ReportLineProperties {
  index: number;
  selected: boolean;
  deviceId: number;
}

export interface ReportPointProperties {
  index: number;
  selected: boolean;
  kind: ReportPointKind;
}

export type ReportLine = Feature<LineString, ReportLineProperties> & { id: number };
export type ReportPoint = Feature<Point, ReportPointProperties> & { id: number };

export interface ReportMapCollections {
  lines: FeatureCollection<LineString, ReportLineProperties> & { features: ReportLine[] };
  points: FeatureCollection<Point, ReportPointProperties> & { features: ReportPoint[] };
}

/** What was fetched for the selected row. */
export interface ReportMapFetched {
  /** trips: the selected trip's positions (`GET /api/positions?deviceId&from&to`) */
  path?: readonly Position[] | null;
  /** events: the selected event's position (`GET /api/positions?id=`) */
  position?: Position | null;
}

/** The rows' features, nothing selected: built once per run of the report. */
export interface ReportMapBase {
  kind: MapKind;
  rows: readonly unknown[];
  lines: ReportLine[];
  points: ReportPoint[];
  /** all the data, or null when there is nothing to show (an events report before a selection) */
  bounds: Bounds | null;
  /** line feature id by device id (positions) or by the route's first row (combined) */
  lineByDevice: ReadonlyMap<number, number>;
  lineBounds: ReadonlyMap<number, Bounds>;
  /** the ids of the point features */
  pointIds: ReadonlySet<number>;
}

/** The selected row on top of a base: which base features are selected, and what it adds. */
export interface ReportMapSelection {
  selected: number | null;
  lineIds: number[];
  pointIds: number[];
  /** features only the selection draws (all selected) */
  lines: ReportLine[];
  points: ReportPoint[];
  /** where the camera goes for the selection, when known */
  focus: Bounds | null;
}

/** What to fetch for the selected row: a trip's path, an event's position, or nothing. */
export type ReportMapRequest =
  | { type: 'path'; deviceId: number; from: string; to: string }
  | { type: 'position'; id: number }
  | null;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function valid(lon: unknown, lat: unknown): boolean {
  return isNumber(lon) && isNumber(lat) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}

function asObject(row: unknown): Record<string, unknown> | null {
  return typeof row === 'object' && row !== null ? (row as Record<string, unknown>) : null;
}

/** A growing bounding box. */
class Extent {
  west = Infinity;
  south = Infinity;
  east = -Infinity;
  north = -Infinity;
  add(lon: number, lat: number): void {
    if (lon < this.west) this.west = lon;
    if (lon > this.east) this.east = lon;
    if (lat < this.south) this.south = lat;
    if (lat > this.north) this.north = lat;
  }
  addBounds(bounds: Bounds | null): void {
    if (!bounds) return;
    this.add(bounds[0], bounds[1]);
    this.add(bounds[2], bounds[3]);
  }
  bounds(): Bounds | null {
    return this.west <= this.east ? [this.west, this.south, this.east, this.north] : null;
  }
}

function point(id: number, index: number, kind: ReportPointKind, lon: number, lat: number, selected = false): ReportPoint {
  return { type: 'Feature', id, geometry: { type: 'Point', coordinates: [lon, lat] }, properties: { index, selected, kind } };
}

function line(id: number, index: number, deviceId: number, coordinates: number[][], selected = false): ReportLine {
  return { type: 'Feature', id, geometry: { type: 'LineString', coordinates }, properties: { index, selected, deviceId } };
}

function deviceOf(row: unknown): number {
  const value = asObject(row)?.deviceId;
  return isNumber(value) ? value : 0;
}

interface Building {
  lines: ReportLine[];
  points: ReportPoint[];
  extent: Extent;
  lineByDevice: Map<number, number>;
  lineBounds: Map<number, Bounds>;
}

function positionsBase(rows: readonly unknown[], b: Building): void {
  const allPoints = rows.length <= POINTS_LIMIT;
  const byDevice = new Map<number, { index: number; coordinates: number[][]; extent: Extent }>();
  for (let index = 0; index < rows.length; index++) {
    const p = asObject(rows[index]);
    if (!p || !valid(p.longitude, p.latitude)) continue;
    const lon = p.longitude as number;
    const lat = p.latitude as number;
    const deviceId = deviceOf(p);
    let track = byDevice.get(deviceId);
    if (!track) {
      track = { index, coordinates: [], extent: new Extent() };
      byDevice.set(deviceId, track);
    }
    track.coordinates.push([lon, lat]);
    track.extent.add(lon, lat);
    b.extent.add(lon, lat);
    if (allPoints) b.points.push(point(index, index, 'position', lon, lat));
  }
  for (const [deviceId, track] of byDevice) {
    const first = track.coordinates[0]!;
    if (track.coordinates.length < 2) {
      // one position is no line: a circle instead (already there while all points are drawn)
      if (!allPoints) b.points.push(point(track.index, track.index, 'position', first[0]!, first[1]!));
      continue;
    }
    const id = b.lines.length;
    b.lines.push(line(id, track.index, deviceId, track.coordinates));
    b.lineByDevice.set(deviceId, id);
    b.lineBounds.set(id, track.extent.bounds()!);
  }
}

function tripsBase(rows: readonly unknown[], b: Building): void {
  for (let index = 0; index < rows.length; index++) {
    const trip = asObject(rows[index]) as Partial<TripReportItem> | null;
    if (!trip) continue;
    if (valid(trip.startLon, trip.startLat)) {
      b.points.push(point(2 * index, index, 'start', trip.startLon!, trip.startLat!));
      b.extent.add(trip.startLon!, trip.startLat!);
    }
    if (valid(trip.endLon, trip.endLat)) {
      b.points.push(point(2 * index + 1, index, 'end', trip.endLon!, trip.endLat!));
      b.extent.add(trip.endLon!, trip.endLat!);
    }
  }
}

function stopsBase(rows: readonly unknown[], b: Building): void {
  for (let index = 0; index < rows.length; index++) {
    const stop = asObject(rows[index]) as Partial<StopReportItem> | null;
    if (!stop || !valid(stop.longitude, stop.latitude)) continue;
    b.points.push(point(index, index, 'stop', stop.longitude!, stop.latitude!));
    b.extent.add(stop.longitude!, stop.latitude!);
  }
}

function combinedBase(rows: readonly unknown[], b: Building): void {
  // the rows of one device share its route (the same array); a line per route, its first row's index
  const seen = new Set<unknown>();
  for (let index = 0; index < rows.length; index++) {
    const row = asObject(rows[index]) as Partial<CombinedRow> | null;
    if (!row) continue;
    const route = row.route;
    if (Array.isArray(route) && !seen.has(route)) {
      const deviceId = deviceOf(row);
      seen.add(route);
      if (!b.lineByDevice.has(deviceId)) {
        const coordinates: number[][] = [];
        const extent = new Extent();
        for (const pair of route) {
          if (!Array.isArray(pair) || !valid(pair[0], pair[1])) continue;
          coordinates.push([pair[0], pair[1]]);
          extent.add(pair[0], pair[1]);
        }
        if (coordinates.length >= 2) {
          const id = b.lines.length;
          b.lines.push(line(id, index, deviceId, coordinates));
          b.lineByDevice.set(deviceId, id);
          b.lineBounds.set(id, extent.bounds()!);
          b.extent.addBounds(extent.bounds());
        }
      }
    }
    const position = asObject(row.position);
    if (position && valid(position.longitude, position.latitude)) {
      b.points.push(point(index, index, 'event', position.longitude as number, position.latitude as number));
      b.extent.add(position.longitude as number, position.latitude as number);
    }
  }
}

/** The rows' features with nothing selected, and their bounds. */
export function reportMapBase(kind: MapKind, rows: readonly unknown[]): ReportMapBase {
  const b: Building = { lines: [], points: [], extent: new Extent(), lineByDevice: new Map(), lineBounds: new Map() };
  if (kind === 'positions') positionsBase(rows, b);
  else if (kind === 'trips') tripsBase(rows, b);
  else if (kind === 'stops') stopsBase(rows, b);
  else if (kind === 'combined') combinedBase(rows, b);
  // events: nothing until one is selected and its position fetched
  return {
    kind,
    rows,
    lines: b.lines,
    points: b.points,
    bounds: b.extent.bounds(),
    lineByDevice: b.lineByDevice,
    lineBounds: b.lineBounds,
    pointIds: new Set(b.points.map((p) => p.id)),
  };
}

/** What the map needs fetched for the selected row (a trip's path, an event's position). */
export function reportMapRequest(kind: MapKind, rows: readonly unknown[], selected: number | null): ReportMapRequest {
  if (selected === null) return null;
  const row = asObject(rows[selected]);
  if (!row) return null;
  if (kind === 'trips') {
    const { deviceId, startTime, endTime } = row as Partial<TripReportItem>;
    if (!isNumber(deviceId) || typeof startTime !== 'string' || typeof endTime !== 'string') return null;
    return { type: 'path', deviceId, from: startTime, to: endTime };
  }
  if (kind === 'events') {
    const { positionId } = row as Partial<Event>;
    return isNumber(positionId) && positionId > 0 ? { type: 'position', id: positionId } : null;
  }
  return null;
}

const NO_SELECTION: ReportMapSelection = { selected: null, lineIds: [], pointIds: [], lines: [], points: [], focus: null };

/** The selection on a base: flags of its features, the features it adds, where to look. */
export function reportMapSelection(base: ReportMapBase, selected: number | null, fetched: ReportMapFetched = {}): ReportMapSelection {
  if (selected === null || selected < 0 || selected >= base.rows.length) return NO_SELECTION;
  const row = asObject(base.rows[selected]);
  if (!row) return { ...NO_SELECTION, selected };
  const s: ReportMapSelection = { selected, lineIds: [], pointIds: [], lines: [], points: [], focus: null };
  const focus = new Extent();
  const selectLineOf = (deviceId: number): number | undefined => {
    const id = base.lineByDevice.get(deviceId);
    if (id !== undefined) s.lineIds.push(id);
    return id;
  };

  switch (base.kind) {
    case 'positions': {
      selectLineOf(deviceOf(row));
      if (valid(row.longitude, row.latitude)) {
        const lon = row.longitude as number;
        const lat = row.latitude as number;
        if (base.pointIds.has(selected)) s.pointIds.push(selected);
        else s.points.push(point(selected, selected, 'position', lon, lat, true));
        focus.add(lon, lat);
      }
      break;
    }
    case 'trips': {
      for (const id of [2 * selected, 2 * selected + 1]) {
        if (!base.pointIds.has(id)) continue;
        s.pointIds.push(id);
      }
      const trip = row as Partial<TripReportItem>;
      if (valid(trip.startLon, trip.startLat)) focus.add(trip.startLon!, trip.startLat!);
      if (valid(trip.endLon, trip.endLat)) focus.add(trip.endLon!, trip.endLat!);
      const path = fetched.path;
      if (path) {
        const coordinates: number[][] = [];
        for (const p of path) {
          if (!valid(p?.longitude, p?.latitude)) continue;
          coordinates.push([p.longitude, p.latitude]);
          focus.add(p.longitude, p.latitude);
        }
        // trips have no lines of their own: the path is the only one
        if (coordinates.length >= 2) s.lines.push(line(0, selected, deviceOf(row), coordinates, true));
      }
      break;
    }
    case 'stops': {
      if (base.pointIds.has(selected)) {
        s.pointIds.push(selected);
        focus.add(row.longitude as number, row.latitude as number);
      }
      break;
    }
    case 'events': {
      const position = fetched.position;
      // only the position of this event (never a previous selection's, still in flight)
      if (position && position.id === (row as Partial<Event>).positionId && valid(position.longitude, position.latitude)) {
        s.points.push(point(selected, selected, 'event', position.longitude, position.latitude, true));
        focus.add(position.longitude, position.latitude);
      }
      break;
    }
    case 'combined': {
      const lineId = selectLineOf(deviceOf(row));
      if (base.pointIds.has(selected)) {
        s.pointIds.push(selected);
        const position = asObject(row.position)!;
        focus.add(position.longitude as number, position.latitude as number);
      } else if (lineId !== undefined) {
        // an event without a position: its device's route
        focus.addBounds(base.lineBounds.get(lineId) ?? null);
      }
      break;
    }
  }
  s.focus = focus.bounds();
  return s;
}

/** The sources' data: the base with the selection's flags and its extra features (drawn last). */
export function applySelection(base: ReportMapBase, selection: ReportMapSelection): ReportMapCollections {
  const { lines, points } = mergeSelection(base, selection);
  return { lines: { type: 'FeatureCollection', features: lines }, points: { type: 'FeatureCollection', features: points } };
}

/** Everything the map draws for these rows and this selection. */
export function reportMapData(
  kind: MapKind,
  rows: readonly unknown[],
  selected: number | null,
  fetched: ReportMapFetched = {},
): ReportMapCollections & { bounds: Bounds | null; focus: Bounds | null } {
  const base = reportMapBase(kind, rows);
  const selection = reportMapSelection(base, selected, fetched);
  const extent = new Extent();
  extent.addBounds(base.bounds);
  extent.addBounds(selection.focus);
  return { ...applySelection(base, selection), bounds: extent.bounds(), focus: selection.focus };
}

/** Number of features the sources hold for this base and selection. */
export function featureCount(base: ReportMapBase, selection: ReportMapSelection): number {
  return base.lines.length + base.points.length + selection.lines.length + selection.points.length;
}

/**
 * The row of a device's position nearest to a point (a click on a route report's line), or null.
 * Distances on a plane scaled by the latitude's cosine: fine at the few pixels of a click.
 */
export function nearestRow(rows: readonly unknown[], deviceId: number, lon: number, lat: number): number | null {
  const scale = Math.cos((lat * Math.PI) / 180);
  let best: number | null = null;
  let bestDistance = Infinity;
  for (let index = 0; index < rows.length; index++) {
    const p = asObject(rows[index]);
    if (!p || deviceOf(p) !== deviceId || !valid(p.longitude, p.latitude)) continue;
    const dx = ((p.longitude as number) - lon) * scale;
    const dy = (p.latitude as number) - lat;
    const distance = dx * dx + dy * dy;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = index;
    }
  }
  return best;
}
