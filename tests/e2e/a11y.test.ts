/**
 * Accessibility: axe-core finds no serious or critical violation on every route, in Arabic and in
 * English, signed out (the public pages, registration on and off) and signed in (the map, its
 * pop-ups and the other protected pages).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';
import { adminJson, sendAlarm, signInToMap } from './helpers.ts';
import { seriousViolations } from './axe.ts';

let harness: Harness;
let positionId = 0;
let eventId = 0;
const ids = { device: 0, group: 0, driver: 0, user: 0, attribute: 0, maintenance: 0, notification: 0, command: 0, calendar: 0, file: 0 };

const url = (path: string) => `${harness.server.url}${path}`;

async function setRegistration(on: boolean): Promise<void> {
  const server = await adminJson<Record<string, unknown>>(harness, 'GET', '/api/server');
  await adminJson(harness, 'PUT', '/api/server', { ...server, registration: on });
}

beforeAll(async () => {
  harness = await startHarness();
  const positions = await adminJson<Array<{ id: number; deviceId: number }>>(harness, 'GET', '/api/positions');
  const first = positions[0];
  if (!first) throw new Error('the demo has no position');
  positionId = first.id;
  // an alarm event to open at /event/{id}
  const devices = await adminJson<Array<{ id: number; uniqueId: string }>>(harness, 'GET', '/api/devices');
  const device = devices.find((d) => d.id === first.deviceId) ?? devices[0];
  if (!device) throw new Error('no device');
  const from = new Date(Date.now() - 60_000).toISOString();
  await sendAlarm(harness, device.uniqueId);
  const to = new Date(Date.now() + 60_000).toISOString();
  const events = await adminJson<Array<{ id: number; type: string }>>(
    harness,
    'GET',
    `/api/reports/events?deviceId=${device.id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
  );
  const alarm = events.find((event) => event.type === 'alarm');
  if (!alarm) throw new Error('no alarm event');
  eventId = alarm.id;
  ids.device = device.id;
  ids.group = (await adminJson<{ id: number }>(harness, 'POST', '/api/groups', { name: 'Axe group', attributes: {} })).id;
  ids.driver = (await adminJson<{ id: number }>(harness, 'POST', '/api/drivers', { name: 'Axe driver', uniqueId: 'axe-driver', attributes: {} })).id;
  ids.user = (await adminJson<{ id: number }>(harness, 'POST', '/api/users', { name: 'Axe user', email: 'axe@example.com', password: 'axe-pass-1', attributes: {} })).id;
  ids.attribute = (await adminJson<{ id: number }>(harness, 'POST', '/api/attributes/computed', { description: 'Axe attribute', attribute: 'axe', expression: 'speed * 2', type: 'number', priority: 0 })).id;
  ids.notification = (await adminJson<{ id: number }>(harness, 'POST', '/api/notifications', { type: 'alarm', notificators: 'web,mail', always: true, attributes: { alarms: 'sos,overspeed' } })).id;
  ids.command = (await adminJson<{ id: number }>(harness, 'POST', '/api/commands', { description: 'Axe command', type: 'positionPeriodic', textChannel: false, deviceId: 0, attributes: { frequency: 120 } })).id;
  const ics = (lines: string[]) => Buffer.from(['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR'].join('\r\n')).toString('base64');
  ids.calendar = (await adminJson<{ id: number }>(harness, 'POST', '/api/calendars', { name: 'Axe shifts', data: ics(['BEGIN:VEVENT', 'UID:a', 'DTSTART;TZID=Asia/Riyadh:20270103T080000', 'DTEND;TZID=Asia/Riyadh:20270103T160000', 'RRULE:FREQ=WEEKLY;BYDAY=SU,MO,TU', 'END:VEVENT']), attributes: {} })).id;
  ids.file = (await adminJson<{ id: number }>(harness, 'POST', '/api/calendars', { name: 'Axe holidays', data: ics(['BEGIN:VEVENT', 'UID:b', 'SUMMARY:Eid', 'DTSTART;VALUE=DATE:20270310', 'END:VEVENT', 'BEGIN:VEVENT', 'UID:c', 'SUMMARY:National day', 'DTSTART;VALUE=DATE:20270923', 'END:VEVENT']), attributes: {} })).id;
  ids.maintenance = (await adminJson<{ id: number }>(harness, 'POST', '/api/maintenance', { name: 'Axe service', type: 'hours', start: 0, period: 36_000_000, attributes: {} })).id;
});

afterAll(async () => {
  await harness?.close();
});

/** Checks the page as it is now; the violations of every state are reported together at the end of a test. */
async function check(page: Page, what: string, found: string[]): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  for (const violation of await seriousViolations(page)) found.push(`${what}: ${violation}`);
}

