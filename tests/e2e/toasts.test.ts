/**
 * Toasts have a place of their own: with several live events at once (OsmAnd alarms), no event
 * toast, nor the count of the folded ones, covers a map control (MapLibre's controls, the layers
 * button, the device card), a form field or button, a link, or the navigation — in Arabic and
 * English, on a desktop (1280×800) and a phone (390×844), on the live map (a card open; on the phone
 * also with the device list over it), on the reports page (its Period field) and on a settings form longer than the screen; and no toast is
 * cut by its place; axe finds nothing serious in them. The count opens the events drawer, and
 * closing it returns focus to the events button.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';
import { notifyAdminOfAlarms, signIn, waitForMap } from './helpers.ts';
import { seriousViolations } from './axe.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
  await notifyAdminOfAlarms(harness);
});

afterAll(async () => {
  await harness?.close();
});

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const size = (which: (typeof SIZES)[number] | undefined) => {
  if (!which) throw new Error('no size');
  return { width: which.width, height: which.height };
};

/** What must be measured on each page (the test fails if it finds none of one). */
const MAP_PARTS = [/maplibregl-ctrl-group/, /maplibregl-ctrl-scale/, /map-layers/, /device-card/, /^nav/];
const REPORT_PARTS = [/^button.*"[^"]*(Period|الفترة)/, /^nav/];
const SETTINGS_PARTS = [/^button.*"[^"]*(Language|اللغة)/, /^nav/];

const ALARMS = ['sos', 'overspeed', 'lowBattery', 'powerCut', 'vibration'];
let round = 0;
let clock = Math.floor(Date.now() / 1000);

/**
 * Five alarms on five devices, each one a different alarm from the device's previous one (the
 * server makes an event of a changed alarm), so that three toasts show and the others fold.
 */
async function raiseAlarms(): Promise<void> {
  round += 1;
  for (let i = 0; i < ALARMS.length; i++) {
    clock += 1;
    const alarm = ALARMS[(i + round) % ALARMS.length];
    const response = await fetch(`http://127.0.0.1:${harness.server.osmandPort}/?id=demo-00${i + 1}&lat=24.7&lon=46.7&timestamp=${clock}&alarm=${alarm}`);
    expect(response.status).toBe(200);
  }
}

interface Box {
  what: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * In the page: the toasts (the region, each toast, the count) and what they must never cover,
 * each as the part of it that can be seen (cut by the scrolling boxes around it and the window),
 * and where the toasts are (the shell's strip or a page's zone).
 */
function measure(): { toasts: Box[]; toastsCut: boolean; obstacles: Box[]; place: string | null } {
  const OBSTACLES = [
    '.maplibregl-ctrl',
    '[data-testid="map-layers"]',
    '[data-testid="device-card"]',
    'input',
    'select',
    'textarea',
    '[role="combobox"]',
    '[role="slider"]',
    '[role="row"]',
    '[role="option"]',
    '[role="radio"]',
    '[role="checkbox"]',
    '[role="switch"]',
    'button',
    'a[href]',
    'nav',
  ].join(', ');
  const describe = (element: Element) => {
    const labelledBy = element
      .getAttribute('aria-labelledby')
      ?.split(' ')
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' ');
    const label = element.getAttribute('aria-label') ?? labelledBy ?? element.getAttribute('data-testid') ?? element.textContent?.trim().slice(0, 30) ?? '';
    const classes = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
    return `${element.tagName.toLowerCase()}${classes} "${label}"`;
  };
  const visible = (element: Element): Box | null => {
    const rect = element.getBoundingClientRect();
    let box = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
    const cut = (other: DOMRect) => {
      box = { left: Math.max(box.left, other.left), top: Math.max(box.top, other.top), right: Math.min(box.right, other.right), bottom: Math.min(box.bottom, other.bottom) };
    };
    cut(new DOMRect(0, 0, window.innerWidth, window.innerHeight));
    // the boxes that clip it: up its containing blocks (a fixed box is clipped by none of them, an
    // absolute one only from its positioned ancestor up)
    let position = getComputedStyle(element).position;
    for (let parent = element.parentElement; parent && position !== 'fixed'; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (position === 'absolute' && style.position === 'static') continue;
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') cut(parent.getBoundingClientRect());
      position = style.position;
    }
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || box.right - box.left < 1 || box.bottom - box.top < 1) return null;
    return { what: describe(element), ...box };
  };
  const region = document.querySelector('[data-testid="toast-region"]');
  if (!region) throw new Error('no toast region');
  const toastElements = [region, ...region.querySelectorAll('[data-testid="event-toast"], [data-testid="toasts-folded"]')];
  const toasts = toastElements.map((element) => {
    const rect = element.getBoundingClientRect();
    return { what: describe(element), left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
  });
  // every toast is seen whole: its place cuts none of it
  const toastsCut = toastElements.some((element) => {
    const seen = visible(element);
    const rect = element.getBoundingClientRect();
    return !seen || Math.abs(seen.bottom - seen.top - rect.height) > 1 || Math.abs(seen.right - seen.left - rect.width) > 1;
  });
  const place = region.closest('[data-toast-place]');
  const obstacles = [...document.querySelectorAll(OBSTACLES)]
    .filter((element) => !place?.contains(element))
    .map(visible)
    .filter((box): box is Box => box !== null);
  return { toasts, toastsCut, obstacles, place: place?.getAttribute('data-toast-place') ?? null };
}

