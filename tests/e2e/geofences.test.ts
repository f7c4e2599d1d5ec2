/**
 * Geofences drawn on the map, end to end, with real mouse events on `/geofences` (terra-draw on
 * MapLibre, the geofence machine, the resource layer, the embedded server):
 * - a circle, a polygon and a line are drawn and saved; after a reload the API holds them in
 *   Traccar's form, latitude first, the circle's centre within 1 m and its radius within 1 % of
 *   where the mouse went;
 * - a polygon's vertex is dragged and saved; a line is deleted with the Delete key;
 * - the tools work by keyboard (toolbar arrows, Enter, Escape); the open editor passes axe;
 * - a GPX route crossing itself and a file that is not GPX are refused with their reasons, nothing
 *   is saved, the shape stays; made a line, it saves; Escape puts it down;
 * - a device reporting through the OsmAnd port into and out of the drawn circle brings the
 *   geofenceEnter and geofenceExit events live, named after the circle in the toasts, the events
 *   drawer and the events report;
 * - a geofence made through the API as `CIRCLE (24.7136 46.6753, 500)` is listed on /geofences
 *   and drawn on the main map.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { distanceMeters } from '../../contract/units.ts';
import { parseArea, type Geometry } from '../../contract/wkt.ts';
import { seriousViolations } from './axe.ts';
import { adminJson } from './helpers.ts';
import { placeAt, screenPoint } from './mapPoints.ts';
import { fileHarness, main } from './settingsSteps.ts';

const { harness, signedIn } = fileHarness();

interface GeofenceRow {
  id: number;
  name: string;
  area: string;
}

async function mapReady(page: Page): Promise<void> {
  await page.locator('[data-testid="map"][data-map-ready="true"]').waitFor({ timeout: 30_000 });
}

async function geofences(): Promise<GeofenceRow[]> {
  return adminJson<GeofenceRow[]>(harness(), 'GET', '/api/geofences');
}

async function mapBox(page: Page) {
  const box = await page.locator('[data-testid="map"]').boundingBox();
  if (!box) throw new Error('no map');
  return box;
}

/** Clicks with a pause, as a person would (terra-draw tells a click from a drag by movement). */
async function clickAt(page: Page, x: number, y: number): Promise<void> {
  await page.mouse.move(x, y, { steps: 4 });
  await page.mouse.down();
  await page.mouse.up();
}

async function nameAndSave(page: Page, name: string): Promise<void> {
  const editor = page.getByTestId('geofence-editor');
  await editor.waitFor();
  await editor.getByLabel('Name').fill(name);
  await editor.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('geofence-saved').waitFor({ timeout: 10_000 });
}

function asCircle(g: Geometry) {
  if (g.type !== 'circle') throw new Error(`expected a circle, got ${g.type}`);
  return g;
}

function asPoints(g: Geometry) {
  if (g.type === 'circle') throw new Error('expected points');
  return g.points;
}