describe.each(['ar', 'en'])('axe in %s', (lang) => {
  it('public pages, registration on and off', async () => {
    const { page } = await harness.newPage();
    const found: string[] = [];
    for (const registration of [true, false]) {
      await setRegistration(registration);
      for (const path of ['/login', '/register', '/reset-password', '/change-server']) {
        await page.goto(url(`${path}?locale=${lang}`));
        await page.locator('main, [role=main], form, h1').first().waitFor({ timeout: 15_000 });
        await check(page, `${path} (${lang}, registration ${registration ? 'on' : 'off'})`, found);
      }
    }
    await setRegistration(false);
    expect(found, found.join('\n')).toEqual([]);
  });

  it('the map, its pop-ups and the protected pages', async () => {
    const { page } = await harness.newPage();
    const found: string[] = [];
    await signInToMap(page, harness, `/login?locale=${lang}`);
    await check(page, `/ (${lang})`, found);
    // the map's own controls speak the page's language
    expect(await page.getByRole('button', { name: lang === 'ar' ? 'تكبير' : 'Zoom in' }).count()).toBe(1);

    // a device card
    await page.locator('[data-device-id]').first().click();
    await page.getByTestId('device-card').waitFor();
    await check(page, `/ with a device card (${lang})`, found);
    await page.keyboard.press('Escape');

    // the events drawer
    await page.getByTestId('events-button').click();
    await page.getByRole('dialog').first().waitFor();
    await check(page, `/ with the events drawer (${lang})`, found);
    await page.keyboard.press('Escape');

    const settings = [
      '/settings/preferences',
      '/settings/devices',
      '/settings/device',
      `/settings/device/${ids.device}`,
      `/settings/device/${ids.device}/connections`,
      '/settings/groups',
      '/settings/group',
      `/settings/group/${ids.group}`,
      `/settings/group/${ids.group}/connections`,
      '/settings/drivers',
      '/settings/driver',
      `/settings/driver/${ids.driver}`,
      '/settings/users',
      '/settings/user',
      `/settings/user/${ids.user}`,
      `/settings/user/${ids.user}/connections`,
      '/settings/user/1',
      '/settings/server',
      '/settings/attributes',
      '/settings/attribute',
      `/settings/attribute/${ids.attribute}`,
      '/settings/maintenances',
      '/settings/maintenance',
      `/settings/maintenance/${ids.maintenance}`,
      '/settings/notifications',
      '/settings/notification',
      `/settings/notification/${ids.notification}`,
      '/settings/commands',
      '/settings/command',
      `/settings/command/${ids.command}`,
      `/settings/device/${ids.device}/command`,
      `/settings/group/${ids.group}/command`,
      `/settings/accumulators/${ids.device}`,
      `/settings/device/${ids.device}/share`,
      '/settings/calendars',
      '/settings/calendar',
      `/settings/calendar/${ids.calendar}`,
      `/settings/calendar/${ids.file}`,
    ];
    for (const path of [`/position/${positionId}`, `/network/${positionId}`, `/event/${eventId}`, '/emulator', ...settings]) {
      await page.goto(url(path));
      await page.locator('main h1, main h2, [role=main] h1, [role=main] h2').first().waitFor({ timeout: 15_000 });
      await check(page, `${path} (${lang})`, found);
    }
    // a share link made: the link, its Copy and its QR code
    await page.goto(url(`/settings/device/${ids.device}/share`));
    await page.locator('main button[type=submit]').click();
    await page.getByTestId('share-link').waitFor();
    await check(page, `/settings/device/${ids.device}/share with its link (${lang})`, found);
    expect(found, found.join('\n')).toEqual([]);
  }, 150_000);
});
