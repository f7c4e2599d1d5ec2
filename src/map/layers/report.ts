/**
 * A report's data on the map (the map beside a report's table): two GeoJSON sources, lines and
 * points, as a map extension (`MapView`'s `extensions`), so a style switch puts them back.
 *
 * The page hands it a base (the rows' features, every one with a numeric `id`, an `index` and
 * `selected: false`; a new object when the rows change) and a selection (the ids of base features
 * drawn as selected, the features only the selection adds, where to look). A new base is one
 * `setData` per source; a new selection on the same base is one `updateData` diff per source
 * (flags of a few features, the selection's own features removed and added), so selecting a row of
 * a 100,000-position route report never sends the route again.
 *
 * Drawn as lines in the theme's primary colour and circles with a white outline; the selected
 * features on top, thicker and with a white casing. No icons, no HTML: nothing the rows hold
 * becomes markup. A click on a feature (a few pixels around the pointer) is reported with its row;
 * the cursor is a pointer over them.
 *
 * The camera: fitted to the base's bounds when the base changes (a jump); moved to the selection's
 * focus when the selected row changes (a flight, a jump under prefers-reduced-motion), and again
 * when the focus of the same row arrives later (a fetched path or position) and is not in view.
 *
 * Test hook: the map container gets `data-report-features` (features in the two sources) and
 * `data-selected` (the selected row, or empty) after every update.
 */
import type { Feature, FeatureCollection, LineString, Point } from 'geojson';
import type { ExpressionSpecification, GeoJSONFeatureDiff, GeoJSONSource, GeoJSONSourceDiff, Map as MaplibreMap, MapMouseEvent } from 'maplibre-gl';
import type { MapExtension } from '../controller';

/** [west, south, east, north] in degrees. */
export type ReportBounds = [number, number, number, number];

export interface ReportFeatureProperties {
  /** the row the feature selects */
  index: number;
  selected: boolean;
}

export type ReportLayerLine = Feature<LineString, ReportFeatureProperties> & { id: number };
export type ReportLayerPoint = Feature<Point, ReportFeatureProperties> & { id: number };

/** The rows' features, nothing selected. */
export interface ReportLayerBase {
  lines: readonly ReportLayerLine[];
  points: readonly ReportLayerPoint[];
  bounds: ReportBounds | null;
}

/** A selection on a base. */
export interface ReportLayerSelection {
  selected: number | null;
  /** base features drawn as selected */
  lineIds: readonly number[];
  pointIds: readonly number[];
  /** features only the selection draws (their ids never among the base's) */
  lines: readonly ReportLayerLine[];
  points: readonly ReportLayerPoint[];
  focus: ReportBounds | null;
}

export const REPORT_SOURCES = { lines: 'report-lines', points: 'report-points' } as const;
export const REPORT_LAYERS = {
  lines: 'report-lines',
  selectedCasing: 'report-lines-selected-casing',
  selectedLines: 'report-lines-selected',
  points: 'report-points',
  selectedPoints: 'report-points-selected',
} as const;

export interface ReportColors {
  /** lines and circles (the theme's primary colour) */
  primary: string;
  /** a trip's start */
  start: string;
  /** a trip's end */
  end: string;
}

export const DEFAULT_REPORT_COLORS: ReportColors = { primary: '#4f8cff', start: '#3fb950', end: '#f2555a' };

/** What a click hit: the feature's row, its kind, and where. */
export interface ReportHit {
  layer: 'line' | 'point';
  index: number;
  properties: Record<string, unknown>;
  lngLat: [number, number];
}

export interface ReportLayerOptions {
  onClick(hit: ReportHit): void;
  /** The colours, read from the map's container when the layers are added (default: the dark theme's). */
  colors?: (container: HTMLElement) => ReportColors;
  /** Whether camera moves jump instead of flying (default: the prefers-reduced-motion query). */
  reducedMotion?: () => boolean;
}

export interface ReportLayer {
  /** for `MapView`'s `extensions` */
  readonly extension: MapExtension;
  /** Draws this base and selection (kept for the next style load when the map is not ready). */
  show(base: ReportLayerBase, selection: ReportLayerSelection): void;
}

