import { afterEach, describe, expect, it, vi } from 'vitest';
import Papa from 'papaparse';
import { unzipSync, strFromU8 } from 'fflate';
import type { Position } from '../../../contract/models';
import { downloadBlob, reportFileName, REVOKE_AFTER_MS } from './download';
import {
  KML_POINTS_LIMIT,
  neutraliseCell,
  positionsToCsv,
  positionsToGpx,
  positionsToKml,
  positionsToKmz,
  xmlSafeText,
  zonedIsoFormatter,
  type ExportTrack,
} from './exports';
import { DEFAULT_UNITS } from '../../domain/units';
import { makePosition } from '../../../tests/fixtures/models';

const position = (overrides: Partial<Position> = {}): Position =>
  makePosition({ fixTime: '2026-11-01T11:03:05.000+00:00', altitude: 612.5, speed: 10, course: 90, accuracy: 5, ...overrides });

const HOSTILE = `<b>&"'`;
const names: Record<number, string> = { 1: 'Truck 1', 2: '=HYPERLINK("http://x")', 3: HOSTILE };
const csvOptions = { deviceName: (id: number) => names[id] ?? String(id), timeZone: 'Asia/Riyadh', units: DEFAULT_UNITS, bom: false };

function parseCsv(text: string): string[][] {
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
}

function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

describe('neutraliseCell', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-cmd', "'-cmd"],
    ['@x', "'@x"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['=1\n2', "'=1\n2"],
    ['normal text', 'normal text'],
    ['طريق الملك فهد', 'طريق الملك فهد'],
    ['a=b', 'a=b'],
    ['', ''],
    [' =1', ' =1'],
  ])('%j → %j', (input, output) => {
    expect(neutraliseCell(input)).toBe(output);
  });
});

describe('zonedIsoFormatter', () => {
  it('writes the local time with its offset, to the second', () => {
    expect(zonedIsoFormatter('Asia/Riyadh')('2026-11-01T11:03:05.678Z')).toBe('2026-11-01T14:03:05+03:00');
    expect(zonedIsoFormatter('Asia/Kathmandu')('2026-11-01T00:00:00Z')).toBe('2026-11-01T05:45:00+05:45');
    expect(zonedIsoFormatter('America/St_Johns')('2026-01-15T12:00:00Z')).toBe('2026-01-15T08:30:00-03:30');
    expect(zonedIsoFormatter('UTC')('2026-11-01T11:03:05+00:00')).toBe('2026-11-01T11:03:05+00:00');
    expect(zonedIsoFormatter('Not/AZone')('2026-11-01T11:03:05Z')).toBe('2026-11-01T11:03:05+00:00');
    expect(zonedIsoFormatter('UTC')(null)).toBe('');
    expect(zonedIsoFormatter('UTC')('garbage')).toBe('');
  });

  it('follows a daylight saving change', () => {
    const format = zonedIsoFormatter('America/New_York');
    // 2026-11-01 02:00 EDT → 01:00 EST, at 06:00 UTC.
    expect(format('2026-11-01T05:59:59Z')).toBe('2026-11-01T01:59:59-04:00');
    expect(format('2026-11-01T06:00:00Z')).toBe('2026-11-01T01:00:00-05:00');
  });
});

