// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import type { Position } from '../../../contract/models';
import { downloadBlob, reportFileName, REVOKE_AFTER_MS } from './download';
import {
  KML_POINTS_LIMIT,
  positionsToGpx,
  positionsToKml,
  positionsToKmz,
  xmlSafeText,
  type ExportTrack,
} from './exports';
import { makePosition } from '../../../tests/fixtures/models';

const position = (overrides: Partial<Position> = {}): Position =>
  makePosition({ fixTime: '2026-11-01T11:03:05.000+00:00', altitude: 612.5, speed: 10, course: 90, accuracy: 5, ...overrides });

const HOSTILE = `<b>&"'`;

function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

const tracks: ExportTrack[] = [
  {
    name: 'Truck 1',
    positions: [
      position({ latitude: 24.7136, longitude: 46.6753, altitude: 612.5, speed: 10, course: 90, fixTime: '2026-11-01T14:03:05.000+03:00' }),
      position({ id: 2, latitude: 24.72, longitude: 46.68, altitude: 615, speed: 0, course: 360, fixTime: '2026-11-01T11:04:05.000+00:00' }),
      position({ id: 3, latitude: Number.NaN, longitude: 46.7 }),
    ],
  },
  {
    name: HOSTILE,
    positions: [position({ id: 4, latitude: -33.9, longitude: 1e-8, address: HOSTILE, fixTime: null })],
  },
];

describe('positionsToGpx', () => {
  it('writes GPX 1.1 with a track per device and its points', () => {
    const gpx = positionsToGpx(tracks);
    expect(gpx.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<gpx')).toBe(true);
    const doc = parseXml(gpx);
    const root = doc.documentElement;
    expect(root.namespaceURI).toBe('http://www.topografix.com/GPX/1/1');
    expect(root.getAttribute('version')).toBe('1.1');
    const trks = root.getElementsByTagName('trk');
    expect(trks).toHaveLength(2);
    expect(trks[0]!.getElementsByTagName('name')[0]!.textContent).toBe('Truck 1');
    const points = [...trks[0]!.getElementsByTagName('trkpt')];
    expect(points).toHaveLength(2);
    expect(points.map((point) => [point.getAttribute('lat'), point.getAttribute('lon')])).toEqual([
      ['24.7136', '46.6753'],
      ['24.72', '46.68'],
    ]);
    expect(points.map((point) => point.getElementsByTagName('time')[0]!.textContent)).toEqual(['2026-11-01T11:03:05.000Z', '2026-11-01T11:04:05.000Z']);
    expect(points[0]!.getElementsByTagName('ele')[0]!.textContent).toBe('612.5');
    const TPX = 'http://www.garmin.com/xmlschemas/TrackPointExtension/v2';
    expect(points[0]!.getElementsByTagNameNS(TPX, 'speed')[0]!.textContent).toBe('5.144');
    expect(points[0]!.getElementsByTagNameNS(TPX, 'course')[0]!.textContent).toBe('90');
    expect(points[1]!.getElementsByTagNameNS(TPX, 'course')[0]!.textContent).toBe('0');
    const second = trks[1]!.getElementsByTagName('trkpt')[0]!;
    expect([second.getAttribute('lat'), second.getAttribute('lon')]).toEqual(['-33.9', '0']);
    expect(second.getElementsByTagName('time')).toHaveLength(0);
  });

  it('writes coordinates as decimals, never with an exponent', () => {
    const doc = parseXml(positionsToGpx([{ name: 'equator', positions: [position({ latitude: 5e-7, longitude: -3e-8, altitude: 1e-9, course: -90 })] }]));
    const point = doc.getElementsByTagName('trkpt')[0]!;
    expect([point.getAttribute('lat'), point.getAttribute('lon')]).toEqual(['0.0000005', '0']);
    expect(point.getElementsByTagName('ele')[0]!.textContent).toBe('0');
    expect(point.getElementsByTagNameNS('http://www.garmin.com/xmlschemas/TrackPointExtension/v2', 'course')[0]!.textContent).toBe('270');
  });

  it('escapes names: markup round-trips as text and creates no element', () => {
    const doc = parseXml(positionsToGpx(tracks));
    expect(doc.getElementsByTagName('trk')[1]!.getElementsByTagName('name')[0]!.textContent).toBe(HOSTILE);
    expect(doc.getElementsByTagName('b')).toHaveLength(0);
  });

  it('cannot be fooled into splicing points into a name', () => {
    const doc = parseXml(positionsToGpx([{ name: '<!--athar-trkseg-0-->', positions: [position()] }]));
    expect(doc.getElementsByTagName('name')[0]!.textContent).toBe('<!--athar-trkseg-0-->');
    expect(doc.getElementsByTagName('trkpt')).toHaveLength(1);
  });

  it('drops the characters XML cannot carry', () => {
    const doc = parseXml(positionsToGpx([{ name: 'a\u0001b\uFFFEc\uD800d', positions: [] }]));
    expect(doc.getElementsByTagName('name')[0]!.textContent).toBe('abcd');
    expect(xmlSafeText('tab\tline\nend\r😀')).toBe('tab\tline\nend\r😀');
  });
});

describe('positionsToKml', () => {
  it('writes a LineString per device in longitude,latitude order, and its points', () => {
    const kml = positionsToKml(tracks);
    const doc = parseXml(kml);
    const placemarks = [...doc.getElementsByTagName('Placemark')];
    const lines = placemarks.filter((placemark) => placemark.getElementsByTagName('LineString').length > 0);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.getElementsByTagName('name')[0]!.textContent).toBe('Truck 1');
    const coordinates = lines[0]!.getElementsByTagName('coordinates')[0]!.textContent!.trim().split(/\s+/);
    expect(coordinates).toEqual(['46.6753,24.7136', '46.68,24.72']);
    // Two points for Truck 1 and the one-position track as a named point.
    const points = placemarks.filter((placemark) => placemark.getElementsByTagName('Point').length > 0);
    expect(points).toHaveLength(3);
    const data = (placemark: Element) =>
      Object.fromEntries([...placemark.getElementsByTagName('Data')].map((element) => [element.getAttribute('name'), element.getElementsByTagName('value')[0]!.textContent]));
    expect(data(points[0]!)).toMatchObject({ device: 'Truck 1', time: '2026-11-01T11:03:05.000Z', 'speed (km/h)': '18.52', course: '90', 'altitude (m)': '612.5' });
    expect(points[0]!.getElementsByTagName('name')).toHaveLength(0);
    expect(points[2]!.getElementsByTagName('name')[0]!.textContent).toBe(HOSTILE);
    expect(points[2]!.getElementsByTagName('coordinates')[0]!.textContent).toBe('0,-33.9');
  });

  it('escapes names and addresses', () => {
    const doc = parseXml(positionsToKml(tracks));
    const values = [...doc.getElementsByTagName('Data')].filter((element) => element.getAttribute('name') === 'address');
    expect(values.map((element) => element.textContent)).toEqual([HOSTILE]);
    expect(doc.getElementsByTagName('b')).toHaveLength(0);
    parseXml(positionsToKml([{ name: 'a\u0001b', positions: [position(), position({ address: 'x\u0008y' })] }]));
  });

  it('keeps only the line for a track over the point limit', () => {
    const many = Array.from({ length: KML_POINTS_LIMIT + 1 }, (_, index) => position({ id: index, latitude: 24 + index / 1e4 }));
    const doc = parseXml(positionsToKml([{ name: 'long', positions: many }]));
    expect(doc.getElementsByTagName('Placemark')).toHaveLength(1);
    expect(doc.getElementsByTagName('coordinates')[0]!.textContent!.trim().split(/\s+/)).toHaveLength(KML_POINTS_LIMIT + 1);
  });

  it('leaves out empty tracks', () => {
    expect(parseXml(positionsToKml([{ name: 'empty', positions: [] }])).getElementsByTagName('Placemark')).toHaveLength(0);
  });

  it('zips the same KML as doc.kml in a KMZ', () => {
    const files = unzipSync(positionsToKmz(tracks));
    expect(Object.keys(files)).toEqual(['doc.kml']);
    expect(strFromU8(files['doc.kml']!)).toBe(positionsToKml(tracks));
  });
});

