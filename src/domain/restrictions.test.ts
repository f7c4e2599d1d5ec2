import { describe, expect, it } from 'vitest';
import type { Server, User } from '../../contract/models';
import { canAddDevice, canAddUser, canEdit, canOpen, readOnlyReason, restrictionsOf, type SettingsScreen } from './restrictions';

const user = (fields: Partial<User> = {}): User => ({ id: 2, administrator: false, readonly: false, deviceReadonly: false, userLimit: 0, deviceLimit: -1, attributes: {}, ...fields }) as User;
const server = (fields: Partial<Server> = {}): Server => ({ id: 1, readonly: false, deviceReadonly: false, attributes: {}, ...fields }) as Server;

const SCREENS: SettingsScreen[] = ['preferences', 'account', 'devices', 'groups', 'drivers', 'users', 'server', 'announcements', 'notifications', 'deviceConnections', 'userConnections'];

/** who → [screens that open, screens whose items change] */
const table: Array<[string, User, Server, SettingsScreen[], SettingsScreen[]]> = [
  ['administrator', user({ administrator: true, readonly: true }), server({ readonly: true, attributes: { 'ui.disableGroups': true } }), SCREENS, SCREENS],
  ['regular user', user(), server(), ['preferences', 'account', 'devices', 'groups', 'drivers', 'notifications', 'deviceConnections'], ['preferences', 'account', 'devices', 'groups', 'drivers', 'notifications', 'deviceConnections']],
  ['manager (userLimit)', user({ userLimit: 5 }), server(), SCREENS.filter((s) => s !== 'server' && s !== 'announcements'), SCREENS.filter((s) => s !== 'server' && s !== 'announcements')],
  ['readonly user', user({ readonly: true }), server(), ['preferences', 'account', 'devices'], ['preferences']],
  ['readonly server', user(), server({ readonly: true }), ['preferences', 'account', 'devices'], ['preferences']],
  ['device readonly (user)', user({ deviceReadonly: true }), server(), ['preferences', 'account', 'devices', 'groups', 'drivers', 'notifications', 'deviceConnections'], ['preferences', 'account', 'groups', 'drivers', 'notifications']],
  ['device readonly (server)', user(), server({ deviceReadonly: true }), ['preferences', 'account', 'devices', 'groups', 'drivers', 'notifications', 'deviceConnections'], ['preferences', 'account', 'groups', 'drivers', 'notifications']],
  ['ui.disableGroups (server)', user(), server({ attributes: { 'ui.disableGroups': true } }), ['preferences', 'account', 'devices', 'drivers', 'notifications', 'deviceConnections'], ['preferences', 'account', 'devices', 'drivers', 'notifications', 'deviceConnections']],
  ['ui.disableVehicleFeatures (user, "true")', user({ attributes: { 'ui.disableVehicleFeatures': 'true' } }), server(), ['preferences', 'account', 'devices', 'groups', 'notifications', 'deviceConnections'], ['preferences', 'account', 'devices', 'groups', 'notifications', 'deviceConnections']],
  ['ui.disableDrivers (user)', user({ attributes: { 'ui.disableDrivers': true } }), server(), ['preferences', 'account', 'devices', 'groups', 'notifications', 'deviceConnections'], ['preferences', 'account', 'devices', 'groups', 'notifications', 'deviceConnections']],
];

