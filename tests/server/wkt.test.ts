import { describe, expect, it } from 'vitest';
import { AreaError, type AreaProblem, checkGeometry, closeRing, formatArea, type Geometry, type LatLon, MAX_CIRCLE_RADIUS, parseArea } from '../../contract/wkt.ts';
import { demoGeofences } from '../../server/simulator/model.ts';

function reasonOf(area: string): AreaProblem | 'ok' {
  try {
    parseArea(area);
    return 'ok';
  } catch (error) {
    expect(error).toBeInstanceOf(AreaError);
    expect((error as AreaError).message.length).toBeGreaterThan(5);
    return (error as AreaError).reason;
  }
}

function ring(n: number, lat = 24.7, lon = 46.6, r = 0.05): LatLon[] {
  const out: LatLon[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    out.push([Number((lat + r * Math.sin(a)).toFixed(7)), Number((lon + r * Math.cos(a)).toFixed(7))]);
  }
  return out;
}

describe('parseArea / formatArea', () => {
  it('reads latitude first', () => {
    expect(parseArea('CIRCLE (24.7 46.6, 250)')).toEqual({ type: 'circle', lat: 24.7, lon: 46.6, radius: 250 });
    expect(parseArea('LINESTRING (24.7 46.6, 24.8 46.7)')).toEqual({ type: 'linestring', points: [[24.7, 46.6], [24.8, 46.7]] });
  });

  it.each<[string, Geometry]>([
    ['CIRCLE (24.7 46.6, 250)', { type: 'circle', lat: 24.7, lon: 46.6, radius: 250 }],
    ['CIRCLE (-33.5 151.25, 1000000)', { type: 'circle', lat: -33.5, lon: 151.25, radius: MAX_CIRCLE_RADIUS }],
    ['POLYGON ((24.7 46.6, 24.8 46.6, 24.8 46.7, 24.7 46.6))', { type: 'polygon', points: [[24.7, 46.6], [24.8, 46.6], [24.8, 46.7], [24.7, 46.6]] }],
    ['LINESTRING (24.7 46.6, 24.8 46.7, 24.9 46.6)', { type: 'linestring', points: [[24.7, 46.6], [24.8, 46.7], [24.9, 46.6]] }],
  ])('round-trips %s', (text, geometry) => {
    expect(parseArea(text)).toEqual(geometry);
    expect(formatArea(geometry)).toBe(text);
    expect(parseArea(formatArea(geometry))).toEqual(geometry);
  });

  it('accepts an unclosed ring and writes it closed', () => {
    const g = parseArea('POLYGON ((1 2, 3 4, 5 2))');
    expect(g).toEqual({ type: 'polygon', points: [[1, 2], [3, 4], [5, 2]] });
    expect(formatArea(g)).toBe('POLYGON ((1 2, 3 4, 5 2, 1 2))');
    expect(formatArea(parseArea(formatArea(g)))).toBe('POLYGON ((1 2, 3 4, 5 2, 1 2))');
    expect(closeRing([[1, 2], [3, 4], [5, 2], [1, 2]])).toHaveLength(4);
  });

  it.each<[string, AreaProblem]>([
    ['', 'empty'],
    ['   ', 'empty'],
    ['CIRCLE (1 2)', 'syntax'],
    ['CIRCLE 1 2, 3', 'syntax'],
    ['CIRCLE (1 2, x)', 'syntax'],
    ['POLYGON ((1 2, 3 x, 5 6))', 'syntax'],
    ['POLYGON (1 2, 3 4, 5 6)', 'syntax'],
    ['POLYGON ((1 2, 3 4, 5 6)', 'syntax'],
    ['LINESTRING (1 2 3, 4 5)', 'syntax'],
    ['LINESTRING (1 2,, 4 5)', 'syntax'],
    ['POINT (1 2)', 'unsupported'],
    ['circle (1 2, 3)', 'unsupported'],
    ['MULTIPOLYGON (((1 2, 3 4, 5 6)))', 'unsupported'],
    ['CIRCLE (95 2, 5)', 'latitude'],
    ['POLYGON ((1 2, -90.5 4, 5 6))', 'latitude'],
    ['LINESTRING (1 2, 3 400)', 'longitude'],
    ['POLYGON ((1 2, 3 4))', 'tooFewPoints'],
    ['POLYGON ((1 2, 3 4, 1 2))', 'tooFewPoints'],
    ['POLYGON ((1 2, 1 2, 3 4, 3 4))', 'tooFewPoints'],
    ['LINESTRING (1 2)', 'tooFewPoints'],
    ['LINESTRING (1 2, 1 2)', 'tooFewPoints'],
    ['CIRCLE (1 2, 0)', 'radiusZero'],
    ['CIRCLE (1 2, -5)', 'radiusZero'],
    ['CIRCLE (1 2, 1000000.5)', 'radiusTooLarge'],
    ['CIRCLE (1 2, 5e9)', 'radiusTooLarge'],
    ['POLYGON ((0 0, 1 1, 0 1, 1 0))', 'selfIntersecting'],
    ['POLYGON ((0 0, 1 1, 0 1, 1 0, 0 0))', 'selfIntersecting'],
    // touching itself at a vertex (a figure eight)
    ['POLYGON ((0 0, 1 0, 1 1, 2 1, 2 2, 1 2, 1 1, 0 1))', 'selfIntersecting'],
    // a spike folding back on its own edge
    ['POLYGON ((0 0, 2 0, 1 0, 1 1))', 'selfIntersecting'],
    ['POLYGON ((0 0, 0 1, 0 2))', 'selfIntersecting'],
  ])('refuses %j (%s)', (text, reason) => {
    expect(reasonOf(text)).toBe(reason);
  });

  it('refuses text over the length limit', () => {
    expect(reasonOf(`LINESTRING (${'1 2, '.repeat(900_000)}1 2)`)).toBe('tooLong');
  });

  it('accepts valid rings: concave, repeated closing point, a duplicate vertex, across ±180', () => {
    for (const ok of [
      'POLYGON ((0 0, 4 0, 4 4, 2 1, 0 4))',
      'POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0))',
      'POLYGON ((0 0, 4 0, 4 0, 4 4, 0 4))',
      'POLYGON ((10 179, 10 -179, 11 -179, 11 179))',
    ]) {
      expect(reasonOf(ok), ok).toBe('ok');
    }
    // a bow tie across the antimeridian
    expect(reasonOf('POLYGON ((10 179, 11 -179, 10 -179, 11 179))')).toBe('selfIntersecting');
  });

  it('finds one crossing in a large ring (grid path)', () => {
    const points = ring(5000);
    [points[100], points[101]] = [points[101]!, points[100]!];
    expect(checkGeometry({ type: 'polygon', points })?.reason).toBe('selfIntersecting');
    const zigzag: LatLon[] = [];
    for (let i = 0; i < 1000; i++) zigzag.push([i % 2, i * 0.1]);
    zigzag.push([-5, 99.9], [-5, 0]);
    expect(checkGeometry({ type: 'polygon', points: zigzag })).toBeNull();
    zigzag.push([3, 50]); // closing edge crosses the zigzag
    expect(checkGeometry({ type: 'polygon', points: zigzag })?.reason).toBe('selfIntersecting');
  });

  it('skips the checks with { check: false } (to draw stored areas as they are)', () => {
    expect(parseArea('POLYGON ((0 0, 1 1, 0 1, 1 0))', { check: false }).type).toBe('polygon');
    expect(() => parseArea('POLYGON ((0 0, 1 x))', { check: false })).toThrow(AreaError);
  });

  it('keeps the demo geofences valid', () => {
    for (const g of demoGeofences()) expect(checkGeometry(parseArea(g.area)), g.name).toBeNull();
  });

  it('parses, checks and formats a 100,000-vertex polygon', () => {
    const text = formatArea({ type: 'polygon', points: ring(100_000) });
    const started = performance.now();
    const g = parseArea(text);
    expect(g.type === 'polygon' && g.points.length).toBe(100_001);
    expect(formatArea(g)).toBe(text);
    console.info(`100,000-vertex polygon: parse + check + format ${Math.round(performance.now() - started)} ms`);
  });

  it('accepts a 100,000-spike star (no crossing, too tangled for the check budget: accepted as Traccar does) in bounded time', () => {
    const points: LatLon[] = [];
    for (let i = 0; i < 100_000; i++) {
      const a = (2 * Math.PI * i) / 100_000;
      const r = i % 2 ? 0.0001 : 0.05;
      points.push([24.7 + r * Math.sin(a), 46.6 + r * Math.cos(a)]);
    }
    const started = performance.now();
    expect(checkGeometry({ type: 'polygon', points })).toBeNull();
    // bounded by the check's work budget, far from the seconds a pairwise check would take
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('accepts a simple comb polygon of 8,002 vertices (long thin teeth)', () => {
    const points: LatLon[] = [];
    const teeth = 2_000;
    for (let i = 0; i < teeth; i++) {
      const lon = 46.6 + i * 0.0001;
      points.push([24.7, lon], [24.8, lon], [24.8, lon + 0.00005], [24.7, lon + 0.00005]);
    }
    points.push([24.69, 46.6 + teeth * 0.0001], [24.69, 46.6]);
    expect(checkGeometry({ type: 'polygon', points })).toBeNull();
  });
});
