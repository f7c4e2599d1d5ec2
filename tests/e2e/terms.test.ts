/**
 * Terms of use: with the server's `termsUrl` set, a user who has not accepted them is blocked
 * by the 'Terms of use' alert dialog. A fresh non-admin user per case, so acceptance cannot leak.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';
import { adminJson, createUser, pageSessionStatus, setServerAttributes, submitLogin, waitForPath } from './helpers.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
  await setServerAttributes(harness, { termsUrl: 'https://example.com/terms' });
});

afterAll(async () => {
  await harness?.close();
});

const url = (path: string) => `${harness.server.url}${path}`;

/**
 * A signed-in screen without a map to draw: the sign-in is asked for it first and returns there.
 * The terms dialog is the shell's, decided with the session before the screen shows: when the
 * screen's own heading first shows (not the login's, still there as the address changes), the
 * dialog is there too, or not at all.
 */
const SCREEN = '/settings/preferences';
const screenHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1, name: /^(Preferences|التفضيلات)$/ });

describe('terms of use', () => {
  it('Accept saves termsAccepted on the user and lets them in', async () => {
    const user = await createUser(harness, 'terms-accept');
    const { page } = await harness.newPage();
    await page.goto(url(`${SCREEN}?locale=en`));
    await waitForPath(page, '/login');
    await submitLogin(page, user.email, user.password);

    const dialog = page.getByRole('alertdialog', { name: 'Terms of use' });
    await dialog.waitFor();
    await expect(dialog.getByRole('link', { name: 'Terms of use' }).getAttribute('href')).resolves.toBe('https://example.com/terms');
    const saved = page.waitForResponse((response) => response.url().endsWith(`/api/users/${user.id}`) && response.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    expect((await saved).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });

    const stored = await adminJson<{ attributes: Record<string, unknown> }>(harness, 'GET', `/api/users/${user.id}`);
    expect(stored.attributes.termsAccepted).toBe(true);
    await waitForPath(page, SCREEN);
    await screenHeading(page).waitFor();

    // Accepted once: a reload does not ask again.
    await page.reload();
    await screenHeading(page).waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
  });

  it('Cancel signs out to /login (Arabic labels) and does not accept', async () => {
    const user = await createUser(harness, 'terms-cancel');
    const { page } = await harness.newPage();
    await page.goto(url('/login'));
    await submitLogin(page, user.email, user.password);

    const dialog = page.getByRole('alertdialog', { name: 'شروط الاستخدام' });
    await dialog.waitFor();
    const logout = page.waitForResponse((response) => response.url().endsWith('/api/session') && response.request().method() === 'DELETE');
    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    expect((await logout).status()).toBe(204);
    await waitForPath(page, '/login');
    await page.getByLabel('البريد الإلكتروني').waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await pageSessionStatus(page)).toBe(404);

    const stored = await adminJson<{ attributes: Record<string, unknown> }>(harness, 'GET', `/api/users/${user.id}`);
    expect(stored.attributes?.termsAccepted).toBeUndefined();
  });

  it('does not ask a user who has already accepted', async () => {
    const user = await createUser(harness, 'terms-done');
    const current = await adminJson<Record<string, unknown> & { attributes?: Record<string, unknown> }>(harness, 'GET', `/api/users/${user.id}`);
    await adminJson(harness, 'PUT', `/api/users/${user.id}`, { ...current, attributes: { ...(current.attributes ?? {}), termsAccepted: true } });
    const { page } = await harness.newPage();
    await page.goto(url(SCREEN));
    await waitForPath(page, '/login');
    await submitLogin(page, user.email, user.password);
    await waitForPath(page, SCREEN);
    await screenHeading(page).waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
  });
});