describe('100,000 positions', () => {
  const many = Array.from({ length: 100_000 }, (_, index) =>
    position({
      id: index,
      deviceId: (index % 3) + 1,
      latitude: 24 + index / 1e6,
      longitude: 46 - index / 1e6,
      fixTime: new Date(Date.UTC(2026, 10, 1) + index * 1000).toISOString(),
      attributes: { batteryLevel: index % 100, ignition: index % 2 === 0 },
    }),
  );

  // Not parsed back: jsdom's DOMParser takes most of a minute over 100,000 points (the small
  // cases above are parsed).
  it('converts to GPX', () => {
    const gpx = positionsToGpx([{ name: 'fleet', positions: many }]);
    expect(gpx.match(/<trkpt /g)).toHaveLength(100_000);
    expect(gpx.match(/<\/trkpt>/g)).toHaveLength(100_000);
    expect(gpx.endsWith('</trkpt></trkseg></trk></gpx>')).toBe(true);
  }, 60_000);
});

describe('downloadBlob', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('clicks a temporary link to an object URL, then revokes it', () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    const create = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:athar/1';
    });
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
      expect(this.isConnected).toBe(true);
    });

    downloadBlob('a,b\r\n', 'route-2026-11-01-2026-11-02.csv', 'text/csv;charset=utf-8');

    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('route-2026-11-01-2026-11-02.csv');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:athar/1');
    expect(clicked[0]!.isConnected).toBe(false);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REVOKE_AFTER_MS);
    expect(revoke).toHaveBeenCalledWith('blob:athar/1');
  });
});

describe('reportFileName', () => {
  it.each([
    [['route', '2026-11-01', '2026-11-02', 'gpx'], 'route-2026-11-01-2026-11-02.gpx'],
    [['route', '2026-11-01T00:00:00+03:00', '2026-11-02T23:59:59+03:00', '.KMZ'], 'route-2026-11-01-2026-11-02.kmz'],
    [['../etc/passwd', '2026-11-01', '2026-11-02', 'csv'], 'etc-passwd-2026-11-01-2026-11-02.csv'],
    [['تقرير', '2026-11-01', '2026-11-02', 'c/s:v'], 'report-2026-11-01-2026-11-02.csv'],
    [['trips', 'a b', '', 'csv'], 'trips-a-b.csv'],
  ])('%j → %s', (args, name) => {
    expect(reportFileName(...(args as [string, string, string, string]))).toBe(name);
  });
});
