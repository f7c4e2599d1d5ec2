/**
 * The emulator: choose a device, click the map → an OsmAnd position for it reaches the server.
 * A device of its own (not driven by the demo simulator), so the position can only come from the click.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';
import { adminJson, signInThroughApi } from './helpers.ts';

let harness: Harness;
let deviceId = 0;

beforeAll(async () => {
  harness = await startHarness();
  const device = await adminJson<{ id: number }>(harness, 'POST', '/api/devices', { name: 'Emulated phone', uniqueId: 'emu-0001' });
  deviceId = device.id;
});

afterAll(async () => {
  await harness?.close();
});

describe('emulator', () => {
  it('sends a position for the chosen device where the map is clicked', async () => {
    const { page } = await harness.newPage();
    // signed in through the API and opened with a full load: the main map is not drawn on the way
    await signInThroughApi(page, harness);
    expect(await adminJson<unknown[]>(harness, 'GET', `/api/positions?deviceId=${deviceId}`)).toEqual([]);

    await page.goto(`${harness.server.url}/emulator?locale=en`);
    await page.locator('main').getByRole('button', { name: /Device/ }).click();
    await page.getByRole('option', { name: 'Emulated phone' }).click();
    const map = page.locator('[data-testid="emulator-map"][data-map-ready="true"]');
    await map.waitFor({ timeout: 30_000 });
    const box = await map.boundingBox();
    if (!box) throw new Error('no map box');
    const posted = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    expect((await posted).status()).toBe(200);
    await page.locator('[data-testid="emulator-result"][data-status="success"]').waitFor();

    const positions = await adminJson<Array<{ latitude: number; longitude: number }>>(harness, 'GET', `/api/positions?deviceId=${deviceId}`);
    expect(positions.length).toBe(1);
    // The map opens on Riyadh (no earlier position): the centre click lands there.
    expect(positions[0]?.latitude).toBeCloseTo(24.7136, 1);
    expect(positions[0]?.longitude).toBeCloseTo(46.6753, 1);
  });

  it('shows the server error when the device no longer exists', async () => {
    const gone = await adminJson<{ id: number }>(harness, 'POST', '/api/devices', { name: 'Gone soon', uniqueId: 'emu-gone' });
    const { page } = await harness.newPage();
    await signInThroughApi(page, harness);
    await page.goto(`${harness.server.url}/emulator?locale=en`);
    await page.locator('main').getByRole('button', { name: /Device/ }).click();
    await page.getByRole('option', { name: 'Gone soon' }).click();
    const map = page.locator('[data-testid="emulator-map"][data-map-ready="true"]');
    await map.waitFor({ timeout: 30_000 });
    await adminJson(harness, 'DELETE', `/api/devices/${gone.id}`);
    const box = await map.boundingBox();
    if (!box) throw new Error('no map box');
    await page.mouse.click(box.x + box.width / 3, box.y + box.height / 3);
    const result = page.locator('[data-testid="emulator-result"][data-status="error"]');
    await result.waitFor();
    await result.getByText('Sending failed').waitFor();
    expect((await result.getByRole('alert').textContent())?.length ?? 0).toBeGreaterThan('Sending failed'.length);
  });
});
