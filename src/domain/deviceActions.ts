/**
 * The one list of what can be done with a device, wherever a device is offered: the device card's
 * bar and its More menu, the map's context menu (a right-click or a long press on a marker), the
 * device list's menu (the context-menu key or Shift+F10 on a row, or a right-click) and the fleet
 * overview. Pure: which actions a user is offered, in which order and group, and where each leads;
 * the labels, icons and the presses are the shared renderer's (`src/shared/deviceActions.tsx`).
 *
 * What a user is offered follows the restrictions (`restrictions.ts`): a read-only user may not
 * send a command, edit, share, add a geofence or change connections; `deviceReadonly` keeps a
 * device from being edited or removed; `limitCommands` leaves only saved commands, so Send a command
 * goes when saved commands are switched off too; `disableShare` (server) or a temporary user takes
 * Share away; `disableReports` takes Replay away (the route report it plays is refused).
 */
import type { Restrictions } from './restrictions';
import { canEdit, canOpen } from './restrictions';
import { externalMapLinks } from './externalMaps';

export type DeviceActionId =
  | 'track'
  | 'replay'
  | 'command'
  | 'edit'
  | 'share'
  | 'geofence'
  | 'network'
  | 'connections'
  | 'google'
  | 'apple'
  | 'streetView'
  | 'delete';

/**
 * Where an action belongs: `main` in the card's bar (and first in a menu), `more` under the card's
 * More, `maps` the other maps (links out), `danger` last, after a separator.
 */
export type DeviceActionGroup = 'main' | 'more' | 'maps' | 'danger';

export interface DeviceAction {
  readonly id: DeviceActionId;
  readonly group: DeviceActionGroup;
  /** where it leads (a page of the app, or another map's https address); null for a press (Track, Delete) */
  readonly href: string | null;
  /** opens another site (in a new tab) */
  readonly external: boolean;
  /** offered but not possible now (Replay before the first position) */
  readonly disabled: boolean;
}

export interface DeviceActionsInput {
  device: { readonly id: number };
  /** the device's latest position, or null before its first one */
  position: { readonly id: number; readonly latitude: number; readonly longitude: number; readonly course?: number } | null;
  restrictions: Restrictions;
}

/** Whether a command can be sent: not read-only, and with `limitCommands` only saved ones, which must be offered. */
export function maySendCommand(r: Restrictions): boolean {
  if (!canOpen('sendCommand', r)) return false;
  return !(r.limitCommands && !r.administrator && !r.features.savedCommands);
}

/** Replay today: the device's route from today's first moment (the user's time zone, read by the replay page), shown at once. */
export function replayTodayHref(deviceId: number): string {
  return `/replay?deviceId=${deviceId}&period=today&show=true`;
}

/** The geofence editor with a new circle at a place, named after and linked to the device once saved. */
export function geofenceHereHref(deviceId: number, latitude: number, longitude: number): string {
  return `/geofences?deviceId=${deviceId}&latitude=${latitude.toFixed(6)}&longitude=${longitude.toFixed(6)}`;
}

/** The radius of the circle Create a geofence here starts with (m), as Traccar's client. */
export const GEOFENCE_HERE_RADIUS = 50;

/** The actions offered for a device, in their order: main, more, maps, danger. */
export function deviceActions({ device, position, restrictions: r }: DeviceActionsInput): DeviceAction[] {
  const id = device.id;
  const actions: DeviceAction[] = [];
  const add = (action: DeviceActionId, group: DeviceActionGroup, href: string | null, options: { external?: boolean; disabled?: boolean } = {}) =>
    actions.push({ id: action, group, href, external: options.external ?? false, disabled: options.disabled ?? false });

  add('track', 'main', null);
  // as Traccar's card: nothing to replay before the first position
  if (!r.disableReports) add('replay', 'main', replayTodayHref(id), { disabled: position === null });
  if (maySendCommand(r)) add('command', 'main', `/settings/device/${id}/command`);
  if (canEdit('devices', r)) add('edit', 'main', `/settings/device/${id}`);

  if (canOpen('share', r)) add('share', 'more', `/settings/device/${id}/share`);
  if (position && canEdit('geofences', r)) add('geofence', 'more', geofenceHereHref(id, position.latitude, position.longitude));
  if (position) add('network', 'more', `/network/${position.id}`);
  if (canEdit('deviceConnections', r)) add('connections', 'more', `/settings/device/${id}/connections`);

  if (position) for (const link of externalMapLinks(position.latitude, position.longitude, position.course)) add(link.id, 'maps', link.href, { external: true });

  if (canEdit('devices', r)) add('delete', 'danger', null);
  return actions;
}

/**
 * A device given by the geofence editor's address (`geofenceHereHref`): the device and the circle's
 * centre, or null when the address is not one (anything malformed is ignored, never thrown).
 */
export function parseGeofenceHere(search: Record<string, unknown>): { deviceId: number; latitude: number; longitude: number } | null {
  const deviceId = Number(search.deviceId);
  const latitude = Number(search.latitude);
  const longitude = Number(search.longitude);
  if (!Number.isInteger(deviceId) || deviceId <= 0) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  if (search.latitude === '' || search.longitude === '' || search.latitude === null || search.longitude === null) return null;
  return { deviceId, latitude, longitude };
}
