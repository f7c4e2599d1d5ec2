import { describe, expect, it } from 'vitest';
import type { Event, Position, StopReportItem } from '../../contract/models';
import { distanceMeters } from '../../contract/units';
import { indexAtOrBefore, nextStep, playedShare, prepareReplay, previousStep, replayMarkers, sampleTrack, thinLine, trackPositions } from './replay';
import { makePosition } from '../../tests/fixtures/models';

const T0 = Date.UTC(2026, 10, 2, 8, 0, 0);

const position = (deviceId: number, seconds: number, latitude: number, longitude: number, extra: Partial<Position> = {}): Position =>
  makePosition({ id: deviceId * 100_000 + seconds, deviceId, fixTime: new Date(T0 + seconds * 1000).toISOString(), latitude, longitude, altitude: 600, speed: 20, course: 90, accuracy: 5, ...extra });

describe('prepareReplay', () => {
  it('keeps each device in time order, skips and counts bad coordinates and positions out of order', () => {
    const data = prepareReplay([
      position(1, 0, 24.7, 46.6),
      position(1, 10, 24.7, 46.601),
      position(1, 5, 24.7, 46.6005), // out of order: before the previous one
      position(1, 10, 24.7, 46.601), // a repeat of the same time
      position(1, 20, Number.NaN, 46.602),
      position(1, 30, 95, 46.602), // off the earth
      position(1, 40, 24.7, 46.603, { fixTime: null, deviceTime: null, serverTime: null }), // no time
      position(1, 50, 24.7, 46.604),
      position(2, 15, 24.8, 46.7),
      position(2, 25, 24.8, 46.71),
    ]);
    expect(data.skipped).toEqual({ invalid: 3, outOfOrder: 2 });
    expect(data.tracks.map((t) => [t.deviceId, t.times.length])).toEqual([
      [1, 3],
      [2, 2],
    ]);
    expect(data.start).toBe(T0);
    expect(data.end).toBe(T0 + 50_000);
    expect([...data.steps].map((t) => (t - T0) / 1000)).toEqual([0, 10, 15, 25, 50]);
    const one = data.tracks[0]!;
    expect(one.distances[2]).toBeCloseTo(distanceMeters(24.7, 46.6, 24.7, 46.604), 6);
  });

  it('has nothing to play for no positions, or only bad ones', () => {
    expect(prepareReplay([]).tracks).toEqual([]);
    const bad = prepareReplay([position(1, 0, 200, 46)]);
    expect(bad.tracks).toEqual([]);
    expect(bad.skipped.invalid).toBe(1);
  });

  it('reads the device time, then the server time, when there is no fix time', () => {
    const data = prepareReplay([position(1, 0, 24.7, 46.6, { fixTime: null, deviceTime: new Date(T0 + 7000).toISOString() })]);
    expect(data.start).toBe(T0 + 7000);
  });
});

describe('sampleTrack', () => {
  const data = prepareReplay([position(1, 0, 24.7, 46.6, { course: 350 }), position(1, 10, 24.8, 46.7, { course: 10, speed: 30 }), position(1, 20, 24.9, 46.7)]);
  const track = data.tracks[0]!;

  it('moves in a straight line between the two positions around the time, turning the short way', () => {
    const s = sampleTrack(track, T0 + 2500);
    expect(s.latitude).toBeCloseTo(24.725, 9);
    expect(s.longitude).toBeCloseTo(46.625, 9);
    expect(s.course).toBeCloseTo(355, 6); // 350 → 10 through north, not back through 180
    expect(s.index).toBe(0);
    expect(s.active).toBe(true);
    expect(s.distance).toBeCloseTo(track.distances[1]! / 4, 6);
  });

  it('stands at its first position before its history and at its last after it', () => {
    expect(sampleTrack(track, T0 - 1000)).toMatchObject({ latitude: 24.7, index: 0, active: false });
    expect(sampleTrack(track, T0 + 20_000)).toMatchObject({ latitude: 24.9, index: 2, active: true });
    expect(sampleTrack(track, T0 + 99_000)).toMatchObject({ latitude: 24.9, index: 2, active: false });
  });

  it('says how much of the line is played, by length', () => {
    expect(playedShare(track, sampleTrack(track, T0))).toBe(0);
    expect(playedShare(track, sampleTrack(track, T0 + 20_000))).toBe(1);
    const half = playedShare(track, sampleTrack(track, T0 + 10_000));
    expect(half).toBeCloseTo(track.distances[1]! / track.distances[2]!, 6);
  });
});

