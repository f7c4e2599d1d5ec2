/**
 * The server goes away and comes back: the app says it cannot reach the server, retries by itself
 * (every 5 s) and shows the map again with the session kept.
 *
 * A stopped server cannot serve the page itself, so while it is down the app shell (index.html and
 * the built assets) is served from dist/ by the test, as an installed/cached client would have it;
 * every /api request still goes to the real, stopped, server.
 */
import { readFileSync, existsSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { ADMIN_PASSWORD, startHarness, type Harness } from './harness.ts';
import { ADMIN_LOGIN, DEMO_DEVICES, expectMap, pageSessionStatus, pathOf, submitLogin, waitForPath } from './helpers.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.pbf': 'application/x-protobuf',
  '.wasm': 'application/wasm',
};

/** Serves the client from dist/ (index.html for routes), with the server's own CSP on the document. */
async function serveShell(route: Route, csp: string): Promise<void> {
  const { pathname } = new URL(route.request().url());
  const file = normalize(join('dist', decodeURIComponent(pathname)));
  if (extname(pathname) && file.startsWith('dist') && existsSync(file)) {
    await route.fulfill({ status: 200, body: readFileSync(file), contentType: TYPES[extname(file)] ?? 'application/octet-stream' });
  } else if (!extname(pathname)) {
    await route.fulfill({ status: 200, body: readFileSync('dist/index.html'), headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp } });
  } else {
    await route.fulfill({ status: 404, body: 'Not found' });
  }
}

describe('server unreachable', () => {
  it('shows the connection alert on the map route while the server is down and recovers by itself when it is back', async () => {
    const { page } = await harness.newPage();
    const document = await page.goto(`${harness.server.url}/login?locale=en`);
    const csp = (await document?.allHeaders())?.['content-security-policy'] ?? '';
    await submitLogin(page, ADMIN_LOGIN, ADMIN_PASSWORD);
    await waitForPath(page, '/');
    await expectMap(page, DEMO_DEVICES);

    await harness.server.close();
    await page.route((u) => u.origin === harness.server.url && !u.pathname.startsWith('/api'), (route) => serveShell(route, csp));
    await page.reload();

    const alert = page.getByRole('alert').filter({ hasText: 'The server could not be reached' });
    // Recorded rather than asserted at once, so that the recovery below is checked in any case.
    const alertShown = await alert.waitFor({ timeout: 8000 }).then(
      () => true,
      () => false,
    );
    const alertText = alertShown ? await alert.textContent() : null;
    const retryButtons = await page.getByRole('button', { name: 'Retry' }).count();

    const restartedAt = Date.now();
    await harness.restartServer();
    // No click on Retry: the app retries on its own after 5 s.
    await expectMap(page, DEMO_DEVICES);
    expect(Date.now() - restartedAt).toBeLessThan(12_000);
    expect(await alert.count()).toBe(0);
    expect(pathOf(page)).toBe('/');
    expect(await pageSessionStatus(page)).toBe(200);

    expect(alertShown, "the 'The server could not be reached' alert while the server was down").toBe(true);
    expect(alertText).toContain('Connection error');
    expect(retryButtons).toBe(1);
  });

  it('shows the connection alert on a public screen and clears it by itself when the server is back', async () => {
    const { page } = await harness.newPage();
    const document = await page.goto(`${harness.server.url}/change-server?locale=en`);
    const csp = (await document?.allHeaders())?.['content-security-policy'] ?? '';
    await page.getByRole('heading', { name: 'Change server' }).waitFor();

    await harness.server.close();
    await page.route((u) => u.origin === harness.server.url && !u.pathname.startsWith('/api'), (route) => serveShell(route, csp));
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: 'The server could not be reached' });
    await alert.waitFor({ timeout: 8000 });
    await expect(alert.textContent()).resolves.toContain('Connection error');

    const restartedAt = Date.now();
    await harness.restartServer();
    await page.getByRole('heading', { name: 'Change server' }).waitFor({ timeout: 12_000 });
    expect(Date.now() - restartedAt).toBeLessThan(12_000);
    expect(await alert.count()).toBe(0);
  });
});
