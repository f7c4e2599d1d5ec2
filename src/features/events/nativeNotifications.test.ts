import { describe, expect, it, vi } from 'vitest';
import type { Event } from '../../../contract/models';
import { createNativeNotificationHandler, installNativeNotifications, MAX_NATIVE_MESSAGE, parseNativeNotification } from './nativeNotifications';

const event = (id: number, message?: string): Event => ({
  id,
  type: 'alarm',
  deviceId: 1,
  eventTime: '2026-01-01T00:00:00Z',
  positionId: 9,
  geofenceId: 0,
  maintenanceId: 0,
  attributes: { alarm: 'sos', ...(message ? { message } : {}) },
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('native notifications', () => {
  it('fetches the event and adds it with the notification text, once per id', async () => {
    const addEvents = vi.fn();
    const fetchEvent = vi.fn((id: number) => Promise.resolve(event(id, 'server text')));
    const handle = createNativeNotificationHandler({ live: { addEvents }, fetchEvent });
    expect(handle(JSON.stringify({ eventId: 5, notification: { body: 'SOS from car' } }))).toBe(true);
    expect(handle(JSON.stringify({ eventId: 5, notification: { body: 'again' } }))).toBe(false);
    await flush();
    expect(fetchEvent).toHaveBeenCalledTimes(1);
    expect(fetchEvent).toHaveBeenCalledWith(5);
    expect(addEvents).toHaveBeenCalledWith([expect.objectContaining({ id: 5, attributes: { alarm: 'sos', message: 'SOS from car' } })]);
  });

  it('keeps the event message without a notification body, and refuses bad input', async () => {
    const addEvents = vi.fn();
    const handle = createNativeNotificationHandler({ live: { addEvents }, fetchEvent: (id) => Promise.resolve(event(id, 'server text')) });
    expect(handle('{"eventId":"oops"}')).toBe(false);
    expect(handle('<script>')).toBe(false);
    expect(handle({ eventId: 3 })).toBe(true);
    await flush();
    expect(addEvents).toHaveBeenCalledTimes(1);
    expect(addEvents.mock.calls[0]?.[0]?.[0]?.attributes?.message).toBe('server text');
  });

  it('reports a failed fetch', async () => {
    const onError = vi.fn();
    const handle = createNativeNotificationHandler({ live: { addEvents: vi.fn() }, fetchEvent: () => Promise.reject(new Error('Not found')), onError });
    handle('{"eventId":1}');
    await flush();
    expect(onError).toHaveBeenCalledWith('Not found');
  });

  it('installs the global once and removes it', () => {
    const win = {} as Window & { handleNativeNotification?: unknown };
    const uninstall = installNativeNotifications(win, { live: { addEvents: vi.fn() }, backendOrigin: '' });
    const first = win.handleNativeNotification;
    expect(typeof first).toBe('function');
    installNativeNotifications(win, { live: { addEvents: vi.fn() }, backendOrigin: '' })();
    expect(win.handleNativeNotification).toBe(first);
    uninstall();
    expect(win.handleNativeNotification).toBeUndefined();
  });
});

describe('parseNativeNotification', () => {
  it.each([
    ['{"eventId":12,"body":"SOS"}', { eventId: 12, message: 'SOS' }],
    ['{"eventId":"12"}', { eventId: 12, message: null }],
    ['{"data":{"eventId":"7"},"notification":{"body":"Geofence"}}', { eventId: 7, message: 'Geofence' }],
    [{ eventId: 5, message: 'hi' }, { eventId: 5, message: 'hi' }],
    ['{"eventId":0}', null],
    ['{"eventId":-1}', null],
    ['{"eventId":1.5}', null],
    ['{"eventId":"1e3"}', null],
    ['{"eventId":"../1"}', null],
    ['{"eventId":{"x":1}}', null],
    ['[1,2]', null],
    ['null', null],
    ['not json', null],
    ['', null],
    [42, null],
    [null, null],
    [`{"eventId":1,"body":"${'x'.repeat(MAX_NATIVE_MESSAGE)}"}`, null],
  ] as const)('%j → %j', (input, expected) => {
    expect(parseNativeNotification(input)).toEqual(expected);
  });

  it('cuts long text', () => {
    const parsed = parseNativeNotification(JSON.stringify({ eventId: 1, body: 'y'.repeat(2000) }));
    expect(parsed?.message?.length).toBe(1000);
  });
});
