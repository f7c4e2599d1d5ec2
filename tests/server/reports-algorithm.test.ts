import { describe, expect, it } from 'vitest';
import type { Position } from '../../contract/models.ts';
import { distanceMeters, tripsConfig } from '../../server/reports/common.ts';
import { combined, filterEvents, geofenceVisits } from '../../server/reports/events.ts';
import { newLogicEvents } from '../../server/reports/motion.ts';
import { dailyRanges, summarize } from '../../server/reports/summary.ts';
import { detectTripsAndStops } from '../../server/reports/trips.ts';
import { escapeCell } from '../../server/reports/xlsx.ts';

const T0 = Date.parse('2024-03-01T08:00:00Z');
const MIN = 60000;
const M_PER_DEG = (6378137 * Math.PI) / 180;
const device = { id: 7, name: 'Truck', attributes: {} };

/** A sequence of [minute, metres east of the origin, speed kn] → positions with distance/totalDistance. */
function track(points: Array<[number, number, number?]>, extra: (i: number) => Record<string, number | string> = () => ({})): Position[] {
  let total = 0;
  let prev: Position | null = null;
  return points.map(([minute, east, speed], i) => {
    const longitude = east / M_PER_DEG;
    const d = prev ? distanceMeters(0, prev.longitude, 0, longitude) : 0;
    total += d;
    const iso = new Date(T0 + minute * MIN).toISOString();
    const p: Position = {
      id: i + 1, deviceId: 7, protocol: 'osmand', serverTime: iso, deviceTime: iso, fixTime: iso, valid: true,
      latitude: 0, longitude, altitude: 0, speed: speed ?? 0, course: 0, address: null, accuracy: 0, network: null, geofenceIds: null,
      attributes: { distance: d, totalDistance: total, motion: (speed ?? 0) > 0, ...extra(i) },
    };
    prev = p;
    return p;
  });
}

/** 30 min parked at 0, 5 km east over 15 min, 30 min parked. */
function driveBetweenStops(): Position[] {
  const points: Array<[number, number, number?]> = [];
  for (let m = 0; m <= 30; m++) points.push([m, 0, 0]);
  for (let m = 31; m <= 45; m++) points.push([m, ((m - 30) * 5000) / 15, 18]);
  for (let m = 46; m <= 75; m++) points.push([m, 5000, 0]);
  return track(points);
}

const config = tripsConfig({});
const minute = (iso: string): number => (Date.parse(iso) - T0) / MIN;

