/**
 * Reboot from /settings/server, in Chromium against the server as `npm run serve` runs it: its
 * supervisor (`server/supervise.ts`) starts it again after the reboot, on the same data and port.
 * The page asks first, says the server is restarting, reconnects by itself (no reload, the same
 * session) and says when the server is back, with the data of before; the server's announced close
 * is no connection error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ADMIN_PASSWORD, CHROMIUM_ARGS, CLIENT_DIR, chromiumPath } from './harness.ts';
import { ADMIN_LOGIN, basicAuth, pathOf } from './helpers.ts';
import { main } from './settingsSteps.ts';
import { type Supervised, startSupervised } from '../server/supervised.ts';

let server: Supervised;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'athar-e2e-reboot-'));
  [server, browser] = await Promise.all([
    startSupervised({ DATA_DIR: dataDir, ADMIN_PASSWORD, CLIENT_DIR, MAP_STYLE: 'offline', OSMAND_PORT: 'off' }),
    chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every /api/socket of the page: frames received, and whether it closed. */
function watchSockets(page: Page): Array<{ frames: number; closed: boolean }> {
  const sockets: Array<{ frames: number; closed: boolean }> = [];
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/api/socket')) return;
    const socket = { frames: 0, closed: false };
    sockets.push(socket);
    ws.on('framereceived', () => socket.frames++);
    ws.on('close', () => (socket.closed = true));
  });
  return sockets;
}

describe('reboot', () => {
  it('an administrator reboots from /settings/server: the server comes back with the same data, and the page reconnects by itself', async () => {
    const created = await fetch(`${server.url}/api/devices`, {
      method: 'POST',
      headers: { Authorization: basicAuth(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Kept across the reboot', uniqueId: 'reboot-e2e' }),
    });
    expect(created.status).toBe(200);

    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('[page error]', error.message));
    const sockets = watchSockets(page);
    // signed in through the API, as the login form's request does (the sign-in has tests of its own)
    const signedIn = await page.request.post(`${server.url}/api/session`, { form: { email: ADMIN_LOGIN, password: ADMIN_PASSWORD }, headers: { Origin: server.url } });
    expect(signedIn.status()).toBe(200);
    await page.goto(`${server.url}/settings/server?locale=en`);
    await main(page).locator('h1').first().waitFor();
    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });
    const state = page.getByTestId('connection-state');
    await expect.poll(() => state.getAttribute('data-status'), { timeout: 10_000 }).toBe('online');

    const settings = main(page);
    await settings.getByRole('button', { name: 'Reboot', exact: true }).click();
    // asked first: Cancel sends nothing
    await settings.getByRole('button', { name: 'Reboot server' }).click();
    const question = page.getByRole('alertdialog', { name: 'Reboot the server?' });
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(server.servers).toHaveLength(1);
    await settings.getByRole('button', { name: 'Reboot server' }).click();
    await question.getByRole('button', { name: 'Reboot' }).click();

    await settings.getByText('The server is restarting').waitFor({ timeout: 5_000 });
    await expect.poll(() => state.getAttribute('data-status'), { timeout: 5_000 }).not.toBe('online');
    await server.started(2);
    // the socket machine's back-off brings the page back: 2 s after the close, or 4 s later
    await settings.getByText('The server is back.').waitFor({ timeout: 15_000 });
    expect(await state.getAttribute('data-status')).toBe('online');
    const fresh = sockets.slice(1).find((socket) => socket.frames > 0 && !socket.closed);
    expect(fresh, 'a new socket, open, with its first frame').toBeDefined();
    expect(sockets[0]?.closed).toBe(true);

    // the same page, session and data, from a new server process
    expect(reloaded).toBe(false);
    expect(pathOf(page)).toBe('/settings/server');
    expect(server.servers[1]).not.toBe(server.servers[0]);
    const devices = await page.request.get(`${server.url}/api/devices`);
    expect(devices.status()).toBe(200);
    expect(((await devices.json()) as Array<{ name: string }>).map((d) => d.name)).toContain('Kept across the reboot');
    // an announced restart is not a connection error
    expect(await page.getByText('Web socket connection error').count()).toBe(0);
    await context.close();
  });
});
