// @vitest-environment jsdom
import circle from '@turf/circle';
import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { checkGeometry, formatArea, type Geometry, parseArea } from '../../contract/wkt';
import {
  circleRingCentre,
  geofenceStyle,
  geoJSONToGeometry,
  geometryToGeoJSON,
  GEOFENCE_DEFAULT_COLOR,
  GpxError,
  gpxToShapes,
} from './geofence';

const RAD = Math.PI / 180;
function haversine(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a = Math.sin(((lat2 - lat1) * RAD) / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(((lon2 - lon1) * RAD) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(a));
}

/** A ring drawn the way terra-draw's circle mode does in web-mercator (its default projection). */
function mercatorRing(lon: number, lat: number, radiusKm: number, steps = 64): Position[] {
  const R = 6_378_137;
  const x0 = lon * RAD * R;
  const y0 = Math.log(Math.tan(Math.PI / 4 + (lat * RAD) / 2)) * R;
  // terra-draw scales the ground radius by the mercator/ground ratio towards the cursor (east here)
  const east = circle([lon, lat], radiusKm, { steps: 4, units: 'kilometers' }).geometry.coordinates[0]![0]!;
  const scale = (east[0]! * RAD * R - x0) / (radiusKm * 1000);
  const r = radiusKm * 1000 * scale;
  const ring: Position[] = [];
  for (let i = 0; i < steps; i++) {
    const a = (2 * Math.PI * i) / steps;
    const x = x0 + r * Math.cos(a);
    const y = y0 + r * Math.sin(a);
    ring.push([Number((x / R / RAD).toFixed(9)), Number(((2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) / RAD).toFixed(9))]);
  }
  ring.push(ring[0]!);
  return ring;
}

describe('geometryToGeoJSON', () => {
  it('turns a circle into a closed 32-step polygon of the radius in metres', () => {
    const g = geometryToGeoJSON({ type: 'circle', lat: 24.7, lon: 46.6, radius: 500 });
    expect(g.type).toBe('Polygon');
    const ring = (g as { coordinates: Position[][] }).coordinates[0]!;
    // 32 vertices (the spec's approximation), the ring closed on the first: counted, not read from the constant
    expect(new Set(ring.map(([lon, lat]) => `${lon},${lat}`)).size).toBe(32);
    expect(ring).toHaveLength(33);
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    for (const [lon, lat] of ring) expect(haversine(24.7, 46.6, lat!, lon!)).toBeCloseTo(500, 3);
  });
  it.each<[Geometry, unknown]>([
    [{ type: 'polygon', points: [[1, 2], [3, 4], [5, 2]] }, { type: 'Polygon', coordinates: [[[2, 1], [4, 3], [2, 5], [2, 1]]] }],
    [{ type: 'polygon', points: [[1, 2], [3, 4], [5, 2], [1, 2]] }, { type: 'Polygon', coordinates: [[[2, 1], [4, 3], [2, 5], [2, 1]]] }],
    [{ type: 'linestring', points: [[24.7, 46.6], [24.8, 46.7]] }, { type: 'LineString', coordinates: [[46.6, 24.7], [46.7, 24.8]] }],
  ])('puts longitude first: %j', (geometry, expected) => {
    expect(geometryToGeoJSON(geometry)).toEqual(expected);
  });
});

describe('geoJSONToGeometry', () => {
  it('reads lines and polygons (closing repeat dropped, 7 decimals)', () => {
    expect(geoJSONToGeometry({ type: 'LineString', coordinates: [[46.6, 24.7], [46.700000004, 24.8]] })).toEqual({
      type: 'linestring',
      points: [[24.7, 46.6], [24.8, 46.7]],
    });
    const polygon = geoJSONToGeometry({ type: 'Feature', properties: { mode: 'polygon' }, geometry: { type: 'Polygon', coordinates: [[[2, 1], [4, 3], [2, 5], [2, 1]]] } });
    expect(polygon).toEqual({ type: 'polygon', points: [[1, 2], [3, 4], [5, 2]] });
    expect(formatArea(polygon)).toBe('POLYGON ((1 2, 3 4, 5 2, 1 2))');
  });
  it('refuses other geometries', () => {
    expect(() => geoJSONToGeometry({ type: 'Point', coordinates: [1, 2] } as never)).toThrow(expect.objectContaining({ reason: 'unsupported' }));
  });

  const centres: Array<[number, number]> = [
    [46.6753, 24.7136],
    [-0.1276, 51.5072],
    [18.0686, 59.3293],
    [25.7, 66.5],
    [151.2, -33.87],
    [179.9, 10],
  ];
  const radii = [0.05, 1, 25, 100];
  for (const [lon, lat] of centres) {
    for (const km of radii) {
      it(`finds a circle's centre within 1 m: (${lat}, ${lon}) r=${km} km, turf and web-mercator rings`, () => {
        const turfRing = circle([lon, lat], km, { steps: 64, units: 'kilometers' }).geometry.coordinates[0]!;
        const mercator = mercatorRing(lon, lat, km);
        for (const ring of [turfRing, mercator]) {
          const g = geoJSONToGeometry({ type: 'Feature', properties: { mode: 'circle', radiusKilometers: km }, geometry: { type: 'Polygon', coordinates: [ring] } });
          expect(g.type).toBe('circle');
          if (g.type !== 'circle') return;
          expect(haversine(g.lat, g.lon, lat, lon)).toBeLessThan(1);
          expect(g.radius).toBe(Math.round(km * 10000) / 10);
        }
        // and a 32-step ring of our own
        const own = geometryToGeoJSON({ type: 'circle', lat, lon, radius: km * 1000 }) as { coordinates: Position[][] };
        const c = circleRingCentre(own.coordinates[0]!);
        expect(haversine(c.lat, c.lon, lat, lon)).toBeLessThan(1);
      });
    }
  }
  it('measures the radius from the ring when the feature has none', () => {
    const ring = circle([46.6, 24.7], 2, { steps: 64, units: 'kilometers' }).geometry.coordinates[0]!;
    const g = geoJSONToGeometry({ type: 'Feature', properties: { mode: 'circle' }, geometry: { type: 'Polygon', coordinates: [ring] } });
    expect(g.type === 'circle' && g.radius).toBeCloseTo(2000, 0);
  });
});

describe('geofenceStyle', () => {
  it.each<[Record<string, unknown> | undefined, { color: string; width: number; opacity: number }]>([
    [undefined, { color: GEOFENCE_DEFAULT_COLOR, width: 2, opacity: 1 }],
    [{}, { color: GEOFENCE_DEFAULT_COLOR, width: 2, opacity: 1 }],
    [{ color: '#f00', mapLineWidth: 4, mapLineOpacity: 0.5 }, { color: '#f00', width: 4, opacity: 0.5 }],
    [{ color: '#A1B2C3', mapLineWidth: '3', mapLineOpacity: '0.25' }, { color: '#A1B2C3', width: 3, opacity: 0.25 }],
    [{ color: 'red', mapLineWidth: 'wide', mapLineOpacity: '' }, { color: GEOFENCE_DEFAULT_COLOR, width: 2, opacity: 1 }],
    [{ color: 'url(javascript:x)', mapLineWidth: null, mapLineOpacity: null }, { color: GEOFENCE_DEFAULT_COLOR, width: 2, opacity: 1 }],
    [{ color: '#12345', mapLineWidth: 500, mapLineOpacity: 7 }, { color: GEOFENCE_DEFAULT_COLOR, width: 20, opacity: 1 }],
    [{ color: ' #abc ', mapLineWidth: -1, mapLineOpacity: -0.5 }, { color: '#abc', width: 0.5, opacity: 0 }],
    [{ mapLineWidth: Number.NaN, mapLineOpacity: Infinity }, { color: GEOFENCE_DEFAULT_COLOR, width: 2, opacity: 1 }],
  ])('%j', (attributes, expected) => {
    expect(geofenceStyle(attributes)).toEqual(expected);
  });
});

const gpxDoc = (inner: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">${inner}</gpx>`;
const trkpt = (lat: number, lon: number): string => `<trkpt lat="${lat}" lon="${lon}"><ele>600</ele></trkpt>`;

describe('gpxToShapes', () => {
  it('makes a track a line and a route a polygon', () => {
    const text = gpxDoc(
      `<wpt lat="24" lon="46"><name>ignored</name></wpt>` +
        `<trk><name>Morning</name><trkseg>${trkpt(24.7, 46.6)}${trkpt(24.71, 46.61)}${trkpt(24.72, 46.6)}</trkseg></trk>` +
        `<rte><name>Block</name><rtept lat="24.7" lon="46.6"/><rtept lat="24.7" lon="46.7"/><rtept lat="24.8" lon="46.7"/></rte>`,
    );
    expect(gpxToShapes(text)).toEqual([
      { name: 'Morning', source: 'trk', closed: false, geometry: { type: 'linestring', points: [[24.7, 46.6], [24.71, 46.61], [24.72, 46.6]] } },
      { name: 'Block', source: 'rte', closed: false, geometry: { type: 'polygon', points: [[24.7, 46.6], [24.7, 46.7], [24.8, 46.7]] } },
    ]);
    // a namespace prefix is fine
    const prefixed = '<g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:rte><g:rtept lat="1" lon="2"/><g:rtept lat="1" lon="3"/></g:rte></g:gpx>';
    expect(gpxToShapes(prefixed)[0]!.geometry).toEqual({ type: 'linestring', points: [[1, 2], [1, 3]] });
  });

  it('makes a closed track (ends within 20 m) a polygon without the closing point, unless asked for lines', () => {
    const text = gpxDoc(`<trk><trkseg>${trkpt(24.7, 46.6)}${trkpt(24.7, 46.61)}${trkpt(24.71, 46.61)}${trkpt(24.70005, 46.60005)}</trkseg></trk>`);
    const [auto] = gpxToShapes(text);
    expect(auto).toEqual({ source: 'trk', closed: true, geometry: { type: 'polygon', points: [[24.7, 46.6], [24.7, 46.61], [24.71, 46.61]] } });
    expect(checkGeometry(auto!.geometry)).toBeNull();
    expect(gpxToShapes(text, { as: 'line' })[0]!.geometry.type).toBe('linestring');
    const open = gpxDoc(`<trk><trkseg>${trkpt(24.7, 46.6)}${trkpt(24.7, 46.61)}${trkpt(24.71, 46.61)}</trkseg></trk>`);
    expect(gpxToShapes(open)[0]!.geometry.type).toBe('linestring');
    expect(gpxToShapes(open, { as: 'polygon' })[0]!.geometry).toEqual({ type: 'polygon', points: [[24.7, 46.6], [24.7, 46.61], [24.71, 46.61]] });
  });

  it('gives one shape per track segment, dropping bad and repeated points', () => {
    const text = gpxDoc(
      `<trk><name>Two</name><trkseg>${trkpt(1, 2)}${trkpt(1, 2)}${trkpt(1, 3)}</trkseg><trkseg>${trkpt(5, 6)}<trkpt lat="x" lon="7"/>${trkpt(5, 7)}</trkseg></trk>`,
    );
    expect(gpxToShapes(text).map((s) => s.geometry)).toEqual([
      { type: 'linestring', points: [[1, 2], [1, 3]] },
      { type: 'linestring', points: [[5, 6], [5, 7]] },
    ]);
  });

  it.each<[string, string, 'notGpx' | 'empty']>([
    ['plain text', 'hello', 'notGpx'],
    ['broken XML', '<gpx><trk>', 'notGpx'],
    ['KML', '<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>', 'notGpx'],
    ['no tracks', gpxDoc('<wpt lat="1" lon="2"/>'), 'empty'],
    ['a one-point track', gpxDoc(`<trk><trkseg>${trkpt(1, 2)}</trkseg></trk>`), 'empty'],
  ])('refuses %s', (_what, text, reason) => {
    expect(() => gpxToShapes(text)).toThrow(GpxError);
    expect(() => gpxToShapes(text)).toThrow(expect.objectContaining({ reason }));
  });

  it('reads a 100,000-point track (document built directly: jsdom\'s XML parser is the slow part here, not the walk)', () => {
    const ns = 'http://www.topografix.com/GPX/1/1';
    const doc = document.implementation.createDocument(ns, 'gpx', null);
    const trk = doc.createElementNS(ns, 'trk');
    const seg = doc.createElementNS(ns, 'trkseg');
    for (let i = 0; i < 100_000; i++) {
      const pt = doc.createElementNS(ns, 'trkpt');
      pt.setAttribute('lat', (24 + i * 1e-5).toFixed(5));
      pt.setAttribute('lon', '46.6');
      seg.appendChild(pt);
    }
    trk.appendChild(seg);
    doc.documentElement.appendChild(trk);
    const started = performance.now();
    const shapes = gpxToShapes(doc);
    expect(shapes[0]!.geometry.type === 'linestring' && shapes[0]!.geometry.points.length).toBe(100_000);
    console.info(`100,000-point GPX track, walk of a parsed document (jsdom): ${Math.round(performance.now() - started)} ms`);
  }, 60_000);

  it('round-trips an imported polygon through the area text', () => {
    const text = gpxDoc(`<rte><rtept lat="24.7" lon="46.6"/><rtept lat="24.7" lon="46.7"/><rtept lat="24.8" lon="46.7"/></rte>`);
    const area = formatArea(gpxToShapes(text)[0]!.geometry);
    expect(area).toBe('POLYGON ((24.7 46.6, 24.7 46.7, 24.8 46.7, 24.7 46.6))');
    expect(parseArea(area).type).toBe('polygon');
  });
});
