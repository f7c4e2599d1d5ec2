/**
 * Client-side exports of report positions: CSV (papaparse), GPX 1.1 (DOM + XMLSerializer), KML
 * (@placemarkio/tokml) and KMZ (fflate).
 *
 * Heavy: import this module only dynamically, from a report screen's Export action
 * (`await import('../../domain/exports')`), so none of these libraries reach the login route or the
 * main bundle.
 *
 * User text (device names, addresses, attribute values) is never spliced into markup by hand: the
 * CSV writer neutralises formulae (Traccar's CVE-2026-27644: exported text never starts a
 * spreadsheet formula), XML text goes through the platform's XMLSerializer (GPX) or tokml's
 * serializer (KML), after the characters XML 1.0 cannot carry at all are dropped.
 *
 * GPX is not written with gpx-builder: its XML dependency, xmlbuilder2 4.x, requires Node's
 * `events` at load (`class XMLBuilderCBImpl extends EventEmitter`), which Vite externalises for the
 * browser, so importing gpx-builder throws "Class extends value undefined" in a built client
 * (checked with a production build in Chromium; xmlbuilder2 issue #216). Unit tests (Node) would
 * not notice.
 */
import Papa from 'papaparse';
import { toKML } from '@placemarkio/tokml';
import { strToU8, zipSync } from 'fflate';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { AttributeValue, Position } from '../../../contract/models';
import { mpsFromKnots } from '../../../contract/units';
import { altitudeFromMeters, DEFAULT_UNITS, speedFromKnots, type AltitudeUnit, type SpeedUnit, type Units } from '../../domain/units';
import { zoneOffsetAt } from '../../domain/zoneOffset';

/** One device's positions, in time order, under the name the user knows it by. */
export interface ExportTrack {
  name: string;
  positions: readonly Position[];
}

// ---------------------------------------------------------------------------------------------
// Formula neutralisation (CSV)

/**
 * A cell a spreadsheet could read as a formula or a DDE command: one that begins with `=`, `+`,
 * `-`, `@`, a tab or a carriage return (OWASP's CSV injection list).
 *
 * papaparse's own `escapeFormulae: true` uses `/^[=+\-@\t\r].*$/`: the right characters, but
 * without the `s` flag `.*$` stops at a line feed, so `=HYPERLINK(…)\n` or `-1\nx` (an address
 * or attribute over two lines) would be written unescaped. This one only looks at the first
 * character. No `g` flag: `test` must not keep a `lastIndex` between cells.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** `value` with a leading `'` when a spreadsheet could take it for a formula; otherwise unchanged. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

// ---------------------------------------------------------------------------------------------
// Times and numbers


function validZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * `iso` (any instant the server sends) as local ISO 8601 with its offset in `timeZone`, to the
 * second: `2026-11-01T14:03:05+03:00`. One Intl call per distinct quarter hour (every offset and
 * every transition of the present-day zones falls on a quarter hour), so 100,000 positions cost
 * a few hundred Intl calls, not 100,000.
 */
