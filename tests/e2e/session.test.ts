/**
 * Sign-in, session, language, token login, post-login destination and security headers against
 * the real embedded server in demo mode (8 devices around Riyadh).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { ADMIN_PASSWORD, startHarness, type Harness } from './harness.ts';
import {
  ADMIN_LOGIN,
  DEMO_DEVICES,
  LABEL,
  adminApi,
  createToken,
  expectMap,
  pageSessionStatus,
  pathOf,
  submitLogin,
  waitForPath,
} from './helpers.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

const url = (path: string) => `${harness.server.url}${path}`;

async function signInAsAdmin(page: Page): Promise<void> {
  await submitLogin(page, ADMIN_LOGIN, ADMIN_PASSWORD);
}

describe('session', () => {
  it('redirects to /login, signs in to the map, keeps the session on reload and logs out from the Account menu', async () => {
    const { page } = await harness.newPage();
    await page.goto(url('/'));
    await waitForPath(page, '/login');

    await signInAsAdmin(page);
    await waitForPath(page, '/');
    await expectMap(page, DEMO_DEVICES);

    await page.reload();
    await expectMap(page, DEMO_DEVICES);
    expect(pathOf(page)).toBe('/');

    // The bottom navigation (and its Account menu) shows below 600 px.
    await page.setViewportSize({ width: 400, height: 800 });
    await page.getByRole('button', { name: LABEL.account }).click();
    await page.getByRole('menuitem', { name: /^(Account settings|إعدادات الحساب)$/ }).waitFor();
    const logout = page.waitForResponse((response) => response.url().endsWith('/api/session') && response.request().method() === 'DELETE');
    await page.getByRole('menuitem', { name: LABEL.logout }).click();
    expect((await logout).status()).toBe(204);
    await waitForPath(page, '/login');
    await page.getByLabel(LABEL.email).waitFor();

    expect(await pageSessionStatus(page)).toBe(404);
  });

  it('while the sign-in form waits, fetches the map: its code with MapLibre, its workers and the coarse basemap, nothing of the API; then signs in to it', async () => {
    const { page } = await harness.newPage();
    const fetched: Array<{ path: string; at: number }> = [];
    const started = Date.now();
    page.on('request', (request) => fetched.push({ path: new URL(request.url()).pathname, at: Date.now() - started }));
    page.on('worker', () => fetched.push({ path: 'worker', at: Date.now() - started }));
    // the sign-in form's own code loaded: the form can only be drawn after it (the page's events
    // reach the test in order; the moment `waitFor` returns may already be after an idle prefetch)
    let formCodeAt = Infinity;
    page.on('requestfinished', (request) => {
      if (/^\/assets\/login-[\w-]+\.js$/.test(new URL(request.url()).pathname)) formCodeAt = Date.now() - started;
    });
    await page.goto(url('/login?locale=en'));
    await page.getByLabel(LABEL.email).waitFor();
    await expect.poll(() => fetched.map((f) => f.path), { timeout: 15_000 }).toEqual(
      expect.arrayContaining(['worker', expect.stringMatching(/^\/assets\/maplibre-[\w-]+\.js$/), expect.stringMatching(/^\/assets\/shell-[\w-]+\.js$/), expect.stringMatching(/^\/assets\/mappage-[\w-]+\.js$/), expect.stringMatching(/^\/assets\/countries-110m-[\w-]+\.json$/)]),
    );
    // after the form, and nothing that needs a session
    expect(formCodeAt).toBeLessThan(Infinity);
    expect(fetched.filter((f) => /maplibre|shell|mappage|countries/.test(f.path)).filter((f) => f.at < formCodeAt)).toEqual([]);
    expect(fetched.filter((f) => /^\/api\/(devices|positions|geofences|groups)/.test(f.path))).toEqual([]);
    expect(fetched.some((f) => /countries-50m/.test(f.path))).toBe(false);
    await signInAsAdmin(page);
    await waitForPath(page, '/');
    await expectMap(page, DEMO_DEVICES);
  });

  it('shows the error on a wrong password and still signs in with the right one', async () => {
    const { page } = await harness.newPage();
    // a page other than the map asked for first: the sign-in returns there, no map drawn
    await page.goto(url('/settings/preferences?locale=en'));
    await waitForPath(page, '/login');
    await submitLogin(page, ADMIN_LOGIN, 'not-the-password');
    await page.getByText('Incorrect email address or password').waitFor();
    expect(pathOf(page)).toBe('/login');
    await expect(page.getByLabel('Email').getAttribute('aria-invalid')).resolves.toBe('true');

    // Correct the password and submit again: the form must send a new sign-in request.
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    const retried = page.waitForRequest((request) => request.url().endsWith('/api/session') && request.method() === 'POST', { timeout: 5000 });
    await page.getByRole('button', { name: 'Sign in' }).click();
    const sent = await retried.then(
      () => true,
      () => false,
    );
    expect(sent, 'a second sign-in request after the wrong password').toBe(true);
    await waitForPath(page, '/settings/preferences');
    await page.getByRole('main').getByRole('heading', { name: 'Preferences', level: 1 }).waitFor();
    expect(await pageSessionStatus(page)).toBe(200);
  });
});

/** Picks a language with the login screen's language select. */
async function chooseLanguage(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /(Language|اللغة)$/ }).click();
  await page.getByRole('option', { name }).click();
  // the trigger's name is its value, then its label (in the language now shown)
  await page.getByRole('button', { name: new RegExp(`^${name} `) }).waitFor();
}

