/**
 * An administrator's switches take effect, end to end:
 * - "Disable server change" on /settings/server saves `attributes.disableChange`, and the sign-in
 *   page no longer offers "Change server";
 * - `ui.disableEvents` takes the events button, the drawer and the toasts away from a plain user
 *   (an alarm from their device shows nothing), and gives them back when cleared;
 * - `ui.disableReport` takes the Reports tab away from a plain user, not from an administrator;
 *   `ui.disableAttributes` the attribute editor of a form.
 * - "Force one-time password" (`totpForce`): at the next sign-in a user without a key sets one up
 *   (its QR code and text shown, its first code sent), and a user with a key is asked for a code.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminJson, createUser, sendAlarm, setServerAttributes, submitLogin, waitForPath } from './helpers.ts';
import { fileHarness, main } from './settingsSteps.ts';
import { currentTotp } from '../../server/auth/totp.ts';

const { harness, signedIn } = fileHarness();

/** A page with `user` signed in, in English, on the map page (the map itself not waited for). */
async function signedInAs(user: { email: string; password: string }): Promise<Page> {
  const { page } = await harness().newPage();
  await page.goto(`${harness().server.url}/login?locale=en`);
  await submitLogin(page, user.email, user.password);
  await waitForPath(page, '/');
  await page.getByRole('navigation', { name: 'Main navigation' }).first().waitFor();
  return page;
}

