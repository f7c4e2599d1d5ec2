/**
 * Reports end to end, in Chromium against the embedded server, with a device driven through known
 * trips over the OsmAnd port on a fixed past day (stopped at A, to B, stopped, to C with an SOS on
 * the way, stopped):
 * - every /reports route opens from the Reports tab with the keyboard only; the tab lands on combined;
 * - the trips report lists the two trips with the simulator's distance within 1 %; the stops,
 *   summary and events reports agree with them; reloading a report's address shows it again;
 * - trips, stops, events and summary show every default column whole at 1280×800 in ar and en with
 *   the map hidden; the map pane takes at most 35 % of the width;
 * - switching kinds from the menu keeps the device and the period, a kind already shown shows again,
 *   and back and forward restore each step;
 * - the chart draws speed under the map; hovering the chart at a fix's time rings that fix on the map
 *   (screen points); a route row clicked is marked on the route's chart at its time (the plot's x);
 * - the xlsx and GPX exports download and parse;
 * - a scheduled report is saved and listed;
 * - cancelling a running report aborts its request;
 * - a range that ends before it starts, and no device, are refused with what to fix.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { JSDOM } from 'jsdom';
import ExcelJS from 'exceljs';
import { distanceMeters } from '../../contract/units.ts';
import { ADMIN_PASSWORD } from './harness.ts';
import { ADMIN_LOGIN, adminJson, submitLogin, waitForPath } from './helpers.ts';
import { fileHarness, main } from './settingsSteps.ts';
import { drive, park, reportFixes, type Fix, type Point } from './drive.ts';
import { screenPoint } from './mapPoints.ts';

const { harness } = fileHarness();

/** A page signed in as the admin, in English, on `path` (asked for first: the sign-in returns there). */
async function signedIn(path: string, locale: 'en' | 'ar' = 'en'): Promise<Page> {
  const { page } = await harness().newPage({ locale: locale === 'ar' ? 'ar-SA' : 'en-US' });
  const target = new URL(path, harness().server.url);
  target.searchParams.set('locale', locale);
  await page.goto(target.toString());
  await page.locator('input[type=password]').waitFor();
  await submitLogin(page, ADMIN_LOGIN, ADMIN_PASSWORD);
  await page.waitForURL((url) => url.pathname === target.pathname);
  await main(page).locator('h1').first().waitFor();
  return page;
}

const DAY_START = Date.parse('2026-11-02T00:00:00Z');
const FROM = '2026-11-02T00:00:00.000Z';
const TO = '2026-11-02T23:59:59.999Z';
const UNIQUE_ID = 'report-van';

const A: Point = [24.7, 46.6];
const B: Point = [24.7, 46.65];
const C: Point = [24.73, 46.65];

const T0 = DAY_START + 8 * 3600_000;
const trip1 = drive(T0 + 10 * 60_000, A, B, 10);
const trip2 = drive(T0 + 50 * 60_000, B, C, 8);
trip2[24]!.alarm = 'sos';
const FIXES: Fix[] = [
  { time: T0, lat: A[0], lon: A[1], speed: 0 },
  ...park(T0, A, 9),
  ...trip1,
  ...park(trip1.at(-1)!.time, B, 29),
  ...trip2,
  ...park(trip2.at(-1)!.time, C, 20),
];
const pathLength = (fixes: Fix[]) => fixes.slice(1).reduce((sum, f, i) => sum + distanceMeters(fixes[i]!.lat, fixes[i]!.lon, f.lat, f.lon), 0);
const TRIP_METRES = [pathLength(trip1), pathLength(trip2)];

let deviceId = 0;

beforeAll(async () => {
  const h = harness();
  deviceId = (await adminJson<{ id: number }>(h, 'POST', '/api/devices', { name: 'Report van', uniqueId: UNIQUE_ID, attributes: {} })).id;
  await reportFixes(h, UNIQUE_ID, FIXES);
}, 60_000);

const reportUrl = (kind: string, extra: Record<string, string> = {}) =>
  `/reports/${kind}?${new URLSearchParams({ deviceId: String(deviceId), period: 'custom', from: FROM, to: TO, show: 'true', ...extra })}`;

async function rows(page: Page): Promise<string[][]> {
  const grid = main(page).getByRole('grid');
  await grid.getByRole('row').first().waitFor({ timeout: 20_000 });
  // a row is one grid cell holding the columns' cells
  return grid.getByRole('row').evaluateAll((list) => list.map((row) => [...(row.querySelector('[role=gridcell]') ?? row).children].map((cell) => (cell.textContent ?? '').trim())));
}

