/**
 * The service worker in Chromium against the embedded server:
 * - it registers, controls the page after a reload and answers navigations from the precache,
 *   while /api (and /announcements.json) always go to the network;
 * - a new build makes the refresh prompt appear (through the periodic update check, its interval
 *   set small with the server attribute `serviceWorkerUpdateInterval`), and Refresh reloads the page
 *   under the new worker; the prompt passes axe in ar and en and sits above the phone's bottom
 *   navigation;
 * - Lighthouse-style installability: the manifest linked from index.html, its icons, a worker with
 *   a fetch handler controlling the page, and Chromium's own installability check.
 *
 * The server serves a copy of the build (CLIENT_DIR) from a temporary folder. "A new build" is
 * that copy changed as a rebuild changes it: index.html gets a new marker, and sw.js the new
 * precache revision (the MD5 Workbox computes) of index.html, so the worker's script differs
 * byte for byte. Building a second client would cost a minute of CI for the same effect.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CLIENT_DIR, chromiumPath, startHarness, type Harness } from './harness.ts';
import { seriousViolations } from './axe.ts';
import { setServerAttributes, signInThroughApi } from './helpers.ts';

let harness: Harness;
let buildDir: string;

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), 'athar-sw-build-'));
  cpSync(CLIENT_DIR, buildDir, { recursive: true });
  harness = await startHarness({ clientDir: buildDir });
});

afterAll(async () => {
  await harness?.close();
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

const url = (path: string) => `${harness.server.url}${path}`;
const md5 = (data: Buffer | string) => createHash('md5').update(data).digest('hex');

/** Turns the served build into "the next build": a marker in index.html and its new revision in sw.js. */
function deployNextBuild(marker: string): void {
  const indexPath = join(buildDir, 'index.html');
  const swPath = join(buildDir, 'sw.js');
  const before = readFileSync(indexPath);
  const after = before.toString('utf8').replace('<head>', `<head>\n    <meta name="athar-build" content="${marker}" />`);
  const sw = readFileSync(swPath, 'utf8');
  const entry = `{url:"index.html",revision:"${md5(before)}"}`;
  expect(sw, 'sw.js precaches index.html with its MD5 as the revision').toContain(entry);
  // each file replaced whole (the browser checks sw.js every second and must never read half of one),
  // index.html first: the new worker precaches it as soon as it sees the new sw.js
  replaceFile(indexPath, after);
  replaceFile(swPath, sw.replace(entry, `{url:"index.html",revision:"${md5(after)}"}`));
}

function replaceFile(path: string, content: string): void {
  // a build writes the brotli and gzip copies beside a file (the server sends those to browsers that take them)
  const copies: Array<[string, Buffer]> = [];
  if (existsSync(`${path}.br`)) copies.push([`${path}.br`, brotliCompressSync(content)]);
  if (existsSync(`${path}.gz`)) copies.push([`${path}.gz`, gzipSync(content)]);
  for (const [file, data] of [...copies, [path, Buffer.from(content)] as [string, Buffer]]) {
    writeFileSync(`${file}.next`, data);
    renameSync(`${file}.next`, file);
  }
}

/** Waits until a worker is active for the page's scope. */
async function workerActive(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
}

const controller = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);

async function newPage(locale: 'en' | 'ar', viewport?: { width: number; height: number }, context?: BrowserContext): Promise<{ context: BrowserContext; page: Page }> {
  if (context) {
    const page = await context.newPage();
    if (viewport) await page.setViewportSize(viewport);
    return { context, page };
  }
  const opened = await harness.newPage({ locale: locale === 'ar' ? 'ar' : 'en-US' });
  if (viewport) await opened.page.setViewportSize(viewport);
  return opened;
}