const overlaps = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

/** Raises alarms, waits for the folded count, and checks that no toast covers anything it must not. */
async function expectToastsClear(page: Page, viewport: { width: number; height: number }, where: string, mustSee: RegExp[], place: string): Promise<void> {
  await page.setViewportSize(viewport);
  // the pointer away from the toasts (hovering holds them): on the top bar's edge
  await page.mouse.move(1, 1);
  await raiseAlarms();
  await page.locator(`[data-toast-place="${place}"] [data-testid="toasts-folded"]`).waitFor({ timeout: 10_000 });
  const measured = await page.evaluate(measure);
  expect(measured.toasts.length, where).toBeGreaterThanOrEqual(5); // the region, 3 toasts, the count
  expect(measured.place, where).toBe(place);
  expect(measured.toastsCut, `${where}: a toast is cut`).toBe(false);
  for (const pattern of mustSee) {
    expect(measured.obstacles.some((box) => pattern.test(box.what)), `${where}: ${pattern} measured`).toBe(true);
  }
  const covered = measured.toasts.flatMap((toast) => measured.obstacles.filter((box) => overlaps(toast, box)).map((box) => `${toast.what} covers ${box.what}`));
  expect(covered, where).toEqual([]);
}

describe('toasts have their own place', () => {
  it.each(['en', 'ar'] as const)('never over a control, a field or the navigation (%s)', async (lang) => {
    const { page } = await harness.newPage({ locale: lang === 'ar' ? 'ar' : 'en-US' });
    await signIn(page, harness, `/login?locale=${lang}`);
    await waitForMap(page);
    await page.locator('[data-testid="connection-state"][data-status="online"]').waitFor({ timeout: 15_000 });

    // the live map with a device's card open, on a desktop then on a phone (the same page, resized)
    const [desktop, phone] = SIZES;
    await page.locator('[data-device-id]').first().click();
    await page.getByTestId('device-card').waitFor();
    await expectToastsClear(page, size(desktop), `${lang} desktop, map`, MAP_PARTS, 'strip');
    await expectToastsClear(page, size(phone), `${lang} phone, map`, MAP_PARTS, 'zone');
    if (lang === 'ar') {
      // axe on the toasts and their count, held by the pointer while it reads them
      await page.getByTestId('toast-region').hover();
      expect(await seriousViolations(page)).toEqual([]);
      await page.mouse.move(1, 1);
    }
    // the device list over the map on a phone: its search field and filters too
    const devicesToggle = page.locator('[aria-controls="device-panel"]');
    await devicesToggle.click();
    await page.locator('#device-panel input').first().waitFor();
    await expectToastsClear(page, size(phone), `${lang} phone, device list`, [/^input/, /^nav/], 'strip');
    await devicesToggle.click();

    // the reports page and its filter form, on a phone then on a desktop
    await page.getByRole('navigation').getByRole('link', { name: /^(Reports|التقارير)$/ }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/reports'));
    await page.getByText(/^(Period|الفترة)$/).first().waitFor();
    await expectToastsClear(page, size(phone), `${lang} phone, reports`, REPORT_PARTS, 'strip');
    await expectToastsClear(page, size(desktop), `${lang} desktop, reports`, REPORT_PARTS, 'strip');

    // a settings form longer than the screen, on a desktop then on a phone
    await page.getByRole('navigation').getByRole('link', { name: /^(Settings|الإعدادات)$/ }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/settings'));
    await page.getByText(/^(Time zone|المنطقة الزمنية)$/).first().waitFor();
    await expectToastsClear(page, size(desktop), `${lang} desktop, settings`, SETTINGS_PARTS, 'strip');
    await expectToastsClear(page, size(phone), `${lang} phone, settings`, SETTINGS_PARTS, 'strip');

    // the count opens the events drawer; closing it returns focus to the events button
    await raiseAlarms();
    await page.getByTestId('toasts-folded').click();
    const drawer = page.getByRole('dialog', { name: /^(Events|الأحداث)$/ });
    await drawer.waitFor();
    expect(await page.getByTestId('event-toast').count()).toBe(0);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('events-button');
  });
});
