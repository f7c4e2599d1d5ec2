/**
 * Client-side exports of report positions as tracks: GPX 1.1 (DOM + XMLSerializer), KML
 * (@placemarkio/tokml) and KMZ (fflate). The tables (CSV, xlsx) are `table.ts`.
 *
 * Heavy: import this module only dynamically, from a report screen's Export action
 * (`await import('./exports')`), so none of these libraries reach the login route or the
 * main bundle.
 *
 * User text (device names, addresses) is never spliced into markup by hand: XML text goes through
 * the platform's XMLSerializer (GPX) or tokml's serializer (KML), after the characters XML 1.0
 * cannot carry at all are dropped.
 *
 * GPX is not written with gpx-builder: its XML dependency, xmlbuilder2 4.x, requires Node's
 * `events` at load (`class XMLBuilderCBImpl extends EventEmitter`), which Vite externalises for the
 * browser, so importing gpx-builder throws "Class extends value undefined" in a built client
 * (checked with a production build in Chromium; xmlbuilder2 issue #216). Unit tests (Node) would
 * not notice.
 */
import { toKML } from '@placemarkio/tokml';
import { strToU8, zipSync } from 'fflate';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { Position } from '../../../contract/models';
import { mpsFromKnots } from '../../../contract/units';
import { altitudeFromMeters, DEFAULT_UNITS, speedFromKnots, type AltitudeUnit, type SpeedUnit, type Units } from '../../domain/units';

/** One device's positions, in time order, under the name the user knows it by. */
export interface ExportTrack {
  name: string;
  positions: readonly Position[];
}

// ---------------------------------------------------------------------------------------------
// Times and numbers

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
// XML text

/**
 * Drops the characters XML 1.0 cannot carry, not even as a character reference (C0 controls other
 * than tab, LF, CR; U+FFFE, U+FFFF; lone surrogates). A serializer escapes markup but writes these
 * as they are (or as `&#x1;`), which makes the whole file unreadable to every XML parser.
 */
export function xmlSafeText(value: string): string {
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
