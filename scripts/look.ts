/**
 * Look at a screen as a person would: starts the embedded server in demo mode on a temporary data
 * folder (serving dist/), signs the admin in unless the path is public, and saves Chromium
 * screenshots of each path in ar and en at 1280×800 and 390×844.
 *
 *   npm run build && npx tsx scripts/look.ts [--out DIR] [--client DIR] [--simulator] [--no-login] PATH...
 *
 * `--client` serves another build than dist/ (one built with `vite build --outDir`).
 *
 * A path may end with steps, run in order after load: `#click=SELECTOR` (waits up to 5 s for it),
 * `#try=SELECTOR` (clicked only when it is visible then: the phone's devices button, say),
 * `#hover=SELECTOR`, `#key=KEY` (pressed), `#wait=MS`, `#media=print` (the print stylesheet, the
 * whole page taken), `#name=NAME` (the file's name in place of the
 * path's). Files are named `<out>/<path-slug>.<lang>.<width>.png`. `--post '/api/calendars={"name":…}'` creates something as
 * the admin first (repeatable), so that a screen shows data the demo does not have. `--light` looks in
 * the light theme (the server's `darkMode` false, every user's default).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { createServer } from '../server/app.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/harness.ts';

const args = process.argv.slice(2);
let out = '/tmp/look';
let clientDir = 'dist';
let simulator = false;
let login = true;
let light = false;
const paths: string[] = [];
const posts: Array<{ path: string; body: string }> = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i] ?? '';
  if (arg === '--out') out = args[++i] ?? out;
  else if (arg === '--client') clientDir = args[++i] ?? clientDir;
  else if (arg === '--simulator') simulator = true;
  else if (arg === '--no-login') login = false;
  else if (arg === '--light') light = true;
  else if (arg === '--post') {
    const value = args[++i] ?? '';
    const at = value.indexOf('=');
    posts.push({ path: value.slice(0, at), body: value.slice(at + 1) });
  }
  else paths.push(arg);
}
if (paths.length === 0) paths.push('/');
mkdirSync(out, { recursive: true });

const PUBLIC = ['/login', '/register', '/reset-password', '/change-server'];
const dataDir = mkdtempSync(join(tmpdir(), 'athar-look-'));
const server = await createServer({ dataDir, port: 0, host: '127.0.0.1', demo: true, adminPassword: 'look', clientDir, simulator, mapStyle: 'offline' });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
for (const { path, body } of posts) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('admin:look').toString('base64')}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body,
  });
  console.log(`POST ${path}: ${response.status} ${(await response.text()).slice(0, 120)}`);
}
if (light) {
  const auth = { Authorization: `Basic ${Buffer.from('admin:look').toString('base64')}`, Accept: 'application/json' };
  const current = (await (await fetch(`${server.url}/api/server`, { headers: auth })).json()) as { attributes?: Record<string, unknown> };
  const response = await fetch(`${server.url}/api/server`, {
    method: 'PUT',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...current, attributes: { ...current.attributes, darkMode: false } }),
  });
  console.log(`the light theme: PUT /api/server ${response.status}`);
}
try {
  for (const lang of ['ar', 'en']) {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height }, locale: lang === 'ar' ? 'ar' : 'en-US' });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
      await page.goto(`${server.url}/login?locale=${lang}`);
      if (login) {
        await page.locator('input').first().fill('admin');
        await page.locator('input[type=password]').first().fill('look');
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      }
      for (const full of paths) {
        const [path = '/', ...hash] = full.split('#');
        const isPublic = PUBLIC.some((p) => path.startsWith(p));
        if (!(isPublic && path.startsWith('/login') && !login)) await page.goto(`${server.url}${path}`);
        await page.waitForTimeout(1500);
        for (const step of hash) {
          const at = step.indexOf('=');
          const verb = step.slice(0, at);
          const value = step.slice(at + 1);
          if (verb === 'click') await page.locator(value).first().click({ timeout: 5000 }).catch(() => console.error(`could not click ${value} on ${path} (${lang}, ${width})`));
          if (verb === 'try') {
            const target = page.locator(value).first();
            if (await target.isVisible()) await target.click();
          }
          if (verb === 'hover') await page.locator(value).first().hover({ timeout: 5000 }).catch(() => console.error(`could not hover ${value} on ${path} (${lang}, ${width})`));
          if (verb === 'key') await page.keyboard.press(value);
          if (verb === 'wait') await page.waitForTimeout(Number(value));
          if (verb === 'media') await page.emulateMedia({ media: value === 'print' ? 'print' : 'screen' });
        }
        await page.waitForTimeout(500);
        const named = hash.find((step) => step.startsWith('name='))?.slice('name='.length);
        const slug = named ?? (path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'map') + (hash.length ? `-${hash.length}` : '');
        const file = join(out, `${slug}.${lang}.${width}.png`);
        await page.screenshot({ path: file, fullPage: hash.includes('media=print') });
        await page.emulateMedia({ media: 'screen' });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
