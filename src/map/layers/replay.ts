/**
 * A replay on the map, as a map extension (`MapView`'s `extensions`, so a style switch puts it back):
 *
 * - each device's route as a line in its own colour (one GeoJSON source with line metrics, a layer
 *   per device); the part already played is drawn bright and the rest dim through the layer's
 *   `line-gradient` over `line-progress` — a paint change per frame, never the line sent again;
 * - stops and events as circles in the device's colour (a stop filled with a white ring, an event
 *   white with a ring in the colour), sent once per load;
 * - each device as an arrow that moves between its positions and turns with its course: a MapLibre
 *   `Marker` (a DOM element moved with a transform: no source update, no re-tiling per frame);
 * - the follow camera: the map's centre on the followed device at every frame.
 *
 * The arrows are drawn from fixed SVG paths; nothing of the history becomes markup.
 *
 * Test hooks on the map container: `data-replay-lines` (devices drawn), `data-replay-markers`
 * (stops and events drawn), `data-replay-at` (`deviceId:latitude,longitude` of each arrow, `;`-joined,
 * six decimals), `data-replay-followed` (the device the camera follows, or empty).
 */
import type { FeatureCollection } from 'geojson';
import { Marker, type ExpressionSpecification, type GeoJSONSource, type Map as MaplibreMap } from 'maplibre-gl';
import type { MapExtension } from '../controller';

export interface ReplayLayerTrack {
  deviceId: number;
  color: string;
  /** [longitude, latitude] pairs (the thinned line) */
  line: ReadonlyArray<readonly [number, number]>;
}

export interface ReplayLayerMarker {
  kind: 'stop' | 'event';
  deviceId: number;
  longitude: number;
  latitude: number;
}

export interface ReplayLayerData {
  tracks: readonly ReplayLayerTrack[];
  markers: readonly ReplayLayerMarker[];
}

/** Where each device is now, and how much of its line is played (0…1 by length). */
export interface ReplayLayerFrame {
  devices: ReadonlyArray<{ deviceId: number; longitude: number; latitude: number; course: number; played: number; active: boolean }>;
  /** the device the camera keeps in the middle, or null */
  follow: number | null;
}

export interface ReplayLayer {
  extension: MapExtension;
  /** a new history: the lines and markers, and the camera fitted to them */
  show(data: ReplayLayerData | null): void;
  /** a frame of the replay */
  frame(frame: ReplayLayerFrame): void;
}

export const REPLAY_SOURCES = { lines: 'replay-lines', markers: 'replay-markers' } as const;
const LINE_LAYER_PREFIX = 'replay-line-';
const MARKER_LAYER = 'replay-markers';
/** below this change of the played share a frame does not repaint the line */
const PLAYED_EPSILON = 0.0005;
/**
 * The played part is repainted at most this often while playing (a new line-gradient makes MapLibre
 * rebuild the line's gradient texture); the last change is always drawn, this long after at most.
 */
const GRADIENT_MS = 100;

const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };

/** `#rrggbb` at an opacity, as MapLibre reads it. */
function withAlpha(color: string, alpha: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(color);
  if (!match) return color;
  const value = parseInt(match[1]!, 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

/** The line's colours: bright up to `played`, dim after it. */
export function playedGradient(color: string, played: number): ExpressionSpecification {
  const bright = color;
  const dim = withAlpha(color, 0.35);
  const share = Math.max(0, Math.min(1, played));
  if (share <= 0) return ['interpolate', ['linear'], ['line-progress'], 0, dim, 1, dim];
  if (share >= 1) return ['interpolate', ['linear'], ['line-progress'], 0, bright, 1, bright];
  const edge = Math.min(1, share + 0.0001);
  return edge >= 1
    ? ['interpolate', ['linear'], ['line-progress'], 0, bright, share, bright, 1, dim]
    : ['interpolate', ['linear'], ['line-progress'], 0, bright, share, bright, edge, dim, 1, dim];
}

const SVG = 'http://www.w3.org/2000/svg';

/** A device's arrow: a ring in the device's colour with an arrow pointing to its course. */
function arrowElement(color: string, deviceId: number): HTMLElement {
  const element = document.createElement('div');
  element.className = 'athar-replay-arrow';
  element.dataset.deviceId = String(deviceId);
  element.setAttribute('aria-hidden', 'true');
  element.style.width = '30px';
  element.style.height = '30px';
  element.style.pointerEvents = 'none';
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 30 30');
  svg.setAttribute('width', '30');
  svg.setAttribute('height', '30');
  const ring = document.createElementNS(SVG, 'circle');
  ring.setAttribute('cx', '15');
  ring.setAttribute('cy', '15');
  ring.setAttribute('r', '13');
  ring.setAttribute('fill', color);
  ring.setAttribute('stroke', '#ffffff');
  ring.setAttribute('stroke-width', '2');
  const arrow = document.createElementNS(SVG, 'path');
  arrow.setAttribute('d', 'M15 5 L22 22 L15 18 L8 22 Z');
  arrow.setAttribute('fill', '#ffffff');
  svg.append(ring, arrow);
  element.append(svg);
  return element;
}

function bounds(data: ReplayLayerData): [[number, number], [number, number]] | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const track of data.tracks) {
    for (const [lon, lat] of track.line) {
      if (lon < west) west = lon;
      if (lon > east) east = lon;
      if (lat < south) south = lat;
      if (lat > north) north = lat;
    }
  }
  return Number.isFinite(west) ? [[west, south], [east, north]] : null;
}