describe('service worker', () => {
  it('is served at /sw.js, registers, controls the page after a reload, and never answers /api from a cache', async () => {
    const sw = await fetch(url('/sw.js'));
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');

    const { page } = await newPage('en');
    await page.goto(url('/login?locale=en'));
    expect(await workerActive(page)).toBe(url('/sw.js'));
    // the first visit is not controlled (no clients.claim): the next load is
    expect(await controller(page)).toBeNull();

    const apiResponses: { url: string; fromServiceWorker: boolean }[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith('/api') || path === '/announcements.json') apiResponses.push({ url: path, fromServiceWorker: response.fromServiceWorker() });
    });
    const document = await page.reload();
    expect(await controller(page)).toBe(url('/sw.js'));
    // the shell comes from the precache
    expect(document?.fromServiceWorker()).toBe(true);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(apiResponses.map((r) => r.url)).toContain('/api/server');
    expect(apiResponses.filter((r) => r.fromServiceWorker)).toEqual([]);

    // nothing of /api or the announcements file is in any cache
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.filter((path) => path.startsWith('/api') || path === '/announcements.json')).toEqual([]);
    // MapLibre (its 1.1 MB chunk, named in vite.config.ts, and its worker) and the map's country outlines are left to the network
    expect(cached.filter((path) => /\/maplibre-[\w-]+\.m?js$|countries-/.test(path))).toEqual([]);
    expect(cached.some((path) => /\/assets\/framework-[\w-]+\.js$/.test(path))).toBe(true);

    // a navigation to the API is not answered with the app shell
    const api = await page.goto(url('/api/server'));
    expect(api?.fromServiceWorker()).toBe(false);
    expect(api?.headers()['content-type']).toMatch(/json/);
  });

  it('a new build brings the refresh prompt through the update check; Refresh reloads the page under the new worker', async () => {
    await setServerAttributes(harness, { serviceWorkerUpdateInterval: 1000 });
    const { context, page } = await newPage('en');
    await page.goto(url('/login?locale=en'));
    await workerActive(page);
    await page.reload();
    expect(await controller(page)).toBe(url('/sw.js'));
    const prompt = page.getByRole('region', { name: 'App update' });
    expect(await prompt.count()).toBe(0);

    deployNextBuild('B');
    // no reload: the interval's update check (every second here) finds the new worker
    await prompt.waitFor({ timeout: 20_000 });
    expect(await prompt.textContent()).toContain('A new version of Athar is available.');
    expect(await page.locator('meta[name="athar-build"]').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Arabic, on a phone, signed in: another page of the same browser sees the waiting worker at once
    await signInThroughApi(page, harness);
    const phone = await newPage('ar', { width: 390, height: 844 }, context);
    await phone.page.goto(url('/?locale=ar'));
    const promptAr = phone.page.getByRole('region', { name: 'تحديث التطبيق' });
    await promptAr.waitFor({ timeout: 20_000 });
    await phone.page.getByRole('button', { name: 'تحديث', exact: true }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const nav = phone.page.getByRole('navigation').last();
    const navBox = await nav.boundingBox();
    const promptBox = await promptAr.boundingBox();
    expect(navBox && promptBox, 'the bottom navigation and the prompt are on screen').toBeTruthy();
    if (navBox && promptBox) {
      expect(navBox.y + navBox.height).toBeGreaterThan(800);
      expect(promptBox.y + promptBox.height).toBeLessThanOrEqual(navBox.y);
      expect(promptBox.x).toBeGreaterThanOrEqual(0);
      expect(promptBox.x + promptBox.width).toBeLessThanOrEqual(390);
    }
    expect(await seriousViolations(phone.page)).toEqual([]);
    await phone.page.close();

    // Refresh: the new worker takes over and the page reloads with the new build's index.html
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await page.locator('meta[name="athar-build"][content="B"]').waitFor({ state: 'attached', timeout: 20_000 });
    expect(await controller(page)).toBe(url('/sw.js'));
    await page.getByRole('navigation').first().waitFor();
    expect(await prompt.count()).toBe(0);
    const waiting = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    expect(waiting).toBe(false);
    await setServerAttributes(harness, { serviceWorkerUpdateInterval: null });
  });

  it('is installable: a valid manifest linked from index.html, 192 and 512 PNG icons, and a worker with a fetch handler controlling the page', async () => {
    const html = await (await fetch(url('/'))).text();
    const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
    expect(href).toBeTruthy();
    const response = await fetch(url(href ?? ''));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/(manifest\+)?json/);
    const manifest = (await response.json()) as {
      name?: string;
      short_name?: string;
      start_url?: string;
      scope?: string;
      display?: string;
      lang?: string;
      theme_color?: string;
      background_color?: string;
      icons?: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest.name).toContain('أثر');
    expect(manifest.name).toContain('Athar');
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.start_url).toBe('/');
    expect(manifest.scope).toBe('/');
    expect(['standalone', 'fullscreen', 'minimal-ui']).toContain(manifest.display);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    for (const size of [192, 512]) {
      const icon = manifest.icons?.find((i) => i.sizes === `${size}x${size}` && i.type === 'image/png' && (i.purpose ?? 'any').includes('any'));
      expect(icon, `a ${size}px PNG icon`).toBeTruthy();
      const image = await fetch(new URL(icon?.src ?? '', url(href ?? '/')));
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await image.arrayBuffer());
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      // IHDR: width and height, big-endian, at bytes 16 and 20
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
    expect(manifest.icons?.some((i) => i.purpose === 'maskable')).toBe(true);

    // the worker has a fetch handler (Workbox's precache and navigation routes)
    const sw = await (await fetch(url('/sw.js'))).text();
    const runtime = /\.\/(workbox-[0-9a-f]+)/.exec(sw)?.[1];
    const workbox = runtime ? await (await fetch(url(`/${runtime}.js`))).text() : '';
    expect(`${sw}\n${workbox}`).toMatch(/addEventListener\("fetch"/);

    // Chromium's own check (what the install prompt and Lighthouse use), in a browser profile of
    // its own: the harness's contexts are incognito, where nothing is installable ('in-incognito')
    const profile = mkdtempSync(join(tmpdir(), 'athar-sw-profile-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), args: CHROMIUM_ARGS, viewport: { width: 1280, height: 800 } });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(url('/login?locale=en'));
      await workerActive(page);
      await page.reload();
      expect(await controller(page)).toBe(url('/sw.js'));
      const cdp = await context.newCDPSession(page);
      const appManifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
      expect(appManifest.url).toBe(url('/manifest.webmanifest'));
      expect(appManifest.errors).toEqual([]);
      const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installability.installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
