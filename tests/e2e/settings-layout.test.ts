/**
 * What only a browser's layout shows on the settings screens (issue 33, found by trying it): in
 * Arabic a date sits at its field's inline start (the right), and the devices list gives its room to
 * the phone numbers rather than to a group column no device fills, so no number is cut.
 */
import { describe, expect, it } from 'vitest';
import { fileHarness, main } from './settingsSteps.ts';
import { signInOnto } from './helpers.ts';

const { harness } = fileHarness();

describe('settings layout', () => {
  it('in Arabic a date starts at the right of its field; in English at the left', async () => {
    for (const [locale, extra, expiration] of [
      ['ar', 'إضافي', 'انتهاء الصلاحية'],
      ['en', 'Extra', 'Expiration'],
    ] as const) {
      const { page } = await harness().newPage({ locale: locale === 'ar' ? 'ar' : 'en-US' });
      await signInOnto(page, harness(), '/settings/device/1', locale);
      await main(page).getByRole('button', { name: extra, exact: true }).click();
      const field = main(page).getByRole('group', { name: expiration, exact: true });
      await field.scrollIntoViewIfNeeded();
      const box = (await field.boundingBox())!;
      const segments = await field.getByRole('spinbutton').evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })));
      expect(segments.length).toBeGreaterThanOrEqual(3);
      const left = Math.min(...segments.map((s) => s.left));
      const right = Math.max(...segments.map((s) => s.right));
      // within the field's padding of its start; the open button is at its end
      if (locale === 'ar') {
        expect(box.x + box.width - right).toBeLessThan(24);
        expect(left - box.x).toBeGreaterThan(box.width / 2);
      } else {
        expect(left - box.x).toBeLessThan(24);
        expect(box.x + box.width - right).toBeGreaterThan(box.width / 2);
      }
      await page.context().close();
    }
  });

  it('phone numbers are whole while no device has a group (1280 px)', async () => {
    const { page } = await harness().newPage();
    await signInOnto(page, harness(), '/settings/devices');
    await main(page).getByRole('row').first().waitFor();
    const phones = await main(page)
      .getByRole('row')
      .locator('span')
      .evaluateAll((spans) => spans.filter((span) => /^\+\d+$/.test(span.textContent ?? '')).map((span) => ({ text: span.textContent, whole: span.scrollWidth <= span.clientWidth })));
    // the demo's devices with a phone
    expect(phones.length).toBeGreaterThanOrEqual(4);
    expect(phones.filter((phone) => !phone.whole)).toEqual([]);
  });
});