describe('geofences drawn on the map', () => {
  it('draws a circle, a polygon and a line with the mouse; the API holds them latitude first after a reload', async () => {
    const page = await signedIn('/geofences');
    await mapReady(page);
    const box = await mapBox(page);
    // whole pixels: the browser's mouse events carry whole pixels, and the expected places are taken at them
    const cx = Math.round(box.x + box.width / 2);
    const cy = Math.round(box.y + box.height / 2);

    // a circle: click the centre, click at the edge
    await page.getByRole('button', { name: 'Draw a circle' }).click();
    const centre = await placeAt(page, cx - 120, cy - 60);
    const edge = await placeAt(page, cx - 40, cy - 60);
    await clickAt(page, cx - 120, cy - 60);
    await page.mouse.move(cx - 60, cy - 60, { steps: 5 });
    await clickAt(page, cx - 40, cy - 60);
    await nameAndSave(page, 'Drawn circle');

    // a polygon: four corners, then the first again to close it
    await page.getByRole('button', { name: 'Draw a polygon' }).click();
    const corners = [
      [cx + 40, cy - 120],
      [cx + 180, cy - 120],
      [cx + 180, cy - 10],
      [cx + 40, cy - 10],
    ] as const;
    const cornerPlaces = [];
    for (const [x, y] of corners) {
      cornerPlaces.push(await placeAt(page, x, y));
      await clickAt(page, x, y);
    }
    await clickAt(page, corners[0][0], corners[0][1]);
    await nameAndSave(page, 'Drawn polygon');

    // a line: three points, the last clicked again to finish
    await page.getByRole('button', { name: 'Draw a line' }).click();
    const stops = [
      [cx - 150, cy + 80],
      [cx - 20, cy + 140],
      [cx + 120, cy + 90],
    ] as const;
    for (const [x, y] of stops) await clickAt(page, x, y);
    await clickAt(page, stops[2][0], stops[2][1]);
    await nameAndSave(page, 'Drawn line');

    await page.reload();
    await mapReady(page);
    const list = main(page).getByTestId('geofence-list');
    for (const name of ['Drawn circle', 'Drawn polygon', 'Drawn line']) await list.getByRole('option', { name: new RegExp(name) }).waitFor();

    const saved = await geofences();
    const circle = saved.find((g) => g.name === 'Drawn circle');
    const polygon = saved.find((g) => g.name === 'Drawn polygon');
    const line = saved.find((g) => g.name === 'Drawn line');
    expect(circle?.area).toMatch(/^CIRCLE \(/);
    expect(polygon?.area).toMatch(/^POLYGON \(\(/);
    expect(line?.area).toMatch(/^LINESTRING \(/);

    const c = asCircle(parseArea(circle!.area));
    // latitude first: Riyadh is at 24.7° N, 46.7° E
    expect(c.lat).toBeGreaterThan(20);
    expect(c.lat).toBeLessThan(30);
    expect(c.lon).toBeGreaterThan(40);
    expect(distanceMeters(c.lat, c.lon, centre.lat, centre.lon)).toBeLessThan(1);
    const radius = distanceMeters(centre.lat, centre.lon, edge.lat, edge.lon);
    expect(Math.abs(c.radius - radius) / radius).toBeLessThan(0.01);

    const ring = asPoints(parseArea(polygon!.area));
    // stored closed, as Traccar stores it
    expect(ring.at(0)).toEqual(ring.at(-1));
    expect(ring).toHaveLength(5);
    // each corner where the mouse clicked (the ring may run either way round)
    for (const place of cornerPlaces) expect(Math.min(...ring.map(([lat, lon]) => distanceMeters(lat, lon, place.lat, place.lon)))).toBeLessThan(1);

    const path = asPoints(parseArea(line!.area));
    expect(path).toHaveLength(3);
    expect(path[0]![0]).toBeLessThan(30);
    await page.context().close();
  });

  it('moves a vertex of a polygon and deletes a line with the Delete key', async () => {
    const page = await signedIn('/geofences');
    await mapReady(page);
    const list = main(page).getByTestId('geofence-list');

    await list.getByRole('option', { name: /Drawn polygon/ }).click();
    await page.getByTestId('geofence-editor').waitFor();
    // the editor open on a shape passes axe too (the route itself is checked in a11y.test.ts)
    expect(await seriousViolations(page)).toEqual([]);
    const before = asPoints(parseArea((await geofences()).find((g) => g.name === 'Drawn polygon')!.area));
    const [lat, lon] = before[1]!;
    const from = await screenPoint(page, lon, lat);
    const to = { x: from.x + 30, y: from.y + 40 };
    const target = await placeAt(page, to.x, to.y);
    await page.mouse.move(from.x, from.y, { steps: 4 });
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
    await page.getByTestId('geofence-editor').getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('geofence-saved').waitFor({ timeout: 10_000 });
    const after = asPoints(parseArea((await geofences()).find((g) => g.name === 'Drawn polygon')!.area));
    expect(distanceMeters(after[1]![0], after[1]![1], target.lat, target.lon)).toBeLessThan(10);
    expect(after[0]).toEqual(before[0]);

    await list.getByRole('option', { name: /Drawn line/ }).click();
    await page.getByTestId('geofence-editor').getByRole('heading', { name: /Line/ }).waitFor();
    await page.keyboard.press('Delete');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await list.getByRole('option', { name: /Drawn line/ }).waitFor({ state: 'detached' });
    expect((await geofences()).some((g) => g.name === 'Drawn line')).toBe(false);
    await page.context().close();
  });

  it('refuses a GPX route that crosses itself and a file that is not GPX; nothing is saved and the shape stays', async () => {
    const page = await signedIn('/geofences');
    await mapReady(page);
    const count = (await geofences()).length;
    // the tools by keyboard: a toolbar (arrow keys move), Enter picks a tool, Escape puts it down
    await page.getByRole('button', { name: 'Draw a polygon' }).focus();
    await page.keyboard.press('ArrowRight');
    const circleTool = page.getByRole('button', { name: 'Draw a circle' });
    expect(await circleTool.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await circleTool.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('status').filter({ hasText: /centre/ }).waitFor();
    await page.keyboard.press('Escape');
    expect(await circleTool.getAttribute('aria-pressed')).toBe('false');
    const input = page.locator('input[type="file"]');
    const gpx = (body: string) => `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">${body}</gpx>`;
    const point = (lat: number, lon: number) => `<rtept lat="${lat}" lon="${lon}"></rtept>`;
    // a bow tie: the route's edges cross in the middle
    await input.setInputFiles({
      name: 'bow-tie.gpx',
      mimeType: 'application/gpx+xml',
      buffer: Buffer.from(gpx(`<rte><name>Bow tie</name>${point(24.70, 46.66)}${point(24.72, 46.69)}${point(24.72, 46.66)}${point(24.70, 46.69)}</rte>`)),
    });
    const editor = page.getByTestId('geofence-editor');
    await editor.waitFor();
    expect(await editor.getByLabel('Name').inputValue()).toBe('Bow tie');
    await editor.getByRole('button', { name: 'Save' }).click();
    const problem = page.getByTestId('geofence-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toMatch(/cross/);
    expect((await geofences()).length).toBe(count);
    expect(await editor.getByLabel('Name').inputValue()).toBe('Bow tie');

    // Escape with the shape unsaved asks first; keeping it loses nothing
    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog');
    await question.getByRole('heading', { name: 'Discard changes?' }).waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await editor.getByLabel('Name').inputValue()).toBe('Bow tie');

    // not GPX: said, and the shape on the editor stays
    await input.setInputFiles({ name: 'notes.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from('just some text') });
    await page.getByText('This file is not a GPX file.').waitFor();
    expect(await editor.getByLabel('Name').inputValue()).toBe('Bow tie');
    expect((await geofences()).length).toBe(count);

    // the crossing route kept as a line instead: converted, saved
    await editor.getByRole('button', { name: 'Make it a line' }).click();
    await editor.getByRole('heading', { name: /Line/ }).waitFor();
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('geofence-saved').waitFor({ timeout: 10_000 });
    const kept = (await geofences()).find((g) => g.name === 'Bow tie');
    expect(asPoints(parseArea(kept!.area))).toHaveLength(5);
    expect(kept!.area).toMatch(/^LINESTRING \(24\.7 46\.66, 24\.72 46\.69/);

    // Escape puts the shape down
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it("a device crossing a drawn circle brings its enter and exit events live, named after the circle in the toasts, the drawer and the events report", async () => {
    // the toasts are the app's, on every page: signed in onto the geofences' list, no map to draw
    const page = await signedIn('/settings/geofences');
    // the live connection up, so that the events reach the page
    await page.locator('[data-testid="connection-state"][data-status="online"]').waitFor({ timeout: 15_000 });
    const circle = (await geofences()).find((g) => g.name === 'Drawn circle');
    const c = asCircle(parseArea(circle!.area));
    const device = await adminJson<{ id: number }>(harness(), 'POST', '/api/devices', { name: 'Fence crosser', uniqueId: 'fence-crosser' });
    expect(device.id).toBeGreaterThan(0);
    const report = async (lat: number, lon: number, seconds: number) => {
      const query = new URLSearchParams({ id: 'fence-crosser', lat: String(lat), lon: String(lon), timestamp: String(seconds) });
      const response = await fetch(`${harness().server.url}/?${query}`, { method: 'POST' });
      expect(response.ok).toBe(true);
    };
    const now = Math.floor(Date.now() / 1000);
    const away = c.radius * 3 / 111_320;
    await report(c.lat + away, c.lon, now - 20);
    await report(c.lat, c.lon, now - 10);
    // the toast names the device and the geofence: "Geofence entered: Drawn circle"
    const entered = page.getByTestId('event-toast').filter({ hasText: /Fence crosser/ }).filter({ hasText: 'Geofence entered: Drawn circle' });
    await entered.first().waitFor({ timeout: 15_000 });
    await report(c.lat - away, c.lon, now);
    const left = page.getByTestId('event-toast').filter({ hasText: /Fence crosser/ }).filter({ hasText: 'Geofence exited: Drawn circle' });
    await left.first().waitFor({ timeout: 15_000 });
    const events = await adminJson<Array<{ type: string; geofenceId: number }>>(
      harness(),
      'GET',
      `/api/reports/events?deviceId=${device.id}&from=${new Date((now - 60) * 1000).toISOString()}&to=${new Date((now + 60) * 1000).toISOString()}`,
    );
    expect(events.filter((e) => e.geofenceId === circle!.id).map((e) => e.type)).toEqual(['geofenceEnter', 'geofenceExit']);

    // the drawer names it too
    await page.getByTestId('events-button').click();
    const drawer = page.getByRole('dialog', { name: 'Events' });
    await drawer.getByText('Geofence entered: Drawn circle').first().waitFor();
    await drawer.getByText('Geofence exited: Drawn circle').first().waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // and so does the events report, in the order they happened
    const query = new URLSearchParams({ deviceId: String(device.id), period: 'custom', from: new Date((now - 60) * 1000).toISOString(), to: new Date((now + 60) * 1000).toISOString(), show: 'true' });
    await page.goto(new URL(`/reports/events?${query}`, harness().server.url).toString());
    const grid = main(page).getByRole('grid');
    await grid.getByRole('row').nth(1).waitFor({ timeout: 20_000 });
    // the names come with the session's geofence list, loaded once the page is idle
    await expect
      .poll(async () => (await grid.locator('[role=gridcell] span').allTextContents()).filter((text) => /Drawn circle/.test(text)), { timeout: 10_000 })
      .toEqual(['Geofence entered: Drawn circle', 'Geofence exited: Drawn circle']);
    await page.context().close();
  });

  it('a geofence made through the API is listed on /geofences and drawn on the main map', async () => {
    const made = await adminJson<{ id: number }>(harness(), 'POST', '/api/geofences', { name: 'API circle', area: 'CIRCLE (24.7136 46.6753, 500)' });
    const page = await signedIn('/geofences');
    await main(page).getByTestId('geofence-list').getByRole('option', { name: /API circle/ }).waitFor();
    const count = (await geofences()).length;
    await page.getByRole('link', { name: 'Map' }).first().click();
    const map = page.locator(`[data-testid="map"][data-map-ready="true"][data-geofence-features="${count}"]`);
    await map.waitFor({ timeout: 30_000 });
    expect(made.id).toBeGreaterThan(0);
    await page.context().close();
  });
});
