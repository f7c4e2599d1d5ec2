import { describe, expect, it } from 'vitest';
import type { Server, User } from '../../contract/models';
import { restrictionsOf } from './restrictions';
import { deviceActions, geofenceHereHref, maySendCommand, parseGeofenceHere, replayTodayHref, type DeviceActionId } from './deviceActions';

const user = (fields: Partial<User> = {}): User => ({ id: 2, administrator: false, readonly: false, deviceReadonly: false, userLimit: 0, deviceLimit: -1, attributes: {}, ...fields }) as User;
const server = (fields: Partial<Server> = {}): Server => ({ id: 1, readonly: false, deviceReadonly: false, attributes: {}, ...fields }) as Server;
const position = { id: 77, latitude: 24.7136, longitude: 46.6753, course: 90 };

const ALL: DeviceActionId[] = ['track', 'replay', 'command', 'edit', 'share', 'geofence', 'network', 'connections', 'google', 'apple', 'streetView', 'delete'];
const MAPS: DeviceActionId[] = ['google', 'apple', 'streetView'];
const without = (...ids: DeviceActionId[]) => ALL.filter((id) => !ids.includes(id));

/** who → the actions offered for a device with a position */
const table: Array<[string, User, Server, DeviceActionId[]]> = [
  ['a regular user', user(), server(), ALL],
  ['an administrator, whatever the flags', user({ administrator: true, readonly: true, limitCommands: true, disableReports: true }), server({ readonly: true, attributes: { 'ui.disableSavedCommands': true } }), ALL],
  ["an administrator on a server that disables sharing: the server's switch holds for everyone", user({ administrator: true }), server({ attributes: { disableShare: true } }), without('share')],
  ['a read-only user: no command, edit, share, geofence, connections or delete', user({ readonly: true }), server(), without('command', 'edit', 'share', 'geofence', 'connections', 'delete')],
  ['a read-only server: the same', user(), server({ readonly: true }), without('command', 'edit', 'share', 'geofence', 'connections', 'delete')],
  ['device read-only (user): no edit, connections or delete; commands and geofences stay', user({ deviceReadonly: true }), server(), without('edit', 'connections', 'delete')],
  ['device read-only (server): the same', user(), server({ deviceReadonly: true }), without('edit', 'connections', 'delete')],
  ['limitCommands: saved commands are still sent', user({ limitCommands: true }), server(), ALL],
  ['limitCommands (server) with saved commands switched off: nothing to send', user(), server({ limitCommands: true, attributes: { 'ui.disableSavedCommands': true } }), without('command')],
  ['saved commands switched off alone: a custom command is sent', user({ attributes: { 'ui.disableSavedCommands': 'true' } }), server(), ALL],
  ['sharing disabled by the server', user(), server({ attributes: { disableShare: true } }), without('share')],
  ['sharing disabled by the server ("true")', user(), server({ attributes: { disableShare: 'true' } }), without('share')],
  ['a temporary (shared) user', user({ temporary: true }), server(), without('share')],
  ['reports disabled: no replay', user({ disableReports: true }), server(), without('replay')],
];

describe('deviceActions', () => {
  for (const [who, u, s, offered] of table) {
    it(`${who}: ${offered.join(', ')}`, () => {
      const actions = deviceActions({ device: { id: 5 }, position, restrictions: restrictionsOf(u, s) });
      expect(actions.map((action) => action.id)).toEqual(offered);
    });
  }

  it('without a position: Replay offered but disabled; no geofence here, network page or other maps', () => {
    const actions = deviceActions({ device: { id: 5 }, position: null, restrictions: restrictionsOf(user(), server()) });
    expect(actions.map((action) => action.id)).toEqual(without('geofence', 'network', ...MAPS));
    expect(actions.filter((action) => action.disabled).map((action) => action.id)).toEqual(['replay']);
  });

  it('groups them in order: main, more, other maps, then Delete', () => {
    const actions = deviceActions({ device: { id: 5 }, position, restrictions: restrictionsOf(user(), server()) });
    expect(actions.map((action) => `${action.id}:${action.group}`)).toEqual([
      'track:main', 'replay:main', 'command:main', 'edit:main',
      'share:more', 'geofence:more', 'network:more', 'connections:more',
      'google:maps', 'apple:maps', 'streetView:maps',
      'delete:danger',
    ]);
  });

  it('leads each to its screen; only the other maps leave the app', () => {
    const actions = deviceActions({ device: { id: 5 }, position, restrictions: restrictionsOf(user(), server()) });
    const href = Object.fromEntries(actions.map((action) => [action.id, action.href]));
    expect(href).toMatchObject({
      track: null,
      replay: '/replay?deviceId=5&period=today&show=true',
      command: '/settings/device/5/command',
      edit: '/settings/device/5',
      share: '/settings/device/5/share',
      geofence: '/geofences?deviceId=5&latitude=24.713600&longitude=46.675300',
      network: '/network/77',
      connections: '/settings/device/5/connections',
      delete: null,
    });
    expect(actions.filter((action) => action.external).map((action) => action.id)).toEqual(MAPS);
    for (const id of MAPS) expect(new URL(href[id]!).protocol).toBe('https:');
  });
});

describe('maySendCommand', () => {
  const cases: Array<[string, User, Server, boolean]> = [
    ['regular', user(), server(), true],
    ['read-only', user({ readonly: true }), server(), false],
    ['limited, saved commands on', user({ limitCommands: true }), server(), true],
    ['limited, saved commands off', user({ limitCommands: true, attributes: { 'ui.disableSavedCommands': true } }), server(), false],
    ['administrator, limited, saved commands off', user({ administrator: true, limitCommands: true, attributes: { 'ui.disableSavedCommands': true } }), server(), true],
  ];
  for (const [who, u, s, may] of cases) it(`${who}: ${may}`, () => expect(maySendCommand(restrictionsOf(u, s))).toBe(may));
});

describe('the addresses', () => {
  it('replay today and a geofence here', () => {
    expect(replayTodayHref(9)).toBe('/replay?deviceId=9&period=today&show=true');
    expect(geofenceHereHref(9, -33.8688, 151.2093)).toBe('/geofences?deviceId=9&latitude=-33.868800&longitude=151.209300');
  });

  const reads: Array<[string, Record<string, unknown>, ReturnType<typeof parseGeofenceHere>]> = [
    ['numbers (the router parses them)', { deviceId: 9, latitude: 24.5, longitude: 46.25 }, { deviceId: 9, latitude: 24.5, longitude: 46.25 }],
    ['strings', { deviceId: '9', latitude: '-33.8688', longitude: '151.2093' }, { deviceId: 9, latitude: -33.8688, longitude: 151.2093 }],
    ['nothing', {}, null],
    ['no device', { latitude: 1, longitude: 2 }, null],
    ['a device id that is not one', { deviceId: 'x', latitude: 1, longitude: 2 }, null],
    ['a negative device id', { deviceId: -3, latitude: 1, longitude: 2 }, null],
    ['an empty latitude', { deviceId: 9, latitude: '', longitude: 2 }, null],
    ['a latitude beyond the pole', { deviceId: 9, latitude: 91, longitude: 2 }, null],
    ['a longitude beyond the antimeridian', { deviceId: 9, latitude: 1, longitude: -181 }, null],
    ['not a number', { deviceId: 9, latitude: 'north', longitude: 2 }, null],
  ];
  for (const [what, search, expected] of reads) it(`reads the geofence editor's address: ${what}`, () => expect(parseGeofenceHere(search)).toEqual(expected));
});
