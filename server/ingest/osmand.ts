/**
 * OsmAnd protocol decoding (Traccar's OsmAndProtocolDecoder): pure functions from request
 * parameters or a Traccar Client JSON body to decoded messages. No database access here.
 */
import type { Attributes, AttributeValue, CellTower, Network, WifiAccessPoint } from '../../contract/models.ts';
import { knotsFromMps } from '../../contract/units.ts';

/** A decoded message, before it is matched to a device and processed. */
export interface DecodedMessage {
  uniqueId: string;
  /** ms; absent: the time of arrival */
  fixTime?: number;
  /** absent: the last known location is reused */
  latitude?: number;
  longitude?: number;
  /** knots */
  speed?: number;
  course?: number;
  altitude?: number;
  accuracy?: number;
  valid: boolean;
  network?: Network;
  notificationToken?: string;
  attributes: Attributes;
}

/** Malformed input: answered with 400 and the message. */
export class DecodeError extends Error {}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function clip(value: string): string {
  return value.length > 40 ? value.slice(0, 40) + '…' : value;
}

export function parseNumber(value: string, name: string): number {
  const trimmed = value.trim();
  const number = NUMBER.test(trimmed) ? Number(trimmed) : NaN;
  if (!Number.isFinite(number)) throw new DecodeError(`Invalid ${name}: ${clip(value)}`);
  return number;
}

/** An attribute value as Traccar types it: number if numeric, boolean for true/false, else the string. */
export function attributeValue(value: string): AttributeValue {
  const trimmed = value.trim();
  if (NUMBER.test(trimmed)) {
    const number = Number(trimmed);
    if (Number.isFinite(number)) return number;
  }
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  return value;
}

const ISO_ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)$/i;
const PLAIN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,3})?$/;

/**
 * OsmAnd `timestamp`: a number is seconds below 2^31 and milliseconds above; a value with `T`
 * is ISO with a zone; anything else is `yyyy-MM-dd HH:mm:ss` (UTC, the server's time zone).
 */
export function parseTimestamp(value: string): number {
  const trimmed = value.trim();
  if (NUMBER.test(trimmed)) {
    const number = Number(trimmed);
    if (!Number.isFinite(number)) throw new DecodeError(`Invalid timestamp: ${clip(value)}`);
    return Math.round(number < 2 ** 31 ? number * 1000 : number);
  }
  if (trimmed.includes('T')) {
    const ms = ISO_ZONED.test(trimmed) ? Date.parse(trimmed) : NaN;
    if (Number.isNaN(ms)) throw new DecodeError(`Invalid timestamp: ${clip(value)} (ISO with a zone expected)`);
    return ms;
  }
  const m = PLAIN.exec(trimmed);
  if (!m) throw new DecodeError(`Invalid timestamp: ${clip(value)}`);
  const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, m[7] ? Math.round(Number(m[7]) * 1000) : 0);
  const check = new Date(ms);
  if (check.getUTCMonth() !== +m[2]! - 1 || check.getUTCDate() !== +m[3]! || +m[4]! > 23 || +m[5]! > 59 || +m[6]! > 59) {
    throw new DecodeError(`Invalid timestamp: ${clip(value)}`);
  }
  return ms;
}

function parseCell(value: string): CellTower {
  const parts = value.split(',');
  if (parts.length < 4 || parts.length > 5) throw new DecodeError(`Invalid cell: ${clip(value)} (mcc,mnc,lac,cid[,rssi])`);
  const [mcc, mnc, lac, cid, rssi] = parts.map((p) => parseNumber(p, 'cell'));
  const tower: CellTower = { mobileCountryCode: mcc!, mobileNetworkCode: mnc!, locationAreaCode: lac!, cellId: cid! };
  if (rssi !== undefined) tower.signalStrength = rssi;
  return tower;
}

function parseWifi(value: string): WifiAccessPoint {
  const parts = value.split(',');
  if (parts.length !== 2 || !parts[0]) throw new DecodeError(`Invalid wifi: ${clip(value)} (mac,rssi)`);
  return { macAddress: parts[0].replace(/-/g, ':'), signalStrength: parseNumber(parts[1]!, 'wifi') };
}

function parseBool(value: string): boolean {
  return value === 'true' || value === '1';
}