describe('restrictions', () => {
  for (const [who, u, s, opens, edits] of table) {
    it(`${who}: opens ${opens.join(', ')}; changes ${edits.join(', ')}`, () => {
      const r = restrictionsOf(u, s);
      expect(SCREENS.filter((screen) => canOpen(screen, r))).toEqual(SCREENS.filter((screen) => opens.includes(screen)));
      expect(SCREENS.filter((screen) => canEdit(screen, r))).toEqual(SCREENS.filter((screen) => edits.includes(screen)));
    });
  }

  it('says why a screen that opens is read-only: the account (or server), or only its devices', () => {
    const reasons = (u: User, s: Server) => Object.fromEntries(SCREENS.map((screen) => [screen, readOnlyReason(screen, restrictionsOf(u, s))]).filter(([, reason]) => reason !== null));
    expect(reasons(user({ readonly: true }), server())).toEqual({ account: 'readonly', devices: 'readonly' });
    expect(reasons(user(), server({ readonly: true }))).toEqual({ account: 'readonly', devices: 'readonly' });
    expect(reasons(user({ deviceReadonly: true }), server())).toEqual({ devices: 'deviceReadonly', deviceConnections: 'deviceReadonly' });
    expect(reasons(user(), server())).toEqual({});
    expect(reasons(user({ administrator: true, readonly: true }), server({ readonly: true }))).toEqual({});
  });

  it('ui.disableEvents hides the events and ui.disableReport the Reports tab, from the server or the user, never for administrators', () => {
    expect(restrictionsOf(user(), server()).features).toMatchObject({ events: true, reports: true });
    expect(restrictionsOf(user(), server({ attributes: { 'ui.disableEvents': true } })).features).toMatchObject({ events: false, reports: true });
    expect(restrictionsOf(user({ attributes: { 'ui.disableReport': 'true' } }), server()).features).toMatchObject({ events: true, reports: false });
    expect(restrictionsOf(user({ administrator: true }), server({ attributes: { 'ui.disableEvents': true, 'ui.disableReport': true } })).features).toMatchObject({ events: true, reports: true });
  });

  it('named flags hold when the server or the user has them, never for administrators', () => {
    for (const flag of ['limitCommands', 'disableReports', 'fixedEmail'] as const) {
      expect(restrictionsOf(user({ [flag]: true }), server())[flag]).toBe(true);
      expect(restrictionsOf(user(), server({ [flag]: true }))[flag]).toBe(true);
      expect(restrictionsOf(user(), server())[flag]).toBe(false);
      expect(restrictionsOf(user({ administrator: true, [flag]: true }), server({ [flag]: true }))[flag]).toBe(false);
    }
  });

  it('saved commands close for limit-commands users', () => {
    expect(canOpen('commands', restrictionsOf(user(), server()))).toBe(true);
    expect(canOpen('commands', restrictionsOf(user({ limitCommands: true }), server()))).toBe(false);
  });

  it('device limit: -1 is none, otherwise the count must stay under it', () => {
    const r = restrictionsOf(user({ deviceLimit: 2 }), server());
    expect(canAddDevice(r, user({ deviceLimit: 2 }), 1)).toBe(true);
    expect(canAddDevice(r, user({ deviceLimit: 2 }), 2)).toBe(false);
    expect(canAddDevice(r, user({ deviceLimit: -1 }), 10_000)).toBe(true);
    expect(canAddDevice(restrictionsOf(user({ deviceReadonly: true }), server()), user(), 0)).toBe(false);
  });

  it('user limit: managers only, under the limit', () => {
    const manager = user({ userLimit: 2 });
    expect(canAddUser(restrictionsOf(manager, server()), manager, 1)).toBe(true);
    expect(canAddUser(restrictionsOf(manager, server()), manager, 2)).toBe(false);
    expect(canAddUser(restrictionsOf(user(), server()), user(), 0)).toBe(false);
    const admin = user({ administrator: true });
    expect(canAddUser(restrictionsOf(admin, server()), admin, 1000)).toBe(true);
  });

  it('sending a command: anyone who may change things, limited users too (to saved commands); not readonly ones', () => {
    expect(canOpen('sendCommand', restrictionsOf(user(), server()))).toBe(true);
    expect(canOpen('sendCommand', restrictionsOf(user({ limitCommands: true }), server()))).toBe(true);
    expect(canOpen('sendCommand', restrictionsOf(user({ readonly: true }), server()))).toBe(false);
    expect(canOpen('sendCommand', restrictionsOf(user(), server({ readonly: true })))).toBe(false);
    expect(canOpen('sendCommand', restrictionsOf(user({ administrator: true, readonly: true }), server()))).toBe(true);
  });

  it('accumulators: managers and administrators who may change things', () => {
    expect(canOpen('accumulators', restrictionsOf(user({ administrator: true }), server()))).toBe(true);
    expect(canOpen('accumulators', restrictionsOf(user({ userLimit: 3 }), server()))).toBe(true);
    expect(canOpen('accumulators', restrictionsOf(user(), server()))).toBe(false);
    expect(canOpen('accumulators', restrictionsOf(user({ userLimit: 3, readonly: true }), server()))).toBe(false);
  });

  it('scheduled reports: anyone who may change things and run reports; not readonly users', () => {
    expect(canEdit('scheduledReports', restrictionsOf(user(), server()))).toBe(true);
    expect(canOpen('scheduledReports', restrictionsOf(user({ readonly: true }), server()))).toBe(false);
    expect(canOpen('scheduledReports', restrictionsOf(user(), server({ readonly: true })))).toBe(false);
    expect(canOpen('scheduledReports', restrictionsOf(user({ disableReports: true }), server()))).toBe(false);
    expect(canOpen('scheduledReports', restrictionsOf(user(), server({ disableReports: true })))).toBe(false);
    expect(canEdit('scheduledReports', restrictionsOf(user({ administrator: true, readonly: true }), server()))).toBe(true);
  });

  it('sharing a device: when the server allows it, not for readonly or temporary (shared) users, administrators included', () => {
    expect(canOpen('share', restrictionsOf(user(), server()))).toBe(true);
    expect(canOpen('share', restrictionsOf(user(), server({ attributes: { disableShare: true } })))).toBe(false);
    expect(canOpen('share', restrictionsOf(user(), server({ attributes: { disableShare: 'true' } })))).toBe(false);
    expect(canOpen('share', restrictionsOf(user({ administrator: true }), server({ attributes: { disableShare: true } })))).toBe(false);
    expect(canOpen('share', restrictionsOf(user({ readonly: true }), server()))).toBe(false);
    expect(canOpen('share', restrictionsOf(user({ temporary: true }), server()))).toBe(false);
  });
});

