/**
 * Replay end to end, in Chromium against the embedded server, with two devices driven through known
 * paths over the OsmAnd port on a fixed past day. The van: A → B in 5 minutes, parked at B for 7
 * minutes (a stop: Traccar's least is 5), B → C in 5 minutes with an SOS on the way: 17 minutes of
 * history. The car: 4 minutes elsewhere, inside the van's period.
 * - at 60× the van's arrow reaches the last position of a period holding its first leg (5 minutes,
 *   5 s) in the expected time, within 10 %;
 * - pause, then step: the arrow stands on the next fix; the speed chart under the map marks the
 *   clock at its time; hovering the chart at a fix's time rings that fix on the map and a click seeks
 *   there (the arrow on the fix, the ring on the arrow); the slider seeks to the end and back; the follow camera keeps the arrow in view;
 * - two devices play together, each with its line;
 * - the stop at B and the SOS are markers, as many as the server's stops and events reports say;
 * - the GPX download holds a track per device with every fix;
 * - bad input: an empty period, no device;
 * - the device card's Replay action opens /replay for that device.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { JSDOM } from 'jsdom';
import { distanceMeters } from '../../contract/units.ts';
import { STATE_EVENTS } from '../../src/domain/replay.ts';
import { adminJson, signInOnto, signInThroughApi } from './helpers.ts';
import { fileHarness, main } from './settingsSteps.ts';
import { drive, park, reportFixes, type Fix, type Point } from './drive.ts';

const { harness } = fileHarness();

const DAY_START = Date.parse('2026-11-03T00:00:00Z');
const FROM = '2026-11-03T00:00:00.000Z';
const TO = '2026-11-03T23:59:59.999Z';
const T0 = DAY_START + 9 * 3600_000;

const A: Point = [24.7, 46.6];
const B: Point = [24.7, 46.62];
const C: Point = [24.715, 46.62];

const leg1 = drive(T0, A, B, 5);
const parked = park(leg1.at(-1)!.time, B, 7);
const leg2 = drive(parked.at(-1)!.time, B, C, 5);
leg2[12]!.alarm = 'sos';
const VAN: Fix[] = [...leg1, ...parked, ...leg2.slice(1)];
const CAR: Fix[] = drive(T0 + 2 * 60_000, [24.69, 46.61], [24.69, 46.63], 4);
/** The end of a period holding the van's first leg only (it parks at B a minute after). */
const LEG1_TO = new Date(leg1.at(-1)!.time + 30_000).toISOString();
const LEG1_MS = leg1.at(-1)!.time - leg1[0]!.time;

const ids = { van: 0, car: 0 };

beforeAll(async () => {
  const h = harness();
  const trip = {};
  ids.van = (await adminJson<{ id: number }>(h, 'POST', '/api/devices', { name: 'Replay van', uniqueId: 'replay-van', attributes: trip })).id;
  ids.car = (await adminJson<{ id: number }>(h, 'POST', '/api/devices', { name: 'Replay car', uniqueId: 'replay-car', attributes: trip })).id;
  await reportFixes(h, 'replay-van', VAN);
  await reportFixes(h, 'replay-car', CAR);
}, 60_000);

const replayUrl = (devices: number[], extra: Record<string, string> = {}) => {
  const params = new URLSearchParams({ period: 'custom', from: FROM, to: TO, show: 'true', ...extra });
  for (const id of devices) params.append('deviceId', String(id));
  return `/replay?${params}`;
};

/**
 * One browser context signed in as the admin (through the API, as the login form's request does:
 * the sign-in screen itself is tested elsewhere), shared by the tests: each opens its own page.
 */
let signedIn: BrowserContext | undefined;

/** A page of the signed-in context, in English, loaded on `path`. */
async function signedInOn(path: string): Promise<Page> {
  if (!signedIn) {
    const { context, page } = await harness().newPage();
    await signInThroughApi(page, harness());
    await page.close();
    signedIn = context;
  }
  const page = await signedIn.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  await page.goto(`${harness().server.url}${path}${path.includes('?') ? '&' : '?'}locale=en`);
  return page;
}

/** A page signed in as the admin, in English, on a /replay address. */
async function signedInOnReplay(path: string): Promise<Page> {
  const page = await signedInOn(path);
  await page.waitForURL((url) => url.pathname === '/replay');
  return page;
}

