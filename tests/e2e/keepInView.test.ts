/**
 * The chosen vehicle stays in view (issue 30), end to end with the demo's 8 devices driving (the
 * simulator on) and devices of the test's own, reporting over the server's OsmAnd port as a phone
 * does:
 *
 * - for 60 s at 1280 × 800, a position every 2 s, each a few hundred metres further towards the
 *   card and on past it (without keeping in view it would drive under the card and off the
 *   screen): each reaches the card within 1.5 s (its fix time, distinct for each, is on the card),
 *   and at every step the marker is on the map and not under the card. (The same drive at
 *   390 × 844 side by side doubled the work of this 2-core machine's software WebGL and made both
 *   late; one after the other it would double the minute: the phone is covered by the Track test.)
 * - a person's pan pauses keeping in view (the card then offers "Show on map"), and selecting the
 *   device again (its row) resumes it;
 *   the scale bar counts in the user's distance unit;
 * - with Track on (390 × 844, Arabic), a zoom never pauses it (the device comes back into view),
 *   positions towards the card keep it clear of the card, and a pan pauses it; the card's "Show on
 *   map" brings it back.
 *
 * Where the marker is: the drawn position (the one on the card: the map and the card read the same
 * store, the map first) projected with the camera the map writes on its container at each
 * `moveend`, read once the map is still (`data-map-moving` gone: the app's ease for that position,
 * if any, has ended). When the card changed is recorded in the page (a MutationObserver), so the
 * test's own checks never delay the figure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';
import { adminJson, signInThroughApi, waitForMap } from './helpers.ts';
import { reportFixes } from './drive.ts';
import { CAMERA } from '../../src/machines/camera/camera.machine.ts';
import { REVEAL_MS } from '../../src/map/camera.ts';
import { countMapDraws, mapStill, project, screenPoint, unproject } from './mapPoints.ts';

let harness: Harness;
const DEVICES = { desktop: 'e2e-keep-desktop', phone: 'e2e-keep-phone', focused: 'e2e-keep-focused' } as const;
const ids: Record<string, number> = {};

beforeAll(async () => {
  harness = await startHarness({ demo: true, simulator: true });
  for (const uniqueId of Object.values(DEVICES)) {
    ids[uniqueId] = (await adminJson<{ id: number }>(harness, 'POST', '/api/devices', { name: `Test car ${uniqueId.slice(9)}`, uniqueId, category: 'car' })).id;
  }
});

afterAll(async () => {
  await harness?.close();
});

/** Seconds of the last fix sent per device: each later than the one before (the card shows a distinct fix time). */
const lastFix: Record<string, number> = {};
async function sendFix(uniqueId: string, lat: number, lon: number): Promise<number> {
  const seconds = Math.max((lastFix[uniqueId] ?? 0) + 1, Math.floor(Date.now() / 1000));
  lastFix[uniqueId] = seconds;
  await reportFixes(harness, uniqueId, [{ time: seconds * 1000, lat, lon, speed: 20 }]);
  return seconds;
}

const mapOf = (page: Page) => page.locator('[data-testid="map"]');
const cardOf = (page: Page) => page.getByTestId('device-card');

/** The fix time as the card writes it (its time part, in the page's language and time zone). */
function cardTime(page: Page, seconds: number): Promise<string> {
  return page.evaluate((s) => new Intl.DateTimeFormat(document.documentElement.lang, { timeStyle: 'medium' }).format(new Date(s * 1000)), seconds);
}

