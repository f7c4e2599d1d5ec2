/**
 * The public pages: the login form checks its fields before anything is sent; a server with
 * registration off shows /register as a notice only; the server's announcement shows on the sign-in
 * page as text; every public page offers the language choice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';
import { adminJson } from './helpers.ts';

let harness: Harness;
const url = (path: string) => `${harness.server.url}${path}`;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

describe('public pages', () => {
  it('an empty login form is not sent: the missing fields say so', async () => {
    const { page } = await harness.newPage();
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/session') logins.push(request.url());
    });
    await page.goto(url('/login?locale=en'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Enter your email').waitFor();
    await page.getByText('Enter your password').waitFor();
    await page.getByLabel('Email').fill('admin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForTimeout(500);
    expect(await page.getByText('Enter your email').count()).toBe(0);
    expect(logins).toEqual([]);
  });

  it('with registration off, /register shows the notice and the way back, nothing to fill in', async () => {
    const server = await adminJson<Record<string, unknown>>(harness, 'GET', '/api/server');
    await adminJson(harness, 'PUT', '/api/server', { ...server, registration: false });
    const { page } = await harness.newPage();
    await page.goto(url('/register?locale=en'));
    await page.getByText('Registration is disabled on this server.').waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Register' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Back to sign in' }).count()).toBe(1);
  });

  it("shows the server's announcement on the sign-in page as text, until closed", async () => {
    const server = await adminJson<Record<string, unknown>>(harness, 'GET', '/api/server');
    const text = 'Maintenance tonight <b>22:00</b>';
    await adminJson(harness, 'PUT', '/api/server', { ...server, announcement: text });
    try {
      const { page } = await harness.newPage();
      await page.goto(url('/login?locale=en'));
      const shown = page.getByRole('status').filter({ hasText: 'Maintenance tonight' });
      await shown.waitFor();
      expect(await shown.locator('span[dir=auto]').textContent()).toBe(text);
      expect(await shown.locator('b').count()).toBe(0);
      await page.getByRole('button', { name: 'Close the announcement' }).click();
      await shown.waitFor({ state: 'detached' });
    } finally {
      await adminJson(harness, 'PUT', '/api/server', { ...server, announcement: server.announcement ?? null });
    }
  });

  it('every public page offers the language choice', async () => {
    const { page } = await harness.newPage();
    for (const path of ['/login', '/register', '/reset-password', '/change-server']) {
      await page.goto(url(`${path}?locale=en`));
      // the select's name is its value, then its label
      const select = page.getByRole('button', { name: /^English Language$/ });
      await select.waitFor({ timeout: 10_000 });
      expect(await select.count(), path).toBe(1);
    }
    // and it works there: /change-server in Arabic
    await page.getByRole('button', { name: /^English Language$/ }).click();
    await page.getByRole('option', { name: 'العربية' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  });
});