/** Pixels around the pointer that count as a hit (thin lines, small circles, fingers). */
export const HIT_TOLERANCE = 6;
/** The zoom a single point is shown at (at least). */
export const POINT_ZOOM = 15;
const MAX_FIT_ZOOM = 17;

function withFlags<F extends ReportLayerLine | ReportLayerPoint>(features: readonly F[], ids: readonly number[], extra: readonly F[]): F[] {
  const chosen = new Set(ids);
  const out = chosen.size === 0 ? features.slice() : features.map((f) => (chosen.has(f.id) ? ({ ...f, properties: { ...f.properties, selected: true } } as F) : f));
  for (const f of extra) out.push(f);
  return out;
}

/** The sources' data: the base with the selection's flags, then the selection's own features. */
export function mergeSelection<L extends ReportLayerLine, P extends ReportLayerPoint>(
  base: { lines: readonly L[]; points: readonly P[] },
  selection: { lineIds: readonly number[]; pointIds: readonly number[]; lines: readonly L[]; points: readonly P[] },
): { lines: L[]; points: P[] } {
  return {
    lines: withFlags(base.lines, selection.lineIds, selection.lines),
    points: withFlags(base.points, selection.pointIds, selection.points),
  };
}

/** The `updateData` diff of one source from one selection to the next on the same base, or null when nothing changed. */
export function selectionDiff(
  previous: Pick<ReportLayerSelection, 'lineIds' | 'pointIds' | 'lines' | 'points'>,
  next: Pick<ReportLayerSelection, 'lineIds' | 'pointIds' | 'lines' | 'points'>,
  source: 'lines' | 'points',
): GeoJSONSourceDiff | null {
  const key = source === 'lines' ? 'lineIds' : 'pointIds';
  const before = new Set(previous[key]);
  const after = new Set(next[key]);
  const update: GeoJSONFeatureDiff[] = [];
  for (const id of before) if (!after.has(id)) update.push({ id, addOrUpdateProperties: [{ key: 'selected', value: false }] });
  for (const id of after) if (!before.has(id)) update.push({ id, addOrUpdateProperties: [{ key: 'selected', value: true }] });
  const add: Feature[] = [...next[source]];
  const added = new Set(next[source].map((f) => f.id));
  // an added feature replaces one of the same id
  const remove = previous[source].map((f) => f.id).filter((id) => !added.has(id));
  if (update.length === 0 && add.length === 0 && remove.length === 0) return null;
  const diff: GeoJSONSourceDiff = {};
  if (remove.length > 0) diff.remove = remove;
  if (add.length > 0) diff.add = add;
  if (update.length > 0) diff.update = update;
  return diff;
}

function collection<G extends LineString | Point>(features: ReadonlyArray<Feature<G>>): FeatureCollection<G> {
  return { type: 'FeatureCollection', features: features as Array<Feature<G>> };
}

const SELECTED: ExpressionSpecification = ['==', ['get', 'selected'], true];
const NOT_SELECTED: ExpressionSpecification = ['!=', ['get', 'selected'], true];

function pointColor(colors: ReportColors): ExpressionSpecification {
  return ['match', ['get', 'kind'], 'start', colors.start, 'end', colors.end, colors.primary];
}