/** Records in the page when the card's text changes (`window.__cardTexts`: [time ms, text]). */
async function recordCard(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __cardTexts: Array<[number, string]> };
    w.__cardTexts = [];
    let last = '';
    const look = () => {
      const text = document.querySelector('[data-testid="device-card"]')?.textContent ?? '';
      if (text === last) return;
      last = text;
      w.__cardTexts.push([Date.now(), text]);
    };
    look();
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** When (page clock, ms) the card first showed this text, or null. */
function cardShowedAt(page: Page, text: string): Promise<number | null> {
  return page.evaluate((t) => (window as unknown as { __cardTexts: Array<[number, string]> }).__cardTexts.find(([, shown]) => shown.includes(t))?.[0] ?? null, text);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const inside = (p: { x: number; y: number }, b: Box) => p.x >= b.x && p.x <= b.x + b.width && p.y >= b.y && p.y <= b.y + b.height;
/** The marker's radius: a marker whose centre is this near an edge is cut, one this near a box is partly under it. */
const MARKER_RADIUS = 16;
const grown = (b: Box, by: number): Box => ({ x: b.x - by, y: b.y - by, width: b.width + 2 * by, height: b.height + 2 * by });
/** What the marker must not be under besides the card: MapLibre's controls and the layers button. */
const CONTROLS = '.maplibregl-ctrl-group, .maplibregl-ctrl-scale, .maplibregl-ctrl-attrib, [data-testid="map-layers"]';

/** Why a marker centred at `point` is hidden: cut by the map's edge, under the card or under a control; null when in view. */
function hiddenAt(point: { x: number; y: number }, map: Box, card: Box, controls: readonly Box[]): string | null {
  const at = `${Math.round(point.x)},${Math.round(point.y)}`;
  if (!inside(point, grown(map, -MARKER_RADIUS))) return `off the map at ${at}`;
  if (inside(point, grown(card, MARKER_RADIUS / 2))) return `under the card at ${at}`;
  if (controls.some((control) => inside(point, grown(control, MARKER_RADIUS / 2)))) return `under a map control at ${at}`;
  return null;
}

async function controlBoxes(page: Page): Promise<Box[]> {
  return page.evaluate((selector) => [...document.querySelectorAll(selector)].map((element) => {
    const r = element.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  }).filter((box) => box.width > 0 && box.height > 0), CONTROLS);
}

/** Why the marker at this place is hidden (off the map, under the card or a control), or null when it is in view. */
async function hidden(page: Page, lat: number, lon: number): Promise<string | null> {
  const point = await screenPoint(page, lon, lat);
  const map = await mapOf(page).boundingBox();
  const card = await cardOf(page).boundingBox();
  if (!map || !card) return 'no map or no card';
  return hiddenAt(point, map, card, await controlBoxes(page));
}

/** The camera the map wrote at its last `moveend`. */
async function cameraOf(page: Page): Promise<{ center: [number, number]; zoom: number; size: { width: number; height: number }; written: string }> {
  const map = mapOf(page);
  const written = `${await map.getAttribute('data-map-center')} ${await map.getAttribute('data-map-zoom')}`;
  const [lon = 0, lat = 0] = ((await map.getAttribute('data-map-center')) ?? '').split(',').map(Number);
  const zoom = Number(await map.getAttribute('data-map-zoom'));
  const size = await map.evaluate((element) => ({ width: element.clientWidth, height: element.clientHeight }));
  return { center: [lon, lat], zoom, size, written };
}

/** Chooses the device in the list (on a phone, in the Devices drawer) and waits for its card. */
async function choose(page: Page, uniqueId: string): Promise<void> {
  const row = page.locator(`[data-device-id="${ids[uniqueId]}"]`);
  if (!(await row.isVisible())) await page.getByRole('button', { name: /^(Devices|الأجهزة)$/ }).click();
  await row.click();
  await cardOf(page).waitFor();
}

/** Signs in, zooms in twice (street level), puts the device at `offset` px from the map's centre, chooses it; its place. */
async function openWithDevice(page: Page, uniqueId: string, locale = 'en', offset = { x: 0, y: 0 }): Promise<{ lat: number; lon: number }> {
  await countMapDraws(page);
  // signed in through the API (the login screen is not under test), straight onto the map
  await signInThroughApi(page, harness);
  await page.goto(`${harness.server.url}/?locale=${locale}`);
  await waitForMap(page);
  for (let i = 0; i < 2; i++) await page.locator('.maplibregl-ctrl-zoom-in').click();
  await mapStill(page);
  const camera = await cameraOf(page);
  const at = unproject(camera.size.width / 2 + offset.x, camera.size.height / 2 + offset.y, camera.center, camera.zoom, camera.size);
  const seconds = await sendFix(uniqueId, at.lat, at.lon);
  await choose(page, uniqueId);
  await shows(page, seconds);
  await mapStill(page);
  return at;
}

/** Waits until the card shows this fix (20 s at most: a batch of the socket may hold it). */
async function shows(page: Page, seconds: number): Promise<void> {
  await page.waitForFunction((t) => document.querySelector('[data-testid="device-card"]')?.textContent?.includes(t) ?? false, await cardTime(page, seconds), { timeout: 20_000 });
}

/** The place `dx`, `dy` px from the map's centre now. */
async function placeFromCentre(page: Page, dx: number, dy: number): Promise<{ lat: number; lon: number }> {
  const camera = await cameraOf(page);
  return unproject(camera.size.width / 2 + dx, camera.size.height / 2 + dy, camera.center, camera.zoom, camera.size);
}

/**
 * A person drags the map by `dx`, `dy` px (MapLibre's drag, then its inertia), from the uncovered
 * point of the map (its canvas on top: no card, control or toast there, at the start nor at the
 * end) nearest to `from` (fractions of the map's box; its centre by default).
 */
async function drag(page: Page, dx: number, dy: number, from = { x: 0.5, y: 0.5 }): Promise<void> {
  const start = await page.evaluate(
    ({ dx, dy, from }) => {
      const canvas = document.querySelector('[data-testid="map"] canvas');
      const box = document.querySelector('[data-testid="map"]')!.getBoundingClientRect();
      const onMap = (x: number, y: number) => document.elementFromPoint(x, y) === canvas;
      const candidates: Array<{ x: number; y: number }> = [];
      for (let fy = 0.05; fy < 1; fy += 0.05) for (let fx = 0.05; fx < 1; fx += 0.05) candidates.push({ x: box.x + box.width * fx, y: box.y + box.height * fy });
      const want = { x: box.x + box.width * from.x, y: box.y + box.height * from.y };
      candidates.sort((a, b) => Math.hypot(a.x - want.x, a.y - want.y) - Math.hypot(b.x - want.x, b.y - want.y));
      return candidates.find((p) => onMap(p.x, p.y) && onMap(p.x + dx, p.y + dy)) ?? null;
    },
    { dx, dy, from },
  );
  if (!start) throw new Error(`no uncovered place of the map to drag by ${dx},${dy}`);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + dx, start.y + dy, { steps: 12 });
  await page.mouse.up();
  await mapStill(page);
}

