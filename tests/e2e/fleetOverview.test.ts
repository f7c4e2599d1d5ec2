/**
 * The fleet overview (issue 36) end to end: the embedded server's demo fleet driving (the simulator
 * on) plus scripted devices of a group of their own, reporting over the OsmAnd port as a phone does:
 * one driving, one idle with the ignition on, one parked (expiring in ten days), one silent for two
 * hours (its reports made while the server's clock was put back), one with its maintenance overdue by
 * odometer, one never heard from.
 *
 * - `/fleet` shows each in the right tile, with the group's counts per state;
 * - each tile opens the device list (`/?fleet=…`) with exactly those devices;
 * - the per-vehicle distance and engine hours agree with figures computed by hand from the fixes
 *   below (not with the summary report the overview reads): the driver's six steps of 0.001° of
 *   latitude along a meridian are 6 × 6,378,137 m × π / 180 × 0.001 = 667.92 m (the server rounds
 *   each step's total to the centimetre: 6 × 111.32 m), and its ignition on for the minute of
 *   fixes, 60 s of engine hours; the idle one stands still for five minutes with the ignition on:
 *   0 m and 300 s; the parked one reports the ignition off: no engine hours. Engine hours count, as
 *   in Traccar's summary, from the day's first position to its last when both carry `hours`: the
 *   driver and the idle one report once just before midnight (the ignition on), so that the day's
 *   first position carries them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';
import { adminJson, setServerAttributes, signInThroughApi } from './helpers.ts';

let harness: Harness;
/** How far the server's clock is put back (ms). */
let skew = 0;

const GROUP = 'E2E fleet';
const DEVICES = {
  driver: 'e2e-fleet-driver',
  idle: 'e2e-fleet-idle',
  parked: 'e2e-fleet-parked',
  silent: 'e2e-fleet-silent',
  maintenance: 'e2e-fleet-maintenance',
  never: 'e2e-fleet-never',
} as const;
type Name = keyof typeof DEVICES;
const ids = {} as Record<Name, number>;
let groupId = 0;

/** The hand-computed figures (see the file's comment). */
const EXPECTED = {
  driver: { distance: 667.92, engineHours: 60_000 },
  idle: { distance: 0, engineHours: 300_000 },
  parked: { distance: 0, engineHours: 0 },
} as const;

async function send(uniqueId: string, fixes: Array<{ time: number; lat: number; lon: number; speed: number; extra?: Record<string, string> }>) {
  for (const fix of fixes) {
    const query = new URLSearchParams({ id: uniqueId, lat: fix.lat.toFixed(6), lon: fix.lon.toFixed(6), timestamp: String(Math.floor(fix.time / 1000)), speed: fix.speed.toFixed(2), ...fix.extra });
    const response = await fetch(`http://127.0.0.1:${harness.server.osmandPort}/?${query}`);
    if (response.status !== 200) throw new Error(`OsmAnd ${uniqueId}: ${response.status}`);
  }
}

