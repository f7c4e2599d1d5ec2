import { describe, expect, it } from 'vitest';
import type { Event, LogRecord, Server, User } from '../../contract/models';
import {
  addEvents,
  addLogs,
  appendPoint,
  EVENTS_CAP,
  LOGS_CAP,
  reconcileHistory,
  recordsHistory,
  removeEvent,
  routeOptionsFrom,
  toRouteLength,
  toRouteMode,
  type RouteOptions,
  type RoutePoint,
} from './liveRules';

const user = (attributes: User['attributes']): User => ({ id: 1, attributes }) as User;
const server = (attributes: Server['attributes'], forceSettings = false): Server =>
  ({ id: 1, attributes, forceSettings }) as Server;
const event = (id: number, deviceId = 1): Event =>
  ({ id, deviceId, type: 'deviceOnline', attributes: {}, eventTime: null, positionId: 0, geofenceId: 0, maintenanceId: 0 }) as Event;
const log = (n: number): LogRecord => ({ host: 'h', protocol: 'osmand', uniqueId: 'u', deviceId: 1, data: String(n) });

describe('routeOptionsFrom', () => {
  it.each([
    ['nothing → none/10', null, null, { mode: 'none', length: 10 }],
    ['user mode wins', user({ mapLiveRoutes: 'all' }), server({ mapLiveRoutes: 'selected' }), { mode: 'all', length: 10 }],
    ['server mode when the user has none', user({}), server({ mapLiveRoutes: 'selected' }), { mode: 'selected', length: 10 }],
    ['forced server settings win', user({ mapLiveRoutes: 'all' }), server({ mapLiveRoutes: 'selected' }, true), { mode: 'selected', length: 10 }],
    ['unknown user mode falls back to the server', user({ mapLiveRoutes: 'bogus' }), server({ mapLiveRoutes: 'all' }), { mode: 'all', length: 10 }],
    ['user length wins', user({ 'web.liveRouteLength': 25 }), server({ 'web.liveRouteLength': 5 }), { mode: 'none', length: 25 }],
    ['server length as a string', user({}), server({ 'web.liveRouteLength': '7' }), { mode: 'none', length: 7 }],
    ['unusable length → 10', user({ 'web.liveRouteLength': -3 }), null, { mode: 'none', length: 10 }],
    ['empty string counts as absent', user({ mapLiveRoutes: '' }), server({ mapLiveRoutes: 'all' }), { mode: 'all', length: 10 }],
  ] as const)('%s', (_name, u, s, expected) => {
    expect(routeOptionsFrom(u, s)).toEqual(expected);
  });
});

describe('toRouteMode / toRouteLength', () => {
  it.each([
    ['none', 'none'],
    ['selected', 'selected'],
    ['all', 'all'],
    ['ALL', null],
    [3, null],
  ])('mode %s → %s', (value, expected) => expect(toRouteMode(value)).toBe(expected));

  it.each([
    [10, 10],
    ['12', 12],
    [3.7, 3],
    [0, null],
    ['', null],
    ['x', null],
    [Number.NaN, null],
    [1e9, 10_000],
  ])('length %s → %s', (value, expected) => expect(toRouteLength(value)).toBe(expected));
});

