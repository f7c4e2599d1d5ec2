import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { DEVICE_IMAGE_LIMIT, imageProblem, serverImageProblem } from './DeviceExtra';
import { formError } from '../../shared/entity/formError';
import { currentEntry, menuEntries } from './SettingsMenu';
import { fromUserUnit, maintenanceKind, toUserUnit } from './maintenance';
import { withoutOtherParameters } from './commands';
import { restrictionsOf } from '../../domain/restrictions';
import type { Server, User } from '../../../contract/models';
import { makeServer } from '../../../tests/fixtures/models';
import { preferencesEditor, serverEditor } from './singletons';
import type { FieldContext } from '../../shared/entity/model';

describe('a device picture', () => {
  it.each([
    [{ type: 'image/png', size: 10 }, null],
    [{ type: 'image/webp', size: DEVICE_IMAGE_LIMIT }, null],
    [{ type: 'image/png', size: DEVICE_IMAGE_LIMIT + 1 }, 'size'],
    [{ type: 'image/png', size: 0 }, 'empty'],
    [{ type: 'text/plain', size: 10 }, 'type'],
    [{ type: 'image/svg+xml', size: 10 }, 'type'],
  ] as const)('%o → %s', (file, problem) => {
    expect(imageProblem(file)).toBe(problem);
  });

  it.each([
    ['Content is not a valid image/png image', 'type'],
    ['Unsupported image type: use image/jpeg, image/png, image/gif or image/webp', 'type'],
    ['Request body is too large', 'size'],
    ['Device not found', null],
  ] as const)('the server says %s → %s', (message, problem) => {
    expect(serverImageProblem(message)).toBe(problem);
  });
});

describe('the text of a failed save', () => {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  const catalogue = (text: string) => `[${text}]`;
  it.each([
    ['SQLException: Duplicate entry for key uniqueId', 'This identifier is already used by another device. Each device needs its own identifier.'],
    ['Duplicate email', 'This email is already used by another user.'],
    ['SecurityException: Manager device limit reached', 'The device limit of this account is reached.'],
    ['IllegalArgumentException: Name is empty\n\tat org.traccar…', '[Name is empty]'],
  ])('%s', (message, said) => {
    expect(formError(i18n, message, catalogue)).toBe(said);
  });
});

describe('the settings menu', () => {
  const user = (fields: Partial<User>) => ({ id: 7, administrator: false, userLimit: 0, readonly: false, attributes: {}, ...fields }) as User;
  const screens = (u: User) => menuEntries(restrictionsOf(u, null)).map((e) => e.screen);

  it('offers every screen to an administrator, fewer to others', () => {
    expect(screens(user({ administrator: true }))).toEqual(['preferences', 'notifications', 'account', 'devices', 'geofences', 'groups', 'drivers', 'calendars', 'attributes', 'maintenance', 'commands', 'users', 'server', 'announcements']);
    expect(screens(user({}))).toEqual(['preferences', 'notifications', 'account', 'devices', 'geofences', 'groups', 'drivers', 'calendars', 'attributes', 'maintenance', 'commands']);
    expect(screens(user({ userLimit: 5 }))).toEqual(['preferences', 'notifications', 'account', 'devices', 'geofences', 'groups', 'drivers', 'calendars', 'attributes', 'maintenance', 'commands', 'users']);
    expect(screens(user({ readonly: true }))).toEqual(['preferences', 'account', 'devices']);
  });

  it('marks the entry a path belongs to; one’s own user page is the Account', () => {
    const entries = menuEntries(restrictionsOf(user({ administrator: true }), null));
    expect(currentEntry('/settings/device/3/connections', 7, entries)).toBe('devices');
    expect(currentEntry('/settings/devices', 7, entries)).toBe('devices');
    expect(currentEntry('/settings/user/7', 7, entries)).toBe('account');
    expect(currentEntry('/settings/user/8', 7, entries)).toBe('users');
    expect(currentEntry('/settings/user', 7, entries)).toBe('users');
    expect(currentEntry('/settings/deviceX', 7, entries)).toBe(null);
    expect(currentEntry('/settings/attribute/4', 7, entries)).toBe('attributes');
    expect(currentEntry('/settings/maintenances', 7, entries)).toBe('maintenance');
    expect(currentEntry('/settings/calendar/2', 7, entries)).toBe('calendars');
    expect(currentEntry('/settings/device/3/share', 7, entries)).toBe('devices');
    expect(currentEntry('/settings/geofence/5', 7, entries)).toBe('geofences');
    expect(currentEntry('/settings/geofences', 7, entries)).toBe('geofences');
  });
});