/** Long enough for a move of the app to have started and ended (the zoom's settle, the ease). */
const APP_MOVE_MS = CAMERA.settleMs + REVEAL_MS + 400;

interface DriveResult {
  late: string[];
  hidden: string[];
  delays: number[];
  metres: number;
  checked: number;
}

/**
 * 30 positions, one every 2 s, from the map's centre towards the card's middle and on past it
 * (1.3 map lengths on the screen of the start); each step checks the card and the marker.
 */
async function driveTowardsTheCard(page: Page, uniqueId: string, start: { lat: number; lon: number }, steps = 30, everyMs = 2_000): Promise<DriveResult> {
  const camera = await cameraOf(page);
  const map = await mapOf(page).boundingBox();
  const card = await cardOf(page).boundingBox();
  if (!map || !card) throw new Error('no boxes');
  const from = { x: camera.size.width / 2, y: camera.size.height / 2 };
  const towards = { x: card.x + card.width / 2 - map.x - from.x, y: card.y + card.height / 2 - map.y - from.y };
  const length = Math.hypot(towards.x, towards.y);
  const stepPx = (1.3 * Math.max(camera.size.width, camera.size.height)) / steps;
  const fixes = Array.from({ length: steps }, (_, i) => {
    const k = ((i + 1) * stepPx) / length;
    return unproject(from.x + towards.x * k, from.y + towards.y * k, camera.center, camera.zoom, camera.size);
  });
  const metres = (Math.hypot(fixes[1]!.lat - fixes[0]!.lat, (fixes[1]!.lon - fixes[0]!.lon) * Math.cos((fixes[0]!.lat * Math.PI) / 180)) * 40_075_016) / 360;
  await recordCard(page);
  const startText = await cardTime(page, lastFix[uniqueId]!);

  const result: DriveResult = { late: [], hidden: [], delays: [], metres, checked: 0 };
  const sent: Array<{ at: number; text: string }> = [];
  const t0 = Date.now();
  let lastSent = 0;
  for (const [i, fix] of fixes.entries()) {
    // on time, and never two positions less than 0.9 of a step apart (a late step must not merge two)
    const due = Math.max(t0 + i * everyMs, lastSent + everyMs * 0.9);
    if (Date.now() < due) await page.waitForTimeout(due - Date.now());
    const seconds = await sendFix(uniqueId, fix.lat, fix.lon);
    lastSent = Date.now();
    // in the page, in one go: the fix time as the card writes it; the card showing it (the map drew
    // it first) and the map still (the app's ease for it, if any, ended: `data-map-moving` gone),
    // each waited for until its deadline; then which sent position the card shows, the camera and the boxes
    const look = await page.evaluate(
      async ({ seconds, texts, cardBy, stillBy, controls }) => {
        const text = new Intl.DateTimeFormat(document.documentElement.lang, { timeStyle: 'medium' }).format(new Date(seconds * 1000));
        const map = document.querySelector<HTMLElement>('[data-testid="map"]')!;
        const until = async (done: () => boolean, by: number) => {
          while (!done() && Date.now() < by) await new Promise((resolve) => setTimeout(resolve, 40));
        };
        const cardText = () => document.querySelector('[data-testid="device-card"]')?.textContent ?? '';
        await until(() => cardText().includes(text), cardBy);
        await until(() => map.dataset.mapMoving === undefined, stillBy);
        const record = (window as unknown as { __cardTexts: Array<[number, string]> }).__cardTexts;
        const all = [...texts, text];
        let drawn = -1;
        for (let k = all.length - 1; k >= 0 && drawn < 0; k--) if (record.some(([, shown]) => shown.includes(all[k]!))) drawn = k;
        const box = (element: Element | null) => {
          const r = element?.getBoundingClientRect();
          return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
        };
        const [lon = 0, lat = 0] = (map.dataset.mapCenter ?? '').split(',').map(Number);
        return {
          text,
          drawn,
          moving: map.dataset.mapMoving !== undefined,
          center: [lon, lat] as [number, number],
          zoom: Number(map.dataset.mapZoom),
          size: { width: map.clientWidth, height: map.clientHeight },
          map: box(map),
          card: box(document.querySelector('[data-testid="device-card"]')),
          controls: [...document.querySelectorAll(controls)].map(box).filter((b): b is NonNullable<typeof b> => b !== null && b.width > 0 && b.height > 0),
        };
      },
      { seconds, texts: [startText, ...sent.map((entry) => entry.text)], cardBy: due + everyMs * 0.6, stillBy: due + everyMs * 0.95, controls: CONTROLS },
    );
    sent.push({ at: lastSent, text: look.text });
    if (look.drawn < 0) throw new Error('the card shows none of the positions');
    if (look.moving) {
      result.hidden.push(`#${i}: the map was still moving at the step's end`);
      continue;
    }
    if (!look.map || !look.card) throw new Error('no map or no card');
    // the marker where the map draws it, projected with the map's camera
    // (index 0: where the device was before the drive, until a position of it is drawn)
    const drawnFix = [start, ...fixes][look.drawn]!;
    const p = project(drawnFix.lon, drawnFix.lat, look.center, look.zoom, look.size);
    const point = { x: look.map.x + p.x, y: look.map.y + p.y };
    result.checked += 1;
    const drawn = look.drawn === 0 ? 'the start' : `#${look.drawn - 1}`;
    const why = hiddenAt(point, look.map, look.card, look.controls);
    if (why) result.hidden.push(`#${i} (drawn ${drawn}): ${why}`);
  }
  // how long each took to reach the card, from the page's record: once the last position is on the
  // card (no earlier one can follow it there) or it is late (1.6 s after it was sent)
  await page
    .waitForFunction((t) => (window as unknown as { __cardTexts: Array<[number, string]> }).__cardTexts.some(([, shown]) => shown.includes(t)), sent.at(-1)!.text, { timeout: Math.max(1, lastSent + 1_600 - Date.now()) })
    .catch(() => undefined);
  for (const [i, { at, text }] of sent.entries()) {
    const shownAt = await cardShowedAt(page, text);
    if (shownAt === null) {
      result.late.push(`#${i} never on the card`);
      continue;
    }
    result.delays.push(shownAt - at);
    if (shownAt - at > 1_500) result.late.push(`#${i} on the card after ${shownAt - at} ms`);
  }
  return result;
}