/** Every `ui.disable*` flag: the features it turns off and the settings screens it closes. */
const FLAGS: Array<[string, Array<keyof ReturnType<typeof restrictionsOf>['features']>, SettingsScreen[]]> = [
  ['ui.disableSavedCommands', ['savedCommands'], ['commands']],
  ['ui.disableAttributes', ['attributes'], []],
  ['ui.disableVehicleFeatures', ['drivers', 'maintenance'], ['drivers', 'maintenance']],
  ['ui.disableDrivers', ['drivers'], ['drivers']],
  ['ui.disableMaintenance', ['maintenance'], ['maintenance']],
  ['ui.disableGroups', ['groups'], ['groups', 'groupConnections']],
  ['ui.disableEvents', ['events'], []],
  ['ui.disableComputedAttributes', ['computedAttributes'], ['attributes']],
  ['ui.disableCalendars', ['calendars'], ['calendars']],
  ['ui.disableReport', ['reports'], []],
];
const EVERY_SCREEN: SettingsScreen[] = [
  ...SCREENS,
  'geofences', 'calendars', 'attributes', 'maintenance', 'commands', 'sendCommand', 'accumulators', 'share', 'groupConnections', 'scheduledReports',
];
const ROLES: Array<[string, Partial<User>]> = [
  ['a plain user', {}],
  ['a manager', { userLimit: 5 }],
  ['a device-readonly user', { deviceReadonly: true }],
  ['a readonly user', { readonly: true }],
];

describe('every ui.disable* flag, from the server or the user, for each role', () => {
  for (const [flag, features, screens] of FLAGS) {
    for (const [role, fields] of ROLES) {
      it(`${flag} takes ${features.join(' and ')} from ${role}${screens.length ? ` and closes ${screens.join(', ')}` : ''}`, () => {
        const before = restrictionsOf(user(fields), server());
        for (const r of [restrictionsOf(user(fields), server({ attributes: { [flag]: true } })), restrictionsOf(user({ ...fields, attributes: { [flag]: 'true' } }), server())]) {
          const off = (Object.keys(r.features) as Array<keyof typeof r.features>).filter((feature) => !r.features[feature]);
          expect(off).toEqual(features);
          const closed = EVERY_SCREEN.filter((screen) => canOpen(screen, before) && !canOpen(screen, r));
          // a readonly user never had the editing screens: the flag closes only what was open
          expect(closed).toEqual(screens.filter((screen) => canOpen(screen, before)));
        }
      });
    }
    it(`${flag} never limits an administrator`, () => {
      const r = restrictionsOf(user({ administrator: true, attributes: { [flag]: true } }), server({ attributes: { [flag]: true } }));
      expect(Object.values(r.features).every(Boolean)).toBe(true);
      expect(EVERY_SCREEN.filter((screen) => !canOpen(screen, r))).toEqual([]);
    });
  }
});
