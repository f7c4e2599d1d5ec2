/**
 * Live events: a web notification for alarms, an OsmAnd position with `alarm=sos` → a toast that
 * hides after 2750 ms, the event in the drawer, the badge, delete one / delete all, and /event/{id}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';
import { adminJson, notifyAdminOfAlarms, sendAlarm as sendOsmandAlarm, waitForPath, signInOnto } from './helpers.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
  await notifyAdminOfAlarms(harness);
});

afterAll(async () => {
  await harness?.close();
});

const url = (path: string) => `${harness.server.url}${path}`;

const sendAlarm = (uniqueId: string, seconds: number) => sendOsmandAlarm(harness, uniqueId, seconds);

/**
 * Signs in and waits until the live connection is up and the socket has delivered its first
 * message (counted from the socket's opening: a frame that came before the sign-in returned
 * counts, rather than waiting for the next one). The toasts, the events button and its drawer are
 * the shell's: signed in straight onto a settings screen, no map drawn.
 */
async function signIn(page: Page): Promise<void> {
  const firstFrame = new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (ws.url().includes('/api/socket')) ws.once('framereceived', () => resolve());
    });
  });
  await signInOnto(page, harness, '/settings/preferences');
  await page.locator('[data-testid="connection-state"][data-status="online"]').waitFor({ timeout: 15_000 });
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([firstFrame, new Promise((resolve) => (timer = setTimeout(resolve, 15_000)))]);
  clearTimeout(timer);
}

describe('live events', () => {
  it('toast, badge, drawer, delete, event page', async () => {
    const { page } = await harness.newPage();
    await signIn(page);
    // Keep the pointer away from the toast region (hovering pauses the auto-hide).
    await page.mouse.move(640, 500);
    const badge = page.getByTestId('events-button').locator('[data-badge]');
    expect(await badge.count()).toBe(0);

    const now = Math.floor(Date.now() / 1000);
    await sendAlarm('demo-001', now);
    // The demo's own notifications may add other events (status, geofences): follow the alarm.
    const toast = page.getByTestId('event-toast').filter({ hasText: /Alarm: SOS/ });
    await toast.first().waitFor({ timeout: 10_000 });
    const shownAt = Date.now();
    await toast.first().waitFor({ state: 'detached', timeout: 10_000 });
    const hiddenAfter = Date.now() - shownAt;
    expect(hiddenAfter).toBeGreaterThan(2000);
    expect(hiddenAfter).toBeLessThan(4500);

    // The badge on the events button; the Map tab's red dot is the connection's (the spec), and the socket is up.
    await badge.waitFor();
    expect(await page.locator('nav [data-badge]').count()).toBe(0);

    // A second event, then the drawer lists both; opening it clears the badge.
    await sendAlarm('demo-002', now + 1);
    await toast.first().waitFor({ timeout: 10_000 });
    await page.getByTestId('events-button').click();
    const drawer = page.getByRole('dialog', { name: 'Events' });
    await drawer.waitFor();
    const all = drawer.locator('[data-event-id]');
    const rows = all.filter({ hasText: /Alarm: SOS/ });
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    expect(await badge.count()).toBe(0);
    // Newest first.
    await expect(rows.first().textContent()).resolves.toContain('Delivery Truck 7');

    // Delete one.
    const before = await all.count();
    await rows.first().getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await all.count()).toBe(before - 1);

    // Open the other: /event/{id} shows it.
    const id = await rows.first().getAttribute('data-event-id');
    await rows.first().click();
    await waitForPath(page, `/event/${id}`);
    const eventPage = page.getByTestId('event-page');
    await eventPage.waitFor();
    await expect(eventPage.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Alarm: SOS');
    await expect(page.getByTestId('event-message').textContent()).resolves.toMatch(/alarm: sos/);
    const stored = await adminJson<{ positionId: number }>(harness, 'GET', `/api/events/${id}`);
    await expect(eventPage.getByRole('link', { name: 'Show position' }).getAttribute('href')).resolves.toBe(`/position/${stored.positionId}`);

    // Delete all.
    await page.getByTestId('events-button').click();
    await drawer.waitFor();
    await drawer.getByRole('button', { name: 'Delete all' }).click();
    await drawer.getByText('No events').waitFor();
    expect(await all.count()).toBe(0);
  });
});
