/**
 * A device's history prepared for replay: each device's positions as columns (typed arrays) in time
 * order, the clock's range over all of them, and what to draw. Pure: no React, no map, no fetch, so
 * it runs in the replay worker (parsing and preparing a day of one-second positions off the main
 * thread) and in tests.
 *
 * - Time runs on the positions' own timestamps (fix time, else device time, else server time).
 * - A position without a time or with coordinates off the earth is skipped and counted (`invalid`);
 *   one that is not later than the device's previous position is skipped and counted (`outOfOrder`):
 *   the timeline only moves forward.
 * - The line drawn is thinned (Douglas–Peucker to `THIN_TOLERANCE_M`); the timeline never is.
 */
import type { Event, Position, StopReportItem } from '../../contract/models';
import { EARTH_RADIUS, distanceMeters } from '../../contract/units';
import { isoTimeMs } from './chartSeries';

/** One device's replay, a row per position kept. */
export interface ReplayTrack {
  deviceId: number;
  /** ms since the epoch, strictly increasing */
  times: Float64Array;
  lats: Float64Array;
  lons: Float64Array;
  /** degrees, as the device sent it */
  courses: Float32Array;
  /** knots */
  speeds: Float32Array;
  /** metres (NaN when unknown) */
  altitudes: Float32Array;
  /** the positions' ids */
  ids: Float64Array;
  /** the positions' addresses (null when none) */
  addresses: ReadonlyArray<string | null>;
  /** metres travelled from the first position to each */
  distances: Float64Array;
  /** the thinned line to draw: indices into the columns, first and last always kept */
  line: Uint32Array;
}

export interface ReplayData {
  tracks: ReplayTrack[];
  /** the clock's range: the earliest and the latest position of any device (ms) */
  start: number;
  end: number;
  /** every position's time over all devices, sorted, without repeats (the steps of "per point" and of step back/forward) */
  steps: Float64Array;
  skipped: { invalid: number; outOfOrder: number };
  /** stops and events along the way (from the server's reports), time order */
  markers: ReplayMarker[];
}

/** A stop or an event on the way, where it happened. */
export interface ReplayMarker {
  kind: 'stop' | 'event';
  deviceId: number;
  /** ms since the epoch: the stop's start, the event's time */
  time: number;
  latitude: number;
  longitude: number;
  /** the event's type (`geofenceEnter`, `alarm`…) */
  type?: string;
  /** the stop's length in ms */
  duration?: number;
}

/** Thinning tolerance for the line drawn: a metre, far below a pixel at street zoom. */
export const THIN_TOLERANCE_M = 1;

function timeOf(position: Position): number {
  const time = position.fixTime ?? position.deviceTime ?? position.serverTime;
  return typeof time === 'string' ? isoTimeMs(time) : Number.NaN;
}

const validCoordinates = (lat: unknown, lon: unknown): boolean =>
  typeof lat === 'number' && typeof lon === 'number' && Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;

/** The positions of a route report prepared for replay (any number of devices, in the server's order). */
export function prepareReplay(positions: readonly Position[], tolerance = THIN_TOLERANCE_M): ReplayData {
  const byDevice = new Map<number, Position[]>();
  let invalid = 0;
  let outOfOrder = 0;
  const lastTime = new Map<number, number>();
  for (const position of positions) {
    const time = timeOf(position);
    if (!Number.isFinite(time) || !validCoordinates(position.latitude, position.longitude) || typeof position.deviceId !== 'number') {
      invalid++;
      continue;
    }
    const previous = lastTime.get(position.deviceId);
    if (previous !== undefined && time <= previous) {
      outOfOrder++;
      continue;
    }
    lastTime.set(position.deviceId, time);
    let list = byDevice.get(position.deviceId);
    if (!list) byDevice.set(position.deviceId, (list = []));
    list.push(position);
  }
  const tracks = [...byDevice].map(([deviceId, list]) => toTrack(deviceId, list, tolerance));
  let start = Infinity;
  let end = -Infinity;
  let total = 0;
  for (const track of tracks) {
    start = Math.min(start, track.times[0]!);
    end = Math.max(end, track.times[track.times.length - 1]!);
    total += track.times.length;
  }
  const all = new Float64Array(total);
  let at = 0;
  for (const track of tracks) {
    all.set(track.times, at);
    at += track.times.length;
  }
  all.sort();
  let unique = 0;
  for (let k = 0; k < all.length; k++) if (k === 0 || all[k] !== all[k - 1]) all[unique++] = all[k]!;
  return {
    tracks,
    start: tracks.length ? start : 0,
    end: tracks.length ? end : 0,
    steps: all.slice(0, unique),
    skipped: { invalid, outOfOrder },
    markers: [],
  };
}

