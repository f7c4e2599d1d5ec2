import { describe, expect, it } from 'vitest';
import { CityGrid, PROFILES, type Report, Vehicle, demoGeofences, demoPlaces, planRoute, Random } from '../../server/simulator/model.ts';
import { UsageError, deviceIds, parseArgs } from '../../server/simulator/cli.ts';
import { osmandParams } from '../../server/simulator/sender.ts';
import { decodeParams } from '../../server/ingest/osmand.ts';
import { parseArea } from '../../contract/wkt.ts';
import { areaContains } from '../../server/geo/contains.ts';

const grid = new CityGrid();

function drive(seed: string, hours: number, profile = PROFILES.car!, everyMs = 3000): Report[] {
  const vehicle = new Vehicle(grid, { seed, startTime: Date.UTC(2025, 0, 1), profile, places: demoPlaces().places, alarmProbability: 0.002 });
  const reports: Report[] = [];
  for (let t = 0; t <= hours * 3_600_000; t += everyMs) {
    vehicle.advanceTo(Date.UTC(2025, 0, 1) + t);
    reports.push(vehicle.report());
  }
  return reports;
}

describe('simulator route model (pure)', () => {
  const reports = drive('model-test', 3);

  it('stays on the streets of the grid', () => {
    for (const r of reports) expect(grid.distanceToStreet(r.lat, r.lon)).toBeLessThan(3);
    // and around Riyadh
    for (const r of reports) {
      expect(Math.abs(r.lat - 24.7136)).toBeLessThan(0.1);
      expect(Math.abs(r.lon - 46.6753)).toBeLessThan(0.1);
    }
  });

  it('routes go from intersection to neighbouring intersection', () => {
    const rng = new Random(1);
    for (let k = 0; k < 200; k++) {
      const from = { i: rng.int(-16, 16), j: rng.int(-16, 16) };
      const to = { i: rng.int(-16, 16), j: rng.int(-16, 16) };
      const path = planRoute(grid, from, to, rng);
      expect(path[0]).toEqual(from);
      expect(path[path.length - 1]).toEqual(to);
      for (let s = 1; s < path.length; s++) expect(Math.abs(path[s]!.i - path[s - 1]!.i) + Math.abs(path[s]!.j - path[s - 1]!.j)).toBe(1);
      for (const node of path) expect(grid.contains(node)).toBe(true);
    }
  });

  it('has plausible speeds, acceleration, headings, stops, ignition and battery', () => {
    const kmh = reports.map((r) => r.speed * 1.852);
    expect(Math.max(...kmh)).toBeLessThanOrEqual(120.5);
    expect(Math.max(...kmh)).toBeGreaterThan(85); // some highway driving
    const moving = kmh.filter((v) => v > 1);
    const median = [...moving].sort((a, b) => a - b)[Math.floor(moving.length / 2)]!;
    expect(median).toBeGreaterThan(20);
    expect(median).toBeLessThan(90);
    for (let k = 1; k < reports.length; k++) {
      const dv = (kmh[k]! - kmh[k - 1]!) / 3.6 / 3; // m/s² over 3 s
      expect(dv).toBeLessThan(3.1);
      expect(dv).toBeGreaterThan(-6.1);
    }
    // heading along a street: one of the four grid directions
    const axes = [0, 90, 180, 270].map((a) => (a + 90 - 12 + 360) % 360);
    for (const r of reports.filter((x) => x.speed > 1)) {
      expect(Math.min(...axes.map((a) => Math.abs(((r.course - a + 540) % 360) - 180)))).toBeLessThan(0.2);
    }
    // parked: ignition off and still; driving: ignition on
    for (const r of reports) {
      if (r.phase === 'parked') {
        expect(r.ignition).toBe(false);
        expect(r.speed).toBe(0);
      } else expect(r.ignition).toBe(true);
    }
    // a few stops of a few minutes
    const parkings: number[] = [];
    let since: number | null = null;
    for (const r of reports) {
      if (r.phase === 'parked' && since === null) since = r.time;
      if (r.phase !== 'parked' && since !== null) {
        parkings.push(r.time - since);
        since = null;
      }
    }
    expect(parkings.length).toBeGreaterThanOrEqual(3);
    for (const p of parkings.slice(1)) {
      expect(p).toBeGreaterThanOrEqual(110_000);
      expect(p).toBeLessThanOrEqual(490_000);
    }
    const batteries = reports.map((r) => r.battery);
    expect(Math.min(...batteries)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...batteries)).toBeLessThanOrEqual(100);
    expect(reports.some((r) => r.charge)).toBe(true);
    expect(reports.some((r) => !r.charge)).toBe(true);
    const alarms = reports.filter((r) => r.alarm === 'sos').length;
    expect(alarms).toBeGreaterThan(0);
    expect(alarms).toBeLessThan(reports.length * 0.01);
  });

  it('is deterministic with a seed, whatever the sampling', () => {
    expect(drive('same', 1)).toEqual(drive('same', 1));
    expect(drive('same', 1)).not.toEqual(drive('other', 1));
    const fine = drive('same', 1, PROFILES.car!, 1000).filter((_, k) => k % 5 === 0);
    const coarse = drive('same', 1, PROFILES.car!, 5000);
    const strip = (r: Report): unknown => [r.time, r.speed, r.course, r.phase, r.ignition, r.battery];
    expect(fine.map(strip)).toEqual(coarse.map(strip));
  });

  it('walks slowly for a person, without ignition', () => {
    const walk = drive('walker', 1, PROFILES.person!);
    expect(Math.max(...walk.map((r) => r.speed * 1.852))).toBeLessThanOrEqual(6.1);
    expect(walk.every((r) => r.ignition === undefined)).toBe(true);
  });

  it('demo trips cross the demo geofences', () => {
    const areas = demoGeofences(grid).map((g) => parseArea(g.area));
    const many = ['a', 'b', 'c', 'd'].flatMap((seed) => drive(seed, 4));
    areas.forEach((area, k) => {
      expect(many.some((r) => areaContains(area, r.lat, r.lon, k === 2 ? 30 : 25))).toBe(true);
      expect(many.some((r) => !areaContains(area, r.lat, r.lon, k === 2 ? 30 : 25))).toBe(true);
    });
  });

  it('reports exactly the OsmAnd parameters a phone sends', () => {
    const report = reports.find((r) => r.speed > 5)!;
    const decoded = decodeParams(osmandParams('sim-001', { ...report, alarm: 'sos' }));
    expect(decoded.uniqueId).toBe('sim-001');
    expect(decoded.fixTime).toBe(Math.floor(report.time / 1000) * 1000);
    expect(decoded.latitude).toBe(report.lat);
    expect(decoded.speed).toBe(report.speed);
    expect(decoded.course).toBe(report.course);
    expect(decoded.attributes).toMatchObject({ batteryLevel: report.battery, charge: report.charge, ignition: true, alarm: 'sos' });
  });
});

