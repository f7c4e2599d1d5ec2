/**
 * The map answers (issue #36): hovering a vehicle's marker shows its tooltip (name, state, speed in
 * the user's units); a right-click on it opens the device's actions (the one list), Track starts
 * tracking and Create a geofence here opens the geofence editor with a new circle at the vehicle
 * (saved, it is linked to the device). The same menu by keyboard from the device list (Shift+F10 or
 * the context-menu key on the focused row, focus back on the row after Escape), each link reaching
 * its screen: Replay today /replay for that device and today, Send a command the command screen,
 * Edit the device's form, Share the share screen (from the list: no map to wait for between them). A read-only user is offered no Edit, Send a command or
 * Create a geofence here. Markers are found by projecting their place with the map's camera
 * (`mapPoints.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, startHarness, type Harness } from './harness.ts';
import { ADMIN_LOGIN, adminJson, createUser, setServerAttributes, waitForMap } from './helpers.ts';
import { countMapDraws, mapStill, screenPoint } from './mapPoints.ts';

let harness: Harness;
const NAME = 'Hover car';
const UNIQUE_ID = 'e2e-hover-1';
// away from the demo fleet's streets, so that no other marker covers it
const AT = { lat: 24.86, lon: 46.86 };
let deviceId: number;
let reader: { email: string; password: string };

beforeAll(async () => {
  harness = await startHarness();
  await setServerAttributes(harness, { speedUnit: 'kmh' });
  deviceId = (await adminJson<{ id: number }>(harness, 'POST', '/api/devices', { name: NAME, uniqueId: UNIQUE_ID, category: 'car' })).id;
  // 27 knots: 50 km/h
  const response = await fetch(`http://127.0.0.1:${harness.server.osmandPort}/?id=${UNIQUE_ID}&lat=${AT.lat}&lon=${AT.lon}&speed=27&timestamp=${Math.floor(Date.now() / 1000)}`);
  expect(response.status).toBe(200);
  // a read-only user who sees that device
  const user = await createUser(harness, 'reader');
  const stored = await adminJson<Record<string, unknown>>(harness, 'GET', `/api/users/${user.id}`);
  await adminJson(harness, 'PUT', `/api/users/${user.id}`, { ...stored, readonly: true });
  await adminJson(harness, 'POST', '/api/permissions', { userId: user.id, deviceId });
  reader = user;
});

afterAll(async () => {
  await harness?.close();
});

async function signedIn(email: string, password: string): Promise<Page> {
  const { page } = await harness.newPage({ locale: 'en-US' });
  await countMapDraws(page);
  const response = await page.request.post(`${harness.server.url}/api/session`, { form: { email, password }, headers: { Origin: harness.server.url } });
  expect(response.ok()).toBe(true);
  await page.goto(`${harness.server.url}/?locale=en`);
  return page;
}

/** The map drawn and still, the device's marker where the camera puts it. */
async function marker(page: Page): Promise<{ x: number; y: number }> {
  await waitForMap(page);
  await mapStill(page);
  return screenPoint(page, AT.lon, AT.lat);
}

/** A right-click on the device's marker: its menu. */
async function menuOnMap(page: Page) {
  const point = await marker(page);
  await page.mouse.click(point.x, point.y, { button: 'right' });
  const menu = page.getByRole('menu', { name: `Actions of ${NAME}` });
  await menu.waitFor();
  return menu;
}

const items = (menu: ReturnType<Page['getByRole']>) => menu.getByRole('menuitem').allTextContents();