/**
 * The stops and events of the replayed devices as markers: a stop where the server says it was, an
 * event at its position (looked up among the replayed positions by id; one whose position is not
 * among them is left out, and so are `STATE_EVENTS`), each only for a device being replayed.
 */
/** Events that say how a device is (online, moving…) rather than what happened: not markers, or a replay would be covered in them. */
export const STATE_EVENTS: ReadonlySet<string> = new Set(['deviceOnline', 'deviceOffline', 'deviceUnknown', 'deviceInactive', 'deviceMoving', 'deviceStopped']);

export function replayMarkers(data: ReplayData, stops: readonly StopReportItem[], events: readonly Event[]): ReplayMarker[] {
  const devices = new Set(data.tracks.map((track) => track.deviceId));
  const markers: ReplayMarker[] = [];
  for (const stop of stops) {
    const time = typeof stop.startTime === 'string' ? isoTimeMs(stop.startTime) : Number.NaN;
    if (!devices.has(stop.deviceId) || !validCoordinates(stop.latitude, stop.longitude) || !Number.isFinite(time)) continue;
    markers.push({ kind: 'stop', deviceId: stop.deviceId, time, latitude: stop.latitude, longitude: stop.longitude, duration: stop.duration });
  }
  const kept = events.filter((event) => devices.has(event.deviceId) && event.positionId > 0 && !STATE_EVENTS.has(event.type));
  const wanted = new Set(kept.map((event) => event.positionId));
  const places = new Map<number, { latitude: number; longitude: number }>();
  if (wanted.size) {
    for (const track of data.tracks) {
      for (let k = 0; k < track.ids.length; k++) if (wanted.has(track.ids[k]!)) places.set(track.ids[k]!, { latitude: track.lats[k]!, longitude: track.lons[k]! });
    }
  }
  for (const event of kept) {
    const place = places.get(event.positionId);
    const time = typeof event.eventTime === 'string' ? isoTimeMs(event.eventTime) : Number.NaN;
    if (!place || !Number.isFinite(time)) continue;
    markers.push({ kind: 'event', deviceId: event.deviceId, time, ...place, type: event.type });
  }
  return markers.sort((a, b) => a.time - b.time);
}

function toTrack(deviceId: number, list: readonly Position[], tolerance: number): ReplayTrack {
  const n = list.length;
  const times = new Float64Array(n);
  const lats = new Float64Array(n);
  const lons = new Float64Array(n);
  const courses = new Float32Array(n);
  const speeds = new Float32Array(n);
  const altitudes = new Float32Array(n);
  const ids = new Float64Array(n);
  const addresses: Array<string | null> = new Array<string | null>(n);
  const distances = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const p = list[k]!;
    times[k] = timeOf(p);
    lats[k] = p.latitude;
    lons[k] = p.longitude;
    courses[k] = typeof p.course === 'number' && Number.isFinite(p.course) ? p.course : 0;
    speeds[k] = typeof p.speed === 'number' && Number.isFinite(p.speed) ? p.speed : 0;
    altitudes[k] = typeof p.altitude === 'number' && Number.isFinite(p.altitude) ? p.altitude : Number.NaN;
    ids[k] = typeof p.id === 'number' ? p.id : 0;
    addresses[k] = typeof p.address === 'string' && p.address ? p.address : null;
    distances[k] = k === 0 ? 0 : distances[k - 1]! + distanceMeters(lats[k - 1]!, lons[k - 1]!, lats[k]!, lons[k]!);
  }
  return { deviceId, times, lats, lons, courses, speeds, altitudes, ids, addresses, distances, line: thinLine(lats, lons, tolerance) };
}

