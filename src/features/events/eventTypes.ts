import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

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
  const descriptor = Object.hasOwn(TYPES, type) ? TYPES[type] : undefined;
  return descriptor ? i18n._(descriptor) : type;
}
