import { describe, expect, it } from 'vitest';
import type { Server, User } from '../../contract/models';
import {
  byEventTimeNewestFirst,
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

describe('the drawer order', () => {
  const event = (id: number, eventTime: string | null) => ({ id, eventTime });
  it('puts the newest event time first, whatever the arrival order', () => {
    // arrival order (the live list): the last message first, its events in the server's order
    const arrived = [
      event(7, '2024-05-01T10:00:05Z'),
      event(8, '2024-05-01T10:00:09Z'),
      event(5, '2024-05-01T10:00:01Z'),
      event(6, '2024-05-01T10:00:03Z'),
    ];
    expect(byEventTimeNewestFirst(arrived).map((e) => e.id)).toEqual([8, 7, 6, 5]);
    // the live list itself is left as it is
    expect(arrived.map((e) => e.id)).toEqual([7, 8, 5, 6]);
  });
  it('reads the time, not the text (another offset), and breaks ties by id', () => {
    const events = [event(1, '2024-05-01T12:00:00+02:00'), event(2, '2024-05-01T10:30:00Z'), event(3, '2024-05-01T10:30:00.000Z')];
    expect(byEventTimeNewestFirst(events).map((e) => e.id)).toEqual([3, 2, 1]);
  });
  it('puts events without a readable time last', () => {
    const events = [event(1, null), event(2, 'not a date'), event(3, '2024-05-01T10:00:00Z')];
    expect(byEventTimeNewestFirst(events).map((e) => e.id)).toEqual([3, 2, 1]);
  });
});