describe('steps', () => {
  const data = prepareReplay([position(1, 0, 24.7, 46.6), position(1, 10, 24.7, 46.61), position(2, 4, 24.8, 46.6)]);
  it('steps forward and back through every device\'s positions, stopping at the ends', () => {
    expect(nextStep(data, T0) - T0).toBe(4000);
    expect(nextStep(data, T0 + 1) - T0).toBe(4000);
    expect(nextStep(data, T0 + 10_000) - T0).toBe(10_000);
    expect(previousStep(data, T0 + 10_000) - T0).toBe(4000);
    expect(previousStep(data, T0 + 5000) - T0).toBe(4000);
    expect(previousStep(data, T0)).toBe(data.start);
  });
  it('finds the index at or before a value', () => {
    expect(indexAtOrBefore([1, 3, 5], 0)).toBe(-1);
    expect(indexAtOrBefore([1, 3, 5], 3)).toBe(1);
    expect(indexAtOrBefore([1, 3, 5], 4)).toBe(1);
    expect(indexAtOrBefore([1, 3, 5], 9)).toBe(2);
  });
});

describe('thinLine', () => {
  it('keeps the corners of a drive and drops the points along its straight parts', () => {
    // east 1 km in 1,000 points, then north 1 km in 1,000 points
    const lats: number[] = [];
    const lons: number[] = [];
    for (let k = 0; k <= 1000; k++) {
      lats.push(24.7);
      lons.push(46.6 + k * 0.00001);
    }
    for (let k = 1; k <= 1000; k++) {
      lats.push(24.7 + k * 0.000009);
      lons.push(46.61);
    }
    const line = thinLine(Float64Array.from(lats), Float64Array.from(lons), 1);
    expect([...line]).toEqual([0, 1000, 2000]);
  });

  it('keeps a detour larger than the tolerance', () => {
    const line = thinLine(Float64Array.from([24.7, 24.70005, 24.7]), Float64Array.from([46.6, 46.6005, 46.601]), 1);
    expect([...line]).toEqual([0, 1, 2]);
  });

  it('a day of one-second positions thins in one pass without recursion', () => {
    const n = 86_400;
    const lats = new Float64Array(n);
    const lons = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      lats[k] = 24.7 + Math.sin(k / 500) * 0.01;
      lons[k] = 46.6 + k * 0.000005;
    }
    const line = thinLine(lats, lons, 1);
    expect(line[0]).toBe(0);
    expect(line[line.length - 1]).toBe(n - 1);
    expect(line.length).toBeLessThan(n / 4);
  });
});

describe('trackPositions', () => {
  it('gives the track back as positions for the downloads', () => {
    const data = prepareReplay([position(1, 0, 24.7, 46.6, { address: 'King Fahd Rd' }), position(1, 10, 24.8, 46.7, { altitude: Number.NaN })]);
    const positions = trackPositions(data.tracks[0]!);
    expect(positions.map((p) => [p.fixTime, p.latitude, p.longitude, p.address, p.altitude])).toEqual([
      [new Date(T0).toISOString(), 24.7, 46.6, 'King Fahd Rd', 600],
      [new Date(T0 + 10_000).toISOString(), 24.8, 46.7, null, 0],
    ]);
  });
});

describe('replayMarkers', () => {
  it('puts stops where the server says and events at their positions, for the replayed devices only, in time order', () => {
    const data = prepareReplay([position(1, 0, 24.7, 46.6), position(1, 60, 24.71, 46.6), position(1, 120, 24.72, 46.6)]);
    const stop = { deviceId: 1, startTime: new Date(T0 + 60_000).toISOString(), latitude: 24.71, longitude: 46.6, duration: 30_000 } as StopReportItem;
    const otherDevice = { ...stop, deviceId: 9 };
    const event = (positionId: number, seconds: number, deviceId = 1) => ({ id: positionId, deviceId, type: 'alarm', positionId, eventTime: new Date(T0 + seconds * 1000).toISOString() }) as Event;
    const moving = { ...event(100_060, 60), type: 'deviceMoving' };
    const markers = replayMarkers(data, [stop, otherDevice], [event(100_120, 120), event(100_000, 0), event(555, 30), event(100_060, 60, 9), moving]);
    expect(markers.map((m) => [m.kind, (m.time - T0) / 1000, m.latitude])).toEqual([
      ['event', 0, 24.7],
      ['stop', 60, 24.71],
      ['event', 120, 24.72],
    ]);
  });
});
