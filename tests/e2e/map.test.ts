/**
 * The map page end to end: signed-in admin on the demo server; a click on a device marker (at
 * the screen point projected from the map's camera attributes) opens the device card with the
 * name as text — also for a name that is HTML —; the card's link opens the position page; the
 * layers menu switches clustering and the device feature count stays right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';
import { adminJson, DEMO_DEVICES, waitForMap, signInToMap, watchDialogs } from './helpers.ts';
import { countMapDraws, mapStill, screenPoint } from './mapPoints.ts';

const XSS_NAME = '<img src=x onerror=alert(1)>';
const STATIC_NAME = 'Static test car';

async function report(harness: Harness, uniqueId: string, lat: number, lon: number): Promise<void> {
  const query = new URLSearchParams({ id: uniqueId, lat: String(lat), lon: String(lon), timestamp: String(Math.floor(Date.now() / 1000)), accuracy: '25' });
  const response = await fetch(`${harness.server.url}/?${query}`, { method: 'POST' });
  expect(response.ok).toBe(true);
}

let harness: Harness;

/** Signs the admin in from `/` (Arabic by default) and waits for the map with every device drawn. */
async function openMap(page: Page): Promise<void> {
  await countMapDraws(page);
  expect(await signInToMap(page, harness, '/')).toBe(DEMO_DEVICES + 2);
}

/** Opens the layers menu; the clustering checkbox in it. */
async function clusteringCheckbox(page: Page) {
  await page.getByRole('button', { name: /^(Map layers|طبقات الخريطة)$/ }).click();
  return page.getByRole('checkbox', { name: /^(Group nearby devices|تجميع الأجهزة المتقاربة)$/ });
}

/** The checkbox input is visually hidden inside its label: press the label, as a user does. */
async function toggleClustering(page: Page): Promise<void> {
  await page.getByText(/^(Group nearby devices|تجميع الأجهزة المتقاربة)$/).click();
}