function addLayers(map: MaplibreMap, colors: ReportColors): void {
  const empty = { type: 'FeatureCollection', features: [] } as FeatureCollection;
  map.addSource(REPORT_SOURCES.lines, { type: 'geojson', data: empty });
  map.addSource(REPORT_SOURCES.points, { type: 'geojson', data: empty });
  const lineLayout = { 'line-join': 'round', 'line-cap': 'round' } as const;
  map.addLayer({
    id: REPORT_LAYERS.lines,
    type: 'line',
    source: REPORT_SOURCES.lines,
    filter: NOT_SELECTED,
    layout: lineLayout,
    paint: { 'line-color': colors.primary, 'line-width': 3, 'line-opacity': 0.75 },
  });
  map.addLayer({
    id: REPORT_LAYERS.selectedCasing,
    type: 'line',
    source: REPORT_SOURCES.lines,
    filter: SELECTED,
    layout: lineLayout,
    paint: { 'line-color': '#ffffff', 'line-width': 9, 'line-opacity': 0.9 },
  });
  map.addLayer({
    id: REPORT_LAYERS.selectedLines,
    type: 'line',
    source: REPORT_SOURCES.lines,
    filter: SELECTED,
    layout: lineLayout,
    paint: { 'line-color': colors.primary, 'line-width': 5 },
  });
  map.addLayer({
    id: REPORT_LAYERS.points,
    type: 'circle',
    source: REPORT_SOURCES.points,
    filter: NOT_SELECTED,
    paint: {
      'circle-color': pointColor(colors),
      'circle-radius': ['match', ['get', 'kind'], 'position', 4, 6],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
    },
  });
  map.addLayer({
    id: REPORT_LAYERS.selectedPoints,
    type: 'circle',
    source: REPORT_SOURCES.points,
    filter: SELECTED,
    paint: { 'circle-color': pointColor(colors), 'circle-radius': 9, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 3 },
  });
}

function removeLayers(map: MaplibreMap): void {
  for (const id of Object.values(REPORT_LAYERS).reverse()) if (map.getLayer(id)) map.removeLayer(id);
  for (const id of Object.values(REPORT_SOURCES)) if (map.getSource(id)) map.removeSource(id);
}

const HIT_LAYERS: string[] = [REPORT_LAYERS.selectedPoints, REPORT_LAYERS.points, REPORT_LAYERS.selectedLines, REPORT_LAYERS.selectedCasing, REPORT_LAYERS.lines];
const POINT_LAYERS = new Set<string>([REPORT_LAYERS.selectedPoints, REPORT_LAYERS.points]);

function prefersReducedMotion(): boolean {
  try {
    return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  } catch {
    return false;
  }
}

function logError(error: unknown): void {
  console.error('[map] report layer update failed', error);
}

const isPoint = (b: ReportBounds): boolean => b[0] === b[2] && b[1] === b[3];