beforeAll(async () => {
  harness = await startHarness({ demo: true, simulator: true, now: () => Date.now() - skew });
  // silent after 30 min; online for 3 h without data (the silent device stays online: parked)
  await setServerAttributes(harness, { 'athar.fleet.silentMinutes': 30, 'status.timeout': 3 * 3600 });
  groupId = (await adminJson<{ id: number }>(harness, 'POST', '/api/groups', { name: GROUP, attributes: {} })).id;
  const expiry = new Date(Date.now() + 10 * 86_400_000).toISOString();
  for (const [name, uniqueId] of Object.entries(DEVICES) as Array<[Name, string]>) {
    const body = { name: `Fleet ${name}`, uniqueId, groupId, category: 'car', attributes: {}, ...(name === 'parked' ? { expirationTime: expiry } : {}) };
    ids[name] = (await adminJson<{ id: number }>(harness, 'POST', '/api/devices', body)).id;
  }
  const maintenance = await adminJson<{ id: number }>(harness, 'POST', '/api/maintenance', { name: 'Oil change', type: 'odometer', start: 100_000, period: 10_000, attributes: {} });
  await adminJson(harness, 'POST', '/api/permissions', { deviceId: ids.maintenance, maintenanceId: maintenance.id });

  const now = Date.now();
  // the silent device reported two hours ago: the server's clock put back while it did
  skew = 2 * 3600_000;
  await send(DEVICES.silent, [{ time: now - skew - 60_000, lat: 24.75, lon: 46.6, speed: 0 }, { time: now - skew, lat: 24.75, lon: 46.6, speed: 0 }]);
  skew = 0;
  // the evening before (local midnight: the browser's zone, the user's day, is this machine's)
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const evening = midnight.getTime() - 60_000;
  await send(DEVICES.driver, [{ time: evening, lat: 24.7, lon: 46.7, speed: 0, extra: { ignition: 'true' } }]);
  await send(DEVICES.idle, [{ time: evening, lat: 24.71, lon: 46.71, speed: 0, extra: { ignition: 'true' } }]);
  await send(DEVICES.driver, Array.from({ length: 7 }, (_, i) => ({ time: now - 60_000 + i * 10_000, lat: 24.7 + i * 0.001, lon: 46.7, speed: 20, extra: { ignition: 'true' } })));
  await send(DEVICES.idle, Array.from({ length: 6 }, (_, i) => ({ time: now - 300_000 + i * 60_000, lat: 24.71, lon: 46.71, speed: 0, extra: { ignition: 'true' } })));
  await send(DEVICES.parked, Array.from({ length: 3 }, (_, i) => ({ time: now - 120_000 + i * 60_000, lat: 24.72, lon: 46.72, speed: 0, extra: { ignition: 'false' } })));
  await send(DEVICES.maintenance, [{ time: now, lat: 24.73, lon: 46.73, speed: 0, extra: { ignition: 'false', odometer: '150000' } }]);
});

afterAll(async () => {
  await harness?.close();
});