describe('map page', () => {
  const created: Record<string, { id: number; lat: number; lon: number }> = {};

  beforeAll(async () => {
    harness = await startHarness({ demo: true });
    // two devices that do not move, far enough from the demo fleet not to overlap its markers
    for (const [name, uniqueId, lat, lon] of [
      [XSS_NAME, 'e2e-xss', 24.62, 46.58],
      [STATIC_NAME, 'e2e-static', 24.8, 46.8],
    ] as const) {
      const device = await adminJson<{ id: number }>(harness, 'POST', '/api/devices', { name, uniqueId, category: 'car' });
      await report(harness, uniqueId, lat, lon);
      created[name] = { id: device.id, lat, lon };
    }
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('opens the card of a clicked device, shows names as text, links to the position page, switches clustering', async () => {
    const { page } = await harness.newPage();
    const alerts = watchDialogs(page);
    await openMap(page);
    const total = DEMO_DEVICES + 2;
    const map = page.locator('[data-testid="map"]');

    // layers menu: clustering off; every device is still one feature of the source
    const clustering = await clusteringCheckbox(page);
    expect(await clustering.isChecked()).toBe(true);
    await toggleClustering(page);
    expect(await clustering.isChecked()).toBe(false);
    await page.keyboard.press('Escape');
    await map.and(page.locator(`[data-map-ready="true"][data-device-features="${total}"]`)).waitFor({ state: 'attached' });
    expect(await map.getAttribute('data-device-features')).toBe(String(total));

    // the markup-named device first: selecting the other one may ease the map (its card would cover it)
    for (const name of [XSS_NAME, STATIC_NAME]) {
      const target = created[name];
      if (!target) throw new Error(name);
      await mapStill(page); // markers placed after the menu closed
      const point = await screenPoint(page, target.lon, target.lat);
      await page.mouse.click(point.x, point.y);
      await map.and(page.locator(`[data-selected-device="${target.id}"]`)).waitFor({ state: 'attached', timeout: 10_000 });
      const card = page.getByTestId('device-card');
      await expect.poll(() => card.getByRole('heading', { level: 2 }).textContent()).toBe(name);
      expect(await card.locator('img[src="x"]').count()).toBe(0);
      if (name === XSS_NAME) {
        // close the card; the camera may have eased the device beside it (600 ms)
        await page.keyboard.press('Escape');
        await card.waitFor({ state: 'detached' });
        await mapStill(page);
      }
    }
    expect(alerts).toEqual([]);

    // the card's link opens the position page with the position's fields
    const positions = await adminJson<Array<{ id: number; deviceId: number; latitude: number; longitude: number }>>(harness, 'GET', `/api/positions?deviceId=${created[STATIC_NAME]?.id}`);
    const position = positions.at(-1);
    if (!position) throw new Error('no position');
    await page.getByTestId('device-card').getByRole('link', { name: /^(More details|مزيد من التفاصيل)$/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/position/'));
    const table = page.getByTestId('position-page');
    await table.waitFor();
    // names in the page's language (Arabic here), values in the user's units, numbers isolated left-to-right
    const row = (name: RegExp) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '').replace('٫', '.');
    expect(Number(plain(await row(/^(خط العرض|Latitude)$/).getByRole('cell').textContent()))).toBe(position.latitude);
    // titled with the device's name and the fix time, not ids; the device field names it too
    expect(await table.getByRole('heading', { level: 1 }).textContent()).toBe(STATIC_NAME);
    expect(await table.getByText(/^(الموقع في|Position at) .+/).count()).toBe(1);
    expect(await row(/^(الجهاز|Device)$/).getByRole('cell').textContent()).toBe(STATIC_NAME);
    expect(await row(/^(الدقة|Accuracy)$/).getByRole('cell').textContent()).toMatch(/^25 (م|m)$/);
    expect(await table.getByRole('rowheader', { name: 'latitude', exact: true }).count()).toBe(0);

    // back on the map: the clustering choice was kept
    await page.goto(`${harness.server.url}/`);
    expect(await waitForMap(page)).toBe(total);
    expect(await (await clusteringCheckbox(page)).isChecked()).toBe(false);
  });

  it('moves a marker when its device reports through the OsmAnd protocol', async () => {
    const { page } = await harness.newPage();
    await openMap(page);
    const map = page.locator('[data-testid="map"]');
    // every device drawn on its own (the choice may be kept from the test above)
    const clustering = await clusteringCheckbox(page);
    if (await clustering.isChecked()) await toggleClustering(page);
    expect(await clustering.isChecked()).toBe(false);
    await page.keyboard.press('Escape');

    const target = created[STATIC_NAME];
    if (!target) throw new Error(STATIC_NAME);
    // inside the first fit (between the two test devices), outside the demo fleet's streets
    const destination = { lat: 24.63, lon: 46.79 };
    const card = page.getByTestId('device-card');
    const clickAt = async (lon: number, lat: number) => {
      const point = await screenPoint(page, lon, lat);
      await page.mouse.click(point.x, point.y);
    };
    // nothing there yet
    await mapStill(page);
    await clickAt(destination.lon, destination.lat);
    await mapStill(page);
    expect(await map.getAttribute('data-selected-device')).not.toBe(String(target.id));

    await report(harness, 'e2e-static', destination.lat, destination.lon);
    // the marker is drawn at the new place: a click there selects the device and opens its card
    await expect
      .poll(
        async () => {
          await clickAt(destination.lon, destination.lat);
          return map.getAttribute('data-selected-device');
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(String(target.id));
    await expect.poll(() => card.getByRole('heading', { level: 2 }).textContent()).toBe(STATIC_NAME);
    // close the card; the camera may have eased the device beside it (600 ms)
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
    await mapStill(page);
    // and it is gone from the old place: with another device selected, a click there does not select it
    const other = created[XSS_NAME];
    if (!other) throw new Error(XSS_NAME);
    // (chosen in the list: the camera eased beside the card before, the other device may be off the screen)
    await page.locator(`[data-device-id="${other.id}"]`).click();
    await map.and(page.locator(`[data-selected-device="${other.id}"]`)).waitFor({ state: 'attached', timeout: 10_000 });
    await mapStill(page);
    await clickAt(target.lon, target.lat);
    await mapStill(page);
    expect(await map.getAttribute('data-selected-device')).not.toBe(String(target.id));
  });

  it('selecting a device eases it into view beside the card, never under it', async () => {
    const { page } = await harness.newPage({ locale: 'en-US' });
    await countMapDraws(page);
    await signInToMap(page, harness, '/login?locale=en');
    const map = page.locator('[data-testid="map"]');
    // (the static car moved in the test before; this one has not)
    const target = created[XSS_NAME];
    if (!target) throw new Error(XSS_NAME);
    // zoom in far from the device, so that it is off the screen
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await mapStill(page);
    await page.locator(`[data-device-id="${target.id}"]`).click();
    const card = page.getByTestId('device-card');
    await card.waitFor();
    await map.and(page.locator(`[data-selected-device="${target.id}"]`)).waitFor({ state: 'attached' });
    await mapStill(page); // the camera eases (600 ms)
    const point = await screenPoint(page, target.lon, target.lat);
    const box = await map.boundingBox();
    const cardBox = await card.boundingBox();
    if (!box || !cardBox) throw new Error('no boxes');
    // inside the map…
    expect(point.x).toBeGreaterThan(box.x);
    expect(point.x).toBeLessThan(box.x + box.width);
    expect(point.y).toBeGreaterThan(box.y);
    expect(point.y).toBeLessThan(box.y + box.height);
    // …and not under the card
    const underCard = point.x >= cardBox.x && point.x <= cardBox.x + cardBox.width && point.y >= cardBox.y && point.y <= cardBox.y + cardBox.height;
    expect(underCard).toBe(false);
  });

  it('with the network unreachable, every online style falls back to the offline basemap with a notice and keeps the markers, also after a reload', async () => {
    const { context, page } = await harness.newPage({ locale: 'en-US' });
    const local = new URL(harness.server.url).host;
    // nothing outside this machine answers
    await context.route('**/*', (route) => (new URL(route.request().url()).host === local ? route.continue() : route.abort('internetdisconnected')));
    const total = DEMO_DEVICES + 2;
    await signInToMap(page, harness, '/login?locale=en');
    const map = page.locator('[data-testid="map"]');
    const notice = page.getByTestId('map-fallback-notice');
    for (const style of ['OpenFreeMap', 'OpenStreetMap', 'Carto dark', 'OpenTopoMap']) {
      await page.getByRole('button', { name: 'Map layers' }).click();
      await page.getByRole('button', { name: /Map style/ }).click();
      await page.getByRole('option', { name: style }).click();
      await page.keyboard.press('Escape');
      await map.and(page.locator(`[data-map-fallback="true"][data-map-ready="true"][data-device-features="${total}"]`)).waitFor({ state: 'attached', timeout: 20_000 });
      await notice.waitFor();
      expect(await notice.textContent()).toContain('offline map');
    }
    // the choice is kept: after a reload the same fallback, markers and notice
    await page.reload();
    await map.and(page.locator(`[data-map-fallback="true"][data-map-ready="true"][data-device-features="${total}"]`)).waitFor({ state: 'attached', timeout: 20_000 });
    await notice.waitFor();
    // choosing the offline map clears the notice
    await page.getByRole('button', { name: 'Map layers' }).click();
    await page.getByRole('button', { name: /Map style/ }).click();
    await page.getByRole('option', { name: 'Offline map' }).click();
    await page.keyboard.press('Escape');
    await map.and(page.locator(`[data-map-fallback="false"][data-map-ready="true"]`)).waitFor({ state: 'attached', timeout: 20_000 });
    expect(await notice.count()).toBe(0);
  });
});