export function createReportLayer(options: ReportLayerOptions): ReportLayer {
  let map: MaplibreMap | null = null;
  let current: { base: ReportLayerBase; selection: ReportLayerSelection } | null = null;
  /** what the sources hold (null after the layers were added) */
  let sent: { base: ReportLayerBase; selection: ReportLayerSelection } | null = null;
  /** what the camera last moved for */
  let cameraMap: MaplibreMap | null = null;
  let cameraBase: ReportLayerBase | null = null;
  let cameraSelected: number | null = null;
  let cameraFocus: string | null = null;
  const reduced = options.reducedMotion ?? prefersReducedMotion;

  function sendAll(target: MaplibreMap, base: ReportLayerBase, selection: ReportLayerSelection): void {
    const data = mergeSelection(base, selection);
    target.getSource<GeoJSONSource>(REPORT_SOURCES.lines)?.setData(collection(data.lines)).catch(logError);
    target.getSource<GeoJSONSource>(REPORT_SOURCES.points)?.setData(collection(data.points)).catch(logError);
  }

  function padding(target: MaplibreMap): number {
    const container = target.getContainer();
    return Math.max(0, Math.min(48, Math.floor(Math.min(container.clientWidth, container.clientHeight) / 6)));
  }

  function move(target: MaplibreMap, bounds: ReportBounds, animate: boolean, minZoom: number | null): void {
    try {
      if (isPoint(bounds)) {
        const camera = { center: [bounds[0], bounds[1]] as [number, number], zoom: Math.max(minZoom ?? 0, POINT_ZOOM) };
        if (animate) target.flyTo(camera);
        else target.jumpTo(camera);
      } else {
        target.fitBounds(bounds, { padding: padding(target), maxZoom: MAX_FIT_ZOOM, animate, linear: false });
      }
    } catch (error) {
      console.error('[map] report camera move failed', error);
    }
  }

  function inView(target: MaplibreMap, bounds: ReportBounds): boolean {
    const view = target.getBounds();
    return view.contains([bounds[0], bounds[1]]) && view.contains([bounds[2], bounds[3]]);
  }

  function moveCamera(target: MaplibreMap, base: ReportLayerBase, selection: ReportLayerSelection): void {
    const focus = selection.focus ? selection.focus.join(',') : null;
    if (base !== cameraBase) {
      // new rows: the whole report in view (a selection that comes with them counts as seen)
      cameraBase = base;
      cameraSelected = selection.selected;
      cameraFocus = focus;
      const bounds = base.bounds ?? selection.focus;
      if (bounds) move(target, bounds, false, null);
      return;
    }
    if (selection.selected !== cameraSelected) {
      cameraSelected = selection.selected;
      cameraFocus = focus;
      if (selection.focus) move(target, selection.focus, !reduced(), target.getZoom());
      return;
    }
    if (focus !== cameraFocus) {
      // the same row, its place known later (a trip's path, an event's position)
      cameraFocus = focus;
      if (selection.focus && !inView(target, selection.focus)) move(target, selection.focus, !reduced(), target.getZoom());
    }
  }

  function sync(): void {
    const target = map;
    if (!target || !current) return;
    const { base, selection } = current;
    if (!sent || sent.base !== base) sendAll(target, base, selection);
    else if (sent.selection !== selection) {
      const previous = sent.selection;
      const fallback = (error: unknown): void => {
        logError(error);
        if (map === target && current) sendAll(target, current.base, current.selection);
      };
      for (const source of ['lines', 'points'] as const) {
        const diff = selectionDiff(previous, selection, source);
        if (diff) target.getSource<GeoJSONSource>(REPORT_SOURCES[source])?.updateData(diff).catch(fallback);
      }
    }
    sent = current;
    const container = target.getContainer();
    container.dataset.reportFeatures = String(base.lines.length + base.points.length + selection.lines.length + selection.points.length);
    container.dataset.selected = selection.selected === null ? '' : String(selection.selected);
    moveCamera(target, base, selection);
  }

  function hitAt(target: MaplibreMap, event: MapMouseEvent): ReportHit | null {
    const { x, y } = event.point;
    const features = target.queryRenderedFeatures(
      [
        [x - HIT_TOLERANCE, y - HIT_TOLERANCE],
        [x + HIT_TOLERANCE, y + HIT_TOLERANCE],
      ],
      { layers: HIT_LAYERS },
    );
    // points above lines, whatever order the query gives
    const feature = features.find((f) => POINT_LAYERS.has(f.layer.id)) ?? features[0];
    const index = feature?.properties?.index;
    if (!feature || typeof index !== 'number') return null;
    return {
      layer: POINT_LAYERS.has(feature.layer.id) ? 'point' : 'line',
      index,
      properties: { ...feature.properties },
      lngLat: [event.lngLat.lng, event.lngLat.lat],
    };
  }

  const extension: MapExtension = (target) => {
    const colors = options.colors?.(target.getContainer()) ?? DEFAULT_REPORT_COLORS;
    addLayers(target, colors);
    map = target;
    if (target !== cameraMap) {
      // a new map (remounted): its camera has not seen the report yet
      cameraMap = target;
      cameraBase = null;
    }
    sent = null;
    let hovering = false;
    const onClick = (event: MapMouseEvent): void => {
      const hit = hitAt(target, event);
      if (hit) options.onClick(hit);
    };
    const onMove = (event: MapMouseEvent): void => {
      const over = hitAt(target, event) !== null;
      if (over === hovering) return;
      hovering = over;
      target.getCanvas().style.cursor = over ? 'pointer' : '';
    };
    target.on('click', onClick);
    target.on('mousemove', onMove);
    sync();
    return () => {
      target.off('click', onClick);
      target.off('mousemove', onMove);
      if (hovering) target.getCanvas().style.cursor = '';
      if (map === target) map = null;
      sent = null;
      removeLayers(target);
      const container = target.getContainer();
      delete container.dataset.reportFeatures;
      delete container.dataset.selected;
    };
  };

  return {
    extension,
    show(base, selection) {
      current = { base, selection };
      sync();
    },
  };
}
