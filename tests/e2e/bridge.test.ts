/**
 * The native wrapper bridge (Traccar Manager apps) against the embedded server, with a fake
 * wrapper injected into the page: `window.appInterface.postMessage` records what the app posts.
 * A sign-in posts `login|{token}`; that token signs a fresh page in through
 * `window.handleLoginToken`; push tokens from `window.updateNotificationToken` land on the user
 * (the last three); logout removes this device's token before the session is deleted.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fileHarness } from './settingsSteps.ts';
import { LABEL, adminJson, createUser, pageSessionStatus, pathOf, submitLogin, waitForPath } from './helpers.ts';

const { harness, url } = fileHarness();

declare global {
  interface Window {
    __posted?: string[];
  }
}

/** A page whose window has the Android wrapper's `appInterface`, recording the messages posted to it. */
async function wrappedPage(): Promise<{ page: Page; warnings: string[] }> {
  const { page } = await harness().newPage();
  await page.addInitScript(() => {
    window.__posted = [];
    (window as unknown as { appInterface: unknown }).appInterface = {
      postMessage(message: unknown) {
        window.__posted?.push(String(message));
      },
    };
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().startsWith('Native bridge:')) warnings.push(message.text());
  });
  return { page, warnings };
}

const posted = (page: Page) => page.evaluate(() => window.__posted ?? []);
const callBridge = (page: Page, name: string, value: unknown) =>
  page.evaluate(([fn, arg]) => (window as unknown as Record<string, (v: unknown) => void>)[fn as string]?.(arg), [name, value] as const);
const tokensOf = async (id: number) =>
  (await adminJson<{ attributes: Record<string, unknown> }>(harness(), 'GET', `/api/users/${id}`)).attributes.notificationTokens ?? null;

describe('native bridge', () => {
  it('posts login|{token} after a sign-in; the token signs a fresh page in; push tokens keep the last three; logout removes this device’s', async () => {
    const user = await createUser(harness(), 'bridge');

    // 1. A sign-in through the form posts a login token to the wrapper.
    const first = await wrappedPage();
    await first.page.goto(url('/login?locale=en'));
    await submitLogin(first.page, user.email, user.password);
    await waitForPath(first.page, '/');
    await first.page.waitForFunction(() => (window.__posted ?? []).some((m) => m.startsWith('login|') && m.length > 'login|'.length));
    const messages = await posted(first.page);
    expect(messages).toHaveLength(1);
    const token = (messages[0] ?? '').slice('login|'.length);
    expect(token).toMatch(/^[A-Za-z0-9_\-:.+/=%]+$/);

    // 2. A fresh page (new context, no cookie) signs in with that token through handleLoginToken;
    //    junk first is ignored with a warning and leaves it on the login screen.
    const second = await wrappedPage();
    await second.page.goto(url('/login?locale=en'));
    await second.page.getByLabel(LABEL.email).waitFor();
    await callBridge(second.page, 'handleLoginToken', 42);
    await callBridge(second.page, 'handleLoginToken', 'not a token<script>');
    // (read by a module that loads with the wrapper's first call: a warning comes a moment later)
    await expect.poll(() => second.warnings.length).toBe(2);
    expect(pathOf(second.page)).toBe('/login');
    await callBridge(second.page, 'handleLoginToken', token);
    await waitForPath(second.page, '/');
    expect(await pageSessionStatus(second.page)).toBe(200);
    const me = await second.page.evaluate(async () => (await fetch('/api/session')).json() as Promise<{ id: number }>);
    expect(me.id).toBe(user.id);
    // a token login is no new sign-in by the user: nothing is posted back
    expect(await posted(second.page)).toEqual([]);

    // 3. Four push tokens (and junk, ignored): the user keeps the last three; this device remembers the last.
    await callBridge(second.page, 'updateNotificationToken', 'a,b');
    await callBridge(second.page, 'updateNotificationToken', { token: 'x' });
    for (const push of ['push-1', 'push-2', 'push-3', 'push-4']) await callBridge(second.page, 'updateNotificationToken', push);
    await expect.poll(() => tokensOf(user.id), { timeout: 10_000 }).toBe('push-2,push-3,push-4');
    await expect.poll(() => second.warnings.length).toBe(4);
    expect(await second.page.evaluate(() => localStorage.getItem('notificationToken'))).toBe('push-4');

    // 4. A notification naming an event opens it; one naming none is ignored.
    await callBridge(second.page, 'handleNativeNotification', JSON.stringify({ data: { eventId: 'x' } }));
    await expect.poll(() => second.warnings.length).toBe(5);
    expect(pathOf(second.page)).toBe('/');
    await callBridge(second.page, 'handleNativeNotification', { data: { eventId: '12345' } });
    await waitForPath(second.page, '/event/12345');

    // 5. Logout removes this device's token from the user (PUT) before the session is deleted (DELETE).
    const order: string[] = [];
    second.page.on('request', (request) => {
      if (/\/api\/(users\/\d+|session)$/.test(new URL(request.url()).pathname)) order.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await second.page.setViewportSize({ width: 400, height: 800 });
    await second.page.goto(url('/'));
    await second.page.getByRole('button', { name: LABEL.account }).click();
    await second.page.getByRole('menuitem', { name: LABEL.logout }).click();
    await waitForPath(second.page, '/login');
    expect(order.filter((entry) => entry.startsWith('PUT') || entry.startsWith('DELETE'))).toEqual([`PUT /api/users/${user.id}`, 'DELETE /api/session']);
    expect(await tokensOf(user.id)).toBe('push-2,push-3');
    expect(await second.page.evaluate(() => localStorage.getItem('notificationToken'))).toBeNull();
    expect(await pageSessionStatus(second.page)).toBe(404);
  });
});