describe('the map answers', () => {
  it('a marker’s tooltip on hover; its actions on a right-click, each reaching its screen', async () => {
    const page = await signedIn(ADMIN_LOGIN, ADMIN_PASSWORD);

    // hover: name, state and speed in the user's units, on a surface inside the window
    const point = await marker(page);
    await page.mouse.move(point.x, point.y);
    const tooltip = page.getByTestId('marker-tooltip');
    await tooltip.waitFor();
    expect(await tooltip.getAttribute('data-device-id')).toBe(String(deviceId));
    expect(await tooltip.locator('bdi').textContent()).toBe(NAME);
    expect(await tooltip.getByTestId('marker-tooltip-speed').textContent()).toBe('50 km/h');
    expect(await tooltip.getByText('Moving', { exact: true }).count()).toBe(1);
    const box = await tooltip.boundingBox();
    const viewport = page.viewportSize();
    if (!box || !viewport) throw new Error('no box');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height < point.y || box.y > point.y).toBe(true); // above or below the marker, never on it
    expect(await tooltip.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
    // off the marker, it goes
    await page.mouse.move(point.x + 150, point.y + 150);
    await tooltip.waitFor({ state: 'detached' });

    // a right-click: the one list, the first action focused
    let menu = await menuOnMap(page);
    expect(await items(menu)).toEqual([
      'Track', 'Replay today', 'Send a command', 'Edit',
      'Share', 'Create a geofence here', 'Network', 'Connections',
      'Delete',
    ]);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Track');

    // Track starts tracking: the menu closes, and offers to stop next time
    await menu.getByRole('menuitem', { name: 'Track' }).click();
    await menu.waitFor({ state: 'detached' });
    menu = await menuOnMap(page);
    await menu.getByRole('menuitem', { name: 'Stop tracking' }).waitFor();

    // Create a geofence here: the editor with a new 50 m circle at the vehicle, named after it; saved, linked to it
    await menu.getByRole('menuitem', { name: 'Create a geofence here' }).click();
    await page.waitForURL((url) => url.pathname === '/geofences');
    const editor = page.getByTestId('geofence-editor');
    await editor.waitFor();
    expect(await editor.getByLabel('Name').inputValue()).toBe(NAME);
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('geofence-saved').waitFor();
    const linked = await adminJson<Array<{ name: string; area: string }>>(harness, 'GET', `/api/geofences?deviceId=${deviceId}`);
    expect(linked.map((geofence) => geofence.name)).toEqual([NAME]);
    const [lat, lon, radius] = /^CIRCLE \((\S+) (\S+), (\S+)\)$/.exec(linked[0]!.area)!.slice(1).map(Number) as [number, number, number];
    expect(radius).toBe(50);
    expect(Math.abs(lat - AT.lat)).toBeLessThan(1e-5);
    expect(Math.abs(lon - AT.lon)).toBeLessThan(1e-5);
    await page.close();
  });

  it('the same actions by keyboard from the device list, each reaching its screen, focus back on the row', async () => {
    const page = await signedIn(ADMIN_LOGIN, ADMIN_PASSWORD);
    const row = page.locator(`[data-device-id="${deviceId}"]`);
    const menu = page.getByRole('menu', { name: `Actions of ${NAME}` });
    const focused = () => page.evaluate(() => document.activeElement?.textContent);

    // Shift+F10 on the focused row: the first action focused; Escape: back on the row
    await row.focus();
    await page.keyboard.press('Shift+F10');
    await menu.waitFor();
    expect(await focused()).toBe('Track');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-device-id'))).toBe(String(deviceId));

    // each link to its screen (the context-menu key, down to it, Enter), and back to the list
    const screens: Array<[string, (url: URL) => boolean, () => Promise<unknown>]> = [
      [
        'Replay today',
        (url) => url.pathname === '/replay' && url.searchParams.get('deviceId') === String(deviceId) && url.searchParams.get('period') === 'today' && url.searchParams.get('show') === 'true',
        () => page.getByRole('main').getByRole('heading', { level: 1, name: 'Replay' }).waitFor(),
      ],
      ['Send a command', (url) => url.pathname === `/settings/device/${deviceId}/command`, () => page.getByRole('main').locator('h1').first().waitFor()],
      ['Edit', (url) => url.pathname === `/settings/device/${deviceId}`, () => expect.poll(() => page.getByRole('main').getByLabel('Name', { exact: true }).inputValue()).toBe(NAME)],
      ['Share', (url) => url.pathname === `/settings/device/${deviceId}/share`, () => page.getByRole('main').locator('h1').first().waitFor()],
    ];
    for (const [name, reached, shown] of screens) {
      await row.focus();
      await page.keyboard.press('ContextMenu');
      await menu.waitFor();
      for (let step = 0; step < 6 && (await focused()) !== name; step += 1) await page.keyboard.press('ArrowDown');
      expect(await focused()).toBe(name);
      await page.keyboard.press('Enter');
      await page.waitForURL(reached);
      await shown();
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/');
    }
    await page.close();
    // four screens and the map's page again after each: slow on a loaded machine
  }, 120_000);

  it('a read-only user is offered no Edit, Send a command, Share, Create a geofence here or Delete', async () => {
    const readonly = await signedIn(reader.email, reader.password);
    const only = readonly.locator(`[data-device-id="${deviceId}"]`);
    await only.focus();
    await readonly.keyboard.press('Shift+F10');
    const offered = readonly.getByRole('menu', { name: `Actions of ${NAME}` });
    await offered.waitFor();
    const labels = await items(offered);
    expect(labels.slice(0, 2)).toEqual(['Track', 'Replay today']);
    for (const refused of ['Edit', 'Send a command', 'Create a geofence here', 'Share', 'Delete']) expect(labels).not.toContain(refused);
    await readonly.close();
  });
});