describe('positionsToCsv', () => {
  it('writes the header and one row per position, attributes as a sorted union', () => {
    const csv = positionsToCsv(
      [
        position({ attributes: { ignition: true, batteryLevel: 80 } }),
        position({ id: 2, latitude: -33.9, longitude: 18.4, speed: 0, address: 'Main St, 1', attributes: { motion: false, batteryLevel: 79 } }),
      ],
      csvOptions,
    );
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual(['device', 'fixTime', 'latitude', 'longitude', 'speed (km/h)', 'altitude (m)', 'course', 'address', 'batteryLevel', 'ignition', 'motion']);
    expect(rows[1]).toEqual(['Truck 1', '2026-11-01T14:03:05+03:00', '24.7136', '46.6753', '18.52', '612.5', '90', '', '80', 'true', '']);
    expect(rows[2]).toEqual(['Truck 1', '2026-11-01T14:03:05+03:00', '-33.9', '18.4', '0', '612.5', '90', 'Main St, 1', '79', '', 'false']);
    expect(rows).toHaveLength(3);
    expect(csv).toContain('\r\n');
  });

  it('converts speed and altitude to the user units and says so in the header', () => {
    const rows = parseCsv(positionsToCsv([position()], { ...csvOptions, units: { ...DEFAULT_UNITS, speed: 'mph', altitude: 'ft' } }));
    expect(rows[0]!.slice(4, 6)).toEqual(['speed (mph)', 'altitude (ft)']);
    expect(rows[1]!.slice(4, 6)).toEqual(['11.51', '2009.51']);
  });

  it('takes translated headers', () => {
    const rows = parseCsv(positionsToCsv([position()], { ...csvOptions, headers: { device: 'الجهاز', speed: 'السرعة (كم/س)' } }));
    expect(rows[0]!.slice(0, 5)).toEqual(['الجهاز', 'fixTime', 'latitude', 'longitude', 'السرعة (كم/س)']);
  });

  it('starts with a byte order mark unless told not to', () => {
    expect(positionsToCsv([position()], { ...csvOptions, bom: undefined }).startsWith('\uFEFFdevice,')).toBe(true);
    expect(positionsToCsv([position()], csvOptions).startsWith('device,')).toBe(true);
  });

  it('neutralises every text cell that could start a formula, and leaves numbers numbers', () => {
    const csv = positionsToCsv(
      [
        position({
          deviceId: 2,
          latitude: -33.9,
          longitude: -70.6,
          altitude: -12,
          address: '-1+cmd|"/C calc"!A0',
          attributes: { note: '@SUM(1)', text: '\tx', cr: '\rx', multi: '=1\n2', plus: '+1', temperature: -4.5, negativeText: '-5', plain: 'ok' },
        }),
        position({ deviceId: 3, attributes: { '=evil': 'x' } }),
      ],
      csvOptions,
    );
    const [header, row] = parseCsv(csv);
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(header).toContain("'=evil");
    expect(row![0]).toBe(`'=HYPERLINK("http://x")`);
    expect(cell('latitude')).toBe('-33.9');
    expect(cell('longitude')).toBe('-70.6');
    expect(cell('altitude (m)')).toBe('-12');
    expect(cell('temperature')).toBe('-4.5');
    expect(cell('address')).toBe(`'-1+cmd|"/C calc"!A0`);
    expect(cell('note')).toBe("'@SUM(1)");
    expect(cell('text')).toBe("'\tx");
    expect(cell('cr')).toBe("'\rx");
    expect(cell('multi')).toBe("'=1\n2");
    expect(cell('plus')).toBe("'+1");
    expect(cell('negativeText')).toBe("'-5");
    expect(cell('plain')).toBe('ok');
    // Unquoted negative numbers in the file itself (the spreadsheet reads them as numbers).
    expect(csv).toMatch(/,-33\.9,-70\.6,/);
    // No cell of the file, read back, starts a formula unless it is a number.
    for (const cells of parseCsv(csv)) {
      for (const value of cells) if (/^[=+\-@\t\r]/.test(value)) expect(Number.isFinite(Number(value))).toBe(true);
    }
  });

  it('writes an empty table when there are no positions', () => {
    expect(parseCsv(positionsToCsv([], csvOptions))).toEqual([['device', 'fixTime', 'latitude', 'longitude', 'speed (km/h)', 'altitude (m)', 'course', 'address']]);
  });
});

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

  // Completes, no timing asserted (the time belongs in bench/); the timeout only stops a hang.
  it('converts to CSV', () => {
    const csv = positionsToCsv(many, csvOptions);
    expect(csv.split('\r\n')).toHaveLength(100_001);
  }, 60_000);

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