describe('the chosen vehicle stays in view', () => {
  it('60 s of positions every 2 s towards the card and beyond: each on the card within 1.5 s, the marker never under the card or off the map', async () => {
    const { page } = await harness.newPage({ locale: 'en-US' });
    const start = await openWithDevice(page, DEVICES.desktop);
    const r = await driveTowardsTheCard(page, DEVICES.desktop, start);
    console.info(`[keep in view] positions ${Math.round(r.metres)} m apart; ${r.checked} steps checked; on the card after (ms): ${r.delays.join(', ')}`);
    if (r.hidden.length > 0 || r.late.length > 0) console.info(`[keep in view] hidden: ${r.hidden.join('; ')}; late: ${r.late.join('; ')}`);
    // a few hundred metres a step
    expect(r.metres).toBeGreaterThan(100);
    expect(r.metres).toBeLessThan(1_000);
    // the marker, at every step
    expect(r.checked).toBe(30);
    expect(r.hidden).toEqual([]);
    // freshness: each position on the card within 1.5 s
    expect(r.late).toEqual([]);
  }, 120_000);

  it("a person's pan pauses keeping in view, selecting the device again resumes it; the scale bar counts in the user's unit", async () => {
    const { page } = await harness.newPage({ locale: 'en-US' });
    await openWithDevice(page, DEVICES.focused);
    expect(await page.locator('.maplibregl-ctrl-scale').textContent()).toMatch(/^\d+\s(m|km)$/);
    const map = (await mapOf(page).boundingBox())!;
    const card = (await cardOf(page).boundingBox())!;
    // the person drags the map so that the device (at the centre) lies under the card's middle
    const cardMiddle = { x: card.x + card.width / 2 - (map.x + map.width / 2), y: card.y + card.height / 2 - (map.y + map.height / 2) };
    await drag(page, cardMiddle.x, cardMiddle.y);
    const moved = await cameraOf(page);
    // a new position 20 px further on: the map stays where the person put it, the device under the card
    const next = await placeFromCentre(page, cardMiddle.x * 1.05, cardMiddle.y * 1.05);
    await shows(page, await sendFix(DEVICES.focused, next.lat, next.lon));
    await page.waitForTimeout(APP_MOVE_MS);
    await mapStill(page);
    expect((await cameraOf(page)).written).toBe(moved.written);
    expect(await hidden(page, next.lat, next.lon)).toMatch(/under the card/);
    // while paused the card offers to show it again
    await cardOf(page).getByTestId('show-on-map').waitFor();
    // choosing the device again (its row, selected already) brings it beside the card
    await page.locator(`[data-device-id="${ids[DEVICES.focused]}"]`).click();
    await page.waitForTimeout(REVEAL_MS);
    await mapStill(page);
    expect(await hidden(page, next.lat, next.lon)).toBeNull();
    await cardOf(page).getByTestId('show-on-map').waitFor({ state: 'detached' });
    expect((await cameraOf(page)).zoom).toBe(moved.zoom);

    // the scale bar in miles (feet up close) once the user's distance unit is miles
    const admin = (await adminJson<Array<{ id: number; administrator: boolean; attributes: Record<string, unknown> }>>(harness, 'GET', '/api/users')).find((user) => user.administrator)!;
    await adminJson(harness, 'PUT', `/api/users/${admin.id}`, { ...admin, attributes: { ...admin.attributes, distanceUnit: 'mi' } });
    await page.reload();
    await page.locator('[data-testid="map"][data-map-ready="true"]').waitFor();
    await expect.poll(() => page.locator('.maplibregl-ctrl-scale').textContent()).toMatch(/^\d+\s(ft|mi)$/);
    await adminJson(harness, 'PUT', `/api/users/${admin.id}`, admin);
  }, 90_000);

  it('with Track on, a zoom never pauses keeping in view (the device comes back into view, clear of the card on a phone); a pan does', async () => {
    const { page } = await harness.newPage({ locale: 'ar', viewport: { width: 390, height: 844 } });
    const place = await openWithDevice(page, DEVICES.phone, 'ar', { x: 90, y: -120 });
    await cardOf(page).getByRole('button', { name: 'تتبّع', exact: true }).click();
    await cardOf(page).getByRole('button', { name: 'إيقاف التتبّع' }).waitFor();
    const before = await cameraOf(page);
    // two zooms of the person around the centre: the device, 150 px from it, would be 600 px away
    const zoomIn = page.getByRole('button', { name: 'تكبير' });
    // one after the other: MapLibre zooms by one from wherever a running zoom has got to
    for (let step = 0; step < 2; step++) {
      await zoomIn.click();
      await page.waitForTimeout(APP_MOVE_MS);
      await mapStill(page);
    }
    const zoomed = await cameraOf(page);
    expect(zoomed.zoom).toBeCloseTo(before.zoom + 2, 1);
    expect(await hidden(page, place.lat, place.lon)).toBeNull();
    // it drives towards the sheet: kept above it, at the person's zoom
    let last = place;
    for (let step = 0; step < 2; step++) {
      last = await placeFromCentre(page, 0, 260);
      await shows(page, await sendFix(DEVICES.phone, last.lat, last.lon));
      await page.waitForTimeout(REVEAL_MS);
      await mapStill(page);
      expect(await hidden(page, last.lat, last.lon)).toBeNull();
    }
    expect((await cameraOf(page)).zoom).toBe(zoomed.zoom);
    // a pan of the person pauses it: the map stays where they put it
    await drag(page, 0, -150, { x: 0.5, y: 0.35 });
    const panned = await cameraOf(page);
    const further = await placeFromCentre(page, 0, 600);
    await shows(page, await sendFix(DEVICES.phone, further.lat, further.lon));
    await page.waitForTimeout(APP_MOVE_MS);
    await mapStill(page);
    expect((await cameraOf(page)).written).toBe(panned.written);
    expect(await hidden(page, further.lat, further.lon)).not.toBeNull();
    // the card's "Show on map" brings it back, and goes
    const show = cardOf(page).getByRole('button', { name: 'إظهار على الخريطة' });
    await show.click();
    await page.waitForTimeout(REVEAL_MS);
    await mapStill(page);
    expect(await hidden(page, further.lat, further.lon)).toBeNull();
    await show.waitFor({ state: 'detached' });
  }, 90_000);
});
