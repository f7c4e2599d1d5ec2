import { describe, expect, it } from 'vitest';
import { nativeTokenExpiration } from './nativeBridge';
import { MAX_NOTIFICATION_BODY, MAX_TOKEN_LENGTH, nativeNotification, validToken, withNotificationToken, withoutNotificationToken, wrapperInput } from './nativeMessages';
import { makeUser } from '../../tests/fixtures/models';

describe('the native login token', () => {
  it('expires six months after it is made, on the same day and time', () => {
    // local dates: the months are counted on the calendar the person lives by
    expect(nativeTokenExpiration(new Date(2026, 0, 15, 10, 30))).toEqual(new Date(2026, 6, 15, 10, 30));
    expect(nativeTokenExpiration(new Date(2026, 8, 1, 8, 0))).toEqual(new Date(2027, 2, 1, 8, 0));
  });

  it('does not change the date it was given', () => {
    const now = new Date(2026, 3, 2, 12);
    nativeTokenExpiration(now);
    expect(now).toEqual(new Date(2026, 3, 2, 12));
  });
});

describe('native bridge input', () => {
  it('accepts tokens of URL-safe and base64 characters', () => {
    expect(validToken('fcm:APA91b-x_y.z')).toBe('fcm:APA91b-x_y.z');
    expect(validToken('ab+/cd==')).toBe('ab+/cd==');
    expect(validToken('a'.repeat(MAX_TOKEN_LENGTH))).toBe('a'.repeat(MAX_TOKEN_LENGTH));
  });

  it.each([
    ['a number', 42],
    ['null', null],
    ['an object', { token: 'x' }],
    ['empty', ''],
    ['too long', 'a'.repeat(MAX_TOKEN_LENGTH + 1)],
    ['a comma (the list separator)', 'a,b'],
    ['markup', '<script>'],
    ['a space', 'a b'],
    ['a quote', `a'b`],
  ])('rejects %s', (_, value) => {
    expect(validToken(value)).toBeNull();
  });

  it('reads the event id of a push payload (object or JSON, at the top or in data)', () => {
    expect(nativeNotification({ data: { eventId: '17' } })).toEqual({ eventId: 17, body: null });
    expect(nativeNotification({ eventId: 5 })?.eventId).toBe(5);
    expect(nativeNotification(JSON.stringify({ data: { eventId: 9 }, notification: { body: 'x' } }))?.eventId).toBe(9);
  });

  it("keeps the notification's body: Traccar's notification.body first, else body, message or data.message; trimmed and capped", () => {
    expect(nativeNotification({ data: { eventId: 3, message: 'data' }, notification: { body: ' SOS from Truck 7 ' }, body: 'top' })?.body).toBe('SOS from Truck 7');
    expect(nativeNotification(JSON.stringify({ eventId: 3, body: 'top', message: 'message' }))?.body).toBe('top');
    expect(nativeNotification({ eventId: 3, message: 'message' })?.body).toBe('message');
    expect(nativeNotification({ data: { eventId: 3, message: 'data' } })?.body).toBe('data');
    expect(nativeNotification({ eventId: 3, notification: { body: '  ' }, body: 42 })?.body).toBeNull();
    expect(nativeNotification({ eventId: 3, body: 'x'.repeat(MAX_NOTIFICATION_BODY + 5) })?.body).toHaveLength(MAX_NOTIFICATION_BODY);
  });

  it.each([
    ['no event', { data: {} }],
    ['a zero id', { eventId: 0 }],
    ['a negative id', { eventId: -3 }],
    ['a fraction', { eventId: 1.5 }],
    ['a path in the id', { eventId: '1/../settings' }],
    ['not JSON', 'eventId=3'],
    ['a number', 3],
    ['null', null],
    ['a huge text', JSON.stringify({ eventId: 1, pad: 'x'.repeat(20000) })],
  ])('names no event for %s', (_, value) => {
    expect(nativeNotification(value)).toBeNull();
  });
});

describe("the wrapper's calls", () => {
  it('make the bridge events, or name why they are ignored', () => {
    expect(wrapperInput('handleLoginToken', 'abc')).toEqual({ type: 'LOGIN_TOKEN', token: 'abc' });
    expect(wrapperInput('updateNotificationToken', 'fcm:1')).toEqual({ type: 'NOTIFICATION_TOKEN', token: 'fcm:1' });
    expect(wrapperInput('handleNativeNotification', { data: { eventId: 4 }, notification: { body: 'SOS' } })).toEqual({ type: 'NOTIFICATION_OPENED', eventId: 4, body: 'SOS' });
    expect(wrapperInput('handleLoginToken', 42)).toEqual({ ignored: 'Native bridge: ignored an invalid login token' });
    expect(wrapperInput('updateNotificationToken', 'a,b')).toEqual({ ignored: 'Native bridge: ignored an invalid notification token' });
    expect(wrapperInput('handleNativeNotification', { data: {} })).toEqual({ ignored: 'Native bridge: ignored a notification naming no event' });
  });
});

describe('notification tokens on the user', () => {
  const user = (tokens?: string, readonly = false) =>
    makeUser({ readonly, attributes: tokens === undefined ? { language: 'en' } : { language: 'en', notificationTokens: tokens } });

  it('appends a new token, keeping the last 3 and the other attributes', () => {
    expect(withNotificationToken(user(), 'a')?.attributes).toEqual({ language: 'en', notificationTokens: 'a' });
    expect(withNotificationToken(user('a,b'), 'c')?.attributes.notificationTokens).toBe('a,b,c');
    expect(withNotificationToken(user('a,b,c'), 'd')?.attributes.notificationTokens).toBe('b,c,d');
  });

  it('changes nothing for a token already there or a read-only user', () => {
    expect(withNotificationToken(user('a,b'), 'a')).toBeNull();
    expect(withNotificationToken(user('a', true), 'b')).toBeNull();
  });

  it('removes a token, and the attribute with the last one', () => {
    expect(withoutNotificationToken(user('a,b,c'), 'b')?.attributes.notificationTokens).toBe('a,c');
    expect(withoutNotificationToken(user('a'), 'a')?.attributes).toEqual({ language: 'en' });
    expect(withoutNotificationToken(user('a,b'), 'x')).toBeNull();
    expect(withoutNotificationToken(user(), 'x')).toBeNull();
  });
});
