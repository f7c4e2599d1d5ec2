/**
 * The session lists and `?uniqueId=` in Chromium against the embedded server: a page opened with
 * `?uniqueId=` of a device the fleet's load did not bring (created just after the server answered
 * that load) asks `GET /api/devices?uniqueId=`, shows the device with its last position and selects
 * it; the session's lists (geofences, groups, drivers, maintenance, calendars) are asked for once
 * each, after the map is drawn; the card names the driver the position reports, from them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';
import { adminJson, signInThroughApi, waitForMap } from './helpers.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

const LISTS = ['/api/geofences', '/api/groups', '/api/drivers', '/api/maintenance', '/api/calendars'];

describe('session lists and ?uniqueId=', () => {
  it('finds a device the fleet did not bring, selects it, and names its driver from the lists loaded after the map', async () => {
    await adminJson(harness, 'POST', '/api/drivers', { name: 'Salem Al-Harbi', uniqueId: 'rfid-7', attributes: {} });
    const { page } = await harness.newPage();
    await signInThroughApi(page, harness);
    // in the page: each API request, and whether the map had been drawn when it was made
    await page.addInitScript(() => {
      const state = { log: [] as Array<{ path: string; afterDrawn: boolean }>, drawn: false };
      (window as unknown as { __e2e: typeof state }).__e2e = state;
      const drawnNow = () => (state.drawn ||= document.querySelector('[data-testid="map"][data-map-ready="true"]') !== null);
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input), location.href);
        if (url.pathname.startsWith('/api/')) state.log.push({ path: url.pathname + url.search, afterDrawn: drawnNow() });
        return original(input, init);
      };
      new MutationObserver(drawnNow).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-map-ready'] });
    });

    // the fleet's load is the server's real answer; the device is created (and reports) just after it
    let created: { id: number } | null = null;
    const fleet = (url: URL) => url.pathname === '/api/devices' && url.search === '';
    await page.route(fleet, async (route) => {
      const response = await route.fetch();
      created = await adminJson<{ id: number }>(harness, 'POST', '/api/devices', { name: 'Late van', uniqueId: 'late-van-1' });
      const fix = await fetch(`http://127.0.0.1:${harness.server.osmandPort}/?id=late-van-1&lat=24.71&lon=46.68&driverUniqueId=rfid-7`);
      expect(fix.status).toBe(200);
      await route.fulfill({ response });
      await page.unroute(fleet);
    });

    await page.goto(`${harness.server.url}/?uniqueId=late-van-1&locale=en`);
    await waitForMap(page);
    const card = page.getByTestId('device-card');
    await card.getByRole('heading', { name: 'Late van' }).waitFor({ timeout: 15_000 });
    expect(created).not.toBeNull();
    await page.locator(`[data-testid="map"][data-selected-device="${created!.id}"]`).waitFor({ state: 'attached' });
    // with its last position, and the driver by name once the session's lists are in
    await card.getByRole('link', { name: 'More details' }).waitFor();
    await card.getByText('Salem Al-Harbi', { exact: true }).waitFor({ timeout: 15_000 });

    const { log } = await page.evaluate(() => (window as unknown as { __e2e: { log: Array<{ path: string; afterDrawn: boolean }> } }).__e2e);
    expect(log.some((entry) => entry.path === '/api/devices?uniqueId=late-van-1')).toBe(true);
    // the fleet's load is not held back by them: it went before the map was drawn
    expect(log.find((entry) => entry.path === '/api/devices')?.afterDrawn).toBe(false);
    for (const path of LISTS) {
      const requests = log.filter((entry) => entry.path === path);
      // once each, and only once the first map was drawn: sign-in to map does not wait for them
      expect(requests.length, path).toBe(1);
      expect(requests[0]!.afterDrawn, path).toBe(true);
    }
  });
});