describe('language', () => {
  it('is Arabic and right-to-left by default', async () => {
    const { page } = await harness.newPage({ locale: 'en-US' });
    await page.goto(url('/login'));
    await page.getByRole('heading', { name: 'تسجيل الدخول' }).waitFor();
    const html = page.locator('html');
    await expect(html.getAttribute('lang')).resolves.toBe('ar');
    await expect(html.getAttribute('dir')).resolves.toBe('rtl');
    await expect(page.getByLabel('البريد الإلكتروني', { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByLabel('كلمة المرور', { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).count()).resolves.toBe(1);
  });

  it('switches to English with ?locale=en, removes the parameter, keeps the choice on reload, and follows the language select', async () => {
    const { page } = await harness.newPage();
    await page.goto(url('/login?locale=en'));
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const html = page.locator('html');
    await expect(html.getAttribute('lang')).resolves.toBe('en');
    await expect(html.getAttribute('dir')).resolves.toBe('ltr');
    expect(page.url()).not.toContain('locale');
    expect(pathOf(page)).toBe('/login');
    await expect(page.getByLabel('Email', { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByLabel('Password', { exact: true }).count()).resolves.toBe(1);

    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expect(html.getAttribute('lang')).resolves.toBe('en');
    await expect(html.getAttribute('dir')).resolves.toBe('ltr');

    // The language select switches at once, without a reload.
    await chooseLanguage(page, 'العربية');
    await page.getByRole('heading', { name: 'تسجيل الدخول' }).waitFor({ timeout: 5000 });
    await expect(html.getAttribute('lang')).resolves.toBe('ar');
    await expect(html.getAttribute('dir')).resolves.toBe('rtl');
    await expect(page.getByLabel('البريد الإلكتروني', { exact: true }).count()).resolves.toBe(1);

    await chooseLanguage(page, 'English');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 5000 });
    await expect(html.getAttribute('dir')).resolves.toBe('ltr');

    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expect(html.getAttribute('lang')).resolves.toBe('en');
  });

  it('offers the twelve languages; Persian is right to left, and leaving it (React Aria keeps its first strings) reloads the page in the new one', async () => {
    const { page } = await harness.newPage();
    await page.goto(url('/login?locale=en'));
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: /Language$/ }).click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).toEqual(['العربية', 'English', 'עברית', 'فارسی', 'اردو', 'Français', 'Español', 'Português (Brasil)', 'Русский', 'Türkçe', 'Deutsch', 'Bahasa Indonesia']);
    await page.keyboard.press('Escape');

    await chooseLanguage(page, 'فارسی');
    await page.getByRole('heading', { name: 'ورود' }).waitFor({ timeout: 5000 });
    const html = page.locator('html');
    await expect(html.getAttribute('lang')).resolves.toBe('fa');
    await expect(html.getAttribute('dir')).resolves.toBe('rtl');
    // React Aria's own strings in Persian (it ships none): given to it, the once it reads them
    expect(await page.evaluate(() => (window as unknown as Record<symbol, unknown>)[Symbol.for('react-aria.i18n.locale')])).toBe('fa');

    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: /زبان$/ }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await reloaded;
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expect(html.getAttribute('lang')).resolves.toBe('en');
    expect(await page.evaluate(() => (window as unknown as Record<symbol, unknown>)[Symbol.for('react-aria.i18n.locale')])).toBeUndefined();
  });
});

