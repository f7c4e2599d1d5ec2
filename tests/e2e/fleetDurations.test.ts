/**
 * How long each vehicle has been doing what (issue 36), end to end against the embedded server:
 * three scripted devices report over the OsmAnd port with fix times in the past — one driving for 35
 * minutes, one stopped 12 minutes ago with its ignition on (idle), one parked (ignition off) 2 h 10 min
 * ago. The server detects their events (deviceMoving, deviceStopped, ignitionOff) as Traccar does.
 *
 * - After the page loads, the list's rows and the card say "Moving 35 min", "Idle 12 min",
 *   "Parked 2 h 10 min": the client holds only the latest positions, so the starts come from today's
 *   events (the events report, in the user's time zone, chosen here so that the script lies within
 *   today whatever the hour), to the minute of the scripted fix times.
 * - A position that starts the idle vehicle moving resets its duration, live, in the row and on the
 *   card; a reload keeps every duration (seeded from the events again).
 * - The shared minute ticker moves them all on: the page's clock (playwright's `page.clock`) runs a
 *   minute ahead.
 *
 * Expected texts are computed from the page's own clock when each is read (before and after, so a
 * minute turning during a read is allowed for, never more).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';
import { adminJson, signInThroughApi } from './helpers.ts';
import { reportFixes, type Fix } from './drive.ts';

let harness: Harness;
const MIN = 60_000;
const DEVICES = { driving: 'e2e-fd-driving', idle: 'e2e-fd-idle', parked: 'e2e-fd-parked' } as const;
const ids: Record<string, number> = {};
/** The moment the script counts back from (whole seconds: OsmAnd's timestamps are). */
const N = Math.floor(Date.now() / 1000) * 1000;
/** Each state's scripted start. */
const since = {
  driving: N - 35 * MIN - 5_000,
  idle: N - 12 * MIN - 5_000,
  parked: N - 130 * MIN - 5_000,
};

type Step = Fix & { ignition?: boolean };

/** Positions with an `ignition` attribute, in order, through the OsmAnd port. */
async function report(uniqueId: string, steps: readonly Step[]): Promise<void> {
  for (const step of steps) {
    if (step.ignition === undefined) {
      await reportFixes(harness, uniqueId, [step]);
      continue;
    }
    const query = new URLSearchParams({
      id: uniqueId,
      lat: step.lat.toFixed(6),
      lon: step.lon.toFixed(6),
      timestamp: String(Math.floor(step.time / 1000)),
      speed: step.speed.toFixed(2),
      ignition: String(step.ignition),
    });
    const response = await fetch(`http://127.0.0.1:${harness.server.osmandPort}/?${query}`);
    if (response.status !== 200) throw new Error(`OsmAnd: ${response.status} ${await response.text()}`);
  }
}

/** A drive due east from `lon` at about 1 km a minute, a fix every `every` minutes, ignition on. */
function driveEast(from: number, to: number, lat: number, lon: number, every: number): Step[] {
  const steps: Step[] = [];
  for (let t = from, i = 0; t <= to; t += every * MIN, i++) steps.push({ time: t, lat, lon: lon + i * every * 0.01, speed: 30, ignition: true });
  return steps;
}

