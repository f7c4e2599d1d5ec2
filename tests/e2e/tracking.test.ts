/**
 * Tracking from the device card: Track draws the device's path from now on (positions sent through
 * the OsmAnd port reach the map over the socket), Stop tracking deletes it, and a logout ends every
 * tracking (signed in again, nothing is drawn and the card offers Track). The map says how many
 * points its tracking lines draw in `data-tracking-points` (a path of one point draws none).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, startHarness, type Harness } from './harness.ts';
import { ADMIN_LOGIN, adminJson, LABEL, signIn, submitLogin, waitForPath } from './helpers.ts';

let harness: Harness;
let deviceId: number;
const NAME = 'Tracked test car';
const UNIQUE_ID = 'e2e-track-1';

beforeAll(async () => {
  harness = await startHarness();
  // no position yet: its first one shows on the card, so the test knows it has arrived
  deviceId = (await adminJson<{ id: number }>(harness, 'POST', '/api/devices', { name: NAME, uniqueId: UNIQUE_ID })).id;
});

afterAll(async () => {
  await harness?.close();
});

const map = (page: Page) => page.locator('[data-testid="map"]');
const card = (page: Page) => page.getByTestId('device-card');

let seconds = Math.floor(Date.now() / 1000);
/**
 * A position for the test device through the OsmAnd port, waited for on the open card (its "More
 * details" link names the position), so that no two are merged into one batch of the socket.
 */
async function report(page: Page, lat: number, lon: number): Promise<void> {
  const details = card(page).getByRole('link', { name: 'More details' });
  const before = (await details.count()) > 0 ? await details.getAttribute('href') : null;
  seconds += 10;
  const query = new URLSearchParams({ id: UNIQUE_ID, lat: String(lat), lon: String(lon), timestamp: String(seconds) });
  const response = await fetch(`http://127.0.0.1:${harness.server.osmandPort}/?${query}`);
  expect(response.status).toBe(200);
  await expect.poll(async () => ((await details.count()) > 0 ? details.getAttribute('href') : null), { timeout: 10_000, interval: 50 }).not.toBe(before);
}

/** Waits until the map's tracking lines draw `count` points. */
async function expectTrackingPoints(page: Page, count: number): Promise<void> {
  await map(page).and(page.locator(`[data-tracking-points="${count}"]`)).waitFor({ state: 'attached', timeout: 10_000 });
}

async function openCard(page: Page): Promise<void> {
  await page.locator(`[data-device-id="${deviceId}"]`).click();
  await card(page).getByRole('heading', { level: 2, name: NAME }).waitFor();
}

describe('tracking a device', () => {
  it('Track draws the new positions, Stop tracking deletes the path, a logout ends tracking', async () => {
    const { page } = await harness.newPage();
    await signIn(page, harness);
    // the tracking layer is on the map (it is attached with the style, before the basemap has drawn)
    await expectTrackingPoints(page, 0);
    await openCard(page);

    // Track, from the keyboard: the button is reached and pressed like any other
    const track = card(page).getByRole('button', { name: 'Track', exact: true });
    await track.focus();
    await page.keyboard.press('Enter');
    const stop = card(page).getByRole('button', { name: 'Stop tracking' });
    await stop.waitFor();

    // three positions, each waited for (so none is merged into a batch with the next)
    await report(page, 24.61, 46.61);
    await expectTrackingPoints(page, 0); // one point: no line yet
    await report(page, 24.62, 46.63);
    await expectTrackingPoints(page, 2);
    await report(page, 24.64, 46.62);
    await expectTrackingPoints(page, 3);

    // Stop tracking: the path is gone, the card offers Track again
    await stop.click();
    await expectTrackingPoints(page, 0);
    await track.waitFor();

    // tracked again (two points drawn), then a logout and a new sign-in: nothing is tracked
    await track.click();
    await stop.waitFor();
    await report(page, 24.65, 46.64);
    await report(page, 24.66, 46.66);
    await expectTrackingPoints(page, 2);
    await page.getByRole('button', { name: LABEL.account }).click();
    await page.getByRole('menuitem', { name: LABEL.logout }).click();
    await waitForPath(page, '/login');
    await page.getByLabel(LABEL.email).waitFor();

    // on the same page (no reload: the live store is the one the logout cleared)
    await submitLogin(page, ADMIN_LOGIN, ADMIN_PASSWORD);
    await waitForPath(page, '/');
    // a new map draws the store as it is now: with a path left over it would say 2
    await expectTrackingPoints(page, 0);
    await openCard(page);
    await track.waitFor();
    expect(await card(page).getByRole('button', { name: 'Stop tracking' }).count()).toBe(0);
    // and a new position draws nothing
    await report(page, 24.67, 46.65);
    await report(page, 24.68, 46.67);
    expect(await map(page).getAttribute('data-tracking-points')).toBe('0');
  });
});