const listIds = async (page: Page): Promise<number[]> =>
  (await page.getByRole('grid', { name: 'Devices' }).locator('[data-device-id]').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-device-id'))))).sort((a, b) => a - b);

/** Follows a link of the overview and checks the list holds exactly `expected`, then comes back. */
async function opensList(page: Page, link: ReturnType<Page['locator']>, query: Record<string, string>, expected: number[]): Promise<void> {
  await link.click();
  await page.waitForURL((url) => url.pathname === '/' && Object.entries(query).every(([key, value]) => url.searchParams.get(key) === value));
  await page.getByTestId('fleet-filter').waitFor();
  const sorted = [...expected].sort((a, b) => a - b);
  await page.locator(`[data-testid="device-list"][data-count="${sorted.length}"]`).waitFor({ timeout: 10_000 });
  expect(await listIds(page)).toEqual(sorted);
  await page.goBack();
  await page.getByTestId('fleet-overview').waitFor();
}

/** Every vehicle's figures in the ranked table: the top ten by distance, then the bottom ten. */
async function vehicleFigures(page: Page): Promise<Map<number, { distance: number; engineHours: number }>> {
  const figures = new Map<number, { distance: number; engineHours: number }>();
  const read = async () => {
    const rows = await page.getByRole('grid', { name: /by Distance$/ }).getByRole('row').evaluateAll((elements) =>
      elements.map((row) => ({
        id: Number(row.querySelector('[data-device-id]')?.getAttribute('data-device-id')),
        values: [...row.querySelectorAll('[data-value]')].map((cell) => Number(cell.getAttribute('data-value'))),
      })),
    );
    for (const row of rows) if (row.id) figures.set(row.id, { distance: row.values[0]!, engineHours: row.values[2]! });
  };
  await page.getByRole('heading', { name: /^Top 10 by Distance$/ }).waitFor();
  await read();
  // the column's button: descending (the top) → ascending (the bottom)
  await page.getByRole('button', { name: 'Distance: most first' }).click();
  await page.getByRole('heading', { name: /^Bottom 10 by Distance$/ }).waitFor();
  await read();
  return figures;
}

describe('fleet overview', () => {
  it('shows each scripted device in its tile and its group’s counts, each tile opens exactly those devices, and the figures agree with the hand-computed ones', async () => {
    // no demo device may still carry an update stamped while the clock was back: only the silent one is old
    await expect
      .poll(async () => {
        const devices = await adminJson<Array<{ id: number; lastUpdate: string | null }>>(harness, 'GET', '/api/devices');
        return devices.filter((d) => d.lastUpdate !== null && Date.now() - Date.parse(d.lastUpdate) > 30 * 60_000).map((d) => d.id);
      }, { timeout: 15_000 })
      .toEqual([ids.silent]);
    const { page } = await harness.newPage();
    await signInThroughApi(page, harness);
    await page.goto(`${harness.server.url}/fleet?locale=en`);
    const overview = page.getByTestId('fleet-overview');
    await overview.waitFor();

    // the group's counts per state
    const row = page.getByTestId('fleet-groups').locator(`tr[data-group-id="${groupId}"]`);
    const cell = (state: string) => row.locator(`td[data-state="${state}"]`);
    await expect.poll(async () => Object.fromEntries(await Promise.all(['moving', 'idle', 'parked', 'offline', 'never'].map(async (s) => [s, (await cell(s).textContent())?.trim()]))), { timeout: 15_000 }).toEqual({
      moving: '1',
      idle: '1',
      parked: '3',
      offline: '0',
      never: '1',
    });
    // attention: the silent one, the overdue one (once the links are in), the expiring one
    await expect.poll(() => page.getByTestId('fleet-tile-silent').getAttribute('data-count')).toBe('1');
    await expect.poll(() => page.getByTestId('fleet-tile-maintenance').getAttribute('data-count'), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => page.getByTestId('fleet-tile-expiring').getAttribute('data-count')).toBe('1');

    // each opens the list of exactly those devices
    const group = String(groupId);
    await opensList(page, cell('moving').getByRole('link'), { fleet: 'moving', fleetGroup: group }, [ids.driver]);
    await opensList(page, cell('idle').getByRole('link'), { fleet: 'idle', fleetGroup: group }, [ids.idle]);
    await opensList(page, cell('parked').getByRole('link'), { fleet: 'parked', fleetGroup: group }, [ids.parked, ids.silent, ids.maintenance]);
    await opensList(page, cell('never').getByRole('link'), { fleet: 'never', fleetGroup: group }, [ids.never]);
    await opensList(page, page.getByTestId('fleet-tile-silent'), { fleet: 'silent' }, [ids.silent]);
    await opensList(page, page.getByTestId('fleet-tile-maintenance'), { fleet: 'maintenance' }, [ids.maintenance]);
    await opensList(page, page.getByTestId('fleet-tile-expiring'), { fleet: 'expiring' }, [ids.parked]);

    // today's figures, per vehicle, against the hand-computed ones
    const figures = await vehicleFigures(page);
    for (const name of ['driver', 'idle', 'parked'] as const) {
      const shown = figures.get(ids[name]);
      expect(shown, name).toBeDefined();
      expect(shown!.distance, `${name} distance`).toBeCloseTo(EXPECTED[name].distance, 1);
      expect(shown!.engineHours, `${name} engine hours`).toBe(EXPECTED[name].engineHours);
    }
    // the fleet's distance is at least the scripted devices' (the demo's drive on)
    expect(Number(await page.getByTestId('fleet-distance').getAttribute('data-value'))).toBeGreaterThanOrEqual(EXPECTED.driver.distance);
  });
});
