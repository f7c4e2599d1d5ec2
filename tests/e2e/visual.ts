/**
 * Screenshot comparison: a Chromium screenshot of the page against a committed baseline PNG
 * (`tests/e2e/__screenshots__/<name>.png`) with pixelmatch. Text that changes by itself (times) is
 * masked; animations are stopped and the caret hidden. `UPDATE_SCREENSHOTS=1` writes the baselines;
 * a missing baseline fails. On a mismatch the actual image and the diff go to `test-results/`.
 * `compareLook` takes a quick screenshot first and only settles 300 ms when that one differs.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Locator, Page } from 'playwright-core';

const BASELINES = join('tests', 'e2e', '__screenshots__');
const RESULTS = join('test-results', 'screenshots');

/** Per-pixel colour distance (pixelmatch, 0–1) and the share of differing pixels a match allows. */
export const PIXEL_THRESHOLD = 0.05;
export const MAX_DIFF_RATIO = 0.005;

export interface Comparison {
  name: string;
  /** Share of pixels that differ (0–1). */
  ratio: number;
  matches: boolean;
  /** True when the baseline was (re)written instead of compared. */
  updated: boolean;
}

/**
 * Waits until fonts are loaded and two frames are drawn, then (unless `quick`) 300 ms more for
 * anything still moving.
 */
export async function settle(page: Page, quick = false): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))));
  if (!quick) await page.waitForTimeout(300);
}

export async function screenshot(page: Page, mask: Locator[] = [], quick = false): Promise<Buffer> {
  await settle(page, quick);
  return page.screenshot({ animations: 'disabled', caret: 'hide', mask, maskColor: '#ff00ff' });
}

/**
 * Compares the page with its baseline: a first screenshot as soon as fonts and two frames are in;
 * only if that one differs, a second after the 300 ms settle, which decides. A page that looks
 * wrong fails both; one still moving gets the settle (and baselines are always written settled).
 */
export async function compareLook(page: Page, name: string, mask: Locator[] = []): Promise<Comparison> {
  if (process.env.UPDATE_SCREENSHOTS !== '1') {
    const first = compare(name, await screenshot(page, mask, true), { quiet: true });
    if (first.matches) return first;
  }
  return compare(name, await screenshot(page, mask));
}

/** Compares a screenshot with its baseline (or writes the baseline when updating); `quiet` writes no actual or diff image on a mismatch. */
export function compare(name: string, actual: Buffer, options: { quiet?: boolean } = {}): Comparison {
  const file = join(BASELINES, `${name}.png`);
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    mkdirSync(BASELINES, { recursive: true });
    writeFileSync(file, actual);
    return { name, ratio: 0, matches: true, updated: true };
  }
  mkdirSync(RESULTS, { recursive: true });
  if (!existsSync(file)) {
    writeFileSync(join(RESULTS, `${name}.actual.png`), actual);
    throw new Error(`no baseline ${file}: run UPDATE_SCREENSHOTS=1 npx vitest run --project e2e tests/e2e/visual.test.ts, look at it, commit it`);
  }
  const expected = PNG.sync.read(readFileSync(file));
  const image = PNG.sync.read(actual);
  if (expected.width !== image.width || expected.height !== image.height) {
    if (!options.quiet) writeFileSync(join(RESULTS, `${name}.actual.png`), actual);
    return { name, ratio: 1, matches: false, updated: false };
  }
  const diff = new PNG({ width: image.width, height: image.height });
  const differing = pixelmatch(expected.data, image.data, diff.data, image.width, image.height, { threshold: PIXEL_THRESHOLD });
  const ratio = differing / (image.width * image.height);
  const matches = ratio <= MAX_DIFF_RATIO;
  if (!matches && !options.quiet) {
    writeFileSync(join(RESULTS, `${name}.actual.png`), actual);
    writeFileSync(join(RESULTS, `${name}.diff.png`), PNG.sync.write(diff));
  }
  return { name, ratio, matches, updated: false };
}