describe('trip/stop detection, new logic', () => {
  it('has Traccar defaults', () => {
    expect(config).toMatchObject({ newLogic: true, minDistance: 200, minDuration: 180000, stopGap: 3600000, ignoreOdometer: false });
    expect(tripsConfig({ server: { 'report.trip.minDistance': '500' }, device: { 'report.trip.newLogic': false } })).toMatchObject({
      minDistance: 500,
      newLogic: false,
    });
    expect(tripsConfig({ device: { 'report.trip.minDistance': 300 }, groups: [{ 'report.trip.minDistance': 400 }] }).minDistance).toBe(300);
    expect(tripsConfig({ groups: [{}, { 'report.trip.minDistance': 400 }], server: { 'report.trip.minDistance': 9 } }).minDistance).toBe(400);
  });

  it('a 5 km drive between two 30-min stops: 1 trip, 2 stops', () => {
    const positions = driveBetweenStops();
    const trips = detectTripsAndStops('trips', device, positions, config);
    expect(trips).toHaveLength(1);
    const trip = trips[0]!;
    // Start backdated to the departure (the last parked fix); the stop is confirmed once the
    // whole minDuration window lies within minDistance (Traccar places it at that position).
    expect(minute(trip.startTime)).toBe(30);
    expect(minute(trip.endTime)).toBe(49);
    expect(trip.distance).toBeCloseTo(5000, 0);
    expect(trip.duration).toBe(19 * MIN);
    expect(trip.maxSpeed).toBe(18);
    expect(trip.averageSpeed).toBeCloseTo(((5000 / (19 * 60)) * 3600) / 1852, 5);
    expect(trip).toMatchObject({ deviceId: 7, deviceName: 'Truck', startPositionId: 31, endPositionId: 50, startLon: 0 });

    const stops = detectTripsAndStops('stops', device, positions, config);
    expect(stops.map((s) => [minute(s.startTime), minute(s.endTime)])).toEqual([
      [0, 30],
      [49, 75],
    ]);
    expect(stops[0]!.duration).toBe(30 * MIN);
    expect(stops[1]!.positionId).toBe(50);
    expect(stops[1]!.longitude).toBeCloseTo(5000 / M_PER_DEG, 9);
  });

  it('jitter within 50 m while parked is no trip', () => {
    const points: Array<[number, number, number?]> = [];
    for (let m = 0; m <= 120; m++) points.push([m, ((m * 37) % 100) - 50, m % 3 === 1 ? 2 : 0]);
    const positions = track(points);
    expect(detectTripsAndStops('trips', device, positions, config)).toEqual([]);
    const stops = detectTripsAndStops('stops', device, positions, config);
    expect(stops).toHaveLength(1);
    expect(stops[0]!.duration).toBe(120 * MIN);
  });

  it('a data gap > stopGap over a long distance is stop → trip → stop', () => {
    const positions = track([
      [0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0],
      [123, 13000, 0], [124, 13000, 0], [125, 13000, 0],
    ]);
    expect(newLogicEvents(positions, { minDistance: 200, minDuration: 180000, stopGap: 3600000 })).toEqual([
      { type: 'deviceMoving', index: 3 },
      { type: 'deviceStopped', index: 4 },
    ]);
    const trips = detectTripsAndStops('trips', device, positions, config);
    expect(trips.map((t) => [minute(t.startTime), minute(t.endTime), Math.round(t.distance)])).toEqual([[3, 123, 13000]]);
    const stops = detectTripsAndStops('stops', device, positions, config);
    expect(stops.map((s) => [minute(s.startTime), minute(s.endTime)])).toEqual([
      [0, 3],
      [123, 125],
    ]);
    // A gap shorter than stopGap is not split.
    const short = track([[0, 0, 0], [1, 0, 0], [30, 13000, 0], [31, 13000, 0]]);
    expect(newLogicEvents(short, { minDistance: 200, minDuration: 180000, stopGap: 3600000 }).map((e) => e.type)).toEqual(['deviceMoving']);
  });

  it('a gap while moving closes the trip at the last fix before it', () => {
    const positions = track([[0, 0, 20], [1, 400, 20], [2, 800, 20], [100, 20000, 0], [101, 20000, 0]]);
    const events = newLogicEvents(positions, { minDistance: 200, minDuration: 180000, stopGap: 3600000 });
    expect(events.map((e) => [e.type, e.index])).toEqual([
      ['deviceStopped', 2],
      ['deviceMoving', 2],
      ['deviceStopped', 3],
    ]);
    expect(detectTripsAndStops('trips', device, positions, config).map((t) => [t.startPositionId, t.endPositionId])).toEqual([
      [1, 3],
      [3, 4],
    ]);
  });

  it('uses the odometer when both ends carry one (unless report.ignoreOdometer), fuel and driver', () => {
    const positions = driveBetweenStops().map((p, i) => ({
      ...p,
      attributes: { ...p.attributes, odometer: 100000 + i * 10, fuel: 50 - i * 0.1, hours: i * 60000, driverUniqueId: 'D1' },
    }));
    const [trip] = detectTripsAndStops('trips', device, positions, config, (id) => (id === 'D1' ? 'Alice' : null));
    expect(trip!.distance).toBe((49 - 30) * 10);
    expect(trip!.startOdometer).toBe(100300);
    expect(trip!.spentFuel).toBeCloseTo(1.9, 6);
    expect(trip).toMatchObject({ driverUniqueId: 'D1', driverName: 'Alice' });
    const ignoring = tripsConfig({ server: { 'report.ignoreOdometer': true } });
    expect(detectTripsAndStops('trips', device, positions, ignoring)[0]!.distance).toBeCloseTo(5000, 0);
    const stops = detectTripsAndStops('stops', device, positions, config);
    expect(stops[0]!.engineHours).toBe(30 * 60000);
  });
});

describe('trip/stop detection, old logic', () => {
  const old = tripsConfig({ server: { 'report.trip.newLogic': false } });

  it('needs the motion flag to hold for minimalTripDuration or cover minimalTripDistance', () => {
    const trips = detectTripsAndStops('trips', device, driveBetweenStops(), old);
    expect(trips).toHaveLength(1);
    expect(minute(trips[0]!.startTime)).toBe(31);
    expect(minute(trips[0]!.endTime)).toBe(46);
    // A 2-minute flicker of motion over 100 m is ignored.
    const flicker = track([[0, 0, 0], [10, 0, 0], [11, 50, 5], [12, 100, 5], [13, 100, 0], [30, 100, 0]]);
    expect(detectTripsAndStops('trips', device, flicker, old)).toEqual([]);
  });
});

