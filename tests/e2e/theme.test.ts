/**
 * The light theme (`darkMode` false), end to end:
 * - switching "Dark mode" off in Preferences turns the page light at once, no reload (the app
 *   shell and a pop-up portalled to the body), and on again turns it dark;
 * - the looks of the map with a card, the Preferences page and a trips report in the light theme,
 *   in Arabic and English, against their baselines: one page per language, signed in once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';
import { ADMIN_LOGIN, adminJson, signInOnto, signInToMap } from './helpers.ts';
import { drive, reportFixes } from './drive.ts';
import { compareLook } from './visual.ts';
import { countMapDraws, mapStill } from './mapPoints.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** The tokens' background colours as the browser computes them. */
const DARK_BACKGROUND = 'rgb(15, 17, 21)';
const LIGHT_BACKGROUND = 'rgb(243, 245, 248)';
const LIGHT_RAISED = 'rgb(233, 237, 243)';

/** The app shell's background, and the document's theme mark. */
function shellLook(page: Page) {
  return page.getByTestId('main').evaluate((main) => ({
    shell: getComputedStyle(main.parentElement!).backgroundColor,
    page: getComputedStyle(document.body).backgroundColor,
    theme: document.documentElement.dataset.theme,
  }));
}

/** Turns the Preferences page's Dark mode switch and saves, then opens the form again. */
async function toggleDarkMode(page: Page, from: boolean): Promise<void> {
  const main = page.getByRole('main');
  const dark = main.getByRole('switch', { name: 'Dark mode', exact: true });
  expect(await dark.isChecked()).toBe(from);
  await dark.focus();
  await page.keyboard.press('Space');
  await main.getByRole('button', { name: 'Save', exact: true }).click();
  await main.getByRole('button', { name: 'Edit again' }).click();
  await dark.waitFor();
}

async function adminId(): Promise<number> {
  const users = await adminJson<Array<{ id: number; login?: string; email: string }>>(harness, 'GET', '/api/users');
  const admin = users.find((user) => user.login === ADMIN_LOGIN || user.email === ADMIN_LOGIN);
  if (!admin) throw new Error('no admin user');
  return admin.id;
}

describe('the light theme', () => {
  it('switching Dark mode off in Preferences turns the page light without a reload, pop-ups too; on again, dark', async () => {
    const { page, context } = await harness.newPage();
    await signInOnto(page, harness, '/settings/preferences');
    await page.getByRole('main').getByRole('switch', { name: 'Dark mode', exact: true }).waitFor();
    expect(await shellLook(page)).toEqual({ shell: DARK_BACKGROUND, page: DARK_BACKGROUND, theme: 'dark' });
    // a mark in the page's memory: a reload would lose it
    await page.evaluate(() => ((window as unknown as { themeMark: number }).themeMark = 1));

    await toggleDarkMode(page, true);
    await expect.poll(() => shellLook(page)).toEqual({ shell: LIGHT_BACKGROUND, page: LIGHT_BACKGROUND, theme: 'light' });
    expect(await page.evaluate(() => (window as unknown as { themeMark?: number }).themeMark)).toBe(1);
    // a pop-up portalled to the body follows
    await page.getByTestId('account-button').click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.evaluate((element) => getComputedStyle(element.closest('[data-trigger]') ?? element).backgroundColor)).toBe(LIGHT_RAISED);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await toggleDarkMode(page, false);
    await expect.poll(() => shellLook(page)).toEqual({ shell: DARK_BACKGROUND, page: DARK_BACKGROUND, theme: 'dark' });
    expect(await page.evaluate(() => (window as unknown as { themeMark?: number }).themeMark)).toBe(1);
    await context.close();
  });

  it('the looks of the map with a card, the Preferences page and a trips report, in Arabic and English', async () => {
    const id = await adminId();
    const admin = await adminJson<{ attributes: Record<string, unknown> }>(harness, 'GET', `/api/users/${id}`);
    await adminJson(harness, 'PUT', `/api/users/${id}`, { ...admin, attributes: { ...admin.attributes, darkMode: false } });
    const day = Date.parse('2026-11-05T07:00:00Z');
    const truck = await adminJson<{ id: number }>(harness, 'POST', '/api/devices', { name: 'Light truck', uniqueId: 'light-truck', attributes: {} });
    await reportFixes(harness, 'light-truck', [...drive(day, [24.7, 46.6], [24.7, 46.65], 10), ...drive(day + 40 * 60_000, [24.7, 46.65], [24.73, 46.65], 8)]);
    const report = `/reports/trips?deviceId=${truck.id}&period=custom&from=2026-11-05T00:00:00.000Z&to=2026-11-05T23:59:59.999Z&show=true`;

    for (const lang of ['ar', 'en'] as const) {
      const { page, context } = await harness.newPage({ locale: lang === 'ar' ? 'ar' : 'en-US' });
      await countMapDraws(page);
      const look = async (name: string) => {
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await page.mouse.move(0, 0);
        const mask = [page.locator('time'), page.getByTestId('device-card').locator('dd'), page.getByTestId('connection-state')];
        const result = await compareLook(page, name, mask);
        expect(result.matches, `${name}: ${(result.ratio * 100).toFixed(2)} % of the pixels differ (see test-results/screenshots)`).toBe(true);
      };

      // the map: the list, a card over the map (the basemap stays as it is)
      await signInToMap(page, harness, `/login?locale=${lang}`);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      await page.locator('[data-device-id]').first().click();
      await page.getByTestId('device-card').waitFor();
      await mapStill(page);
      await look(`light-map-card-${lang}`);

      // the settings: Preferences, its first section folded so that the Dark mode switch (off) shows
      await page.goto(`${harness.server.url}/settings/preferences?locale=${lang}`);
      const dark = page.getByRole('main').getByRole('switch', { name: lang === 'ar' ? 'الوضع الداكن' : 'Dark mode', exact: true });
      await dark.waitFor({ state: 'attached' });
      expect(await dark.isChecked()).toBe(false);
      await page.getByRole('main').getByRole('button', { name: lang === 'ar' ? 'التفضيلات' : 'Preferences', exact: true }).click();
      await look(`light-settings-preferences-${lang}`);

      // a report: trips, the table and the map beside it
      await page.goto(`${harness.server.url}${report}&locale=${lang}`);
      await page.getByRole('main').getByRole('grid').getByRole('row').nth(1).waitFor({ timeout: 30_000 });
      await page.locator('[data-testid="report-map"] [data-map-ready="true"]').waitFor({ timeout: 30_000 });
      await mapStill(page);
      await look(`light-reports-trips-${lang}`);
      await context.close();
    }
  });
});
