import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, i18n } from '../i18n/i18n';
import { eventSubject, NO_SUBJECTS, subjectsFrom } from './eventSubjects';
import { eventTitle } from './eventTypes';

afterAll(async () => {
  await activateLanguage('en', null);
});

const subjects = subjectsFrom({
  geofences: [{ id: 7, name: 'Olaya District', calendarId: 0, area: '', description: '', attributes: {} } as never],
  maintenance: [{ id: 3, name: 'Oil change', type: 'totalDistance', start: 0, period: 5000, attributes: {} }],
  drivers: [{ id: 1, name: 'Sara', uniqueId: 'D-17', attributes: {} }],
});

describe('what an event concerns', () => {
  it('is the geofence or the maintenance named by its id, the driver by the unique id reported, the command result', () => {
    expect(eventSubject({ type: 'geofenceEnter', geofenceId: 7 }, subjects)).toBe('Olaya District');
    expect(eventSubject({ type: 'maintenance', maintenanceId: 3 }, subjects)).toBe('Oil change');
    expect(eventSubject({ type: 'driverChanged', attributes: { driverUniqueId: 'D-17' } }, subjects)).toBe('Sara');
    expect(eventSubject({ type: 'driverChanged', attributes: { driverUniqueId: 'D-99' } }, subjects)).toBe('D-99');
    expect(eventSubject({ type: 'commandResult', attributes: { result: ' OK: engine stopped ' } }, subjects)).toBe('OK: engine stopped');
  });

  it('is nothing for an id the person cannot see, an event about nothing, or before the lists arrive', () => {
    expect(eventSubject({ type: 'geofenceExit', geofenceId: 99 }, subjects)).toBeNull();
    expect(eventSubject({ type: 'ignitionOn', geofenceId: 0, maintenanceId: 0 }, subjects)).toBeNull();
    expect(eventSubject({ type: 'geofenceEnter', geofenceId: 7 }, NO_SUBJECTS)).toBeNull();
    expect(eventSubject({ type: 'commandResult', attributes: { result: 3 } }, subjects)).toBeNull();
  });

  it('follows the event type in its title, in the user language; the name stays as it was written', async () => {
    await activateLanguage('en', null);
    expect(eventTitle(i18n, { type: 'geofenceEnter', geofenceId: 7 }, subjects)).toBe('Geofence entered: Olaya District');
    expect(eventTitle(i18n, { type: 'geofenceExit', geofenceId: 7 })).toBe('Geofence exited');
    await activateLanguage('ar', null);
    const title = eventTitle(i18n, { type: 'geofenceExit', geofenceId: 7 }, subjects);
    expect(title.endsWith(': Olaya District')).toBe(true);
    expect(title).toMatch(/^[\u0600-\u06FF]/);
  });
});
