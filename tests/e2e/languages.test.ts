/**
 * The added languages on screen (issue 37).
 * - he, fa and ur: the map with the device list and a card, a settings form and a report are right
 *   to left, with no English left: every Latin word on screen must be an allowed one (the brand,
 *   technical identifiers, units, and the names of the server's own records), and no message of the
 *   English catalogue may show; a leak is named by the English message it came from.
 * - de and ru: no clipped label in the navigation, the device rows, the card, the settings menu or
 *   a report table, on a desktop and on a phone: each text element's scroll width is compared with
 *   its client width.
 * - Screenshot baselines of the map with a card open and of one settings form, in he, fa, de and
 *   ru, on desktop and phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';
import { adminJson, messageIn, signInThroughApi, waitForMap, waitForPath } from './helpers.ts';
import { compareLook } from './visual.ts';
import { countMapDraws, mapStill } from './mapPoints.ts';
import { parsePo } from '../../scripts/i18nRules.ts';

let harness: Harness;
let deviceId = 0;
/** Words of the server's own records (device, group, user, geofence names): data, not interface. */
const dataWords = new Set<string>();

beforeAll(async () => {
  harness = await startHarness();
  const names: string[] = [];
  for (const path of ['/api/devices', '/api/groups', '/api/users', '/api/geofences', '/api/drivers']) {
    for (const item of await adminJson<Array<{ name?: string; uniqueId?: string; email?: string }>>(harness, 'GET', path)) {
      names.push(item.name ?? '', item.uniqueId ?? '', item.email ?? '');
    }
  }
  for (const word of names.join(' ').match(/[A-Za-z]+/g) ?? []) dataWords.add(word.toLowerCase());
  const devices = await adminJson<Array<{ id: number }>>(harness, 'GET', '/api/devices');
  deviceId = devices[0]?.id ?? 0;
});

afterAll(async () => {
  await harness?.close();
});

/**
 * Latin words allowed in a right-to-left language's page: the brand, technical identifiers and
 * protocol names kept as they are written everywhere, unit abbreviations, and the compass letters
 * of coordinates. Anything else in Latin letters is English left on screen.
 */
const ALLOWED = new Set(
  [
    'Athar', 'Traccar', 'OsmAnd', 'IMEI', 'ICCID', 'GPS', 'GSM', 'SMS', 'URL', 'HTTP', 'HTTPS', 'API', 'ID', 'OpenID', 'JEXL', 'WKT',
    'CSV', 'GPX', 'KML', 'XLSX', 'Excel', 'OBD', 'RFID', 'iButton', 'QR', 'MapLibre', 'OpenStreetMap', 'km', 'h', 'kmh', 'mph', 'mi',
    'nmi', 'kn', 'm', 'ft', 'V', 'N', 'S', 'E', 'W', 'UTC',
    // the basemap's data credit (a name), and the day periods Intl itself writes in Urdu (CLDR's ur data)
    'Natural', 'Earth', 'AM', 'PM',
  ].map((word) => word.toLowerCase()),
);

/** The English catalogue's plain messages (no placeholders), longest first: what a leak is named by. */
const ENGLISH = [...parsePo(readFileSync('src/locales/en.po', 'utf8')).values()]
  .filter((text) => !text.includes('{') && /[A-Za-z]{3}/.test(text))
  .sort((a, b) => b.length - a.length);

/** English on the page: Latin words not allowed, each with the English messages the page shows. */
async function englishOnScreen(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const leaked = (text.match(/[A-Za-z][A-Za-z’'-]*/g) ?? []).filter((word) => !ALLOWED.has(word.toLowerCase()) && !dataWords.has(word.toLowerCase()));
  if (leaked.length === 0) return [];
  const words = new Set(leaked);
  const messages = ENGLISH.filter((message) => text.includes(message) && (message.match(/[A-Za-z]+/g) ?? []).some((word) => words.has(word))).slice(0, 10);
  return [`Latin words ${JSON.stringify([...new Set(leaked)])}${messages.length ? `; English messages: ${messages.map((m) => JSON.stringify(m)).join(', ')}` : ''}`];
}

async function expectRtl(page: Page, lang: string, what: string, found: string[]): Promise<void> {
  const look = await page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    main: getComputedStyle(document.querySelector('main') ?? document.body).direction,
  }));
  if (look.lang !== lang || look.dir !== 'rtl' || look.main !== 'rtl') found.push(`${what}: ${JSON.stringify(look)}`);
  for (const leak of await englishOnScreen(page)) found.push(`${what}: ${leak}`);
}

/** Opens a route inside the app (the router follows history.pushState) and waits for its path. */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const index = Number((window.history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
    const key = Math.random().toString(36).slice(2, 10);
    window.history.pushState({ __TSR_index: index, key, __TSR_key: key }, '', to);
  }, path);
  await waitForPath(page, path);
}

/** Signed in through the API, the map in `lang` (`?locale=`): the sign-in form is another test's. */
async function openMap(page: Page, lang: string): Promise<void> {
  await signInThroughApi(page, harness);
  await countMapDraws(page);
  await page.goto(`${harness.server.url}/?locale=${lang}`);
  await waitForPath(page, '/');
  await waitForMap(page);
}