/**
 * Douglas–Peucker on an equirectangular projection around the track (metres), without recursion:
 * the indices of the points kept, in order, first and last always.
 */
export function thinLine(lats: Float64Array, lons: Float64Array, tolerance: number): Uint32Array {
  const n = lats.length;
  if (n <= 2) return Uint32Array.from({ length: n }, (_, k) => k);
  const rad = Math.PI / 180;
  const cos = Math.cos(lats[0]! * rad);
  const x = (k: number) => lons[k]! * rad * cos * EARTH_RADIUS;
  const y = (k: number) => lats[k]! * rad * EARTH_RADIUS;
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const stack: number[] = [0, n - 1];
  const tolerance2 = tolerance * tolerance;
  while (stack.length) {
    const last = stack.pop()!;
    const first = stack.pop()!;
    const ax = x(first);
    const ay = y(first);
    const dx = x(last) - ax;
    const dy = y(last) - ay;
    const length2 = dx * dx + dy * dy;
    let worst = -1;
    let worstDistance = tolerance2;
    for (let k = first + 1; k < last; k++) {
      const px = x(k) - ax;
      const py = y(k) - ay;
      let d2: number;
      if (length2 === 0) d2 = px * px + py * py;
      else {
        const t = Math.max(0, Math.min(1, (px * dx + py * dy) / length2));
        const ex = px - t * dx;
        const ey = py - t * dy;
        d2 = ex * ex + ey * ey;
      }
      if (d2 > worstDistance) {
        worstDistance = d2;
        worst = k;
      }
    }
    if (worst > 0) {
      keep[worst] = 1;
      stack.push(first, worst, worst, last);
    }
  }
  let count = 0;
  for (let k = 0; k < n; k++) count += keep[k]!;
  const line = new Uint32Array(count);
  for (let k = 0, at = 0; k < n; k++) if (keep[k]) line[at++] = k;
  return line;
}

