/**
 * The device list in the shell's sidebar: the demo fleet, search, status filter counts, selection
 * in step with the map, and device text rendered as text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, startHarness, type Harness } from './harness.ts';
import { ADMIN_LOGIN, adminJson, DEMO_DEVICES, signIn as signInOnMapPage, signInThroughApi, waitForMap, watchDialogs } from './helpers.ts';

let harness: Harness;
const XSS_NAME = '<img src=x onerror=alert(1)>';

beforeAll(async () => {
  harness = await startHarness();
  await adminJson(harness, 'POST', '/api/devices', { name: XSS_NAME, uniqueId: 'xss-device-1' });
});

afterAll(async () => {
  await harness?.close();
});

const url = (path: string) => `${harness.server.url}${path}`;

/** Signs in onto the map page, whose device list is under test (the map's drawing is not waited for). */
async function signIn(page: Page): Promise<void> {
  await signInOnMapPage(page, harness);
}

function list(page: Page) {
  return page.getByRole('grid', { name: 'Devices' });
}

async function expectCount(page: Page, count: number): Promise<void> {
  await page.locator(`[data-testid="device-list"][data-count="${count}"]`).waitFor({ timeout: 10_000 });
  expect(await list(page).locator('[data-device-id]').count()).toBe(count);
}

describe('device list', () => {
  it('lists, searches, filters by status, selects and shows device text as text', async () => {
    const { page } = await harness.newPage();
    const dialogs = watchDialogs(page);
    await signIn(page);
    const total = DEMO_DEVICES + 1;
    await expectCount(page, total);

    // Search over name, unique id, phone and model.
    const search = page.getByRole('searchbox', { name: 'Search devices' });
    await search.fill('demo-002');
    await expectCount(page, 1);
    await expect(list(page).getByRole('row').first().textContent()).resolves.toContain('Delivery Truck 7');
    await search.fill('+96650000000');
    await expectCount(page, 5);
    await search.fill('volvo');
    await expectCount(page, 1);
    await search.fill('');
    await expectCount(page, total);

    // Status filter: the counts match what the server reports, and choosing one filters.
    const devices = await adminJson<Array<{ status: string }>>(harness, 'GET', '/api/devices');
    const status = page.getByRole('radiogroup', { name: 'Status' });
    await expect(status.getByRole('radio', { name: `All ${total}` }).count()).resolves.toBe(1);
    const online = devices.filter((d) => d.status === 'online').length;
    const offline = devices.filter((d) => d.status === 'offline').length;
    const unknown = devices.length - online - offline;
    await status.getByText(`Online ${online}`).waitFor();
    await status.getByText(`Offline ${offline}`).waitFor();
    await status.getByText(`Unknown ${unknown}`).click();
    await expectCount(page, unknown);
    await status.getByText(`Online ${online}`).click();
    await expectCount(page, online);
    await status.getByText(`All ${total}`).click();
    await expectCount(page, total);

    // Selecting a row selects the device on the map.
    const row = list(page).getByRole('row', { name: 'Service Van' });
    await row.click();
    await expect(row.getAttribute('aria-selected')).resolves.toBe('true');
    const id = await row.getAttribute('data-device-id');
    await page.locator(`[data-testid="map"][data-selected-device="${id}"]`).waitFor({ state: 'attached', timeout: 10_000 });

    // A device named like markup shows literally.
    await search.fill('onerror');
    await expectCount(page, 1);
    const xss = list(page).getByRole('row').first();
    await expect(xss.textContent()).resolves.toContain(XSS_NAME);
    expect(await list(page).locator('img').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  it('is keyboard-usable: Tab reaches the list, arrow keys move, Enter selects', async () => {
    const { page } = await harness.newPage();
    await signIn(page);
    await expectCount(page, DEMO_DEVICES + 1);
    const rows = list(page).locator('[data-device-id]');
    await page.getByRole('searchbox', { name: 'Search devices' }).focus();
    // Search → status radio group → (group) → sort select → the first row of the list.
    const inList = () => list(page).evaluate((grid) => grid.contains(document.activeElement));
    for (let i = 0; i < 5 && !(await inList()); i += 1) await page.keyboard.press('Tab');
    await expect(rows.first().evaluate((row) => row === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1).evaluate((row) => row === document.activeElement)).resolves.toBe(true);
    expect(await rows.nth(1).getAttribute('aria-selected')).toBe('false');
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.nth(1).getAttribute('aria-selected')).toBe('true');
    const id = await rows.nth(1).getAttribute('data-device-id');
    await page.locator(`[data-testid="map"][data-selected-device="${id}"]`).waitFor({ state: 'attached', timeout: 10_000 });
  });

  it('a page other than the map, opened directly, lists the whole fleet at once (a device without a position too); so does the map after it', async () => {
    const { page } = await harness.newPage();
    await signInThroughApi(page, harness);
    await page.goto(url('/emulator?locale=en'));
    // no simulator here: nothing arrives later, so the first load has to bring every device
    await expectCount(page, DEMO_DEVICES + 1);
    expect(await list(page).locator('[data-device-id]').filter({ hasText: XSS_NAME }).count()).toBe(1);
    await page.getByRole('link', { name: 'Map' }).first().click();
    await page.waitForURL((address) => address.pathname === '/');
    await expectCount(page, DEMO_DEVICES + 1);
    expect(await waitForMap(page)).toBe(DEMO_DEVICES);
  });

  it('the keyboard path: sign in, reach a device, open its card, close it, and focus is back on the row', async () => {
    const { page } = await harness.newPage();
    await page.goto(url('/login?locale=en'));
    await page.getByLabel('Email').focus();
    await page.keyboard.type(ADMIN_LOGIN);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((address) => address.pathname === '/');
    await waitForMap(page);
    // the page starts on its main region, not on the body
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    const rows = list(page).locator('[data-device-id]');
    const inList = () => list(page).evaluate((grid) => grid.contains(document.activeElement));
    for (let i = 0; i < 12 && !(await inList()); i += 1) await page.keyboard.press('Shift+Tab');
    expect(await inList()).toBe(true);
    await page.keyboard.press('ArrowDown');
    const id = await page.evaluate(() => document.activeElement?.getAttribute('data-device-id'));
    expect(id).toBeTruthy();
    await page.keyboard.press('Enter');
    const card = page.getByTestId('device-card');
    await card.waitFor();
    await expect.poll(() => card.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-device-id'))).toBe(id);
    expect(await rows.count()).toBe(DEMO_DEVICES + 1);
  });

  it('the card deletes its device after the question: gone from the list and from the server', async () => {
    const device = await adminJson<{ id: number; name: string }>(harness, 'POST', '/api/devices', { name: 'Van to retire', uniqueId: 'retire-1' });
    const { page } = await harness.newPage();
    await signIn(page);
    const row = page.locator(`[data-device-id="${device.id}"]`);
    await row.click();
    const card = page.getByTestId('device-card');
    await card.getByRole('heading', { name: 'Van to retire' }).waitFor();
    // Delete is under More, never beside Track
    expect(await card.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await card.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await card.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    const devices = await adminJson<Array<{ id: number }>>(harness, 'GET', '/api/devices');
    expect(devices.some((d) => d.id === device.id)).toBe(false);
  });
});