describe('switches', () => {
  it('"Disable server change" saves attributes.disableChange and hides "Change server" on the sign-in page', async () => {
    const page = await signedIn('/settings/server');
    await main(page).getByRole('button', { name: 'Permissions' }).click();
    const change = main(page).getByRole('switch', { name: 'Disable server change', exact: true });
    expect(await change.isChecked()).toBe(false);
    await change.focus();
    await page.keyboard.press('Space');
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await adminJson<{ attributes: Record<string, unknown> }>(harness(), 'GET', '/api/server')).attributes.disableChange).toBe(true);

    const { page: visitor } = await harness().newPage();
    await visitor.goto(`${harness().server.url}/login?locale=en`);
    await visitor.locator('input[type=password]').waitFor();
    expect(await visitor.getByRole('link', { name: 'Change server' }).count()).toBe(0);
    await setServerAttributes(harness(), { disableChange: null });
    await visitor.reload();
    await visitor.getByRole('link', { name: 'Change server' }).waitFor();
    await visitor.context().close();
    await page.context().close();
  });

  it('ui.disableEvents takes the events button, the drawer and the toasts from a plain user; ui.disableReport the Reports tab; ui.disableAttributes the attribute editor', async () => {
    const user = await createUser(harness(), 'switches');
    const device = await adminJson<{ id: number }>(harness(), 'POST', '/api/devices', { name: 'Switch van', uniqueId: 'switch-van' });
    await adminJson(harness(), 'POST', '/api/permissions', { userId: user.id, deviceId: device.id });
    const notification = await adminJson<{ id: number }>(harness(), 'POST', '/api/notifications', { type: 'alarm', notificators: 'web', always: false, attributes: {} });
    await adminJson(harness(), 'POST', '/api/permissions', { userId: user.id, notificationId: notification.id });
    await adminJson(harness(), 'POST', '/api/permissions', { deviceId: device.id, notificationId: notification.id });

    // shown by default: the button, and an alarm's toast
    let page = await signedInAs(user);
    await page.getByTestId('events-button').waitFor();
    await page.locator('[data-testid="connection-state"][data-status="online"]').waitFor({ timeout: 15_000 });
    await sendAlarm(harness(), 'switch-van', Math.floor(Date.now() / 1000) - 30);
    await page.getByTestId('event-toast').filter({ hasText: 'Switch van' }).first().waitFor({ timeout: 15_000 });
    const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
    expect(await nav.getByText('Reports', { exact: true }).count()).toBe(1);
    // the device's form has its attribute editor
    await page.goto(`${harness().server.url}/settings/device/${device.id}`);
    await page.getByRole('textbox', { name: 'Name' }).waitFor();
    expect(await page.getByText('Attributes', { exact: true }).count()).toBe(1);
    await page.context().close();

    // hidden by the server's flags
    await setServerAttributes(harness(), { 'ui.disableEvents': true, 'ui.disableReport': true, 'ui.disableAttributes': true });
    page = await signedInAs(user);
    await page.locator('[data-testid="connection-state"][data-status="online"]').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('events-button').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).first().getByText('Reports', { exact: true }).count()).toBe(0);
    // an alarm reaches the page (its device's position moves the list's row) and shows no toast
    const before = await adminJson<Array<{ id: number }>>(harness(), 'GET', `/api/reports/events?deviceId=${device.id}&type=alarm&from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z`);
    await sendAlarm(harness(), 'switch-van');
    await expect.poll(async () => (await adminJson<Array<{ id: number }>>(harness(), 'GET', `/api/reports/events?deviceId=${device.id}&type=alarm&from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z`)).length).toBe(before.length + 1);
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('event-toast').count()).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Events' }).count()).toBe(0);
    // ui.disableAttributes: the same form without its attribute editor
    await page.goto(`${harness().server.url}/settings/device/${device.id}`);
    await page.getByRole('textbox', { name: 'Name' }).waitFor();
    expect(await page.getByText('Attributes', { exact: true }).count()).toBe(0);
    await page.context().close();

    // an administrator keeps both
    const admin = await signedIn();
    await admin.getByTestId('events-button').waitFor();
    expect(await admin.getByRole('navigation', { name: 'Main navigation' }).first().getByText('Reports', { exact: true }).count()).toBe(1);
    await admin.context().close();
    await setServerAttributes(harness(), { 'ui.disableEvents': null, 'ui.disableReport': null, 'ui.disableAttributes': null });
  });

  it('"Force one-time password": at the next sign-in a user without a key sets one up from its QR code; then a code is asked for', async () => {
    const user = await createUser(harness(), 'forced');
    const admin = await signedIn('/settings/server');
    await main(admin).getByRole('button', { name: 'Permissions' }).click();
    await main(admin).getByRole('switch', { name: 'Force one-time password', exact: true }).focus();
    await admin.keyboard.press('Space');
    await main(admin).getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await adminJson<{ attributes: Record<string, unknown> }>(harness(), 'GET', '/api/server')).attributes.totpForce).toBe(true);
    await admin.context().close();
    try {
      const signIn = async () => {
        const { page } = await harness().newPage();
        await page.goto(`${harness().server.url}/login?locale=en`);
        await submitLogin(page, user.email, user.password);
        return page;
      };
      // no key yet: a new one, as a QR code and as text, and no way in without its first code
      let page = await signIn();
      await page.getByRole('img', { name: 'QR code of the one-time password key' }).waitFor();
      const key = (await page.getByRole('textbox', { name: 'One-time password key', exact: true }).textContent()) ?? '';
      expect(key).toMatch(/^[A-Z2-7]{16,}$/);
      await page.getByLabel('One-time code', { exact: true }).fill(currentTotp(key));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await waitForPath(page, '/');
      expect((await adminJson<{ totpKey: string | null }>(harness(), 'GET', `/api/users/${user.id}`)).totpKey).toBe(key);
      await page.context().close();
      // with its key: a code, and no new key
      page = await signIn();
      await page.getByLabel('One-time code', { exact: true }).waitFor();
      expect(await page.getByLabel('One-time password key', { exact: true }).count()).toBe(0);
      await page.getByLabel('One-time code', { exact: true }).fill(currentTotp(key));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await waitForPath(page, '/');
      await page.context().close();
    } finally {
      await setServerAttributes(harness(), { totpForce: null });
    }
  });
});