async function openCard(page: Page): Promise<void> {
  await page.locator('[data-device-id]').first().click();
  await page.getByTestId('device-card').waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await mapStill(page);
}

async function openReport(page: Page): Promise<void> {
  await openInApp(page, `/reports/trips?deviceId=${deviceId}&show=true`);
  await page.locator('main [data-testid="report-count"], main p[role="status"], main [role="alert"]').first().waitFor({ timeout: 30_000 });
}

async function openForm(page: Page): Promise<void> {
  await openInApp(page, `/settings/device/${deviceId}`);
  await page.locator('main form').first().waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * Elements with text under `scope` whose content is wider than their box (scroll width over client
 * width): a label cut, or one running into its neighbour. Inline runs, scrolling boxes and what they scroll are left out.
 */
async function clipped(page: Page, scope: string, what: string): Promise<string[]> {
  const cut = await page.evaluate((selector) => {
    const found: string[] = [];
    for (const root of document.querySelectorAll(selector)) {
      for (const element of [root, ...root.querySelectorAll<HTMLElement>('*')] as HTMLElement[]) {
        // visually hidden parts (react-aria's hidden native select, 1 px wide) are for assistive technology only
        if ((element.textContent ?? '').trim() === '' || element.getClientRects().length === 0 || element instanceof SVGElement || element.clientWidth <= 1) continue;
        const style = getComputedStyle(element);
        // inline runs have no box of their own; a scrolling box (a list) is meant to hold more than it shows
        if (style.display === 'inline' || style.display === 'contents' || style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
        let scrolled = false;
        for (let up = element.parentElement; up && !scrolled; up = up.parentElement) scrolled = ['auto', 'scroll'].includes(getComputedStyle(up).overflowX);
        if (scrolled && style.overflowX === 'visible') continue;
        if (element.scrollWidth > element.clientWidth + 1) found.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}" (${element.scrollWidth} > ${element.clientWidth})`);
      }
    }
    return found;
  }, scope);
  return cut.map((line) => `${what}, ${scope}: ${line}`);
}

/** What each language is checked for: right to left without English, no clipped label, screenshots. */
const CHECKS = {
  he: { rtl: true, fit: false, looks: true },
  fa: { rtl: true, fit: false, looks: true },
  ur: { rtl: true, fit: false, looks: false },
  de: { rtl: false, fit: true, looks: true },
  ru: { rtl: false, fit: true, looks: true },
} as const;

/**
 * One signed-in page per language, walked on a desktop (1280 × 800) and then on a phone
 * (390 × 844): the map with the device list, a card, a device's form, the preferences (the settings
 * menu) and the trips report.
 */
describe.each(Object.keys(CHECKS) as Array<keyof typeof CHECKS>)('in %s', (lang) => {
  const checks = CHECKS[lang];
  const kinds = [checks.rtl && 'right to left with no English left', checks.fit && 'no clipped label', checks.looks && 'its screenshots'].filter(Boolean).join(', ');
  it(`the map, the list, the card, a settings form and a report, on a desktop and a phone: ${kinds}`, async () => {
    const { page, context } = await harness.newPage({ viewport: { width: 1280, height: 800 } });
    const found: string[] = [];
    const looks: string[] = [];
    const masks = () => [page.locator('time'), page.getByTestId('device-card').locator('dd'), page.getByTestId('connection-state')];
    const look = async (name: string) => {
      if (!checks.looks) return;
      const result = await compareLook(page, name, masks());
      if (!result.matches) looks.push(`${name}: ${(result.ratio * 100).toFixed(2)} % of the pixels differ`);
    };
    await openMap(page, lang);
    for (const size of ['desktop', 'phone'] as const) {
      if (size === 'phone') {
        await page.setViewportSize({ width: 390, height: 844 });
        await openInApp(page, '/');
        await waitForMap(page);
        await page.getByRole('button', { name: messageIn(lang, 'Devices'), exact: true }).click();
      }
      await page.getByTestId('device-list').waitFor();
      if (checks.rtl) await expectRtl(page, lang, `the map with the device list (${size})`, found);
      // the device panel: its search, status filter, sort and rows
      if (checks.fit) found.push(...(await clipped(page, 'nav', size)), ...(await clipped(page, 'section:has([data-testid="device-list"])', size)));
      await openCard(page);
      if (checks.rtl) await expectRtl(page, lang, `the map with a card (${size})`, found);
      if (checks.fit) found.push(...(await clipped(page, '[data-testid="device-card"]', size)));
      await look(`language-map-card-${lang}-${size}`);
      await openForm(page);
      if (checks.rtl) await expectRtl(page, lang, `a device's form (${size})`, found);
      await look(`language-device-form-${lang}-${size}`);
      if (checks.fit) {
        await openInApp(page, '/settings/preferences');
        await page.locator('main form').first().waitFor();
        found.push(...(await clipped(page, 'nav', `the settings menu (${size})`)));
      }
      await openReport(page);
      if (checks.rtl) await expectRtl(page, lang, `the trips report (${size})`, found);
      if (checks.fit) found.push(...(await clipped(page, 'main table', `the trips report (${size})`)), ...(await clipped(page, 'main [role=grid]', `the trips report (${size})`)));
    }
    await context.close();
    expect([...found, ...looks], [...found, ...looks].join('\n')).toEqual([]);
  }, 180_000);
});