export function zonedIsoFormatter(timeZone: string): (iso: string | null | undefined) => string {
  const offsetOf = zoneOffsetAt(validZone(timeZone));
  return (iso) => {
    if (!iso) return '';
    const ms = Date.parse(iso);
    if (!Number.isFinite(ms)) return '';
    const offset = offsetOf(ms);
    const local = new Date(Math.floor(ms / 1000) * 1000 + offset).toISOString().slice(0, 19);
    const minutes = Math.abs(offset) / 60_000;
    return `${local}${offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  };
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function utcIso(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/**
 * A finite number rounded to `digits`, as a decimal: never `1e-7` (GPX's lat, lon and degrees are
 * xsd:decimal). `String` only writes an exponent below 1e-6 or from 1e21.
 */
function decimal(value: number, digits: number): string {
  const rounded = round(value, digits);
  if (rounded === 0) return '0';
  return Math.abs(rounded) < 1e-6 ? rounded.toFixed(digits).replace(/0+$/, '') : String(rounded);
}

function hasCoordinates(position: Position): boolean {
  return Number.isFinite(position.latitude) && Number.isFinite(position.longitude);
}

const SPEED_LABEL: Record<SpeedUnit, string> = { kmh: 'km/h', mph: 'mph', kn: 'kn' };
const ALTITUDE_LABEL: Record<AltitudeUnit, string> = { m: 'm', ft: 'ft' };

// ---------------------------------------------------------------------------------------------
// CSV

export type CsvColumn = 'device' | 'fixTime' | 'latitude' | 'longitude' | 'speed' | 'altitude' | 'course' | 'address';

export interface CsvOptions {
  deviceName(id: number): string;
  /** IANA zone of the user; the fix time is written in it, with its offset. Unknown zones fall back to UTC. */
  timeZone: string;
  units: Units;
  /** Header text per column (translated by the caller); the defaults are English with the unit. */
  headers?: Partial<Record<CsvColumn, string>>;
  /**
   * Start with a UTF-8 byte order mark (default true): without it Excel reads the file as the
   * system's ANSI code page and Arabic names come out as mojibake.
   */
  bom?: boolean;
}

function defaultHeaders(units: Units): Record<CsvColumn, string> {
  return {
    device: 'device',
    fixTime: 'fixTime',
    latitude: 'latitude',
    longitude: 'longitude',
    speed: `speed (${SPEED_LABEL[units.speed]})`,
    altitude: `altitude (${ALTITUDE_LABEL[units.altitude]})`,
    course: 'course',
    address: 'address',
  };
}

const CSV_COLUMNS: readonly CsvColumn[] = ['device', 'fixTime', 'latitude', 'longitude', 'speed', 'altitude', 'course', 'address'];

type Cell = string | number | boolean | null;

function attributeCell(value: AttributeValue | undefined | object): Cell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/**
 * Positions as CSV: device, fix time (ISO with offset, in `timeZone`), latitude, longitude, speed
 * (in the user's unit), altitude (in the user's unit), course, address, then every attribute key
 * any position has (sorted).
 *
 * Every string cell, headers included, is neutralised (`FORMULA_START`). Numbers are handed to
 * papaparse as numbers, which it leaves alone: a number we write (latitude −33.9, a negative
 * temperature attribute) is a literal the spreadsheet reads as a number, it cannot carry a
 * formula, and quoting it would turn it into text that no longer sorts or sums. Text that
 * merely looks like a number (`"-5"` in a string attribute) is user text and is neutralised.
 */
export function positionsToCsv(positions: readonly Position[], options: CsvOptions): string {
  const { units } = options;
  const headers = { ...defaultHeaders(units), ...options.headers };
  const time = zonedIsoFormatter(options.timeZone);
  const names = new Map<number, string>();
  const nameOf = (id: number): string => {
    let name = names.get(id);
    if (name === undefined) {
      name = options.deviceName(id);
      names.set(id, name);
    }
    return name;
  };

  const keys = new Set<string>();
  for (const position of positions) for (const key in position.attributes) keys.add(key);
  const attributeKeys = [...keys].sort();

  const data: Cell[][] = new Array<Cell[]>(positions.length);
  for (let index = 0; index < positions.length; index++) {
    const position = positions[index]!;
    const row: Cell[] = [
      nameOf(position.deviceId),
      time(position.fixTime),
      Number.isFinite(position.latitude) ? position.latitude : null,
      Number.isFinite(position.longitude) ? position.longitude : null,
      Number.isFinite(position.speed) ? round(speedFromKnots(position.speed, units.speed), 2) : null,
      Number.isFinite(position.altitude) ? round(altitudeFromMeters(position.altitude, units.altitude), 2) : null,
      Number.isFinite(position.course) ? position.course : null,
      position.address ?? null,
    ];
    const attributes = position.attributes ?? {};
    for (const key of attributeKeys) row.push(attributeCell(attributes[key]));
    data[index] = row;
  }

  const csv = Papa.unparse(
    { fields: [...CSV_COLUMNS.map((column) => headers[column]), ...attributeKeys], data },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
  return (options.bom ?? true) ? `\uFEFF${csv}` : csv;
}

// ---------------------------------------------------------------------------------------------
// XML text

/**
 * Drops the characters XML 1.0 cannot carry, not even as a character reference (C0 controls other
 * than tab, LF, CR; U+FFFE, U+FFFF; lone surrogates). A serializer escapes markup but writes these
 * as they are (or as `&#x1;`), which makes the whole file unreadable to every XML parser.
 */
export function xmlSafeText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

// ---------------------------------------------------------------------------------------------
// GPX

const GPX_NS = 'http://www.topografix.com/GPX/1/1';
const TPX_NS = 'http://www.garmin.com/xmlschemas/TrackPointExtension/v2';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const SCHEMA_LOCATION = `${GPX_NS} https://www.topografix.com/GPX/1/1/gpx.xsd ${TPX_NS} https://www8.garmin.com/xmlschemas/TrackPointExtensionv2.xsd`;

/** A comment only the serializer can write: text nodes escape `<`, so no name can forge one. */
const SEGMENT_MARK = /<!--athar-trkseg-(\d+)-->/g;

function trackPoints(positions: readonly Position[]): string {
  const out: string[] = [];
  for (const position of positions) {
    if (!hasCoordinates(position)) continue;
    // Only numbers we format and instants from Date#toISOString go in here; no user text.
    let point = `<trkpt lat="${decimal(position.latitude, 7)}" lon="${decimal(position.longitude, 7)}">`;
    if (Number.isFinite(position.altitude)) point += `<ele>${decimal(position.altitude, 2)}</ele>`;
    const time = utcIso(position.fixTime);
    if (time) point += `<time>${time}</time>`;
    const speed = Number.isFinite(position.speed) && position.speed >= 0 ? `<gpxtpx:speed>${decimal(mpsFromKnots(position.speed), 3)}</gpxtpx:speed>` : '';
    const course = Number.isFinite(position.course) ? `<gpxtpx:course>${decimal(((position.course % 360) + 360) % 360, 2)}</gpxtpx:course>` : '';
    if (speed || course) point += `<extensions><gpxtpx:TrackPointExtension>${speed}${course}</gpxtpx:TrackPointExtension></extensions>`;
    out.push(`${point}</trkpt>`);
  }
  return out.join('\n');
}

/**
 * GPX 1.1: one `<trk>` per track, named, with one `<trkseg>` of `<trkpt lat lon>` (`<ele>` in
 * metres, `<time>` in UTC) and speed (m/s) and course (degrees) in Garmin's TrackPointExtension v2,
 * as GPX 1.1 has no speed of its own. Positions without coordinates are left out.
 *
 * The document and the names are built with the DOM and written by XMLSerializer (the platform
 * escapes the text); the points are written as text into the segment (a comment marks where), as
 * numbers and times only: building 100,000 points as DOM nodes took 4 s in Chromium and 50 s in
 * jsdom, text takes a fraction of a second.
 */
export function positionsToGpx(tracks: ReadonlyArray<ExportTrack>): string {
  const doc = document.implementation.createDocument(GPX_NS, 'gpx', null);
  const root = doc.documentElement;
  root.setAttribute('version', '1.1');
  root.setAttribute('creator', 'Athar');
  root.setAttributeNS(XMLNS_NS, 'xmlns:gpxtpx', TPX_NS);
  root.setAttributeNS(XMLNS_NS, 'xmlns:xsi', XSI_NS);
  root.setAttributeNS(XSI_NS, 'xsi:schemaLocation', SCHEMA_LOCATION);
  tracks.forEach((track, index) => {
    const trk = doc.createElementNS(GPX_NS, 'trk');
    const name = xmlSafeText(track.name);
    if (name) {
      const nameElement = doc.createElementNS(GPX_NS, 'name');
      nameElement.textContent = name;
      trk.appendChild(nameElement);
    }
    const segment = doc.createElementNS(GPX_NS, 'trkseg');
    segment.appendChild(doc.createComment(`athar-trkseg-${index}`));
    trk.appendChild(segment);
    root.appendChild(trk);
  });
  const skeleton = new XMLSerializer().serializeToString(doc);
  return XML_DECLARATION + skeleton.replace(SEGMENT_MARK, (_, index: string) => trackPoints(tracks[Number(index)]?.positions ?? []));
}

// ---------------------------------------------------------------------------------------------
// KML and KMZ

/**
 * The most positions of one track that also become Point placemarks (each with its time, speed,
 * course, altitude and address). Beyond it a track is its LineString only: 5,000 placemarks are
 * already 2 MB of KML and a second of tokml's work, and every placemark is a row in Google
 * Earth's sidebar; 100,000 of them would make a file of 40 MB that viewers struggle to open,
 * while the line of 100,000 positions alone is 2 MB.
 */
export const KML_POINTS_LIMIT = 5000;

export interface KmlOptions {
  /** Units of the speed and altitude of the Point placemarks (default metric). */
  units?: Units;
}

type Properties = Record<string, string | number>;

function pointProperties(track: string, position: Position, units: Units): Properties {
  const properties: Properties = { device: track };
  const time = utcIso(position.fixTime);
  if (time) properties.time = time;
  if (Number.isFinite(position.speed)) properties[`speed (${SPEED_LABEL[units.speed]})`] = round(speedFromKnots(position.speed, units.speed), 2);
  if (Number.isFinite(position.course)) properties.course = position.course;
  if (Number.isFinite(position.altitude)) properties[`altitude (${ALTITUDE_LABEL[units.altitude]})`] = round(altitudeFromMeters(position.altitude, units.altitude), 2);
  if (position.address) properties.address = xmlSafeText(position.address);
  return properties;
}

/**
 * KML 2.2 through tokml: per track a LineString placemark named after the device (longitude,
 * latitude order), plus an unnamed Point placemark per position when the track has at most
 * `KML_POINTS_LIMIT` positions (unnamed, so Google Earth does not draw thousands of labels; the
 * data is in ExtendedData). A track of one position is one named Point; an empty track is left out.
 */
export function positionsToKml(tracks: ReadonlyArray<ExportTrack>, options: KmlOptions = {}): string {
  const units = options.units ?? DEFAULT_UNITS;
  const features: Array<Feature<Geometry, Properties>> = [];
  for (const track of tracks) {
    const name = xmlSafeText(track.name);
    const located = track.positions.filter(hasCoordinates);
    // Seven decimals (about a centimetre): shorter files, and no `1e-8` from a point on the equator.
    const coordinates = located.map((position) => [round(position.longitude, 7), round(position.latitude, 7)]);
    if (coordinates.length === 0) continue;
    if (coordinates.length === 1) {
      features.push({ type: 'Feature', properties: { ...pointProperties(name, located[0]!, units), name }, geometry: { type: 'Point', coordinates: coordinates[0]! } });
      continue;
    }
    features.push({ type: 'Feature', properties: { name }, geometry: { type: 'LineString', coordinates } });
    if (located.length <= KML_POINTS_LIMIT) {
      located.forEach((position, index) => {
        features.push({ type: 'Feature', properties: pointProperties(name, position, units), geometry: { type: 'Point', coordinates: coordinates[index]! } });
      });
    }
  }
  const collection: FeatureCollection<Geometry, Properties> = { type: 'FeatureCollection', features };
  return XML_DECLARATION + toKML(collection);
}

/** The KML of `positionsToKml` zipped as `doc.kml`, the name Google Earth opens in a KMZ. */
export function positionsToKmz(tracks: ReadonlyArray<ExportTrack>, options: KmlOptions = {}): Uint8Array {
  return zipSync({ 'doc.kml': strToU8(positionsToKml(tracks, options)) });
}
