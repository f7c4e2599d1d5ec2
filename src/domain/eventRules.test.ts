import { describe, expect, it } from 'vitest';
import type { Server, User } from '../../contract/models';
import {
  eventText,
  newEvents,
  shouldPlaySound,
  soundSettings,
  unreadEvents,
} from './eventRules';

const user = (attributes: Record<string, string>) => ({ attributes }) as unknown as User;
const server = (attributes: Record<string, string>, forceSettings = false) => ({ attributes, forceSettings }) as unknown as Server;

describe('sound rules', () => {
  it.each([
    ['defaults: sos alarm sounds', null, null, 'alarm', 'sos', true],
    ['defaults: other alarm is silent', null, null, 'alarm', 'overspeed', false],
    ['defaults: other event is silent', null, null, 'deviceOnline', undefined, false],
    ['server soundEvents', null, server({ soundEvents: 'deviceOnline,geofenceEnter' }), 'geofenceEnter', undefined, true],
    ['user soundEvents wins over server', user({ soundEvents: 'deviceOffline' }), server({ soundEvents: 'geofenceEnter' }), 'geofenceEnter', undefined, false],
    ['forced server settings win', user({ soundEvents: 'deviceOffline' }), server({ soundEvents: 'geofenceEnter' }, true), 'geofenceEnter', undefined, true],
    ['soundAlarms replaces the default', user({ soundAlarms: 'lowBattery, fallDown' }), null, 'alarm', 'sos', false],
    ['soundAlarms with spaces', user({ soundAlarms: 'lowBattery, fallDown' }), null, 'alarm', 'fallDown', true],
    ['several alarms in one event', null, null, 'alarm', 'overspeed,sos', true],
    ['alarm type only counts for alarm events', null, null, 'deviceOnline', 'sos', false],
  ] as const)('%s', (_name, u, s, type, alarm, expected) => {
    const attributes = alarm === undefined ? {} : { alarm };
    expect(shouldPlaySound({ type, attributes }, soundSettings(u, s))).toBe(expected);
  });
});

describe('eventText', () => {
  const typeName = (type: string) => `T:${type}`;
  it.each([
    [{ type: 'alarm', attributes: { message: 'SOS from demo' } }, 'SOS from demo'],
    [{ type: 'alarm', attributes: { message: '   ' } }, 'T:alarm'],
    [{ type: 'deviceOnline', attributes: {} }, 'T:deviceOnline'],
    [{ type: 'x', attributes: { message: 42 } }, 'T:x'],
    [{ type: 'x', attributes: { message: '<b>x</b>' } }, '<b>x</b>'],
  ])('%j → %s', (event, expected) => {
    expect(eventText(event, typeName)).toBe(expected);
  });
});

describe('unread and new events', () => {
  it('counts events not seen', () => {
    expect(unreadEvents([{ id: 3 }, { id: 2 }, { id: 1 }], new Set([1, 2]))).toBe(1);
    expect(unreadEvents([], new Set())).toBe(0);
  });
  it('finds new events by id', () => {
    const a = [{ id: 2 }, { id: 1 }];
    expect(newEvents(a, a)).toEqual([]);
    expect(newEvents(a, [{ id: 4 }, { id: 3 }, ...a])).toEqual([{ id: 4 }, { id: 3 }]);
    expect(newEvents(a, [{ id: 1 }])).toEqual([]);
  });
});