describe('summary, events, combined, geofences', () => {
  it('summarizes first/last positions with max speed, hours and average speed over engine hours', () => {
    const positions = driveBetweenStops().map((p, i) => ({ ...p, attributes: { ...p.attributes, hours: i * 60000 } }));
    const item = summarize(device, positions, false)!;
    expect(item.distance).toBeCloseTo(5000, 0);
    expect(item.maxSpeed).toBe(18);
    expect(item.engineHours).toBe(75 * 60000);
    expect(item.averageSpeed).toBeCloseTo(((5000 / (75 * 60)) * 3600) / 1852, 3);
    expect(summarize(device, [positions[0]!, positions[75]!], false, true)!.maxSpeed).toBe(0);
    expect(summarize(device, [], false)).toBeNull();
  });

  it('splits days at local midnight', () => {
    const from = Date.parse('2024-03-01T10:00:00Z');
    const to = Date.parse('2024-03-03T05:00:00Z');
    expect(dailyRanges(from, to, 'UTC').map(([a, b]) => [new Date(a).toISOString(), new Date(b).toISOString()])).toEqual([
      ['2024-03-01T10:00:00.000Z', '2024-03-02T00:00:00.000Z'],
      ['2024-03-02T00:00:00.000Z', '2024-03-03T00:00:00.000Z'],
      ['2024-03-03T00:00:00.000Z', '2024-03-03T05:00:00.000Z'],
    ]);
    expect(dailyRanges(from, to, 'Asia/Riyadh').map(([a]) => new Date(a).toISOString())).toEqual([
      '2024-03-01T10:00:00.000Z',
      '2024-03-01T21:00:00.000Z',
      '2024-03-02T21:00:00.000Z',
    ]);
  });

  const ev = (id: number, type: string, minuteAt: number, more: Partial<{ positionId: number; geofenceId: number; alarm: string }> = {}) => ({
    id, type, deviceId: 7, eventTime: new Date(T0 + minuteAt * MIN).toISOString(), positionId: more.positionId ?? 0,
    geofenceId: more.geofenceId ?? 0, maintenanceId: 0, attributes: more.alarm ? { alarm: more.alarm } : {},
  });

  it('filters events by type, allEvents and alarm', () => {
    const events = [ev(1, 'alarm', 1, { alarm: 'sos' }), ev(2, 'alarm', 2, { alarm: 'overspeed' }), ev(3, 'ignitionOn', 3)];
    expect(filterEvents(events, { types: [], alarms: [] }).map((e) => e.id)).toEqual([1, 2, 3]);
    expect(filterEvents(events, { types: ['allEvents'], alarms: ['sos'] }).map((e) => e.id)).toEqual([1, 3]);
    expect(filterEvents(events, { types: ['ignitionOn'], alarms: [] }).map((e) => e.id)).toEqual([3]);
  });

  it('combined drops deviceMoving and position-less events', () => {
    const positions = track([[0, 0], [1, 100], [2, 200]]);
    const item = combined(7, positions, [ev(1, 'deviceMoving', 1, { positionId: 2 }), ev(2, 'alarm', 2, { positionId: 3 }), ev(3, 'deviceOnline', 2)]);
    expect(item.route).toHaveLength(3);
    expect(item.route[1]![0]).toBeCloseTo(100 / M_PER_DEG, 9);
    expect(item.events.map((e) => e.id)).toEqual([2]);
    expect(item.positions.map((p) => p.id)).toEqual([3]);
  });

  it('pairs geofence enter/exit of the listed geofences only', () => {
    const events = [
      ev(1, 'geofenceEnter', 1, { geofenceId: 5 }), ev(2, 'geofenceEnter', 2, { geofenceId: 6 }),
      ev(3, 'geofenceExit', 4, { geofenceId: 5 }), ev(4, 'geofenceExit', 5, { geofenceId: 6 }), ev(5, 'geofenceExit', 9, { geofenceId: 5 }),
    ];
    const items = geofenceVisits(device, events, [5]);
    expect(items.map((i) => [i.geofenceId, minute(i.startTime), minute(i.endTime)])).toEqual([[5, 1, 4]]);
    expect(geofenceVisits(device, events, [])).toEqual([]);
  });

  it('escapes formula-like cells', () => {
    expect(escapeCell('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    for (const s of ['+1', '-1', '@x', '\tx', '\rx']) expect(escapeCell(s)).toBe(`'${s}`);
    expect(escapeCell('Truck 1')).toBe('Truck 1');
  });
});
