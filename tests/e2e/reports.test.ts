/**
 * Reports end to end, in Chromium against the embedded server, with a device driven through known
 * trips over the OsmAnd port on a fixed past day (stopped at A, to B, stopped, to C with an SOS on
 * the way, stopped):
 * - every /reports route opens from the Reports tab with the keyboard only; the tab lands on combined;
 * - the trips report lists the two trips with the simulator's distance within 1 %; the stops,
 *   summary and events reports agree with them; reloading a report's address shows it again;
 * - trips, stops, events and summary show every default column whole at 1280×800 in ar and en, with
 *   the map beside at its default (30 %, at most 35 %) and hidden; the divider resizes the map, and
 *   the layout is kept;
 * - switching kinds from the menu keeps the device and the period, a kind already shown shows again,
 *   and back and forward restore each step;
 * - the chart draws speed under the map; hovering the chart at a fix's time rings that fix on the map
 *   (screen points); a route row clicked is marked on the route's chart at its time (the plot's x);
 * - the xlsx and GPX exports download and parse;
 * - in Arabic, the trips' xlsx is the table on the screen: Arabic headers, the speed's unit in its
 *   header, the numbers shown, times as date cells of the wall clock in the user's zone; the CSV
 *   holds the same rows;
 * - every kind prints (Chromium's PDF of the print stylesheet): the filter as a header, every row in
 *   a plain table, the map and chart beside; the Arabic trips' print is a screenshot baseline;
 * - a scheduled report is saved and listed;
 * - cancelling a running report aborts its request;
 * - a range that ends before it starts, and no device, are refused with what to fix.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { JSDOM } from 'jsdom';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { distanceMeters } from '../../contract/units.ts';
import { adminJson, signInThroughApi, waitForPath } from './helpers.ts';
import { fileHarness, main } from './settingsSteps.ts';
import { drive, park, reportFixes, type Fix, type Point } from './drive.ts';
import { compareLook } from './visual.ts';
import { screenPoint } from './mapPoints.ts';

const { harness } = fileHarness();

/**
 * A browser context per language with the admin signed in once, through the API (the sign-in is
 * not what this file tests): each test opens its own page in it and goes straight to its report.
 */
const signedContexts = new Map<string, Promise<BrowserContext>>();

async function newSignedContext(locale: 'en' | 'ar'): Promise<BrowserContext> {
  const { context, page } = await harness().newPage({ locale: locale === 'ar' ? 'ar-SA' : 'en-US' });
  await signInThroughApi(page, harness());
  await page.close();
  return context;
}

/**
 * A page signed in as the admin on `path`, in `locale`: in the language's shared context, or with
 * `fresh`, in a context of its own (for a test whose stored choices, such as the map pane's
 * layout, must not reach the others).
 */
async function signedIn(path: string, locale: 'en' | 'ar' = 'en', options: { fresh?: boolean; viewport?: { width: number; height: number } } = {}): Promise<Page> {
  let context: Promise<BrowserContext>;
  if (options.fresh) context = newSignedContext(locale);
  else {
    context = signedContexts.get(locale) ?? newSignedContext(locale);
    signedContexts.set(locale, context);
  }
  const page = await (await context).newPage();
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  if (options.viewport) await page.setViewportSize(options.viewport);
  const target = new URL(path, harness().server.url);
  target.searchParams.set('locale', locale);
  await page.goto(target.toString());
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
  const names = await headerNames(page);
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

/** The reports' titles (each one's heading and menu entry) in both languages. */
const TITLES = {
  trips: { en: 'Trips', ar: 'الرحلات' },
  stops: { en: 'Stops', ar: 'التوقفات' },
  events: { en: 'Events', ar: 'الأحداث' },
  summary: { en: 'Summary', ar: 'الملخص' },
  route: { en: 'Route', ar: 'المسار' },
  chart: { en: 'Chart', ar: 'الرسم البياني' },
} as const;

const km = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/** A figure as shown in Arabic ("٤٨٫١ كم/س") as a number: Arabic-Indic digits, the Arabic decimal point, no grouping. */
const arabicNumber = (text: string) =>
  Number(
    text
      .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
      .replace(/\u066B/g, '.')
      .replace(/[^\d.]/g, ''),
  );

/** The names in the table's heading row, in order. */
async function headerNames(page: Page): Promise<string[]> {
  return main(page)
    .getByTestId('table-header')
    .evaluate((heading) => [...heading.children].map((cell) => (cell.textContent ?? '').replace(/[▲▼]/g, '').trim()));
}

/** The text of every page of a PDF (pdf.js), one string per page. */
async function pdfText(data: Uint8Array): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data, disableFontFace: true, useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages;
}

