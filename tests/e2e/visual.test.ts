/**
 * The look of the main states, compared with committed baselines in Chromium: login in Arabic
 * and English; the map with the device list and a card (Arabic and English, desktop and phone);
 * the 'Remove item?' confirmation; the account menu; the events drawer; the phone layout (map, the
 * device list open, a card, and event toasts in the map's zone beside it). Pop-ups must
 * have their surface: a dialog or menu whose surface is taken away fails the comparison. Settings:
 * a list (groups, Arabic, desktop and phone) and an edit form (a device, English). Geofences: the
 * editor open on a circle beside the list (Arabic). Reports: trips with the map beside the table
 * (Arabic, desktop) and stacked (English, phone). An announcement on the sign-in page (Arabic,
 * desktop and phone). A device marker's tooltip and its menu (a right-click), Arabic and English,
 * desktop and phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN_PASSWORD, startHarness, type Harness } from './harness.ts';
import { ADMIN_LOGIN, adminJson, notifyAdminOfAlarms, sendAlarm, signInOnto, signInThroughApi, signInToMap, submitLogin, waitForMap } from './helpers.ts';
import { drive, reportFixes } from './drive.ts';
import { compare, compareLook, screenshot } from './visual.ts';
import { countMapDraws, mapStill, screenPoint } from './mapPoints.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
  await notifyAdminOfAlarms(harness);
});

afterAll(async () => {
  await harness?.close();
});

/** What changes by itself: relative and absolute times, the card's values (times, live figures). */
function changing(page: Page) {
  return [page.locator('time'), page.getByTestId('device-card').locator('dd'), page.getByTestId('connection-state')];
}

async function expectLook(page: Page, name: string, alsoChanging: Locator[] = []): Promise<void> {
  const result = await compareLook(page, name, [...changing(page), ...alsoChanging]);
  expect(result.matches, `${name}: ${(result.ratio * 100).toFixed(2)} % of the pixels differ (see test-results/screenshots)`).toBe(true);
}

async function openPage(lang: 'ar' | 'en', size: 'desktop' | 'phone' = 'desktop') {
  const { context, page } = await harness.newPage({ locale: lang === 'ar' ? 'ar' : 'en-US' });
  if (size === 'phone') await page.setViewportSize({ width: 390, height: 844 });
  await countMapDraws(page);
  return { context, page };
}

/** The first device of the list, selected: its card open. */
async function openCard(page: Page): Promise<void> {
  await page.locator('[data-device-id]').first().click();
  await page.getByTestId('device-card').waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await mapStill(page); // the camera eases the device beside the card
}

/** The card's Delete: under More, then the question. */
async function askToDelete(page: Page, more = 'More', remove = 'Delete'): Promise<void> {
  await page.getByTestId('device-card').getByRole('button', { name: more }).click();
  await page.getByRole('menuitem', { name: remove }).click();
  await page.getByRole('alertdialog').waitFor();
}

/**
 * The confirmation dialog open on `page`: its surface is there (an opaque background and padding);
 * taken away, as when the theme's variables did not reach the portal, the comparison with its
 * baseline fails. Then the account menu: opaque and padded too.
 */