describe('simulate CLI arguments', () => {
  it('parses a full command line', () => {
    expect(
      parseArgs(['--url', 'http://host:5055', '--devices', '25', '--interval=2.5', '--prefix', 'x-', '--duration', '60', '--seed', '7']),
    ).toMatchObject({ url: 'http://host:5055/', devices: 25, interval: 2.5, prefix: 'x-', duration: 60, seed: '7', create: null });
    expect(
      parseArgs(['--url', 'http://h:5055', '--devices', '1', '--interval', '1', '--create', '--api', 'http://h:8082', '--user', 'admin', '--password', 'p']),
    ).toMatchObject({ create: { api: 'http://h:8082/', user: 'admin', password: 'p' }, prefix: 'sim-', duration: null });
    expect(parseArgs(['--help'])).toBe('help');
    expect(deviceIds('sim-', 3)).toEqual(['sim-001', 'sim-002', 'sim-003']);
    expect(deviceIds('d', 1200)[1199]).toBe('d1200');
  });

  it.each([
    [[], /--url is required/],
    [['--url', 'http://h', '--interval', '1'], /--devices is required/],
    [['--url', 'ftp://h', '--devices', '1', '--interval', '1'], /--url: http or https URL expected/],
    [['--url', 'not a url', '--devices', '1', '--interval', '1'], /--url: not a URL/],
    [['--url', 'http://h', '--devices', '0', '--interval', '1'], /--devices: a positive integer/],
    [['--url', 'http://h', '--devices', '2.5', '--interval', '1'], /--devices: a positive integer/],
    [['--url', 'http://h', '--devices', 'ten', '--interval', '1'], /--devices: a positive integer/],
    [['--url', 'http://h', '--devices', '1', '--interval', '-1'], /--interval: a positive number/],
    [['--url', 'http://h', '--devices', '1', '--interval', '1', '--duration', '0'], /--duration: a positive number/],
    [['--url', 'http://h', '--devices', '1', '--interval'], /--interval needs a value/],
    [['--url', 'http://h', '--devices', '1', '--interval', '1', '--speed', '3'], /Unknown option: --speed/],
    [['--url', 'http://h', '--devices', '1', '--interval', '1', 'extra'], /Unexpected argument: extra/],
    [['--url', 'http://h', '--devices', '1', '--interval', '1', '--create'], /--api is required/],
    [['--url', 'http://h', '--devices', '1', '--interval', '1', '--user', 'a'], /--user is only used with --create/],
    [['--url', 'http://h', '--devices', '1', '--interval', '1', '--alarm-rate', '2'], /--alarm-rate: a probability/],
    [['--url', 'http://h', '--devices', '1', '--interval', '1', '--prefix', 'a b'], /--prefix/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});