describe('appendPoint', () => {
  const p = (n: number): RoutePoint => [n, n];
  it.each([
    ['to an empty route', undefined, p(1), 3, [p(1)]],
    ['a differing point', [p(1)], p(2), 3, [p(1), p(2)]],
    ['only the longitude differs', [[1, 1] as RoutePoint], [2, 1] as RoutePoint, 3, [[1, 1], [2, 1]]],
    ['only the latitude differs', [[1, 1] as RoutePoint], [1, 2] as RoutePoint, 3, [[1, 1], [1, 2]]],
    ['dropping the oldest beyond the limit', [p(1), p(2), p(3)], p(4), 3, [p(2), p(3), p(4)]],
    ['with limit 1 keeping only the new point', [p(1)], p(2), 1, [p(2)]],
    ['a point equal to an older (not the last) one', [p(1), p(2)], p(1), 3, [p(1), p(2), p(1)]],
  ] as const)('appends %s', (_name, route, point, limit, expected) => {
    expect(appendPoint(route as RoutePoint[] | undefined, point as RoutePoint, limit)).toEqual(expected);
  });

  it('returns the same array when the point repeats the last', () => {
    const route: RoutePoint[] = [p(1), p(2)];
    expect(appendPoint(route, p(2), 5)).toBe(route);
  });

  it('never mutates its input', () => {
    const route: RoutePoint[] = [p(1), p(2)];
    appendPoint(route, p(3), 2);
    expect(route).toEqual([p(1), p(2)]);
  });
});

describe('recordsHistory / reconcileHistory', () => {
  const all: RouteOptions = { mode: 'all', length: 2 };
  const selected: RouteOptions = { mode: 'selected', length: 10 };
  const none: RouteOptions = { mode: 'none', length: 10 };

  it.each([
    [all, 1, null, true],
    [selected, 1, 1, true],
    [selected, 2, 1, false],
    [selected, 1, null, false],
    [none, 1, 1, false],
  ] as const)('%o device %s selected %s → %s', (options, id, selectedId, expected) => {
    expect(recordsHistory(options, id, selectedId)).toBe(expected);
  });

  const history = new Map<number, RoutePoint[]>([
    [1, [[1, 1], [2, 2], [3, 3]]],
    [2, [[5, 5]]],
  ]);

  it('none clears everything', () => {
    expect(reconcileHistory(history, none, 1).size).toBe(0);
  });

  it('selected keeps only the selected device', () => {
    expect([...reconcileHistory(history, selected, 2).keys()]).toEqual([2]);
  });

  it('trims to the length', () => {
    const next = reconcileHistory(history, all, null);
    expect(next.get(1)).toEqual([[2, 2], [3, 3]]);
    expect(next.get(2)).toBe(history.get(2));
  });

  it('returns the same map when nothing changes', () => {
    expect(reconcileHistory(history, { mode: 'all', length: 10 }, null)).toBe(history);
  });
});

describe('events', () => {
  it('puts new events first, in the given order', () => {
    expect(addEvents([event(1)], [event(2), event(3)]).map((e) => e.id)).toEqual([2, 3, 1]);
  });

  it(`caps the list at ${EVENTS_CAP}, dropping the oldest`, () => {
    const old = Array.from({ length: 49 }, (_, i) => event(i + 1));
    const next = addEvents(old, [event(100), event(101)]);
    expect(next).toHaveLength(50);
    expect(next[0]?.id).toBe(100);
    expect(next.at(-1)?.id).toBe(48);
  });

  it('adding nothing keeps the same list', () => {
    const list = [event(1)];
    expect(addEvents(list, [])).toBe(list);
  });

  it('removes one event by id, keeping the order', () => {
    expect(removeEvent([event(1), event(2), event(3)], 2).map((e) => e.id)).toEqual([1, 3]);
  });

  it('removing an unknown id keeps the same list', () => {
    const list = [event(1)];
    expect(removeEvent(list, 9)).toBe(list);
  });
});

describe('logs', () => {
  it('appends in arrival order', () => {
    expect(addLogs([log(1)], [log(2), log(3)]).map((l) => l.data)).toEqual(['1', '2', '3']);
  });

  it(`keeps only the newest ${LOGS_CAP}`, () => {
    const old = Array.from({ length: LOGS_CAP }, (_, i) => log(i));
    const next = addLogs(old, [log(1000)]);
    expect(next).toHaveLength(LOGS_CAP);
    expect(next[0]?.data).toBe('1');
    expect(next.at(-1)?.data).toBe('1000');
  });

  it('adding nothing keeps the same list', () => {
    const list = [log(1)];
    expect(addLogs(list, [])).toBe(list);
  });
});