describe('maintenance in the user’s units', () => {
  const km = { units: { speed: 'kmh', distance: 'km', altitude: 'm', volume: 'ltr' } } as const;
  const mi = { units: { ...km.units, distance: 'mi' } } as const;
  it.each([
    ['totalDistance', 'distance'],
    ['odometer', 'distance'],
    ['hours', 'hours'],
    ['fuel', 'number'],
  ] as const)('%s counts in %s', (type, kind) => {
    expect(maintenanceKind(type)).toBe(kind);
  });
  it('converts both ways', () => {
    expect(toUserUnit(5_000_000, 'distance', km)).toBe(5000);
    expect(fromUserUnit(5000, 'distance', km)).toBe(5_000_000);
    expect(toUserUnit(1609.344, 'distance', mi)).toBeCloseTo(1, 9);
    expect(fromUserUnit(1, 'distance', mi)).toBeCloseTo(1609.344, 6);
    expect(toUserUnit(7_200_000, 'hours', km)).toBe(2);
    expect(fromUserUnit(250, 'hours', km)).toBe(900_000_000);
    expect(fromUserUnit(42, 'number', km)).toBe(42);
  });
});

describe('a command whose type changes', () => {
  it("keeps only the new type's parameters and the attributes that are not parameters", () => {
    const draft = { id: 0, type: 'sendSms', attributes: { phone: '+966500000000', message: 'hi', frequency: 60, note: 'mine' } };
    expect(withoutOtherParameters(draft)).toEqual({ ...draft, attributes: { phone: '+966500000000', message: 'hi', note: 'mine' } });
    expect(withoutOtherParameters({ ...draft, type: 'positionPeriodic' }).attributes).toEqual({ frequency: 60, note: 'mine' });
    expect(withoutOtherParameters({ ...draft, type: 'engineStop' }).attributes).toEqual({ note: 'mine' });
  });
});

describe('the Dark mode switch', () => {
  const field = (descriptor: typeof preferencesEditor | typeof serverEditor) =>
    descriptor.sections.flatMap((section) => section.fields).find((f) => f.key === 'attributes.darkMode');
  const context = (server: Server | null) => ({ server }) as FieldContext;

  it.each([['Preferences', preferencesEditor], ['Server', serverEditor]] as const)('in %s shows on when unset (dark is the default), off when the server\'s default is light', (_name, descriptor) => {
    const dark = field(descriptor);
    if (dark?.kind !== 'switch') throw new Error('no Dark mode switch');
    expect(dark.whenUnset?.(context(null))).toBe(true);
    expect(dark.whenUnset?.(context(makeServer()))).toBe(true);
    expect(dark.whenUnset?.(context(makeServer({ attributes: { darkMode: false } })))).toBe(false);
  });
});

describe('the server\'s Keep history field', () => {
  const field = serverEditor.sections.flatMap((section) => section.fields).find((f) => f.key === 'attributes.athar.retentionDays');
  const context = (server: Server | null) => ({ server }) as FieldContext;

  it('shows only when the server reports the setting (Athar\'s server does, to administrators; Traccar never)', () => {
    if (field?.kind !== 'number') throw new Error('no Keep history field');
    expect(field.visible?.(context(makeServer({ attributes: { 'athar.retentionDays': 0 } })))).toBe(true);
    expect(field.visible?.(context(makeServer({ attributes: { 'athar.retentionDays': 30 } })))).toBe(true);
    expect(field.visible?.(context(makeServer()))).toBe(false);
    expect(field.visible?.(context(null))).toBe(false);
  });

  it('takes whole days from 0 to 36,500', () => {
    if (field?.kind !== 'number') throw new Error('no Keep history field');
    expect(field.integer).toBe(true);
    expect(field.minValue).toBe(0);
    expect(field.validate?.(36_500, { id: 1 })).toBeNull();
    expect(field.validate?.(36_501, { id: 1 })).not.toBeNull();
  });
});