export interface ReplayLayerOptions {
  /** pixels of the map's foot covered by the page (its controls): fitting and following keep above them */
  covered?: () => number;
  /** makes a device's arrow on the map (MapLibre's `Marker`; a fake in unit tests) */
  createMarker?: (element: HTMLElement) => ReplayArrow;
}

/** What the layer needs of a MapLibre `Marker`. */
export interface ReplayArrow {
  setLngLat(at: [number, number]): ReplayArrow;
  setRotation(degrees: number): ReplayArrow;
  getElement(): HTMLElement;
  addTo(map: MaplibreMap): ReplayArrow;
  remove(): ReplayArrow;
}

const mapLibreArrow = (element: HTMLElement): ReplayArrow => new Marker({ element, rotationAlignment: 'map', pitchAlignment: 'map' });

export function createReplayLayer(options: ReplayLayerOptions = {}): ReplayLayer {
  let map: MaplibreMap | null = null;
  let data: ReplayLayerData | null = null;
  let last: ReplayLayerFrame | null = null;
  /** the data whose lines the map holds and the camera was fitted to */
  let sent: ReplayLayerData | null = null;
  let fitted: ReplayLayerData | null = null;
  const played = new Map<number, number>();
  const markers = new Map<number, ReplayArrow>();
  /** the line layers added, one per device */
  const lineIds = new Set<string>();
  const createMarker = options.createMarker ?? mapLibreArrow;
  let gradientAt = -Infinity;
  let gradientTimer: ReturnType<typeof setTimeout> | null = null;

  function clearMarkers(): void {
    for (const marker of markers.values()) marker.remove();
    markers.clear();
  }

  function removeLines(target: MaplibreMap): void {
    for (const id of lineIds) if (target.getLayer(id)) target.removeLayer(id);
    lineIds.clear();
  }

  function send(target: MaplibreMap): void {
    removeLines(target);
    played.clear();
    gradientAt = -Infinity;
    clearMarkers();
    const current = data;
    const lines: FeatureCollection = current
      ? {
          type: 'FeatureCollection',
          features: current.tracks.map((track) => ({ type: 'Feature', properties: { deviceId: track.deviceId }, geometry: { type: 'LineString', coordinates: track.line.map(([lon, lat]) => [lon, lat]) } })),
        }
      : empty;
    const points: FeatureCollection = current
      ? {
          type: 'FeatureCollection',
          features: current.markers.map((marker) => ({
            type: 'Feature',
            properties: { kind: marker.kind, color: current.tracks.find((t) => t.deviceId === marker.deviceId)?.color ?? '#4f8cff' },
            geometry: { type: 'Point', coordinates: [marker.longitude, marker.latitude] },
          })),
        }
      : empty;
    target.getSource<GeoJSONSource>(REPLAY_SOURCES.lines)?.setData(lines).catch(logError);
    target.getSource<GeoJSONSource>(REPLAY_SOURCES.markers)?.setData(points).catch(logError);
    for (const track of current?.tracks ?? []) {
      const id = `${LINE_LAYER_PREFIX}${track.deviceId}`;
      lineIds.add(id);
      target.addLayer(
        {
          id,
          type: 'line',
          source: REPLAY_SOURCES.lines,
          filter: ['==', ['get', 'deviceId'], track.deviceId],
          layout: { 'line-join': 'round', 'line-cap': 'round' },
          paint: { 'line-width': 4, 'line-gradient': playedGradient(track.color, 0) },
        },
        MARKER_LAYER,
      );
      played.set(track.deviceId, 0);
      const marker = createMarker(arrowElement(track.color, track.deviceId))
        .setLngLat(track.line[0] ? [track.line[0][0], track.line[0][1]] : [0, 0])
        .addTo(target);
      markers.set(track.deviceId, marker);
    }
    sent = current;
    const container = target.getContainer();
    container.dataset.replayLines = String(current?.tracks.length ?? 0);
    container.dataset.replayMarkers = String(current?.markers.length ?? 0);
    // the camera's centre above the controls (MapLibre's padding moves the centre of fits and jumps)
    const bottom = Math.max(0, Math.min(container.clientHeight - 80, options.covered?.() ?? 0));
    target.setPadding({ top: 0, left: 0, right: 0, bottom });
    if (current && fitted !== current) {
      fitted = current;
      const box = bounds(current);
      if (box) {
        const side = Math.min(container.clientWidth, container.clientHeight - bottom);
        target.fitBounds(box, { padding: Math.max(0, Math.min(60, Math.floor(side / 6))), maxZoom: 16, animate: false });
      }
    }
  }

  function paintPlayed(target: MaplibreMap, frame: ReplayLayerFrame): void {
    gradientAt = performance.now();
    for (const device of frame.devices) {
      const before = played.get(device.deviceId);
      if (before === undefined || Math.abs(before - device.played) < PLAYED_EPSILON) continue;
      const track = data?.tracks.find((t) => t.deviceId === device.deviceId);
      if (track) target.setPaintProperty(`${LINE_LAYER_PREFIX}${device.deviceId}`, 'line-gradient', playedGradient(track.color, device.played));
      played.set(device.deviceId, device.played);
    }
  }

  function draw(target: MaplibreMap, frame: ReplayLayerFrame): void {
    const at: string[] = [];
    for (const device of frame.devices) {
      const marker = markers.get(device.deviceId);
      if (marker) {
        marker.setLngLat([device.longitude, device.latitude]);
        marker.setRotation(device.course);
        marker.getElement().style.opacity = device.active ? '1' : '0.6';
      }
      at.push(`${device.deviceId}:${device.latitude.toFixed(6)},${device.longitude.toFixed(6)}`);
    }
    const wait = GRADIENT_MS - (performance.now() - gradientAt);
    if (gradientTimer) clearTimeout(gradientTimer);
    gradientTimer = null;
    if (wait <= 0) paintPlayed(target, frame);
    else
      gradientTimer = setTimeout(() => {
        gradientTimer = null;
        if (map === target && last) paintPlayed(target, last);
      }, wait);
    const followed = frame.follow === null ? undefined : frame.devices.find((d) => d.deviceId === frame.follow);
    if (followed) target.jumpTo({ center: [followed.longitude, followed.latitude] });
    const container = target.getContainer();
    container.dataset.replayAt = at.join(';');
    container.dataset.replayFollowed = followed ? String(followed.deviceId) : '';
  }

  const extension: MapExtension = (target) => {
    target.addSource(REPLAY_SOURCES.lines, { type: 'geojson', data: empty, lineMetrics: true });
    target.addSource(REPLAY_SOURCES.markers, { type: 'geojson', data: empty });
    target.addLayer({
      id: MARKER_LAYER,
      type: 'circle',
      source: REPLAY_SOURCES.markers,
      // a stop: filled in the device's colour, ringed white; an event: white, ringed in the device's colour
      paint: {
        'circle-color': ['match', ['get', 'kind'], 'stop', ['get', 'color'], '#ffffff'],
        'circle-radius': ['match', ['get', 'kind'], 'stop', 7, 5],
        'circle-stroke-color': ['match', ['get', 'kind'], 'stop', '#ffffff', ['get', 'color']],
        'circle-stroke-width': ['match', ['get', 'kind'], 'stop', 2, 3],
      },
    });
    map = target;
    sent = null;
    send(target);
    if (last) draw(target, last);
    return () => {
      if (gradientTimer) clearTimeout(gradientTimer);
      gradientTimer = null;
      clearMarkers();
      removeLines(target);
      if (target.getLayer(MARKER_LAYER)) target.removeLayer(MARKER_LAYER);
      for (const id of Object.values(REPLAY_SOURCES)) if (target.getSource(id)) target.removeSource(id);
      if (map === target) map = null;
      sent = null;
      const container = target.getContainer();
      for (const key of ['replayLines', 'replayMarkers', 'replayAt', 'replayFollowed']) delete container.dataset[key];
    };
  };

  return {
    extension,
    show(next) {
      data = next;
      last = null;
      if (map && sent !== next) send(map);
    },
    frame(frame) {
      last = frame;
      if (map) draw(map, frame);
    },
  };
}

function logError(error: unknown): void {
  console.error('[map] replay layer update failed', error);
}
