/**
 * Steps the settings end-to-end tests share: a harness for the file, a signed-in page, the settings
 * screen's own region, and removing a row after 'Remove item?'.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';
import { signInThroughApi, waitForPath } from './helpers.ts';

/** One embedded server and browser harness for the calling test file, started before its tests and closed after (the browser itself is the worker's: harness.ts). */
export function fileHarness(): { harness: () => Harness; url: (path: string) => string; signedIn: (path?: string) => Promise<Page> } {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });
  const get = () => {
    if (!harness) throw new Error('the harness is not started');
    return harness;
  };
  return {
    harness: get,
    url: (path) => `${get().server.url}${path}`,
    /**
     * A page (in a browser context of its own) with the admin signed in, in English: on the map page
     * (for its device list and card; the map itself is not waited for), or straight on `path` (no
     * map drawn on the way). Signed in through the API, as the login form's request does: the login
     * screen is tested in session.test.ts, and skipping it saves a page load per test.
     */
    signedIn: async (path?: string) => {
      const { page } = await get().newPage();
      await signInThroughApi(page, get());
      const target = path ?? '/';
      await page.goto(`${get().server.url}${target}${target.includes('?') ? '&' : '?'}locale=en`);
      await waitForPath(page, target);
      if (path) await main(page).locator('h1').first().waitFor();
      return page;
    },
  };
}

/** The settings screen itself (the shell's device list beside it has fields of its own). */
export const main = (page: Page) => page.getByRole('main');

/**
 * Removes a list's row through its More menu and 'Remove item?' (which names it), and waits until
 * it is gone. With `escapeFirst`, Escape first cancels the question and the row stays.
 */
export async function removeRow(page: Page, name: string, { escapeFirst = false } = {}): Promise<void> {
  const ask = async () => {
    await main(page).getByRole('button', { name: `More for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').getByText(name, { exact: true }).waitFor();
  };
  await ask();
  if (escapeFirst) {
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await main(page).getByRole('row', { name }).waitFor();
    await ask();
  }
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await main(page).getByRole('row', { name }).waitFor({ state: 'detached', timeout: 10_000 });
}