/** Query-string or form parameters, in order (repeated keys allowed). */
export function decodeParams(params: Iterable<[string, string]>): DecodedMessage {
  let uniqueId: string | undefined;
  const message: DecodedMessage = { uniqueId: '', valid: true, attributes: {} };
  const cells: CellTower[] = [];
  const wifis: WifiAccessPoint[] = [];
  for (const [key, value] of params) {
    switch (key) {
      case 'id':
      case 'deviceid':
        uniqueId = value.trim();
        break;
      case 'timestamp':
        message.fixTime = parseTimestamp(value);
        break;
      case 'lat':
        message.latitude = parseNumber(value, 'lat');
        break;
      case 'lon':
        message.longitude = parseNumber(value, 'lon');
        break;
      case 'location': {
        const parts = value.split(',');
        if (parts.length !== 2) throw new DecodeError(`Invalid location: ${clip(value)} (lat,lon expected)`);
        message.latitude = parseNumber(parts[0]!, 'location');
        message.longitude = parseNumber(parts[1]!, 'location');
        break;
      }
      case 'speed':
        message.speed = parseNumber(value, 'speed');
        break;
      case 'bearing':
      case 'heading':
        message.course = parseNumber(value, key);
        break;
      case 'altitude':
        message.altitude = parseNumber(value, 'altitude');
        break;
      case 'accuracy':
        message.accuracy = parseNumber(value, 'accuracy');
        break;
      case 'hdop':
        message.attributes.hdop = parseNumber(value, 'hdop');
        break;
      case 'batt':
        message.attributes.batteryLevel = parseNumber(value, 'batt');
        break;
      case 'charge':
        message.attributes.charge = parseBool(value);
        break;
      case 'valid':
        message.valid = parseBool(value);
        break;
      case 'driverUniqueId':
        message.attributes.driverUniqueId = value;
        break;
      case 'cell':
        cells.push(parseCell(value));
        break;
      case 'wifi':
        wifis.push(parseWifi(value));
        break;
      case 'notificationToken':
        message.notificationToken = value;
        break;
      default:
        if (key && !FORBIDDEN_KEYS.has(key)) message.attributes[key] = attributeValue(value);
    }
  }
  if (!uniqueId) throw new DecodeError('Missing device id');
  message.uniqueId = uniqueId;
  if (cells.length || wifis.length) {
    message.network = { radioType: 'gsm', considerIp: false };
    if (cells.length) message.network.cellTowers = cells;
    if (wifis.length) message.network.wifiAccessPoints = wifis;
  }
  if ((message.latitude === undefined) !== (message.longitude === undefined)) {
    throw new DecodeError(message.latitude === undefined ? 'Missing lat' : 'Missing lon');
  }
  return message;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function jsonNumber(object: Json, key: string, path: string): number | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new DecodeError(`Invalid ${path}.${key}: number expected`);
  return value;
}

function jsonValue(value: unknown): AttributeValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return JSON.stringify(value);
}

function decodeLocation(uniqueId: string, location: Json): DecodedMessage {
  const message: DecodedMessage = { uniqueId, valid: true, attributes: {} };
  const timestamp = location.timestamp;
  if (timestamp !== undefined && timestamp !== null) {
    if (typeof timestamp === 'string') message.fixTime = parseTimestamp(timestamp);
    else if (typeof timestamp === 'number') message.fixTime = parseTimestamp(String(timestamp));
    else throw new DecodeError('Invalid location.timestamp');
  }
  const coords = location.coords;
  if (coords !== undefined) {
    if (!isObject(coords)) throw new DecodeError('Invalid location.coords: object expected');
    const latitude = jsonNumber(coords, 'latitude', 'coords');
    const longitude = jsonNumber(coords, 'longitude', 'coords');
    if ((latitude === undefined) !== (longitude === undefined)) throw new DecodeError('coords needs both latitude and longitude');
    if (latitude !== undefined && longitude !== undefined) {
      message.latitude = latitude;
      message.longitude = longitude;
    }
    const speed = jsonNumber(coords, 'speed', 'coords');
    if (speed !== undefined && speed >= 0) message.speed = knotsFromMps(speed);
    const heading = jsonNumber(coords, 'heading', 'coords');
    if (heading !== undefined && heading >= 0) message.course = heading;
    const accuracy = jsonNumber(coords, 'accuracy', 'coords');
    if (accuracy !== undefined) message.accuracy = accuracy;
    const altitude = jsonNumber(coords, 'altitude', 'coords');
    if (altitude !== undefined) message.altitude = altitude;
  }
  if (typeof location.is_moving === 'boolean') message.attributes.motion = location.is_moving;
  const odometer = jsonNumber(location, 'odometer', 'location');
  if (odometer !== undefined) message.attributes.odometer = odometer;
  if (typeof location.event === 'string') message.attributes.event = location.event;
  if (typeof location.mock === 'boolean' && location.mock) message.attributes.mock = true;
  if (typeof location.alarm === 'string') message.attributes.alarm = location.alarm;
  if (isObject(location.activity) && typeof location.activity.type === 'string') message.attributes.activity = location.activity.type;
  if (isObject(location.battery)) {
    const level = jsonNumber(location.battery, 'level', 'battery');
    if (level !== undefined && level >= 0) message.attributes.batteryLevel = Math.round(level * 100);
    if (typeof location.battery.is_charging === 'boolean') message.attributes.charge = location.battery.is_charging;
  }
  if (isObject(location.extras)) {
    for (const [key, value] of Object.entries(location.extras)) {
      if (key && !FORBIDDEN_KEYS.has(key)) message.attributes[key] = jsonValue(value);
    }
  }
  return message;
}

/** A Traccar Client (transistorsoft) JSON body: one message per location (`location` may be an array). */
export function decodeJson(body: unknown): DecodedMessage[] {
  if (!isObject(body)) throw new DecodeError('JSON object expected');
  const id = body.device_id;
  const uniqueId = typeof id === 'string' ? id.trim() : typeof id === 'number' ? String(id) : '';
  if (!uniqueId) throw new DecodeError('Missing device_id');
  const locations = Array.isArray(body.location) ? body.location : [body.location];
  if (!locations.length) throw new DecodeError('Missing location');
  return locations.map((location) => {
    if (!isObject(location)) throw new DecodeError('Invalid location: object expected');
    return decodeLocation(uniqueId, location);
  });
}
