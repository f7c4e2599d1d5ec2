/**
 * OpenID sign-in in Chromium: the login page's OpenID button, the in-process provider's login form
 * (oidc-provider's development interactions), and back to the map as a user made on first sign-in.
 * A callback whose state was tampered with is refused with a message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { User } from '../../contract/models.ts';
import { type TestProvider, startProvider } from '../server/oidcProvider.ts';
import { startHarness, type Harness } from './harness.ts';
import { pageSessionStatus, waitForMap, waitForPath } from './helpers.ts';

let provider: TestProvider;
let harness: Harness;

beforeAll(async () => {
  provider = await startProvider();
  provider.accounts.set('dana', { email: 'dana@corp.test', name: 'Dana Driver', groups: ['staff'] });
  harness = await startHarness({
    openId: { issuerUrl: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, allowGroups: ['staff'] },
  });
  provider.register(`${harness.server.url}/api/session/openid/callback`);
});

afterAll(async () => {
  await harness?.close();
  await provider?.close();
});

const OPENID_BUTTON = /^(Sign in with OpenID|تسجيل الدخول عبر OpenID)$/;

/** The provider's own login form (oidc-provider's development interactions: any login, any password). */
async function providerLogin(page: Page, login: string): Promise<void> {
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

describe('OpenID sign-in', () => {
  it('signs in through the provider and lands on the map as a new user', async () => {
    const { page } = await harness.newPage();
    await page.goto(`${harness.server.url}/login?locale=en`);
    await page.getByRole('link', { name: OPENID_BUTTON }).click();
    await providerLogin(page, 'dana');

    await waitForPath(page, '/', 30_000);
    expect(await waitForMap(page)).toBe(0);
    const me = await page.evaluate(() => fetch('/api/session', { headers: { Accept: 'application/json' } }).then((r) => r.json() as Promise<User>));
    expect(me).toMatchObject({ email: 'dana@corp.test', name: 'Dana Driver', administrator: false });
  });

  it('comes back to the protected page that led to the sign-in', async () => {
    const { page } = await harness.newPage();
    await page.goto(`${harness.server.url}/settings/preferences?locale=en`);
    await waitForPath(page, '/login');
    await page.getByRole('link', { name: OPENID_BUTTON }).click();
    await providerLogin(page, 'dana');
    await waitForPath(page, '/settings/preferences', 30_000);
    expect(await pageSessionStatus(page)).toBe(200);
  });

  it('refuses a callback with a state that is not the attempt\'s, with a message, and signs no one in', async () => {
    const { page } = await harness.newPage();
    await page.goto(`${harness.server.url}/login?locale=en`);
    await page.getByRole('link', { name: OPENID_BUTTON }).click();
    await page.waitForURL((url) => url.origin === provider.issuer);
    const state = new URL(page.url()).searchParams.get('state');
    // the browser holds a live attempt (its cookie); a callback forged for it carries another state
    const response = await page.goto(`${harness.server.url}/api/session/openid/callback?code=forged&state=${state}x`);
    expect(response?.status()).toBe(400);
    expect(await page.locator('body').innerText()).toContain('OpenID state mismatch: start the sign-in again');
    expect(await pageSessionStatus(page)).toBe(404);
  });
});