/** Records every request with its Referer (from the full header set, which includes it). */
function recordRequests(page: Page) {
  const entries: Array<Promise<{ url: string; referer: string; type: string }>> = [];
  page.on('request', (request: Request) => {
    entries.push(
      request.allHeaders().then(
        (headers) => ({ url: request.url(), referer: headers['referer'] ?? '', type: request.resourceType() }),
        () => ({ url: request.url(), referer: request.headers()['referer'] ?? '', type: request.resourceType() }),
      ),
    );
  });
  return () => Promise.all(entries);
}

describe('?token=', () => {
  it('signs in with a valid token and removes it from the address bar before any other request', async () => {
    const token = await createToken(harness);
    const { page } = await harness.newPage();
    const requests = recordRequests(page);
    // The address bar as the page sees it when each API request reaches the network.
    const hrefAtApiRequest: string[] = [];
    await page.route('**/api/**', async (route) => {
      hrefAtApiRequest.push(await page.evaluate(() => location.href).catch(() => '(unavailable)'));
      await route.continue();
    });
    // the app's other requests too: the announcements file is fetched once the session has settled
    const hrefAtAnnouncements: string[] = [];
    await page.route('**/announcements.json', async (route) => {
      hrefAtAnnouncements.push(await page.evaluate(() => location.href).catch(() => '(unavailable)'));
      await route.continue();
    });

    await page.goto(url(`/?token=${encodeURIComponent(token)}`));
    await expectMap(page, DEMO_DEVICES);
    expect(pathOf(page)).toBe('/');
    expect(page.url()).not.toContain('token');
    expect(await page.evaluate(() => location.href)).not.toContain('token');

    const all = await requests();
    const api = all.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
    expect(api.map((r) => new URL(r.url).pathname)).toEqual(expect.arrayContaining(['/api/server', '/api/session']));
    // Only the token login itself carries the token, and no API request's Referer does.
    expect(api.filter((r) => r.url.includes('token=')).map((r) => new URL(r.url).pathname + new URL(r.url).search)).toEqual([
      `/api/session?token=${encodeURIComponent(token)}`,
    ]);
    expect(api.filter((r) => r.referer.includes('token')).map((r) => `${r.url} <- ${r.referer}`)).toEqual([]);
    expect(hrefAtApiRequest.length).toBeGreaterThan(0);
    expect(hrefAtApiRequest.filter((href) => href.includes('token'))).toEqual([]);
    expect(hrefAtAnnouncements).toHaveLength(1);
    expect(hrefAtAnnouncements.filter((href) => href.includes('token'))).toEqual([]);
    // Nothing loaded after the app started (lazy chunks, catalogs, map data, tiles) carries it either.
    const firstApi = all.findIndex((r) => new URL(r.url).pathname.startsWith('/api/'));
    expect(all.slice(firstApi).filter((r) => r.referer.includes('token')).map((r) => `${r.url} <- ${r.referer}`)).toEqual([]);
    // Nothing but the same origin ever saw it.
    expect(all.filter((r) => new URL(r.url).origin !== harness.server.url && (r.url.includes('token') || r.referer.includes('token')))).toEqual([]);
  });

  for (const kind of ['invalid', 'revoked'] as const) {
    it(`with ${kind === 'invalid' ? 'an invalid' : 'a revoked'} token shows the login screen, strips the token and does not retry`, async () => {
      let token = 'not-a-real-token';
      if (kind === 'revoked') {
        token = await createToken(harness);
        const revoked = await adminApi(harness, 'POST', '/api/session/token/revoke', { token }, { form: true });
        expect(revoked.status).toBe(204);
      }
      const { page } = await harness.newPage();
      const requests = recordRequests(page);
      const tokenLogins: number[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/session?token=')) tokenLogins.push(response.status());
      });

      await page.goto(url(`/?token=${encodeURIComponent(token)}`));
      await waitForPath(page, '/login');
      await page.getByLabel(LABEL.email).waitFor();
      await page.waitForTimeout(1500);

      expect(page.url()).not.toContain('token');
      expect(tokenLogins).toEqual([401]);
      const all = await requests();
      expect(all.filter((r) => r.url.includes('/api/session?token=')).length).toBe(1);
      expect(all.filter((r) => new URL(r.url).pathname.startsWith('/api/') && r.referer.includes('token'))).toEqual([]);
    });
  }
});