/** A zone whose local time is near noon now (`Etc/GMT-3` is UTC+3), so that the whole script is today there. */
function noonZone(): string {
  const offset = 12 - new Date(N).getUTCHours();
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

beforeAll(async () => {
  harness = await startHarness();
  for (const [key, uniqueId] of Object.entries(DEVICES)) {
    ids[key] = (await adminJson<{ id: number }>(harness, 'POST', '/api/devices', { name: `Fleet ${key}`, uniqueId, category: 'car' })).id;
  }
  const session = await adminJson<{ id: number }>(harness, 'GET', '/api/session');
  const admin = await adminJson<Record<string, unknown> & { attributes: Record<string, unknown> }>(harness, 'GET', `/api/users/${session.id}`);
  await adminJson(harness, 'PUT', `/api/users/${session.id}`, { ...admin, attributes: { ...admin.attributes, timezone: noonZone() } });

  // driving since its first fix, 35 min ago; still driving
  await report(DEVICES.driving, driveEast(since.driving, N - 30_000, 24.7, 46.6, 5));
  // drove from 30 min ago, stopped 12 min ago with the engine running
  const idleStop = 46.6 + 0.18;
  await report(DEVICES.idle, [
    ...driveEast(N - 30 * MIN - 5_000, N - 15 * MIN - 5_000, 24.8, 46.6, 3),
    ...[since.idle, N - 8 * MIN, N - 4 * MIN, N - MIN].map((time) => ({ time, lat: 24.8, lon: idleStop, speed: 0, ignition: true })),
  ]);
  // drove, parked 2 h 10 min ago with the ignition off, reporting now and then since
  const parkedAt = 46.6 + 0.2;
  await report(DEVICES.parked, [
    ...driveEast(N - 150 * MIN - 5_000, N - 135 * MIN - 5_000, 24.9, 46.6, 5),
    ...[since.parked, N - 125 * MIN, N - 100 * MIN, N - 70 * MIN, N - 40 * MIN, N - 10 * MIN, N - MIN].map((time) => ({
      time,
      lat: 24.9,
      lon: parkedAt,
      speed: 0,
      ignition: false,
    })),
  ]);
});

afterAll(async () => {
  await harness?.close();
});

/** "2 h 10 min", as the English catalogue says it. */
function duration(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes % 60} min`;
}

const row = (page: Page, key: string) => page.locator(`[data-device-id="${ids[key]}"] [data-fleet-state]`);
const card = (page: Page) => page.getByTestId('device-card').locator('[data-fleet-state]');

/**
 * The text says `label` with the minutes since `start` on the page's clock, read around the text (a
 * minute turning meanwhile allows the next); returns the minutes shown.
 */
async function expectDuration(page: Page, target: Locator, label: string, start: number): Promise<number> {
  let shown = -1;
  await expect
    .poll(
      async () => {
        const before = await page.evaluate(() => Date.now());
        const text = await target.textContent({ timeout: 5_000 }).catch(() => null);
        const after = await page.evaluate(() => Date.now());
        const low = Math.floor((before - start) / MIN);
        const high = Math.floor((after - start) / MIN);
        for (const minutes of new Set([low, high])) {
          if (text === `${label} ${duration(minutes)}`) {
            shown = minutes;
            return true;
          }
        }
        return `${text} (expected ${label} ${duration(low)})`;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);
  return shown;
}

async function expectAll(page: Page, moving: { key: string; start: number }[]): Promise<void> {
  for (const { key, start } of moving) await expectDuration(page, row(page, key), 'Moving', start);
}

describe('fleet durations', () => {
  it('the list and the card say since when each vehicle moves, idles or is parked, live, after a reload, and on the minute ticker', async () => {
    const { page } = await harness.newPage({ viewport: { width: 1280, height: 800 } });
    await page.clock.install();
    await signInThroughApi(page, harness);
    await page.goto(`${harness.server.url}/?locale=en`);

    // seeded from today's events, to the minute of the script
    expect(await expectDuration(page, row(page, 'driving'), 'Moving', since.driving)).toBeGreaterThanOrEqual(35);
    expect(await expectDuration(page, row(page, 'idle'), 'Idle', since.idle)).toBeGreaterThanOrEqual(12);
    expect(await expectDuration(page, row(page, 'parked'), 'Parked', since.parked)).toBeGreaterThanOrEqual(130);
    await expect.poll(() => page.locator(`[data-device-id="${ids.idle}"] [data-marker]`).getAttribute('data-marker')).toBe('idle');

    // the card says the same
    await page.locator(`[data-device-id="${ids.idle}"]`).click();
    await page.getByTestId('device-card').getByRole('heading', { level: 2, name: 'Fleet idle' }).waitFor();
    await expectDuration(page, card(page), 'Idle', since.idle);

    // the idle vehicle pulls away: moving from that fix, in the row and on the card
    const pullAway = Math.floor(Date.now() / 1000) * 1000 - 2_000;
    await report(DEVICES.idle, [
      { time: pullAway, lat: 24.8, lon: 46.78, speed: 12, ignition: true },
      { time: pullAway + 1_000, lat: 24.8, lon: 46.79, speed: 30, ignition: true },
    ]);
    await expectDuration(page, row(page, 'idle'), 'Moving', pullAway);
    await expectDuration(page, card(page), 'Moving', pullAway);

    // a reload: every duration seeded again from today's events
    await page.reload();
    await expectAll(page, [
      { key: 'driving', start: since.driving },
      { key: 'idle', start: pullAway },
    ]);
    const parked = await expectDuration(page, row(page, 'parked'), 'Parked', since.parked);

    // the shared minute ticker: a minute later on the page's clock, every row has moved on
    await page.clock.fastForward(MIN);
    expect(await expectDuration(page, row(page, 'parked'), 'Parked', since.parked)).toBeGreaterThan(parked);
    await expectAll(page, [
      { key: 'driving', start: since.driving },
      { key: 'idle', start: pullAway },
    ]);
    await page.close();
  });
});
