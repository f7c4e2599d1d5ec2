/**
 * Which users see an event on their socket (Traccar's `web` notificator) and the text it carries.
 * A notification applies when it is linked to the user and is `always` or linked to the device or one
 * of its groups (see ingest/context.ts); alarm notifications filter on `alarms`, events with a
 * geofence on `geofenceIds`, and a notification with a calendar applies only while it is active at
 * the event's time.
 */
import type { Event } from '../../contract/models.ts';
import type { NotificationInfo } from '../ingest/context.ts';
import { KNOTS_TO_KMH } from '../../contract/units.ts';
import { type Budget, turnBudget } from './calendar.ts';

/** `turn`: the calendar steps this ingest turn may still spend (see calendar.ts), shared by its events. */
function isSubset(ids: Iterable<number>, of: Set<number>): boolean {
  if (of.size === 0) return false;
  for (const id of ids) if (!of.has(id)) return false;
  return true;
}

export function recipients(event: Event, notifications: NotificationInfo[], turn: Budget = turnBudget()): Set<number> {
  const users = new Set<number>();
  for (const notification of notifications) {
    if (notification.type !== event.type) continue;
    if (event.type === 'alarm' && notification.alarms) {
      const alarm = event.attributes.alarm;
      if (typeof alarm !== 'string' || !notification.alarms.has(alarm)) continue;
    }
    if (event.geofenceId && notification.geofenceIds && !notification.geofenceIds.has(event.geofenceId)) continue;
    // nobody new to tell: its calendar is not read (the answer is the same set of users)
    if (isSubset(notification.userIds, users)) continue;
    if (notification.calendar && !notification.calendar.active(event.eventTime ? Date.parse(event.eventTime) : Date.now(), turn)) continue;
    for (const userId of notification.userIds) users.add(userId);
  }
  return users;
}


function kmh(value: unknown): string {
  return typeof value === 'number' ? `${Math.round(value * KNOTS_TO_KMH)} km/h` : '?';
}

/** A short English text for an event, e.g. "Car 1 entered geofence Depot". */
export function eventMessage(event: Event, deviceName: string, geofenceName: string | null): string {
  const fence = geofenceName ?? `#${event.geofenceId}`;
  switch (event.type) {
    case 'deviceOnline':
      return `${deviceName} is online`;
    case 'deviceOffline':
      return `${deviceName} is offline`;
    case 'deviceUnknown':
      return `${deviceName} status is unknown`;
    case 'deviceMoving':
      return `${deviceName} is moving`;
    case 'deviceStopped':
      return `${deviceName} has stopped`;
    case 'deviceOverspeed':
      return `${deviceName} exceeds the speed limit: ${kmh(event.attributes.speed)} (limit ${kmh(event.attributes.speedLimit)})`;
    case 'geofenceEnter':
      return `${deviceName} entered geofence ${fence}`;
    case 'geofenceExit':
      return `${deviceName} left geofence ${fence}`;
    case 'ignitionOn':
      return `${deviceName} ignition on`;
    case 'ignitionOff':
      return `${deviceName} ignition off`;
    case 'alarm':
      return `${deviceName} alarm: ${String(event.attributes.alarm ?? 'general')}`;
    case 'commandResult':
      return `${deviceName} command result: ${String(event.attributes.result ?? '')}`;
    case 'queuedCommandSent':
      return `${deviceName}: queued command sent`;
    default:
      return `${deviceName}: ${event.type}`;
  }
}