describe('post-login destination', () => {
  it('returns to the protected page that was asked for', async () => {
    const { page } = await harness.newPage();
    await page.goto(url('/settings/preferences?tab=x'));
    await waitForPath(page, '/login');
    await signInAsAdmin(page);
    await waitForPath(page, '/settings/preferences?tab=x');
  });

  // The real server does not serve the app for these paths (403/404), so the document is served
  // here as a proxy with an index.html fallback would: the client itself must refuse them.
  // Browsers normalise `/\` to `//` (so `//evil.example` is the first case again); the rule on every
  // other form (`//host`, backslashes, their percent-encodings, decoded or not) is pinned by
  // `safeInternalPath`'s unit test (src/domain/redirect.test.ts). Here: the path as the browser and
  // the router hand it to the session, raw and percent-encoded.
  it('never follows unsafe destinations and lands on /', async () => {
    for (const unsafe of ['/\\evil.example', '/%2F%2Fevil.example']) {
      const { page, context } = await harness.newPage();
      const foreign: string[] = [];
      await context.route(
        (u) => u.hostname === 'evil.example' || u.hostname.endsWith('.evil.example'),
        async (route) => {
          foreign.push(route.request().url());
          await route.abort();
        },
      );
      await page.route(
        (u) => u.origin === harness.server.url && /evil\.example/i.test(u.pathname),
        async (route) => route.fulfill({ response: await route.fetch({ url: url('/login') }) }),
      );
      await page.goto(url(unsafe));
      await page.waitForLoadState('load');
      if (pathOf(page) !== '/login') {
        // The app shows its not-found page for these paths; its link leads (client-side) to the sign-in.
        await page.getByRole('link', { name: /^(Back to the map|العودة إلى الخريطة)$/ }).click();
      }
      await waitForPath(page, '/login');
      await signInAsAdmin(page);
      await waitForPath(page, '/');
      await page.locator('[data-testid="map"]').waitFor({ state: 'attached' });
      expect(new URL(page.url()).origin, unsafe).toBe(harness.server.url);
      expect(pathOf(page), unsafe).toBe('/');
      expect(foreign, unsafe).toEqual([]);
      await context.close();
    }
  });
});

/** Elements carrying inline event handler attributes (`onclick=` and the like). */
function inlineHandlers(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('*')].flatMap((element) =>
      element
        .getAttributeNames()
        .filter((name) => /^on/i.test(name))
        .map((name) => `<${element.tagName.toLowerCase()} ${name}>`),
    ),
  );
}

describe('security', () => {
  it('uses no inline event handlers, sends a CSP and logs no CSP violation on the login and map pages', async () => {
    const { page } = await harness.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });

    const login = await page.goto(url('/login'));
    expect(login?.status()).toBe(200);
    const csp = (await login?.allHeaders())?.['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src [^;]*'self'/);
    expect(csp).not.toMatch(/script-src [^;]*'unsafe-inline'/);
    await page.getByLabel(LABEL.email).waitFor();
    expect(await inlineHandlers(page)).toEqual([]);

    await signInAsAdmin(page);
    await waitForPath(page, '/');
    await expectMap(page, DEMO_DEVICES);
    expect(await inlineHandlers(page)).toEqual([]);

    const map = await page.reload();
    expect((await map?.allHeaders())?.['content-security-policy']).toBe(csp);
    await expectMap(page, DEMO_DEVICES);
    expect(await inlineHandlers(page)).toEqual([]);
    expect(violations).toEqual([]);
  });
});
