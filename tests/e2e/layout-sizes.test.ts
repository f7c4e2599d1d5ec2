/**
 * The spec's layout sizes (§9) as a browser lays them out, at the three widths the app is built
 * for: a phone (390 px), a tablet (800 px, between the 600 px and 960 px breakpoints) and a desktop
 * (1280 px). Read from the elements' boxes, in Arabic and English where the side matters. Also the
 * Map tab's red dot while the socket is down (2.62), which only phones show.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fileHarness, main } from './settingsSteps.ts';
import { signInOnto, waitForPath } from './helpers.ts';

const { harness } = fileHarness();

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 800, height: 800 };
const DESKTOP = { width: 1280, height: 800 };

async function box(page: Page, selector: string) {
  return page.locator(selector).first().evaluate((element) => {
    const r = element.getBoundingClientRect();
    return { left: r.left, right: r.right, width: r.width, height: r.height, display: getComputedStyle(element).display };
  });
}

describe('layout sizes (spec §9)', () => {
  it('the sign-in page: a 28 % brand panel on desktops, a 52 px strip on tablets, none on phones; at the start side', async () => {
    for (const locale of ['ar', 'en'] as const) {
      for (const [viewport, expected] of [
        [DESKTOP, DESKTOP.width * 0.28],
        [TABLET, 52],
        [PHONE, 0],
      ] as const) {
        const { page, context } = await harness().newPage({ locale: locale === 'ar' ? 'ar' : 'en-US', viewport });
        await page.goto(`${harness().server.url}/login?locale=${locale}`);
        await page.getByRole('button', { name: locale === 'ar' ? 'تسجيل الدخول' : 'Sign in' }).waitFor();
        const brand = await box(page, '[data-testid="auth-brand"]');
        if (expected === 0) {
          expect(brand.display, `${locale} ${viewport.width}`).toBe('none');
        } else {
          expect(brand.width, `${locale} ${viewport.width}`).toBeCloseTo(expected, 0);
          // the start side: the right in Arabic, the left in English
          if (locale === 'ar') expect(brand.right).toBeCloseTo(viewport.width, 0);
          else expect(brand.left).toBe(0);
          // the card is beside it, never under it
          const card = await page.getByRole('main').evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
          if (locale === 'ar') expect(card.right).toBeLessThanOrEqual(brand.left + 0.5);
          else expect(card.left).toBeGreaterThanOrEqual(brand.right - 0.5);
        }
        // the product's name shows only in the wide panel
        const named = await page.getByTestId('auth-brand').getByText(locale === 'ar' ? 'أثر' : 'Athar').isVisible();
        expect(named, `${locale} ${viewport.width}`).toBe(viewport === DESKTOP);
        await context.close();
      }
    }
  });

  it('the settings and reports menus: 320 px on tablets, 300 px on desktops', async () => {
    for (const [viewport, expected] of [
      [TABLET, 320],
      [DESKTOP, 300],
    ] as const) {
      const { page, context } = await harness().newPage({ viewport });
      await signInOnto(page, harness(), '/settings/preferences');
      const settingsMenu = await box(page, 'aside');
      expect(settingsMenu.width, `settings at ${viewport.width}`).toBe(expected);
      await page.goto(`${harness().server.url}/reports/trips`);
      await waitForPath(page, '/reports/trips');
      await main(page).getByRole('button', { name: 'Show' }).waitFor();
      const reportsMenu = await box(page, 'aside');
      expect(reportsMenu.width, `reports at ${viewport.width}`).toBe(expected);
      await context.close();
    }
  });

  it("the report filter's fields start at the filter form's 160 px and share the line", async () => {
    const { page, context } = await harness().newPage({ viewport: TABLET });
    await signInOnto(page, harness(), '/reports/trips');
    const show = main(page).getByRole('button', { name: 'Show' });
    await show.waitFor();
    const fields = await page.getByTestId('report-filter-fields').evaluate((row) =>
      // the fields themselves (a select's hidden native twin, for autofill, sits beside it)
      [...row.children].filter((field) => field.getAttribute('aria-hidden') !== 'true' && field.getBoundingClientRect().width > 1).map((field) => {
        const style = getComputedStyle(field);
        const r = field.getBoundingClientRect();
        return { basis: style.flexBasis, min: style.minInlineSize, width: r.width, top: r.top };
      }),
    );
    expect(fields.length).toBeGreaterThanOrEqual(2);
    for (const field of fields) {
      expect(field.basis).toBe('160px');
      expect(field.min).toBe('160px');
      expect(field.width).toBeGreaterThanOrEqual(160);
    }
    // more than one field to a line on a tablet
    expect(fields.filter((field) => field.top === fields[0]!.top).length).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  it("a device's picture is 144 px high on its card and at most that on its page; its QR code is 192 px square", async () => {
    const { page, context } = await harness().newPage({ viewport: DESKTOP });
    // a real picture (4:3, larger than the slot), drawn by the browser itself
    await page.goto(`${harness().server.url}/login?locale=en`);
    const png = Buffer.from(
      await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 800;
        canvas.height = 600;
        const context2d = canvas.getContext('2d')!;
        context2d.fillStyle = '#3a7';
        context2d.fillRect(0, 0, 800, 600);
        return canvas.toDataURL('image/png').split(',')[1]!;
      }),
      'base64',
    );
    await signInOnto(page, harness(), '/settings/device/1');
    // uploaded, then named in the device's attributes (as the device page's upload does)
    const saved = await page.evaluate(
      async ([bytes]) => {
        const upload = await fetch('/api/devices/1/image', { method: 'POST', headers: { 'Content-Type': 'image/png' }, body: new Uint8Array(bytes!) });
        if (!upload.ok) return upload.status;
        const device = await (await fetch('/api/devices/1')).json();
        device.attributes = { ...device.attributes, deviceImage: await upload.text() };
        return (await fetch('/api/devices/1', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(device) })).status;
      },
      [[...png]],
    );
    expect(saved).toBe(200);
    await page.reload();
    await main(page).getByRole('button', { name: 'Extra', exact: true }).click();
    const picture = main(page).locator('img[alt^="Picture of"]');
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(800);
    const pictureBox = (await picture.boundingBox())!;
    expect(pictureBox.height).toBe(144);
    expect(pictureBox.width).toBe(192);
    const qr = main(page).locator('svg[aria-label^="QR code of"]');
    await qr.scrollIntoViewIfNeeded();
    const qrBox = (await qr.boundingBox())!;
    expect(qrBox.width).toBe(192);
    expect(qrBox.height).toBe(192);

    // the card on the map: the picture's slot is 144 px high, the picture covering it
    await page.goto(`${harness().server.url}/?uniqueId=demo-001`);
    const cardPicture = page.getByTestId('device-card').locator('img').first();
    await expect.poll(() => cardPicture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { timeout: 15_000 }).toBe(800);
    expect((await cardPicture.boundingBox())!.height).toBe(144);
    await context.close();
  });

  it('the Map tab shows a red dot while the socket is down, and none once it is back (phone)', async () => {
    const { page, context } = await harness().newPage({ viewport: PHONE });
    await signInOnto(page, harness(), '/');
    const state = page.getByTestId('connection-state');
    await expect.poll(() => state.getAttribute('data-status'), { timeout: 15_000 }).toBe('online');
    const mapTab = page.getByRole('navigation').getByRole('link', { name: /Map/ });
    await mapTab.waitFor();
    expect(await mapTab.locator('[data-badge]').count()).toBe(0);
    await harness().stopServer();
    try {
      await expect.poll(() => mapTab.locator('[data-badge]').count(), { timeout: 10_000 }).toBe(1);
      const dot = (await mapTab.locator('[data-badge]').boundingBox())!;
      expect(dot.width).toBeGreaterThan(0);
      expect(await mapTab.getByText('Connection lost, reconnecting').count()).toBe(1);
    } finally {
      await harness().startServer();
    }
    await expect.poll(() => state.getAttribute('data-status'), { timeout: 20_000 }).toBe('online');
    expect(await mapTab.locator('[data-badge]').count()).toBe(0);
    await context.close();
  });
});
