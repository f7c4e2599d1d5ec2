/**
 * What a user may see and change, from the user and the server alone (pure; every screen asks
 * here): the spec's roles and restriction flags, Traccar's `ui.disable*` features, device and
 * user limits. Administrators bypass every restriction.
 */
import type { Server, User } from '../../contract/models';
import { isAdministrator, isManager, isRestricted, isUiDisabled } from './permissions';

export type SettingsScreen =
  | 'preferences'
  | 'account'
  | 'devices'
  | 'groups'
  | 'drivers'
  | 'users'
  | 'server'
  /** the announcements file (`/settings/announcements`): administrators */
  | 'announcements'
  | 'notifications'
  | 'geofences'
  | 'calendars'
  | 'attributes'
  | 'maintenance'
  | 'commands'
  | 'deviceConnections'
  | 'sendCommand'
  | 'accumulators'
  | 'share'
  | 'groupConnections'
  | 'userConnections'
  /** scheduled report orders (`/reports/scheduled`), mailed by the server on their calendar */
  | 'scheduledReports';

export interface Restrictions {
  administrator: boolean;
  manager: boolean;
  /** nothing may be changed (server or user readonly) */
  readonly: boolean;
  /** devices may not be added, changed or removed (readonly, or server or user deviceReadonly) */
  deviceReadonly: boolean;
  limitCommands: boolean;
  disableReports: boolean;
  fixedEmail: boolean;
  /** devices may be shared by link: the server allows it (`disableShare`) and the user is not a temporary (shared) one */
  share: boolean;
  /** Traccar's features, each off when a `ui.disable*` flag applies (never for administrators) */
  features: {
    groups: boolean;
    drivers: boolean;
    maintenance: boolean;
    calendars: boolean;
    computedAttributes: boolean;
    savedCommands: boolean;
    attributes: boolean;
    events: boolean;
    /** the Reports tab (`ui.disableReport`; the `disableReports` restriction refuses the reports too) */
    reports: boolean;
  };
}

export function restrictionsOf(user: User | null | undefined, server: Server | null | undefined): Restrictions {
  const disabled = (key: string) => isUiDisabled(key, user, server);
  const vehicleFeatures = disabled('VehicleFeatures');
  const readonly = isRestricted('readonly', user, server);
  return {
    administrator: isAdministrator(user),
    manager: isManager(user),
    readonly,
    deviceReadonly: readonly || isRestricted('deviceReadonly', user, server),
    limitCommands: isRestricted('limitCommands', user, server),
    disableReports: isRestricted('disableReports', user, server),
    fixedEmail: isRestricted('fixedEmail', user, server),
    share: server?.attributes?.disableShare !== true && server?.attributes?.disableShare !== 'true' && user?.temporary !== true,
    features: {
      groups: !disabled('Groups'),
      drivers: !vehicleFeatures && !disabled('Drivers'),
      maintenance: !vehicleFeatures && !disabled('Maintenance'),
      calendars: !disabled('Calendars'),
      computedAttributes: !disabled('ComputedAttributes'),
      savedCommands: !disabled('SavedCommands'),
      attributes: !disabled('Attributes'),
      events: !disabled('Events'),
      reports: !disabled('Report'),
    },
  };
}

/** Whether a settings screen is offered (menu) and opens (a direct URL to another shows a refusal). */
export function canOpen(screen: SettingsScreen, r: Restrictions): boolean {
  switch (screen) {
    case 'preferences':
    case 'account':
    case 'devices':
      return true;
    case 'server':
    case 'announcements':
      return r.administrator;
    case 'users':
    case 'userConnections':
      return r.manager;
    case 'accumulators':
      return r.manager && !r.readonly;
    case 'groups':
      return !r.readonly && r.features.groups;
    case 'groupConnections':
      return !r.readonly && r.features.groups;
    case 'drivers':
      return !r.readonly && r.features.drivers;
    case 'maintenance':
      return !r.readonly && r.features.maintenance;
    case 'calendars':
      return !r.readonly && r.features.calendars;
    case 'attributes':
      return !r.readonly && r.features.computedAttributes;
    case 'commands':
      return !r.readonly && r.features.savedCommands && !r.limitCommands;
    case 'notifications':
    case 'geofences':
    case 'deviceConnections':
    case 'sendCommand':
      return !r.readonly;
    case 'share':
      return !r.readonly && r.share;
    case 'scheduledReports':
      // Traccar's client offers scheduling only to users who may change things
      return !r.readonly && !r.disableReports;
  }
}

/** Whether the items of a screen may be added, changed or removed. */
export function canEdit(screen: SettingsScreen, r: Restrictions): boolean {
  if (!canOpen(screen, r)) return false;
  if (screen === 'devices' || screen === 'deviceConnections') return !r.deviceReadonly;
  if (screen === 'preferences') return true;
  return !r.readonly;
}

/**
 * Why a screen that opens may not be changed, so that it can say so: the account or the server is
 * read-only (`readonly`), or only devices are (`deviceReadonly`). null when it may be changed, or
 * does not open at all (that is a refusal, not a read-only screen).
 */
export function readOnlyReason(screen: SettingsScreen, r: Restrictions): 'readonly' | 'deviceReadonly' | null {
  if (!canOpen(screen, r) || canEdit(screen, r)) return null;
  return r.readonly ? 'readonly' : 'deviceReadonly';
}

/** A new device may be added: not device-readonly and under the device limit (-1: none). */
export function canAddDevice(r: Restrictions, user: User | null | undefined, deviceCount: number): boolean {
  if (!canEdit('devices', r)) return false;
  if (r.administrator) return true;
  const limit = user?.deviceLimit ?? -1;
  return limit === -1 || deviceCount < limit;
}

/** A manager may add users while under their user limit (-1: none). */
export function canAddUser(r: Restrictions, user: User | null | undefined, userCount: number): boolean {
  if (!r.manager || r.readonly) return false;
  if (r.administrator) return true;
  const limit = user?.userLimit ?? 0;
  return limit === -1 || userCount < limit;
}

/** The fields of a user only an administrator may change. */
export const ADMINISTRATOR_USER_FIELDS = [
  'administrator',
  'readonly',
  'deviceReadonly',
  'deviceLimit',
  'userLimit',
  'expirationTime',
  'disabled',
  'limitCommands',
  'disableReports',
  'fixedEmail',
] as const;