/** The last index whose value is ≤ `value` in a sorted array (-1 when all are later). */
export function indexAtOrBefore(values: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = values.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (values[middle]! <= value) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** Where a device is at a time: between its two positions around it, moving in a straight line. */
export interface ReplaySample {
  deviceId: number;
  latitude: number;
  longitude: number;
  /** degrees, turned the short way between the two positions */
  course: number;
  /** knots, of the position at or before the time */
  speed: number;
  /** the position at or before the time (0 before the first) */
  index: number;
  /** the time is within the device's history (not before its first position or after its last) */
  active: boolean;
  /** metres travelled along the track at this time */
  distance: number;
}

export function sampleTrack(track: ReplayTrack, time: number): ReplaySample {
  const n = track.times.length;
  const at = indexAtOrBefore(track.times, time);
  if (at < 0 || at >= n - 1) {
    const index = at < 0 ? 0 : n - 1;
    return {
      deviceId: track.deviceId,
      latitude: track.lats[index]!,
      longitude: track.lons[index]!,
      course: track.courses[index]!,
      speed: track.speeds[index]!,
      index,
      active: at >= 0 && time <= track.times[n - 1]!,
      distance: track.distances[index]!,
    };
  }
  const t0 = track.times[at]!;
  const t1 = track.times[at + 1]!;
  const f = (time - t0) / (t1 - t0);
  const c0 = track.courses[at]!;
  const turn = ((((track.courses[at + 1]! - c0) % 360) + 540) % 360) - 180;
  return {
    deviceId: track.deviceId,
    latitude: track.lats[at]! + (track.lats[at + 1]! - track.lats[at]!) * f,
    longitude: track.lons[at]! + (track.lons[at + 1]! - track.lons[at]!) * f,
    course: (((c0 + turn * f) % 360) + 360) % 360,
    speed: track.speeds[at]!,
    index: at,
    active: true,
    distance: track.distances[at]! + (track.distances[at + 1]! - track.distances[at]!) * f,
  };
}

/** The share of the drawn line (0…1, by length along the thinned line) that has been played at `distance`. */
export function playedShare(track: ReplayTrack, sample: ReplaySample): number {
  const total = lineLength(track);
  if (total <= 0) return sample.index > 0 || sample.distance > 0 ? 1 : 0;
  // the thinned line's length up to the kept point at or before the sample, then the rest in proportion
  const line = track.line;
  const k = indexAtOrBefore(line, sample.index);
  const kept = line[Math.max(0, k)]!;
  const next = line[Math.min(line.length - 1, Math.max(0, k) + 1)]!;
  const before = thinnedLengthTo(track, Math.max(0, k));
  const span = track.distances[next]! - track.distances[kept]!;
  const segment = next === kept ? 0 : segmentLength(track, kept, next);
  const within = span > 0 ? ((sample.distance - track.distances[kept]!) / span) * segment : 0;
  return Math.max(0, Math.min(1, (before + within) / total));
}

const segmentLength = (track: ReplayTrack, a: number, b: number): number => distanceMeters(track.lats[a]!, track.lons[a]!, track.lats[b]!, track.lons[b]!);

const lineLengths = new WeakMap<ReplayTrack, Float64Array>();
/** The thinned line's cumulative lengths (cached per track). */
function thinnedLengths(track: ReplayTrack): Float64Array {
  let lengths = lineLengths.get(track);
  if (!lengths) {
    const line = track.line;
    lengths = new Float64Array(line.length);
    for (let k = 1; k < line.length; k++) lengths[k] = lengths[k - 1]! + segmentLength(track, line[k - 1]!, line[k]!);
    lineLengths.set(track, lengths);
  }
  return lengths;
}
const thinnedLengthTo = (track: ReplayTrack, k: number): number => thinnedLengths(track)[k] ?? 0;
const lineLength = (track: ReplayTrack): number => {
  const lengths = thinnedLengths(track);
  return lengths.length ? lengths[lengths.length - 1]! : 0;
};

/** The next position time after `time` of any device (`end` when none). */
export function nextStep(data: ReplayData, time: number): number {
  const at = indexAtOrBefore(data.steps, time);
  return at + 1 < data.steps.length ? data.steps[at + 1]! : data.end;
}

/** The position time before `time` of any device (`start` when none). */
export function previousStep(data: ReplayData, time: number): number {
  const at = indexAtOrBefore(data.steps, time);
  const index = at >= 0 && data.steps[at] === time ? at - 1 : at;
  return index >= 0 ? data.steps[index]! : data.start;
}

/** The drawn line of a track as [longitude, latitude] pairs. */
export function lineCoordinates(track: ReplayTrack): Array<[number, number]> {
  return Array.from(track.line, (k) => [track.lons[k]!, track.lats[k]!] as [number, number]);
}

/** A track's positions again as the wire's `Position` (for the GPX and KML downloads). */
export function trackPositions(track: ReplayTrack): Position[] {
  return Array.from(track.times, (time, k): Position => ({
    id: track.ids[k]!,
    deviceId: track.deviceId,
    protocol: null,
    serverTime: null,
    deviceTime: null,
    fixTime: new Date(time).toISOString(),
    valid: true,
    latitude: track.lats[k]!,
    longitude: track.lons[k]!,
    altitude: Number.isNaN(track.altitudes[k]!) ? 0 : track.altitudes[k]!,
    speed: track.speeds[k]!,
    course: track.courses[k]!,
    address: track.addresses[k] ?? null,
    accuracy: 0,
    network: null,
    geofenceIds: null,
    attributes: {},
  }));
}