/** Chooses `item` in the Export menu (`button` in the page's language) and reads the download. */
async function exportAs(page: Page, item: string, button = 'Export'): Promise<{ name: string; data: Buffer }> {
  await main(page).getByRole('button', { name: button, exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
  const { readFile } = await import('node:fs/promises');
  return { name: download.suggestedFilename(), data: await readFile(await download.path()) };
}

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

  it('trips, stops, events and summary show every default column whole at 1280×800, in ar and en, with the map beside at its default (30 %) and hidden; the divider resizes the map and the layout is kept', async () => {
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
    const place = async (page: Page, where: 'beside' | 'above' | 'hidden') => {
      const button = main(page).getByTestId('report-map-place');
      if ((await button.getAttribute('data-place')) === where) return;
      await button.click();
      await page.getByTestId(`report-map-${where}`).click();
      await expect.poll(() => button.getAttribute('data-place')).toBe(where);
    };
    const paneShare = (page: Page) =>
      main(page).getByTestId('report-results').evaluate((results) => results.querySelector('[data-testid=report-map-pane]')!.getBoundingClientRect().width / results.getBoundingClientRect().width);
    // each language in a context of its own (the place chosen here is kept: it must not reach the
    // other tests), each kind opened inside the running app
    let page!: Page;
    for (const locale of ['en', 'ar'] as const) {
      if (page) await page.close();
      page = await signedIn(reportUrl('trips'), locale, { fresh: true });
      for (const kind of ['trips', 'stops', 'events', 'summary'] as const) {
        if (kind !== 'trips') await openInApp(page, reportUrl(kind), TITLES[kind][locale]);
        await main(page).getByRole('grid').getByRole('row').first().waitFor({ timeout: 20_000 });
        // the summary has no map
        const hasMap = (await main(page).getByTestId('report-map-place').count()) > 0;
        for (const where of hasMap ? (['beside', 'hidden'] as const) : (['hidden'] as const)) {
          if (hasMap) await place(page, where);
          if (where === 'beside') {
            // the map pane's default: 30 % of the results' width, at most 35 %
            const share = await paneShare(page);
            expect(share).toBeGreaterThan(0.25);
            expect(share).toBeLessThanOrEqual(0.35);
          }
          const found = await cut(page);
          expect(found.texts, `${kind} ${locale}`).toBeGreaterThan(3);
          expect(found.problems, `${kind} ${locale}, map ${where}`).toEqual([]);
        }
      }
    }

    // the divider: dragged towards the table the map widens; an arrow key moves it too (towards the
    // map it narrows: the map is at the inline end, on the left in Arabic); the size and the place are
    // kept for the next report (the Arabic page above: its pane never resized)
    await openInApp(page, reportUrl('trips'), TITLES.trips.ar);
    await main(page).getByRole('grid').getByRole('row').first().waitFor({ timeout: 20_000 });
    await place(page, 'beside');
    const divider = main(page).getByTestId('report-map-divider');
    const before = await paneShare(page);
    const box = (await divider.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 100, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    const dragged = await paneShare(page);
    expect(dragged).toBeGreaterThan(before + 0.05);
    await divider.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await paneShare(page)).toBeLessThan(dragged - 0.01);
    const kept = Number(await divider.getAttribute('aria-valuenow'));
    await page.goto(new URL(`${reportUrl('stops')}&locale=ar`, harness().server.url).toString());
    await main(page).getByRole('grid').getByRole('row').first().waitFor({ timeout: 20_000 });
    expect(Number(await main(page).getByTestId('report-map-divider').getAttribute('aria-valuenow'))).toBe(kept);
    // above the table: the table takes the whole width
    await place(page, 'above');
    const [tableWidth, resultsWidth] = await main(page).getByTestId('report-results').evaluate((results) => [results.querySelector('[role=grid]')!.closest('[data-wrap]')!.parentElement!.getBoundingClientRect().width, results.getBoundingClientRect().width]);
    expect(tableWidth).toBeGreaterThan(resultsWidth - 4);
    await place(page, 'beside');
    await page.close();
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
    await openInApp(page, reportUrl('route'), 'Route');
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

  it('on a phone, a list opened low on the screen stays clear of the bottom navigation', async () => {
    const page = await signedIn(reportUrl('chart', { attribute: 'speed' }), 'en', { viewport: { width: 390, height: 844 } });
    await main(page).locator('[data-drawn="true"]').waitFor({ timeout: 20_000 });
    // the attributes' field is two thirds down the screen: its list (six attributes) would reach past
    // the navigation's top
    const field = main(page).getByRole('button', { name: /Speed/ }).first();
    expect((await field.boundingBox())!.y).toBeGreaterThan(844 / 2);
    await field.click();
    const list = page.getByRole('listbox');
    await list.waitFor();
    const navTop = await page.getByRole('navigation', { name: 'Main navigation' }).last().evaluate((nav) => nav.getBoundingClientRect().top);
    const box = (await list.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(navTop);
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('xlsx and GPX exports download and parse', async () => {
    const page = await signedIn(reportUrl('route'));
    await rows(page);
    const xlsx = await exportAs(page, 'Spreadsheet (xlsx)');
    expect(xlsx.name).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.data as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const dataRows = sheet.getSheetValues().filter((row) => Array.isArray(row) && row.some((cell) => cell === 'Report van'));
    expect(dataRows).toHaveLength(FIXES.length);

    const gpx = await exportAs(page, 'GPX');
    expect(gpx.name).toMatch(/^route-2026-11-02-2026-11-02\.gpx$/);
    const doc = new JSDOM(gpx.data.toString('utf8'), { contentType: 'application/xml' }).window.document;
    const points = [...doc.getElementsByTagName('trkpt')];
    expect(points).toHaveLength(FIXES.length);
    expect(Number(points[0]!.getAttribute('lat'))).toBeCloseTo(A[0], 5);
    expect(Number(points.at(-1)!.getAttribute('lon'))).toBeCloseTo(C[1], 5);
    expect(doc.getElementsByTagName('name')[0]?.textContent).toBeTruthy();
    await page.close();
  });

  it('in Arabic, the xlsx is the trips table on the screen (Arabic headers, the unit in the speed header, the numbers shown, real times in the user zone) and the CSV holds the same rows', async () => {
    // the admin's zone is Riyadh (UTC+3, no daylight saving) for this test: the machine's is UTC
    const session = await adminJson<{ id: number; attributes: Record<string, unknown> }>(harness(), 'GET', '/api/session');
    const admin = await adminJson<Record<string, unknown> & { attributes: Record<string, unknown> }>(harness(), 'GET', `/api/users/${session.id}`);
    await adminJson(harness(), 'PUT', `/api/users/${session.id}`, { ...admin, attributes: { ...admin.attributes, timezone: 'Asia/Riyadh' } });
    try {
      const page = await signedIn(reportUrl('trips'), 'ar');
      const shown = await rows(page);
      expect(shown).toHaveLength(2);
      const headers = await headerNames(page);

      const xlsx = await exportAs(page, 'جدول بيانات (xlsx)', 'تصدير');
      // named after the period's days in Riyadh: it ends at 02:59 on the 3rd there
      expect(xlsx.name).toBe('trips-2026-11-02-2026-11-03.xlsx');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.data as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.views[0]?.rightToLeft).toBe(true);
      const heading = (sheet.getRow(1).values as unknown[]).slice(1);
      // the columns shown, in their order, named as on the screen, after the device's name (one device:
      // the screen names it in the filter, a file has only its columns); a figure's header names its unit
      expect(headers).not.toContain('الجهاز');
      const columns = ['الجهاز', ...headers];
      expect(heading).toHaveLength(columns.length);
      heading.forEach((text, i) => expect(String(text).startsWith(columns[i]!)).toBe(true));
      const topSpeed = columns.indexOf('أعلى سرعة');
      expect(topSpeed).toBeGreaterThan(-1);
      expect(heading[topSpeed]).toBe('أعلى سرعة (كم/س)');
      expect(heading[columns.indexOf('المسافة')]).toBe('المسافة (كم)');
      expect(heading[0]).toBe('الجهاز');

      const tripsApi = await adminJson<Array<{ startTime: string; endTime: string }>>(harness(), 'GET', `/api/reports/trips?deviceId=${deviceId}&from=${FROM}&to=${TO}`);
      const wallClock = (iso: string) => new Date(Math.floor(Date.parse(iso) / 1000) * 1000 + 3 * 3600_000);
      const start = columns.indexOf('وقت البداية');
      const end = columns.indexOf('وقت النهاية');
      const cells = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
      expect(sheet.rowCount).toBe(3);
      cells.forEach((cell, i) => {
        expect(cell[0]).toBe('Report van');
        // the number the screen shows, as a number
        expect(typeof cell[topSpeed]).toBe('number');
        expect(cell[topSpeed]).toBe(arabicNumber(shown[i]![headers.indexOf('أعلى سرعة')]!));
        expect(cell[topSpeed]).toBeGreaterThan(10);
        // a date cell reading the wall clock in Riyadh, formatted as a date and time
        expect(cell[start]).toBeInstanceOf(Date);
        expect(cell[start]).toEqual(wallClock(tripsApi[i]!.startTime));
        expect(cell[end]).toEqual(wallClock(tripsApi[i]!.endTime));
        expect(sheet.getRow(i + 2).getCell(start + 1).numFmt).toMatch(/yyyy-mm-dd hh:mm/);
      });

      // the CSV: the same table
      const csv = await exportAs(page, 'CSV', 'تصدير');
      expect(csv.name).toBe('trips-2026-11-02-2026-11-03.csv');
      const text = csv.data.toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const csvRows = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
      const asText = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 19).replace('T', ' ') : value === null || value === undefined ? '' : String(value));
      expect(csvRows).toEqual([heading.map(asText), ...cells.map((row) => columns.map((_, i) => asText(row[i])))]);
      await page.close();
    } finally {
      await adminJson(harness(), 'PUT', `/api/users/${session.id}`, admin);
    }
  });

  it('every kind prints: the filter as a header, every row in a plain table, the map and the chart; the PDF has them', async () => {
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir('test-results/print', { recursive: true });
    const page = await signedIn(reportUrl('trips'));
    const kinds = [
      { kind: 'trips', title: 'Trips', column: 'Start time', map: true },
      { kind: 'stops', title: 'Stops', column: 'Engine hours', map: true },
      { kind: 'events', title: 'Events', column: 'Event', map: true },
      { kind: 'summary', title: 'Summary', column: 'Day', map: false },
      { kind: 'route', title: 'Route', column: 'Latitude', map: true },
      { kind: 'chart', title: 'Chart', column: 'Latitude', map: false },
    ];
    for (const { kind, title, column: header, map } of kinds) {
      await page.emulateMedia({ media: 'screen' });
      // each kind opened inside the running app (the trips are open already)
      if (kind !== 'trips') await openInApp(page, reportUrl(kind, kind === 'chart' ? { attribute: 'speed' } : {}), title);
      await main(page).getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      // the rows as the screen shows them (the chart's rows are its positions)
      let first: string[];
      let count: number;
      if (kind === 'chart') {
        await main(page).locator('[data-drawn="true"]').waitFor({ timeout: 20_000 });
        count = FIXES.length;
        first = [];
      } else {
        const shown = await rows(page);
        count = kind === 'route' ? FIXES.length : shown.length;
        first = shown[0]!;
      }
      // Print opens the browser's print (counted here: a headless browser has no dialog to show)
      await page.evaluate(() => {
        const counted = window as unknown as { printed: number };
        counted.printed = 0;
        window.print = () => void (counted.printed += 1);
      });
      await main(page).getByRole('button', { name: 'Print', exact: true }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      // on screen, the printed header and table are not seen
      expect(await main(page).getByTestId('print-header').isVisible()).toBe(false);
      expect(await main(page).getByTestId('print-table').isVisible()).toBe(false);

      await page.emulateMedia({ media: 'print' });
      // the controls and the interactive table are gone; the header and the plain table are there, every row
      expect(await main(page).getByRole('button', { name: 'Export' }).isVisible()).toBe(false);
      expect(await main(page).locator('form').isVisible()).toBe(false);
      expect(await page.locator('aside').isVisible()).toBe(false);
      const printed = main(page).getByTestId('print-table');
      expect(await printed.isVisible()).toBe(true);
      expect(await printed.locator('tbody tr').count()).toBe(count);
      if (first.length) expect(await printed.locator('tbody tr').first().locator('td').allTextContents()).toEqual(first);
      const heading = main(page).getByTestId('print-header');
      expect(await heading.isVisible()).toBe(true);
      expect(await heading.textContent()).toContain('Report van');
      // the map or the chart is printed under the table, the page's width
      const image = map ? main(page).getByTestId('report-results').locator('canvas').first() : kind === 'chart' ? main(page).locator('[data-drawn="true"] canvas').first() : null;
      if (image) expect((await image.boundingBox())?.width ?? 0).toBeGreaterThan(300);

      const pdf = await page.pdf({ format: 'A4', margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' } });
      await writeFile(`test-results/print/${kind}.pdf`, pdf);
      // pdf.js splits a line into runs at its own spaces: compared without white space
      const pages = (await pdfText(new Uint8Array(pdf))).map((text) => text.replace(/\s+/g, ''));
      const flat = (text: string) => text.replace(/\s+/g, '');
      for (const expected of [title, 'Period', 'Reportvan']) expect(pages[0], kind).toContain(expected);
      // the table's heading (the chart's positions follow the chart)
      expect(kind === 'chart' ? pages.join('') : pages[0], kind).toContain(flat(header));
      // every row is printed, not the screenful: each printed row's first cell (a time) in the PDF, in order
      // (one device: its name is in the header, not in a column)
      const firsts = (await printed.locator('tbody tr td:first-child').allTextContents()).map(flat);
      expect(firsts, kind).toHaveLength(count);
      const all = pages.join('');
      let at = 0;
      for (const cell of firsts) {
        const found = all.indexOf(cell, at);
        expect(found, `${kind}: row "${cell}"`).toBeGreaterThanOrEqual(0);
        at = found + cell.length;
      }
      for (const cell of first.filter((c) => /\d/.test(c))) expect(pages.join(''), `${kind}: ${cell}`).toContain(flat(cell));
    }
    await page.close();
  });

  it('the Arabic trips print as the baseline look', async () => {
    const page = await signedIn(reportUrl('trips'), 'ar');
    await rows(page);
    await page.emulateMedia({ media: 'print' });
    // the map's tiles and labels draw as they load: its pane is masked, its place kept
    const result = await compareLook(page, 'report-print-trips-ar', [main(page).getByTestId('report-results').locator('canvas')]);
    expect(result.matches, `report-print-trips-ar differs by ${(result.ratio * 100).toFixed(2)} %`).toBe(true);
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
