import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { translated } from './translated';
import { eventSubject, NO_SUBJECTS, type EventLike, type EventSubjects } from './eventSubjects';

/** Traccar's event types (Event.TYPE_*) in the active language; unknown types show as they are. */
const TYPES: Readonly<Record<string, MessageDescriptor>> = {
  commandResult: msg`Command result`,
  deviceOnline: msg`Status online`,
  deviceUnknown: msg`Status unknown`,
  deviceOffline: msg`Status offline`,
  deviceInactive: msg`Device inactive`,
  queuedCommandSent: msg`Queued command sent`,
  deviceMoving: msg`Device moving`,
  deviceStopped: msg`Device stopped`,
  deviceOverspeed: msg`Speed limit exceeded`,
  deviceFuelDrop: msg`Fuel drop`,
  deviceFuelIncrease: msg`Fuel increase`,
  geofenceEnter: msg`Geofence entered`,
  geofenceExit: msg`Geofence exited`,
  geofenceCrossed: msg`Geofence crossed`,
  proximityEnter: msg`Proximity entered`,
  proximityExit: msg`Proximity exited`,
  unaccompaniedMotion: msg`Unaccompanied motion`,
  alarm: msg`Alarm`,
  ignitionOn: msg`Ignition on`,
  ignitionOff: msg`Ignition off`,
  maintenance: msg`Maintenance required`,
  driverChanged: msg`Driver changed`,
  media: msg`Media`,
};

export function eventTypeName(i18n: I18n, type: string): string {
  return translated(i18n, TYPES, type);
}

/** Traccar's alarm types (Position.ALARM_*) in the active language; unknown types show as they are. */
const ALARMS: Readonly<Record<string, MessageDescriptor>> = {
  general: msg`General`,
  sos: msg`SOS`,
  vibration: msg`Vibration`,
  movement: msg`Movement`,
  lowspeed: msg`Low speed`,
  overspeed: msg`Overspeed`,
  fallDown: msg`Fall down`,
  lowPower: msg`Low power`,
  lowBattery: msg`Low battery`,
  fault: msg`Fault`,
  powerOff: msg`Power off`,
  powerOn: msg`Power on`,
  door: msg`Door`,
  lock: msg`Lock`,
  unlock: msg`Unlock`,
  geofence: msg`Geofence`,
  geofenceEnter: msg`Geofence enter`,
  geofenceExit: msg`Geofence exit`,
  gpsAntennaCut: msg`GPS antenna cut`,
  accident: msg`Accident`,
  tow: msg`Tow`,
  idle: msg`Idle`,
  highRpm: msg`High RPM`,
  hardAcceleration: msg`Hard acceleration`,
  hardBraking: msg`Hard braking`,
  hardCornering: msg`Hard cornering`,
  laneChange: msg`Lane change`,
  fatigueDriving: msg`Fatigue driving`,
  powerCut: msg`Power cut`,
  powerRestored: msg`Power restored`,
  jamming: msg`Jamming`,
  temperature: msg`Temperature`,
  parking: msg`Parking`,
  bonnet: msg`Bonnet`,
  footBrake: msg`Foot brake`,
  fuelLeak: msg`Fuel leak`,
  tampering: msg`Tampering`,
  removing: msg`Removing`,
};

/** Every alarm type Traccar knows (a notification of alarms can be limited to some). */
export const ALARM_KEYS: readonly string[] = Object.keys(ALARMS);

export function alarmLabel(i18n: I18n, alarm: string): string {
  return translated(i18n, ALARMS, alarm);
}

/**
 * An event as Traccar's clients show it: its type in the active language, and for an alarm the
 * alarm type ("Alarm: SOS"), for the others what it concerns where names are given ("Geofence
 * entered: Olaya District", the maintenance, the driver, the command's result). The server's own
 * message is English (or the server's language), so it is shown only on the event page, as the
 * message it is.
 */
export function eventTitle(i18n: I18n, event: EventLike, subjects: EventSubjects = NO_SUBJECTS): string {
  const type = eventTypeName(i18n, event.type);
  const alarm = event.attributes?.alarm;
  if (event.type === 'alarm' && typeof alarm === 'string' && alarm.trim() !== '') {
    const alarms = alarm
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean)
      .map((a) => alarmLabel(i18n, a))
      .join(', ');
    return `${type}: ${alarms}`;
  }
  const subject = eventSubject(event, subjects);
  return subject === null ? type : `${type}: ${subject}`;
}
