/**
 * Names and values of a position's fields and attributes as a person reads them: Traccar's known
 * keys (as its own client names them) in the active language, values in the user's units. Unknown
 * keys and values are shown as they came, as text.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { translated } from './translated';
import { driverName, type DriverNames } from '../domain/drivers';
import { formatNumber, ltr, valueText, type UnitFormatters } from './format';

const NAMES: Readonly<Record<string, MessageDescriptor>> = {
  id: msg`Identifier`,
  deviceId: msg`Device`,
  protocol: msg`Protocol`,
  serverTime: msg`Server time`,
  deviceTime: msg`Device time`,
  fixTime: msg`Fix time`,
  outdated: msg`Outdated`,
  valid: msg`Valid`,
  latitude: msg`Latitude`,
  longitude: msg`Longitude`,
  altitude: msg`Altitude`,
  speed: msg`Speed`,
  course: msg`Course`,
  address: msg`Address`,
  accuracy: msg`Accuracy`,
  geofenceIds: msg`Geofences`,
  raw: msg`Raw`,
  index: msg`Index`,
  hdop: msg`HDOP`,
  vdop: msg`VDOP`,
  pdop: msg`PDOP`,
  sat: msg`Satellites`,
  satVisible: msg`Visible satellites`,
  rssi: msg`RSSI`,
  gps: msg`GPS`,
  roaming: msg`Roaming`,
  event: msg`Event`,
  alarm: msg`Alarm`,
  status: msg`Status`,
  odometer: msg`Odometer`,
  serviceOdometer: msg`Service odometer`,
  tripOdometer: msg`Trip odometer`,
  hours: msg`Hours`,
  steps: msg`Steps`,
  heartRate: msg`Heart rate`,
  input: msg`Input`,
  output: msg`Output`,
  image: msg`Image`,
  video: msg`Video`,
  audio: msg`Audio`,
  power: msg`Power`,
  battery: msg`Battery`,
  batteryLevel: msg`Battery level`,
  fuel: msg`Fuel`,
  fuelUsed: msg`Fuel used`,
  fuelConsumption: msg`Fuel consumption`,
  versionFw: msg`Firmware version`,
  versionHw: msg`Hardware version`,
  type: msg`Type`,
  ignition: msg`Ignition`,
  flags: msg`Flags`,
  charge: msg`Charge`,
  ip: msg`IP`,
  archive: msg`Archive`,
  distance: msg`Distance`,
  totalDistance: msg`Total distance`,
  rpm: msg`RPM`,
  vin: msg`VIN`,
  approximate: msg`Approximate`,
  throttle: msg`Throttle`,
  motion: msg`Motion`,
  armed: msg`Armed`,
  geofence: msg`Geofence`,
  acceleration: msg`Acceleration`,
  deviceTemp: msg`Device temperature`,
  coolantTemp: msg`Coolant temperature`,
  engineLoad: msg`Engine load`,
  operator: msg`Operator`,
  command: msg`Command`,
  blocked: msg`Blocked`,
  lock: msg`Lock`,
  door: msg`Door`,
  axleWeight: msg`Axle weight`,
  gSensor: msg`G-sensor`,
  iccid: msg`ICCID`,
  phone: msg`Phone`,
  speedLimit: msg`Speed limit`,
  driverUniqueId: msg`Driver`,
  card: msg`Card`,
  dtcs: msg`Diagnostic codes`,
  obdSpeed: msg`OBD speed`,
  obdOdometer: msg`OBD odometer`,
  result: msg`Command result`,
  message: msg`Message`,
};

/** The name of a position field or attribute in the active language (unknown keys as they are). */
export function attributeName(i18n: I18n, key: string): string {
  return translated(i18n, NAMES, key);
}

/** Choices of attributes (the report chart's picker), named as the chart's legend and axes name them: the catalogue's names, the key itself where it has none. */
export function attributeChoices(i18n: I18n, keys: readonly string[]): Array<{ id: string; label: string }> {
  return keys.map((key) => ({ id: key, label: attributeName(i18n, key) }));
}

const SPEEDS: ReadonlySet<string> = new Set(['speed', 'obdSpeed', 'speedLimit']);
const DISTANCES: ReadonlySet<string> = new Set(['distance', 'totalDistance', 'odometer', 'serviceOdometer', 'tripOdometer', 'obdOdometer']);
const DATES: ReadonlySet<string> = new Set(['serverTime', 'deviceTime', 'fixTime']);
const PERCENT: ReadonlySet<string> = new Set(['batteryLevel', 'engineLoad', 'throttle']);
const YES_NO = { yes: msg`Yes`, no: msg`No` };

/** What a value may name: the session's drivers (`driverUniqueId` reads as the driver's name). */
export interface AttributeNames {
  drivers?: DriverNames;
}

/** A field or attribute value as text, in the user's units where the key has a known unit; a driver's identifier as the driver's name. */
export function attributeValue(i18n: I18n, format: UnitFormatters, key: string, value: unknown, names: AttributeNames = {}): string {
  if (key === 'driverUniqueId' && (typeof value === 'string' || typeof value === 'number')) return driverName(names.drivers, String(value));
  if (typeof value === 'boolean') return i18n._(value ? YES_NO.yes : YES_NO.no);
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (SPEEDS.has(key)) return format.speed(value);
    if (DISTANCES.has(key)) return format.distance(value);
    if (key === 'altitude') return format.altitude(value);
    if (key === 'accuracy') return `${formatNumber(i18n.locale, value, 0)} ${i18n._(msg`m`)}`;
    if (key === 'latitude' || key === 'longitude') return ltr(formatNumber(i18n.locale, value, 6));
    if (key === 'course') return `${formatNumber(i18n.locale, value, 0)}°`;
    if (PERCENT.has(key)) return new Intl.NumberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
    if (key === 'hours') return `${formatNumber(i18n.locale, value / 3_600_000, 1)} ${i18n._(msg`h`)}`;
    if (key === 'id' || key === 'deviceId' || key === 'index') return String(value);
    return format.number(value);
  }
  if (DATES.has(key) && typeof value === 'string') return format.dateTime(value) ?? value;
  return valueText(value);
}