async function popUpsWithoutSurface(page: Page): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  // the surface is there: an opaque background and padding
  const look = await dialog.evaluate((element) => {
    const modal = element.parentElement ?? element;
    const style = getComputedStyle(modal);
    return { background: style.backgroundColor, padding: parseFloat(getComputedStyle(element).paddingTop) };
  });
  expect(look.background).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
  expect(look.padding).toBeGreaterThan(0);
  // taken away (as when the theme's variables did not reach the portal), the comparison fails
  await page.addStyleTag({ content: '[role=alertdialog], [role=alertdialog] * { padding: 0 !important; background: transparent !important; }' });
  await dialog.evaluate((element) => {
    const modal = element.parentElement;
    if (modal) {
      modal.style.setProperty('background', 'transparent', 'important');
      modal.style.setProperty('border-color', 'transparent', 'important');
      modal.style.setProperty('box-shadow', 'none', 'important');
    }
  });
  const result = compare('confirm-dialog-en', await screenshot(page, changing(page)));
  process.stdout.write(`surface stripped: ${(result.ratio * 100).toFixed(2)} % of the pixels differ\n`);
  expect(result.matches).toBe(false);

  // and the account menu: opaque, padded (the alert dialog closes only by its buttons)
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('account-button').click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const surface = await menu.evaluate((element) => {
    const popover = element.closest('[data-trigger]') ?? element;
    return { background: getComputedStyle(popover).backgroundColor, padding: parseFloat(getComputedStyle(popover).paddingInlineStart) };
  });
  expect(surface.background).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
  expect(surface.padding).toBeGreaterThan(0);
}

