/**
 * The official Traccar web client against the embedded server, in Chromium (issue 32: "the official
 * client still runs against the embedded server unchanged"):
 *
 *   npx tsx scripts/official-client.ts --client DIR [--out DIR]
 *
 * `--client` is the official client's build (its repository, fetched and built with `npm ci && npm
 * run build`: the folder with its index.html). The embedded server serves it instead of Athar, with
 * the demo; the admin signs in through its login form, then the map, the devices list, a device, the
 * geofences, the notifications, the users and four reports are opened. Each is screenshot into
 * `--out` (default /tmp/official-client) for a person to look at; API answers of 400 and more, page
 * errors and requests that failed are printed (the client's own internet resources, its flags' CDN
 * and its geocoder, fail here: no network). Its map styles are on the internet too: the server's
 * `mapUrl` gives it a blank style, as bench:live does. A check to run by hand, not a test: the
 * official client is not part of the project.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_PASSWORD, startHarness } from '../tests/e2e/harness.ts';
import { adminJson } from '../tests/e2e/helpers.ts';
import { routeBlankBasemap, withBlankBasemap } from '../bench/blankBasemap.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const client = option('--client');
if (!client) throw new Error('--client DIR: the official client build (its index.html folder)');
const out = option('--out') ?? '/tmp/official-client';
mkdirSync(out, { recursive: true });

const harness = await startHarness({ clientDir: client });
try {
  const { page, context } = await harness.newPage({ viewport: { width: 1280, height: 800 } });
  await routeBlankBasemap(context);
  const server = await adminJson<Record<string, unknown> & { attributes: Record<string, unknown> }>(harness, 'GET', '/api/server');
  await adminJson(harness, 'PUT', '/api/server', withBlankBasemap(server));

  const problems: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    // a navigation cancels what is still loading (ERR_ABORTED): not a failure
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${r.url().slice(0, 120)} (${r.failure()?.errorText ?? '?'})`);
  });
  const base = harness.server.url;
  await page.goto(`${base}/login`);
  await page.getByLabel(/Email/).fill('admin');
  await page.getByLabel(/Password/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: /Login/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
  const screens: Array<[string, string, string]> = [
    ['map', '/', 'canvas.maplibregl-canvas'],
    ['devices', '/settings/devices', 'table'],
    ['device', '/settings/device/1', 'input'],
    ['geofences', '/geofences', 'canvas.maplibregl-canvas'],
    ['notifications', '/settings/notifications', 'table'],
    ['users', '/settings/users', 'table'],
    ['report-route', '/reports/route', 'button'],
    ['report-trips', '/reports/trips', 'button'],
    ['report-events', '/reports/events', 'button'],
    ['report-summary', '/reports/summary', 'button'],
  ];
  for (const [name, path, selector] of screens) {
    await page.goto(`${base}${path}`);
    const shown = await page
      .locator(selector)
      .first()
      .waitFor({ timeout: 20_000 })
      .then(() => true)
      .catch(() => false);
    await page.waitForTimeout(1_500);
    await page.screenshot({ path: join(out, `${name}.png`) });
    console.log(`${shown ? 'shown' : 'NOT SHOWN'}  ${path}  (${name}.png)`);
    if (!shown) problems.push(`${path}: no ${selector}`);
  }
  console.log(problems.length ? `problems:\n${problems.join('\n')}` : 'problems: none');
} finally {
  await harness.close();
}
