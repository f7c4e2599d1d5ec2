import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, i18n } from '../i18n/i18n';
import { alarmLabel, eventTitle } from './eventTypes';

afterAll(async () => {
  await activateLanguage('en', null);
});

describe('event titles', () => {
  it('translate the event type and the alarm type, never show the server’s English message', async () => {
    await activateLanguage('ar', null);
    const alarm = { type: 'alarm', attributes: { alarm: 'sos', message: 'alarm: sos' } };
    expect(eventTitle(i18n, alarm)).toBe('إنذار: استغاثة');
    expect(eventTitle(i18n, { type: 'ignitionOn', attributes: { message: 'Ignition on' } })).not.toMatch(/[A-Za-z]/);
    await activateLanguage('en', null);
    expect(eventTitle(i18n, alarm)).toBe('Alarm: SOS');
    expect(eventTitle(i18n, { type: 'alarm', attributes: { alarm: 'sos,tow' } })).toBe('Alarm: SOS, Tow');
  });

  it('show unknown types as they are', async () => {
    await activateLanguage('en', null);
    expect(eventTitle(i18n, { type: 'somethingNew', attributes: {} })).toBe('somethingNew');
    expect(alarmLabel(i18n, 'newAlarm')).toBe('newAlarm');
  });
});