describe('the look of the main states', () => {
  it('login, in Arabic and English', async () => {
    for (const lang of ['ar', 'en'] as const) {
      const { page } = await openPage(lang);
      await page.goto(`${harness.server.url}/login?locale=${lang}`);
      await page.locator('form').waitFor();
      await expectLook(page, `login-${lang}`);
    }
  });

  it('the fleet overview: the page on a desktop and in the device panel on a phone, in Arabic and English', async () => {
    // today's figures, event counts and ranked vehicles follow the demo's history and the hour: masked
    const figures = (page: Page) => [page.locator('[data-testid="fleet-today"] dd'), page.locator('[data-value]'), page.locator('[data-event-kind]')];
    for (const lang of ['ar', 'en'] as const) {
      const { page } = await openPage(lang);
      await signInThroughApi(page, harness);
      await page.goto(`${harness.server.url}/fleet?locale=${lang}`);
      await page.getByTestId('fleet-today').waitFor();
      await page.locator('[data-testid="fleet-overview"] [role="row"] [data-device-id]').first().waitFor();
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await expectLook(page, `fleet-desktop-${lang}`, figures(page));
      const phone = await openPage(lang, 'phone');
      await signInThroughApi(phone.page, harness);
      await phone.page.goto(`${harness.server.url}/?locale=${lang}`);
      await phone.page.getByRole('button', { name: lang === 'ar' ? 'الأجهزة' : 'Devices' }).click();
      await phone.page.getByRole('radio', { name: lang === 'ar' ? 'نظرة عامة' : 'Overview' }).click({ force: true });
      await phone.page.getByTestId('fleet-today').waitFor();
      await phone.page.evaluate(() => document.fonts.ready.then(() => undefined));
      await expectLook(phone.page, `fleet-phone-${lang}`, figures(phone.page));
    }
  });

  it('the map with the device list and a card, in English and Arabic; the confirmation dialog, and a pop-up without its surface fails the comparison', async () => {
    const { page } = await openPage('en');
    await signInToMap(page, harness, '/login?locale=en');
    await openCard(page);
    await expectLook(page, 'map-card-en');
    await askToDelete(page);
    await expectLook(page, 'confirm-dialog-en');
    // the same dialog without its surface fails the comparison (while writing the baselines there is nothing to compare against)
    if (process.env.UPDATE_SCREENSHOTS !== '1') await popUpsWithoutSurface(page);

    const arabic = await openPage('ar');
    await signInToMap(arabic.page, harness, '/login?locale=ar');
    await openCard(arabic.page);
    await expectLook(arabic.page, 'map-card-ar');
  });

  it('the account menu and the events drawer, in Arabic', async () => {
    const { page } = await openPage('ar');
    await signInToMap(page, harness, '/login?locale=ar');
    await page.getByTestId('account-button').click();
    await page.getByRole('menu').waitFor();
    await expectLook(page, 'account-menu-ar');
    await page.keyboard.press('Escape');
    // an alarm, then the drawer
    const devices = await adminJson<Array<{ uniqueId: string }>>(harness, 'GET', '/api/devices');
    await sendAlarm(harness, devices[0]?.uniqueId ?? '');
    await page.getByTestId('event-toast').first().waitFor();
    await page.getByTestId('event-toast').first().waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByTestId('events-button').click();
    await page.getByTestId('events-list').waitFor();
    await expectLook(page, 'events-drawer-ar');
  });

  it('the phone layout: the map, and the device list open', async () => {
    const { page } = await openPage('ar', 'phone');
    await signInToMap(page, harness, '/login?locale=ar');
    await expectLook(page, 'phone-map-ar');
    await page.getByRole('button', { name: 'الأجهزة' }).click();
    await page.locator('[data-device-id]').first().waitFor();
    await expectLook(page, 'phone-devices-ar');
    // choosing a device closes the list and shows its card on the map
    await page.locator('[data-device-id]').first().click();
    await page.getByTestId('device-card').waitFor();
    await mapStill(page);
    await expectLook(page, 'phone-card-ar');

    // four alarms on other devices, each where it is: three toasts and the count, in the map's
    // zone beside the card, held by the pointer
    const selected = Number(await page.getByTestId('map').getAttribute('data-selected-device'));
    const devices = await adminJson<Array<{ id: number; uniqueId: string }>>(harness, 'GET', '/api/devices');
    const positions = await adminJson<Array<{ deviceId: number; latitude: number; longitude: number }>>(harness, 'GET', '/api/positions');
    const others = devices.filter((device) => device.id !== selected).slice(0, 4);
    let second = Math.floor(Date.now() / 1000);
    for (const [index, device] of others.entries()) {
      const at = positions.find((position) => position.deviceId === device.id);
      second += 1;
      const alarm = ['overspeed', 'lowBattery', 'powerCut', 'sos'][index];
      const response = await fetch(`http://127.0.0.1:${harness.server.osmandPort}/?id=${device.uniqueId}&lat=${at?.latitude}&lon=${at?.longitude}&timestamp=${second}&alarm=${alarm}`);
      expect(response.status).toBe(200);
    }
    await page.getByTestId('toasts-folded').waitFor();
    await page.getByTestId('toast-region').hover();
    await mapStill(page);
    await expectLook(page, 'phone-toasts-ar');

    // the card in English on a phone: a sheet over the map's width, above the bottom navigation
    const english = await openPage('en', 'phone');
    await signInToMap(english.page, harness, '/login?locale=en');
    await english.page.getByRole('button', { name: 'Devices' }).click();
    await openCard(english.page);
    await expectLook(english.page, 'phone-card-en');
  });

  it('a marker’s tooltip and its menu, on a desktop and a phone, in Arabic and English', async () => {
    const devices = await adminJson<Array<{ id: number; name: string }>>(harness, 'GET', '/api/devices');
    const positions = await adminJson<Array<{ deviceId: number; latitude: number; longitude: number }>>(harness, 'GET', '/api/positions');
    // the demo device first in name order: its marker, hovered then right-clicked
    const device = [...devices].filter((d) => positions.some((p) => p.deviceId === d.id)).sort((a, b) => a.name.localeCompare(b.name))[0]!;
    const at = positions.find((p) => p.deviceId === device.id)!;
    for (const size of ['desktop', 'phone'] as const) {
      for (const lang of ['ar', 'en'] as const) {
        const { page } = await openPage(lang, size);
        await signInThroughApi(page, harness);
        await page.goto(`${harness.server.url}/?locale=${lang}`);
        await waitForMap(page);
        await mapStill(page);
        const point = await screenPoint(page, at.longitude, at.latitude);
        await page.mouse.move(point.x, point.y);
        await page.getByTestId('marker-tooltip').waitFor();
        // the state's duration counts the minutes: masked as the times are
        const durations = [page.locator('[data-fleet-state]')];
        await expectLook(page, `marker-tooltip-${lang}-${size}`, durations);
        await page.mouse.click(point.x, point.y, { button: 'right' });
        await page.getByTestId('device-menu').getByRole('menu').waitFor();
        await expectLook(page, `device-menu-${lang}-${size}`, durations);
        await page.close();
      }
    }
  });

  it('settings: a list and an edit form, on a desktop and a phone', async () => {
    for (const name of ['أسطول الرياض', 'Jeddah depot', 'Night shift']) await adminJson(harness, 'POST', '/api/groups', { name, attributes: {} });
    const device = await adminJson<{ id: number }>(harness, 'POST', '/api/devices', { name: 'Visual van', uniqueId: 'visual-van-1', phone: '+966500000099', model: 'FMB920' });
    const wait = async (page: Page) => {
      await page.getByRole('main').locator('h1').first().waitFor();
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
    };
    // signed in straight onto each screen: no map drawn on the way
    const { page } = await openPage('ar');
    await signInOnto(page, harness, '/settings/groups', 'ar');
    await page.getByRole('main').getByRole('row', { name: 'Night shift' }).waitFor();
    await wait(page);
    await expectLook(page, 'settings-groups-ar');

    const english = await openPage('en');
    await signInOnto(english.page, harness, `/settings/device/${device.id}`, 'en');
    await english.page.getByRole('main').getByLabel('Name', { exact: true }).waitFor();
    await english.page.getByRole('button', { name: 'Extra' }).click();
    await wait(english.page);
    await expectLook(english.page, 'settings-device-en');

    const phone = await openPage('ar', 'phone');
    await signInOnto(phone.page, harness, '/settings/groups', 'ar');
    await phone.page.getByRole('main').getByRole('row', { name: 'Night shift' }).waitFor();
    await wait(phone.page);
    await expectLook(phone.page, 'phone-settings-groups-ar');

    // a simple calendar, weekly on three days, in its own time zone (the same on every machine)
    const ics = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:v', 'DTSTART;TZID=Asia/Riyadh:20270103T080000', 'DTEND;TZID=Asia/Riyadh:20270103T160000', 'RRULE:FREQ=WEEKLY;BYDAY=SU,MO,TU', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    const calendar = await adminJson<{ id: number }>(harness, 'POST', '/api/calendars', { name: 'ورديات الرياض', data: Buffer.from(ics).toString('base64'), attributes: {} });
    await page.goto(`${harness.server.url}/settings/calendar/${calendar.id}`);
    await page.getByRole('main').getByRole('checkbox', { name: 'الأحد' }).waitFor({ state: 'attached' });
    await wait(page);
    await expectLook(page, 'settings-calendar-ar');
  });

  it('geofences: the editor open on a circle beside the list, in Arabic', async () => {
    const { page } = await openPage('ar');
    await signInOnto(page, harness, '/geofences', 'ar');
    const list = page.getByTestId('geofence-list');
    await list.getByRole('option', { name: /Depot/ }).click();
    await page.getByTestId('geofence-editor').waitFor();
    await page.locator('[data-testid="map"][data-map-ready="true"]').waitFor({ timeout: 30_000 });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await expectLook(page, 'geofences-editor-ar');
  });

  // last: its devices join the list every other look shows
  it('replay: two devices paused part of the way, in Arabic', async () => {
    const day = Date.parse('2026-11-04T09:00:00Z');
    const van = await adminJson<{ id: number }>(harness, 'POST', '/api/devices', { name: 'Look van', uniqueId: 'look-van', attributes: {} });
    const car = await adminJson<{ id: number }>(harness, 'POST', '/api/devices', { name: 'Look car', uniqueId: 'look-car', attributes: {} });
    await reportFixes(harness, 'look-van', [...drive(day, [24.7, 46.6], [24.7, 46.63], 5), ...drive(day + 310_000, [24.7, 46.63], [24.72, 46.63], 4)]);
    await reportFixes(harness, 'look-car', drive(day + 60_000, [24.69, 46.6], [24.69, 46.62], 6));
    const { page } = await openPage('ar');
    const query = `deviceId=${van.id}&deviceId=${car.id}&period=custom&from=2026-11-04T00:00:00.000Z&to=2026-11-04T23:59:59.999Z&show=true&locale=ar`;
    await page.goto(`${harness.server.url}/replay?${query}`);
    await page.locator('input[type=password]').waitFor();
    await submitLogin(page, ADMIN_LOGIN, ADMIN_PASSWORD);
    await page.locator('[data-testid="replay-map"] [data-replay-lines="2"]').waitFor({ timeout: 30_000 });
    // 20 steps: a little over a minute and a half in, both arrows moving, the played parts bright
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let k = 0; k < 20; k++) await page.keyboard.press('ArrowLeft');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await mapStill(page);
    await expectLook(page, 'replay-ar');
  });

  it('reports: trips with the map beside the table on a desktop (Arabic), the table and the map stacked on a phone (English)', async () => {
    const day = Date.parse('2026-11-05T07:00:00Z');
    const truck = await adminJson<{ id: number }>(harness, 'POST', '/api/devices', { name: 'Look truck', uniqueId: 'look-truck', attributes: {} });
    await reportFixes(harness, 'look-truck', [...drive(day, [24.7, 46.6], [24.7, 46.65], 10), ...drive(day + 40 * 60_000, [24.7, 46.65], [24.73, 46.65], 8)]);
    const query = `deviceId=${truck.id}&period=custom&from=2026-11-05T00:00:00.000Z&to=2026-11-05T23:59:59.999Z&show=true`;
    for (const [lang, size] of [['ar', 'desktop'], ['en', 'phone']] as const) {
      const { page } = await openPage(lang, size);
      await page.goto(`${harness.server.url}/reports/trips?${query}&locale=${lang}`);
      await page.locator('input[type=password]').waitFor();
      await submitLogin(page, ADMIN_LOGIN, ADMIN_PASSWORD);
      await page.getByRole('main').getByRole('grid').getByRole('row').nth(1).waitFor({ timeout: 30_000 });
      await page.locator('[data-testid="report-map"] [data-map-ready="true"]').waitFor({ timeout: 30_000 });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.mouse.move(0, 0);
      await mapStill(page);
      await expectLook(page, `reports-trips-${lang}-${size}`);
    }
  });

  // last: a guest announcement would cover every sign-in page after it
  it('an announcement on the sign-in page: the dialog on a desktop and full screen on a phone, in Arabic', async () => {
    await adminJson(harness, 'PUT', '/api/announcements', {
      announcements: [
        {
          id: 'look',
          isActive: true,
          showToGuests: true,
          priority: 1,
          image: '/icons/icon-192.png',
          title: { ar: 'صيانة مجدولة يوم الجمعة', en: 'Planned maintenance on Friday' },
          message: { ar: 'يتوقف التتبع يوم الجمعة من 23:00 حتى 01:00 أثناء ترقية الخوادم.', en: 'Tracking pauses on Friday from 23:00 to 01:00.' },
          buttonAction: 'external',
          buttonUrl: 'https://example.com/status',
          buttonText: { ar: 'صفحة الحالة', en: 'Status page' },
        },
      ],
      settings: { autoShowDelay: 100 },
    });
    try {
      for (const size of ['desktop', 'phone'] as const) {
        const { page } = await openPage('ar', size);
        await page.goto(`${harness.server.url}/login?locale=ar`);
        await page.getByTestId('announcement').waitFor();
        await page.getByTestId('announcement').locator('img').evaluate((img: HTMLImageElement) => img.decode());
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await expectLook(page, `announcement-ar-${size}`);
      }
    } finally {
      await adminJson(harness, 'PUT', '/api/announcements', { announcements: [] });
    }
  });

});