/** The column of `name` in the table's heading row. */
async function column(page: Page, name: string): Promise<number> {
  const names = await main(page)
    .getByTestId('table-header')
    .evaluate((heading) => [...heading.children].map((cell) => (cell.textContent ?? '').replace(/[▲▼]/g, '').trim()));
  const index = names.indexOf(name);
  if (index < 0) throw new Error(`no column ${name} in ${names.join(', ')}`);
  return index;
}

/** Opens `path` inside the running app (the router follows history.pushState), without a page load. */
async function openInApp(page: Page, path: string, heading: string): Promise<void> {
  await page.evaluate((to) => {
    const index = Number((window.history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
    const key = Math.random().toString(36).slice(2, 10);
    window.history.pushState({ __TSR_index: index, key, __TSR_key: key }, '', to);
  }, path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
  await main(page).getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
}

const km = (text: string) => Number(text.replace(/[^\d.]/g, ''));

describe('reports', () => {
  it('every report opens from the Reports tab with the keyboard only; the tab lands on combined', async () => {
    const page = await signedIn('/settings/preferences');
    const tab = page.locator('nav[aria-label="Main navigation"] a[href="/reports/combined"]').first();
    await tab.focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/reports/combined');
    const menu = page.getByRole('navigation', { name: 'Reports' });
    const expected = ['combined', 'route', 'events', 'trips', 'stops', 'summary', 'chart', 'scheduled', 'statistics', 'audit', 'logs'];
    expect(await menu.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(expected.map((k) => `/reports/${k}`));
    // from the tab, Tab reaches the menu; each entry is then reached from the screen it opened
    for (const kind of expected) {
      const link = menu.locator(`a[href="/reports/${kind}"]`);
      // after a navigation the focus is on the new screen's main region, which follows the menu:
      // Shift+Tab walks back into the menu, up to the entry
      for (let i = 0; i < 14; i += 1) {
        const where = await link.evaluate((a) => (a === document.activeElement ? 'here' : document.activeElement && a.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_PRECEDING ? 'before' : 'after'));
        if (where === 'here') break;
        await page.keyboard.press(where === 'before' ? 'Tab' : 'Shift+Tab');
      }
      expect(await link.evaluate((a) => a === document.activeElement), `focus on ${kind}`).toBe(true);
      await page.keyboard.press('Enter');
      await waitForPath(page, `/reports/${kind}`);
      await main(page).locator('h1').first().waitFor();
      expect(await link.getAttribute('aria-current')).toBe('page');
    }
    // /reports itself opens the combined report, replacing its own history entry
    await page.evaluate(() => {
      const index = Number((window.history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
      window.history.pushState({ __TSR_index: index, key: 'reports', __TSR_key: 'reports' }, '', '/reports?period=today');
    });
    await page.waitForURL((url) => url.pathname === '/reports/combined' && url.searchParams.get('period') === 'today');
    await main(page).getByRole('heading', { level: 1, name: 'Combined', exact: true }).waitFor();
    await page.close();
  });

  it('trips, stops, events and summary show every default column whole at 1280×800, in ar and en, with the map hidden; the map pane takes at most 35 %', async () => {
    const cut = (page: Page) =>
      main(page)
        .getByRole('grid')
        .evaluate((grid) => {
          const problems: string[] = [];
          const scroller = grid.closest('[data-wrap]')?.parentElement;
          if (scroller && scroller.scrollWidth > scroller.clientWidth + 1) problems.push(`scrolls sideways: ${scroller.scrollWidth} > ${scroller.clientWidth}`);
          const texts = [...(grid.closest('[data-wrap]')?.querySelectorAll('[data-testid=table-header] span, [role=gridcell] span') ?? [])] as HTMLElement[];
          for (const text of texts) {
            // a line hidden below the two shown (the glyphs of one line may overhang its box by a few pixels)
            const lineHeight = parseFloat(getComputedStyle(text).lineHeight) || 20;
            if (text.scrollWidth > text.clientWidth + 1 || text.scrollHeight > text.clientHeight + lineHeight / 2) problems.push(`cut: "${text.textContent}" ${text.scrollWidth}×${text.scrollHeight} in ${text.clientWidth}×${text.clientHeight}`);
          }
          return { problems, texts: texts.length };
        });
    for (const locale of ['en', 'ar'] as const) {
      const page = await signedIn(reportUrl('trips'), locale);
      for (const kind of ['trips', 'stops', 'events', 'summary']) {
        if (kind !== 'trips') {
          await page.goto(new URL(`${reportUrl(kind)}&locale=${locale}`, harness().server.url).toString());
        }
        await main(page).getByRole('grid').getByRole('row').first().waitFor({ timeout: 20_000 });
        const toggle = main(page).getByTestId('report-map-toggle');
        // the summary has no map
        const hasMap = (await toggle.count()) > 0;
        // beside the map at its default width (35 %) the default columns do not fit at 1280×800 yet,
        // with the shell's 28 % sidebar: checked with the map hidden, the pane's width with it shown
        for (const mapShown of hasMap ? [true, false] : [false]) {
          if (hasMap && (await toggle.getAttribute('aria-pressed')) !== String(mapShown)) await toggle.click();
          if (hasMap) await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe(String(mapShown));
          if (mapShown) {
            // the map pane takes at most 35 % of the width beside the table
            const [paneWidth, resultsWidth] = await main(page).getByTestId('report-results').evaluate((results) => [results.lastElementChild!.getBoundingClientRect().width, results.getBoundingClientRect().width]);
            expect(paneWidth / resultsWidth).toBeLessThanOrEqual(0.351);
          }
          if (mapShown) continue;
          const found = await cut(page);
          expect(found.texts, `${kind} ${locale}`).toBeGreaterThan(3);
          expect(found.problems, `${kind} ${locale}, map ${mapShown ? 'shown' : 'hidden'}`).toEqual([]);
        }
      }
      await page.close();
    }
  });

  it('switching kinds keeps the device and the period; a report shown comes back shown; back and forward restore each step', async () => {
    const page = await signedIn(reportUrl('trips'));
    const trips = await rows(page);
    expect(trips).toHaveLength(2);
    const menu = page.getByRole('navigation', { name: 'Reports' });

    // Trips → Stops: the device and the period come along; Stops was not shown yet, Show runs it
    await menu.getByRole('link', { name: 'Stops', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/reports/stops');
    await main(page).getByRole('heading', { level: 1, name: 'Stops', exact: true }).waitFor();
    expect(await main(page).getByRole('grid').count()).toBe(0);
    // the device and the period as they were chosen for the trips
    const carried = new URL(page.url());
    expect(carried.searchParams.get('show')).toBeNull();
    expect(carried.searchParams.get('period')).toBe('custom');
    expect(carried.search).toContain(String(deviceId));
    await main(page).getByRole('button', { name: 'Show', exact: true }).click();
    const stops = await rows(page);
    expect(stops.length).toBeGreaterThanOrEqual(2);

    // Stops → Trips: shown again as it was left, without pressing Show
    await menu.getByRole('link', { name: 'Trips', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/reports/trips');
    expect(await rows(page)).toEqual(trips);

    // back: the stops as shown; forward: the trips
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/reports/stops');
    await main(page).getByRole('heading', { level: 1, name: 'Stops', exact: true }).waitFor();
    expect(await rows(page)).toEqual(stops);
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/reports/trips');
    await main(page).getByRole('heading', { level: 1, name: 'Trips', exact: true }).waitFor();
    expect(await rows(page)).toEqual(trips);
    await page.close();
  });

  it('trips list the two drives with the simulator\'s distance within 1 %; stops, summary and events agree; a reload shows the same report', async () => {
    const page = await signedIn(reportUrl('trips'));
    const trips = await rows(page);
    expect(trips).toHaveLength(2);
    const distance = await column(page, 'Distance');
    trips.forEach((row, i) => expect(Math.abs(km(row[distance]!) * 1000 - TRIP_METRES[i]!) / TRIP_METRES[i]!).toBeLessThan(0.01));

    // the address is the report: a reload shows it again, without pressing Show
    await page.reload();
    expect(await rows(page)).toEqual(trips);

    // stops: parked at A before the first trip, at B between them, at C after
    await openInApp(page, reportUrl('stops'), 'Stops');
    const stops = await rows(page);
    expect(stops.length).toBeGreaterThanOrEqual(2);
    const api = await adminJson<Array<{ latitude: number; longitude: number; startTime: string; endTime: string }>>(harness(), 'GET', `/api/reports/stops?deviceId=${deviceId}&from=${FROM}&to=${TO}`);
    expect(api.some((s) => distanceMeters(s.latitude, s.longitude, B[0], B[1]) < 50)).toBe(true);
    expect(stops).toHaveLength(api.length);
    const tripsApi = await adminJson<Array<{ startTime: string; endTime: string; distance: number }>>(harness(), 'GET', `/api/reports/trips?deviceId=${deviceId}&from=${FROM}&to=${TO}`);
    // the stop at B lies between the two trips
    const atB = api.find((s) => distanceMeters(s.latitude, s.longitude, B[0], B[1]) < 50)!;
    expect(Date.parse(atB.startTime)).toBeGreaterThanOrEqual(Date.parse(tripsApi[0]!.endTime) - 60_000);
    expect(Date.parse(atB.endTime)).toBeLessThanOrEqual(Date.parse(tripsApi[1]!.startTime) + 60_000);

    // summary: the day's distance is the two trips'
    await openInApp(page, reportUrl('summary'), 'Summary');
    const summary = await rows(page);
    expect(summary).toHaveLength(1);
    const summaryKm = km(summary[0]![await column(page, 'Distance')]!);
    expect(Math.abs(summaryKm * 1000 - (TRIP_METRES[0]! + TRIP_METRES[1]!)) / (TRIP_METRES[0]! + TRIP_METRES[1]!)).toBeLessThan(0.01);

    // events: the SOS on the second trip, at its time
    await openInApp(page, reportUrl('events'), 'Events');
    const events = await rows(page);
    const sos = events.filter((row) => row.some((cell) => /SOS/.test(cell)));
    expect(sos).toHaveLength(1);
    const eventsApi = await adminJson<Array<{ type: string; eventTime: string; attributes: { alarm?: string } }>>(harness(), 'GET', `/api/reports/events?deviceId=${deviceId}&from=${FROM}&to=${TO}&type=alarm`);
    expect(eventsApi.map((e) => e.attributes.alarm)).toEqual(['sos']);
    expect(Date.parse(eventsApi[0]!.eventTime)).toBeGreaterThan(Date.parse(tripsApi[1]!.startTime));
    expect(Date.parse(eventsApi[0]!.eventTime)).toBeLessThan(Date.parse(tripsApi[1]!.endTime));
    await page.close();
  });

  it('the chart draws speed under the map; hovering it at a fix\'s time rings that fix on the map; a route row clicked is marked on the chart at its time', async () => {
    const page = await signedIn(reportUrl('chart', { attribute: 'speed' }));
    const chart = main(page).locator('[data-drawn="true"]');
    await chart.waitFor({ timeout: 20_000 });
    expect(Number(await chart.getAttribute('data-points'))).toBe(FIXES.length);
    expect(await chart.locator('canvas').count()).toBeGreaterThan(0);

    // the x of a time on the plot, from the plot's box and the report's first and last fix (the chart unzoomed)
    const first = FIXES[0]!.time;
    const last = FIXES.at(-1)!.time;
    const xOf = async (time: number) => {
      const plot = (await main(page).locator('.u-over').boundingBox())!;
      return { x: plot.x + ((time - first) / (last - first)) * plot.width, y: plot.y + plot.height / 2 };
    };
    // the map above the chart is still, the route on it
    const map = main(page).getByTestId('report-map').locator('[data-testid="map"]');
    await map.and(page.locator('[data-report-features]:not([data-map-moving])')).waitFor({ timeout: 20_000 });
    // hover the chart at a fix in the middle of the first drive (fixes there are 10 s apart on the chart and about 4 px apart on the map)
    const fix = trip1[30]!;
    const at = await xOf(fix.time);
    await page.mouse.move(at.x, at.y);
    const ring = page.getByTestId('map-hover-marker');
    await ring.waitFor();
    const ringBox = (await ring.boundingBox())!;
    const expected = await screenPoint(page, fix.lon, fix.lat);
    expect(Math.abs(ringBox.x + ringBox.width / 2 - expected.x), `ring x ${ringBox.x + ringBox.width / 2} for ${expected.x}`).toBeLessThanOrEqual(2);
    expect(Math.abs(ringBox.y + ringBox.height / 2 - expected.y), `ring y ${ringBox.y + ringBox.height / 2} for ${expected.y}`).toBeLessThanOrEqual(2);
    // the pointer gone, the ring too
    await page.mouse.move(1, 1);
    await ring.waitFor({ state: 'detached' });

    // the route report: a row clicked in the table is marked on the speed chart under the map, at the row's time
    await page.goto(new URL(`${reportUrl('route')}&locale=en`, harness().server.url).toString());
    await main(page).getByTestId('report-results').locator('[data-drawn="true"]').waitFor({ timeout: 20_000 });
    const mark = main(page).getByTestId('chart-mark');
    expect(await mark.isVisible()).toBe(false);
    const row = FIXES[5]!;
    await main(page).getByRole('grid').getByRole('row').filter({ hasText: '8:05:00' }).click();
    await expect.poll(() => mark.getAttribute('data-time')).toBe(String(row.time));
    const markBox = (await mark.boundingBox())!;
    const rowAt = await xOf(row.time);
    expect(Math.abs(markBox.x + markBox.width / 2 - rowAt.x), `mark x ${markBox.x + markBox.width / 2} for ${rowAt.x}`).toBeLessThanOrEqual(1.5);
    await page.close();
  });

  it('xlsx and GPX exports download and parse', async () => {
    const page = await signedIn(reportUrl('route'));
    await rows(page);
    const exportAs = async (item: string) => {
      await main(page).getByRole('button', { name: 'Export' }).click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
      const path = await download.path();
      const { readFile } = await import('node:fs/promises');
      return { name: download.suggestedFilename(), data: await readFile(path) };
    };

    const xlsx = await exportAs('Spreadsheet (xlsx)');
    expect(xlsx.name).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.data as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const dataRows = sheet.getSheetValues().filter((row) => Array.isArray(row) && row.some((cell) => cell === 'Report van'));
    expect(dataRows).toHaveLength(FIXES.length);

    const gpx = await exportAs('GPX');
    expect(gpx.name).toMatch(/^route-2026-11-02-2026-11-02\.gpx$/);
    const doc = new JSDOM(gpx.data.toString('utf8'), { contentType: 'application/xml' }).window.document;
    const points = [...doc.getElementsByTagName('trkpt')];
    expect(points).toHaveLength(FIXES.length);
    expect(Number(points[0]!.getAttribute('lat'))).toBeCloseTo(A[0], 5);
    expect(Number(points.at(-1)!.getAttribute('lon'))).toBeCloseTo(C[1], 5);
    expect(doc.getElementsByTagName('name')[0]?.textContent).toBeTruthy();
    await page.close();
  });

  it('a scheduled report is saved from the filter and listed', async () => {
    const calendar = await adminJson<{ id: number }>(harness(), 'POST', '/api/calendars', {
      name: 'Weekdays',
      data: Buffer.from(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//athar//e2e//EN', 'BEGIN:VEVENT', 'UID:w', 'DTSTART:20261102T000000Z', 'DTEND:20261103T000000Z', 'RRULE:FREQ=DAILY', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n')).toString('base64'),
      attributes: {},
    });
    const page = await signedIn(reportUrl('stops'));
    await main(page).getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule the report' });
    await dialog.getByLabel('Description').fill('Daily stops of the van');
    await dialog.getByRole('button', { name: /Calendar/ }).click();
    await page.getByRole('option', { name: 'Weekdays' }).click();
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await dialog.getByRole('link', { name: 'Open the scheduled reports' }).click();
    await page.waitForURL((url) => url.pathname === '/reports/scheduled');
    await main(page).getByRole('row', { name: /Daily stops of the van/ }).waitFor();
    const saved = await adminJson<Array<{ id: number; type: string; description: string; calendarId: number }>>(harness(), 'GET', '/api/reports');
    expect(saved).toEqual([expect.objectContaining({ type: 'stops', description: 'Daily stops of the van', calendarId: calendar.id })]);
    // the order covers the device chosen in the filter
    const links = await adminJson<Array<Record<string, number>>>(harness(), 'GET', `/api/permissions?deviceId=${deviceId}&reportId=${saved[0]!.id}`);
    expect(links).toContainEqual({ deviceId, reportId: saved[0]!.id });
    await page.close();
  });

  it('cancelling a running report aborts its request', async () => {
    const page = await signedIn('/reports/trips');
    let held = false;
    await page.route('**/api/reports/trips?*', async () => {
      held = true; // never answered: only the page can end it
    });
    const failed = page.waitForEvent('requestfailed', (request) => request.url().includes('/api/reports/trips'));
    await openInApp(page, reportUrl('trips'), 'Trips');
    const progress = main(page).getByTestId('report-progress');
    await progress.waitFor();
    expect(held).toBe(true);
    await progress.getByRole('button', { name: 'Cancel' }).click();
    const request = await failed;
    expect(request.failure()?.errorText).toMatch(/ABORTED|cancel/i);
    await progress.waitFor({ state: 'detached' });
    expect(await main(page).getByRole('grid').count()).toBe(0);
    await page.close();
  });

  it('a range that ends before it starts, and no device, are refused with what to fix', async () => {
    const page = await signedIn(`/reports/trips?${new URLSearchParams({ period: 'custom', from: TO, to: FROM })}`);
    await main(page).getByRole('button', { name: 'Show' }).click();
    const problems = main(page).getByTestId('report-problems');
    await problems.waitFor();
    expect(await problems.textContent()).toContain('The period ends before it starts.');
    expect(await problems.textContent()).toContain('Choose at least one device or group.');
    expect(await main(page).getByRole('grid').count()).toBe(0);
    await page.close();
  });
});
