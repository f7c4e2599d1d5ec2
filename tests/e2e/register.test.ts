/** Registration on a new server (no demo, no users): the first account, then sign-in to an empty map. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';
import { expectMap, pathOf, submitLogin, waitForPath } from './helpers.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ demo: false });
});

afterAll(async () => {
  await harness?.close();
});

describe('registration on a new server', () => {
  it('sends / to /register, creates the first account, and signs in to a map without devices', async () => {
    const { page } = await harness.newPage();
    await page.goto(`${harness.server.url}/?locale=en`);
    await waitForPath(page, '/register');
    await page.getByRole('heading', { name: 'Register' }).waitFor();
    await page.getByText('This server is new: the first account becomes its administrator.').waitFor();

    await page.getByLabel('Name').fill('First Admin');
    await page.getByLabel('Email').fill('first@example.com');
    await page.getByLabel('Password').fill('first-admin-pass');
    const created = page.waitForResponse((response) => response.url().endsWith('/api/users') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Register' }).click();
    expect((await created).status()).toBe(200);

    await waitForPath(page, '/login');
    await page.getByText('Your account was created. You can sign in now.').waitFor();
    await submitLogin(page, 'first@example.com', 'first-admin-pass');
    await waitForPath(page, '/');
    await expectMap(page, 0);
    expect(pathOf(page)).toBe('/');

    const user = await page.evaluate(() => fetch('/api/session', { headers: { Accept: 'application/json' } }).then((r) => r.json()));
    expect(user).toMatchObject({ email: 'first@example.com', administrator: true });
  });
});