async function openReplay(devices: number[], extra: Record<string, string> = {}): Promise<Page> {
  const page = await signedInOnReplay(replayUrl(devices, extra));
  await main(page).getByTestId('replay-play').and(page.locator(':not([data-disabled])')).waitFor({ timeout: 20_000 });
  await page.locator(`[data-testid="replay-map"] [data-replay-lines="${devices.length}"]`).waitFor({ timeout: 20_000 });
  return page;
}

/** `deviceId → [lat, lon]` of the arrows, as the map layer last drew them. */
async function arrows(page: Page): Promise<Map<number, [number, number]>> {
  const text = (await page.locator('[data-testid="replay-map"] [data-replay-at]').getAttribute('data-replay-at')) ?? '';
  return new Map(
    text
      .split(';')
      .filter(Boolean)
      .map((entry) => {
        const [id, at] = entry.split(':');
        const [lat, lon] = at!.split(',').map(Number);
        return [Number(id), [lat!, lon!]];
      }),
  );
}

const near = (a: [number, number] | undefined, b: Point, metres = 1) => !!a && distanceMeters(a[0], a[1], b[0], b[1]) <= metres;

describe('replay', () => {
  it('plays at 60×: the arrow reaches the last position in the expected time, within 10 %', async () => {
    // the van's first leg only (A → B, 5 minutes: 5 s at 60×), asked for as a period ending before it parks;
    // the clock's rule itself (delta × speed, frames capped) is pinned on a simulated clock in src/machines/replay
    const page = await openReplay([ids.van], { to: LEG1_TO });
    expect(near((await arrows(page)).get(ids.van), [VAN[0]!.lat, VAN[0]!.lon])).toBe(true);
    await main(page).getByRole('button', { name: /Speed/ }).click();
    await page.getByRole('option', { name: '60×' }).click();
    const last: Point = [leg1.at(-1)!.lat, leg1.at(-1)!.lon];
    // timed in the page: from the press on Play to the frame that drew the arrow on the last fix
    const elapsed = await page.evaluate(
      ({ lastLat, lastLon }) =>
        new Promise<number>((resolve, reject) => {
          const map = document.querySelector('[data-testid="replay-map"] [data-replay-at]') as HTMLElement;
          const button = document.querySelector('[data-testid="replay-play"]') as HTMLElement;
          const target = `${lastLat.toFixed(6)},${lastLon.toFixed(6)}`;
          const started = performance.now();
          const observer = new MutationObserver(() => {
            if ((map.dataset.replayAt ?? '').endsWith(target)) {
              observer.disconnect();
              resolve(performance.now() - started);
            }
          });
          observer.observe(map, { attributes: true, attributeFilter: ['data-replay-at'] });
          setTimeout(() => reject(new Error(`not at the last position: ${map.dataset.replayAt}`)), 30_000);
          button.click();
        }),
      { lastLat: last[0], lastLon: last[1] },
    );
    const expected = LEG1_MS / 60;
    expect(Math.abs(elapsed - expected) / expected, `${Math.round(elapsed)} ms for ${expected} ms`).toBeLessThanOrEqual(0.1);
    // ended: Play again starts over
    await main(page).getByTestId('replay-play').filter({ hasText: 'Play' }).waitFor();
    await page.close();
  });

  it('pause, then step: the arrow stands on the next fix; the chart marks the clock, its hover rings the map and its click seeks; the slider seeks; the camera follows the arrow', async () => {
    const page = await openReplay([ids.van]);
    const play = main(page).getByTestId('replay-play');
    await play.click();
    await page.waitForTimeout(600);
    await play.click();
    await expect.poll(() => play.textContent()).toBe('Play');
    const paused = (await arrows(page)).get(ids.van)!;
    await main(page).getByRole('button', { name: 'Step forward' }).click();
    const stepped = (await arrows(page)).get(ids.van)!;
    // the arrow now stands on a fix, and where it paused was on the way to that fix from the one before
    const dist = (a: [number, number], b: Fix) => distanceMeters(a[0], a[1], b.lat, b.lon);
    const index = VAN.findIndex((fix, k) => k > 0 && dist(stepped, fix) < 0.5 && Math.abs(dist(paused, VAN[k - 1]!) + dist(paused, fix) - distanceMeters(VAN[k - 1]!.lat, VAN[k - 1]!.lon, fix.lat, fix.lon)) < 1);
    expect(index, `paused at ${paused}, stepped to ${stepped}`).toBeGreaterThan(0);
    // keyboard: Left steps back onto the fix before
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('ArrowLeft');
    expect(near((await arrows(page)).get(ids.van), [VAN[index - 1]!.lat, VAN[index - 1]!.lon], 0.5)).toBe(true);
    // the speed chart under the map: the clock marked at its time (the plot's x over the van's first to last fix)
    await main(page).locator('[data-drawn="true"]').waitFor({ timeout: 20_000 });
    const xOf = async (time: number) => {
      const plot = (await main(page).locator('.u-over').boundingBox())!;
      return { x: plot.x + ((time - VAN[0]!.time) / (VAN.at(-1)!.time - VAN[0]!.time)) * plot.width, y: plot.y + plot.height / 2 };
    };
    const mark = main(page).getByTestId('chart-mark');
    await expect.poll(() => mark.getAttribute('data-time')).toBe(String(VAN[index - 1]!.time));
    const markBox = (await mark.boundingBox())!;
    expect(Math.abs(markBox.x + markBox.width / 2 - (await xOf(VAN[index - 1]!.time)).x)).toBeLessThanOrEqual(1.5);
    // hovering the chart at a fix of the second leg rings that fix on the map, and a click seeks there: the
    // arrow then stands on the fix (its place as drawn) and the ring on the arrow (screen points; the map's
    // camera keeps padding for the controls, so its centre is not the container's and the two markers are compared)
    const fix = leg2[20]!;
    const at = await xOf(fix.time);
    await page.mouse.move(at.x, at.y);
    const ring = page.getByTestId('map-hover-marker');
    await ring.waitFor();
    expect(near((await arrows(page)).get(ids.van), [fix.lat, fix.lon], 50)).toBe(false);
    await page.mouse.click(at.x, at.y);
    await expect.poll(async () => near((await arrows(page)).get(ids.van), [fix.lat, fix.lon], 0.5)).toBe(true);
    const centre = (box: { x: number; y: number; width: number; height: number } | null) => ({ x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 });
    const ringAt = centre(await ring.boundingBox());
    const arrowAt = centre(await page.locator(`.athar-replay-arrow[data-device-id="${ids.van}"]`).boundingBox());
    expect(Math.hypot(ringAt.x - arrowAt.x, ringAt.y - arrowAt.y), `ring at ${ringAt.x},${ringAt.y}, arrow at ${arrowAt.x},${arrowAt.y}`).toBeLessThanOrEqual(2);
    await page.mouse.move(1, 1);
    // the slider: End seeks to the last position, Home to the first
    const thumb = main(page).getByRole('slider', { name: 'Time' });
    await thumb.focus();
    await page.keyboard.press('End');
    await expect.poll(async () => near((await arrows(page)).get(ids.van), [VAN.at(-1)!.lat, VAN.at(-1)!.lon])).toBe(true);
    await page.keyboard.press('Home');
    await expect.poll(async () => near((await arrows(page)).get(ids.van), [VAN[0]!.lat, VAN[0]!.lon])).toBe(true);
    // follow: zoomed in on the start, played for a while, the arrow is still inside the map
    await main(page).getByText('Follow with the camera').click();
    await expect.poll(() => main(page).getByRole('switch', { name: 'Follow with the camera' }).isChecked()).toBe(true);
    // + three times: 10× → 30× → 60× → 120×
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let k = 0; k < 3; k++) await page.keyboard.press('+');
    await expect.poll(() => main(page).getByRole('button', { name: /Speed/ }).textContent()).toContain('120×');
    await play.click();
    await page.waitForTimeout(1500);
    // the arrow stays in the middle of the map's part above the controls
    const inView = await page.evaluate((id) => {
      const arrow = document.querySelector(`.athar-replay-arrow[data-device-id="${id}"]`)!.getBoundingClientRect();
      const map = document.querySelector('[data-testid="replay-map"]')!.getBoundingClientRect();
      const controls = document.querySelector('[data-testid="replay-controls"]')!.getBoundingClientRect();
      const x = arrow.left + arrow.width / 2;
      const y = arrow.top + arrow.height / 2;
      const bottom = Math.min(map.bottom, controls.top);
      return { inside: x > map.left && x < map.right && y > map.top && y < bottom, offset: Math.hypot(x - (map.left + map.width / 2), y - (map.top + (map.bottom - map.top - (map.bottom - controls.top)) / 2)) };
    }, ids.van);
    expect(inView.inside).toBe(true);
    expect(inView.offset).toBeLessThan(40);
    expect(await page.locator('[data-testid="replay-map"] [data-replay-followed]').getAttribute('data-replay-followed')).toBe(String(ids.van));
    await page.close();
  });

  it('two devices play together, each with its line and arrow; stops and events are markers', async () => {
    const page = await openReplay([ids.van, ids.car]);
    const before = await arrows(page);
    expect([...before.keys()].sort()).toEqual([ids.van, ids.car].sort());
    expect(await main(page).getByTestId('replay-details').getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('Replay van'), expect.stringContaining('Replay car')]);
    await main(page).getByRole('slider', { name: 'Time' }).focus();
    // half way through the period (Page Up moves a tenth): both arrows have left their first fix
    for (let k = 0; k < 5; k++) await page.keyboard.press('PageUp');
    const now = await arrows(page);
    expect(near(now.get(ids.van), [VAN[0]!.lat, VAN[0]!.lon])).toBe(false);
    expect(near(now.get(ids.car), [CAR[0]!.lat, CAR[0]!.lon])).toBe(false);
    // markers: the server's stops and the events with a position among the replayed ones
    const query = `deviceId=${ids.van}&deviceId=${ids.car}&from=${FROM}&to=${TO}`;
    const stops = await adminJson<Array<{ latitude: number; longitude: number }>>(harness(), 'GET', `/api/reports/stops?${query}`);
    const events = await adminJson<Array<{ positionId: number; type: string }>>(harness(), 'GET', `/api/reports/events?${query}`);
    expect(stops.some((stop) => distanceMeters(stop.latitude, stop.longitude, B[0], B[1]) < 30), JSON.stringify(stops)).toBe(true);
    // the SOS is a marker; online/moving/stopped events are not
    const shown = events.filter((e) => e.positionId > 0 && !STATE_EVENTS.has(e.type));
    expect(shown.map((e) => e.type)).toContain('alarm');
    const markers = Number(await page.locator('[data-testid="replay-map"] [data-replay-markers]').getAttribute('data-replay-markers'));
    expect(markers).toBe(stops.length + shown.length);
    // the history as GPX: a track per device, every fix of each
    await main(page).getByRole('button', { name: 'Download' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'GPX' }).click()]);
    expect(download.suggestedFilename()).toBe('replay-2026-11-03-2026-11-03.gpx');
    const { readFile } = await import('node:fs/promises');
    const doc = new JSDOM(await readFile(await download.path(), 'utf8'), { contentType: 'application/xml' }).window.document;
    const tracks = [...doc.getElementsByTagName('trk')];
    expect(tracks.map((trk) => trk.getElementsByTagName('trkpt').length)).toEqual([VAN.length, CAR.length]);
    expect(tracks.map((trk) => trk.getElementsByTagName('name')[0]?.textContent)).toEqual(['Replay van', 'Replay car']);
    await page.close();
  });

  it('bad input: an empty period says so with the controls disabled; no device says what to fix', async () => {
    const page = await signedInOnReplay(`/replay?deviceId=${ids.van}&period=custom&from=2026-10-01T00:00:00.000Z&to=2026-10-01T23:59:59.999Z&show=true`);
    await main(page).getByText('Nothing to replay in this period', { exact: false }).waitFor({ timeout: 20_000 });
    expect(await main(page).getByTestId('replay-play').isDisabled()).toBe(true);
    expect(await main(page).getByRole('slider', { name: 'Time' }).isDisabled()).toBe(true);
    // a keyboard shortcut does nothing either
    await page.keyboard.press(' ');
    expect(await main(page).getByTestId('replay-play').textContent()).toBe('Play');
    await page.goto(`${harness().server.url}/replay?period=today`);
    await main(page).getByRole('button', { name: 'Show' }).click();
    await main(page).getByText('Choose at least one device or group.').waitFor();
    await page.close();
  });

  it('the device card\'s Replay opens /replay for that device', async () => {
    const { page } = await harness().newPage();
    await signInOnto(page, harness(), '/');
    await page.getByRole('row', { name: 'Replay van' }).click();
    await page.getByRole('link', { name: 'Replay' }).click();
    await page.waitForURL((url) => url.pathname === '/replay' && url.searchParams.getAll('deviceId').includes(String(ids.van)));
    await main(page).getByRole('heading', { level: 1, name: 'Replay' }).waitFor();
    await page.close();
  });
});
