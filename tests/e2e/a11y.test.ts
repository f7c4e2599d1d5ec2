/**
 * Accessibility: axe-core finds no serious or critical violation on every route, in Arabic and
 * English, and in Hebrew, Persian, German and Russian (issue 37), signed out (the public pages, registration on and off) and signed in (the map, its
 * pop-ups and the other protected pages). The light theme (`darkMode` false) is walked too: the
 * public pages (the server's darkMode), and the map, its pop-ups and every protected route again (an
 * administrator's own darkMode). The same walk is the CSP sweep: no route may cause a `securitypolicyviolation`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './harness.ts';
import { adminJson, messageIn, sendAlarm, setServerAttributes, signInToMap, submitLogin, waitForMap, waitForPath } from './helpers.ts';
import { seriousViolations } from './axe.ts';

let harness: Harness;

/** Ids of the records made in `beforeAll`, named as the routes' `{placeholders}`. */
const ids = { scheduled: 0, position: 0, event: 0, device: 0, group: 0, driver: 0, user: 0, attribute: 0, maintenance: 0, notification: 0, command: 0, calendar: 0, file: 0, geofence: 0, line: 0 };
/** Ids that are text (an announcement's, in the file stored in `beforeAll`), named likewise. */
const textIds: Record<string, string> = { announcement: 'axe-notice' };

/**
 * Every signed-in route, checked in Arabic and in English. A `{name}` stands for `ids.name`: a
 * route with an id gets a record made in `beforeAll` (its id kept in `ids`) and an entry here,
 * e.g. `'/settings/geofence/{geofence}'` with `ids.geofence`. Each route must show a heading in
 * its main region (the walk waits for it).
 */
const PROTECTED_ROUTES = [
  '/position/{position}',
  '/network/{position}',
  '/event/{event}',
  '/emulator',
  // the fleet overview with today's figures (the demo's), its tiles and ranked vehicles
  '/fleet',
  // the replay before Show (with its history loaded it is checked further down; the same page
  // twice in a row would keep its heading, which the walk waits to see replaced)
  '/replay',
  '/settings/preferences',
  '/settings/devices',
  '/settings/device',
  '/settings/device/{device}',
  '/settings/device/{device}/connections',
  '/settings/groups',
  '/settings/group',
  '/settings/group/{group}',
  '/settings/group/{group}/connections',
  '/settings/drivers',
  '/settings/driver',
  '/settings/driver/{driver}',
  '/settings/users',
  '/settings/user',
  '/settings/user/{user}',
  '/settings/user/{user}/connections',
  '/settings/user/1',
  '/settings/server',
  '/settings/attributes',
  '/settings/attribute',
  '/settings/attribute/{attribute}',
  '/settings/maintenances',
  '/settings/maintenance',
  '/settings/maintenance/{maintenance}',
  '/settings/notifications',
  '/settings/notification',
  '/settings/notification/{notification}',
  '/settings/commands',
  '/settings/command',
  '/settings/command/{command}',
  '/settings/device/{device}/command',
  '/settings/group/{group}/command',
  '/settings/accumulators/{device}',
  '/settings/device/{device}/share',
  '/settings/calendars',
  '/settings/calendar',
  '/settings/calendar/{calendar}',
  '/settings/calendar/{file}',
  '/geofences',
  '/settings/geofences',
  '/settings/geofence',
  '/settings/geofence/{geofence}',
  '/settings/geofence/{line}',
  '/settings/announcements',
  '/settings/announcement',
  '/settings/announcement/{announcement}',
  // the replay with a device's history of today loaded (the demo device's positions), and before Show
  '/replay?deviceId={device}&show=true',
  // every report, with its results where it has rows (the demo device's positions of today)
  '/reports/combined?deviceId={device}&show=true',
  '/reports/route?deviceId={device}&show=true',
  '/reports/events?deviceId={device}&show=true',
  '/reports/trips?deviceId={device}&show=true',
  '/reports/stops?deviceId={device}&show=true',
  '/reports/summary?deviceId={device}&show=true',
  '/reports/chart?deviceId={device}&show=true',
  '/reports/scheduled',
  '/reports/scheduled/{scheduled}',
  '/reports/statistics?show=true',
  '/reports/audit?show=true',
  '/reports/logs',
];

/** The signed-out routes, checked with registration on and off, and in the light theme. */
const PUBLIC_ROUTES = ['/login', '/register', '/reset-password', '/change-server'];

/** Routes the walk does not open itself, and why: each is another route's page. */
const ALIASES: Record<string, string> = {
  '/settings': 'redirects to /settings/preferences',
  '/reports': 'the combined report (/reports/combined)',
};

/**
 * Every route of the app, from the file routes (`src/routes`, TanStack's conventions): `_name` is
 * a layout without a path, `index` the folder's own path, `$name` a parameter, `{-$name}` an
 * optional one (both forms are routes to walk: a new item's page and a saved one's), `name_`
 * leaves the parent's layout; a file beside a folder of the same name is that folder's layout.
 */
function appRoutes(): string[] {
  const root = 'src/routes';
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.tsx')).map((file) => file.split(sep).join('/'));
  const folders = new Set(readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/')));
  const patterns: string[] = [];
  for (const file of files) {
    const name = file.slice(0, -'.tsx'.length);
    if (name === '__root' || folders.has(name)) continue;
    let forms: string[][] = [[]];
    for (const part of name.split(/[/.]/)) {
      const segment = part.replace(/_$/, '');
      if (segment.startsWith('_') || segment === 'index') continue;
      const optional = /^\{-\$\w+\}$/.test(segment);
      const value = optional ? '{param}' : segment.startsWith('$') ? '{param}' : segment;
      forms = optional ? forms.flatMap((form) => [form, [...form, value]]) : forms.map((form) => [...form, value]);
    }
    for (const form of forms) patterns.push(`/${form.join('/')}`);
  }
  return [...new Set(patterns)].sort();
}

describe('the walk', () => {
  it('visits every route of the app (a new route joins by being listed above)', () => {
    const walked = ['/', ...PUBLIC_ROUTES, ...PROTECTED_ROUTES].map((path) => path.split('?')[0]!.replace(/\{\w+\}|\d+/g, '{param}'));
    const missing = appRoutes().filter((pattern) => !(pattern in ALIASES) && !walked.some((path) => path === pattern || pattern.split('/').every((part, i, all) => all.length === path.split('/').length && (part === '{param}' || part === path.split('/')[i]))));
    expect(appRoutes().length).toBeGreaterThan(50);
    expect(missing, `routes the axe and CSP walk does not visit: ${missing.join(', ')}`).toEqual([]);
  });
});

/** A route of the tables with its `{placeholders}` replaced by the ids made in `beforeAll`. */
function route(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const id = (ids as Record<string, number | undefined>)[name] ?? textIds[name];
    if (!id) throw new Error(`${path}: no id '${name}' was made in beforeAll`);
    return String(id);
  });
}

const url = (path: string) => `${harness.server.url}${path}`;

async function setRegistration(on: boolean): Promise<void> {
  const server = await adminJson<Record<string, unknown>>(harness, 'GET', '/api/server');
  await adminJson(harness, 'PUT', '/api/server', { ...server, registration: on });
}

/** An administrator whose own darkMode is false: the light theme's walk signs in as them. */
const LIGHT_USER = { email: 'light-walk@example.com', password: 'light-walk-password-1' };

beforeAll(async () => {
  harness = await startHarness();
  await adminJson(harness, 'POST', '/api/users', { name: 'Light walk', email: LIGHT_USER.email, password: LIGHT_USER.password, administrator: true, attributes: { darkMode: false } });
  const positions = await adminJson<Array<{ id: number; deviceId: number }>>(harness, 'GET', '/api/positions');
  const first = positions[0];
  if (!first) throw new Error('the demo has no position');
  ids.position = first.id;
  // an alarm event to open at /event/{id}
  const devices = await adminJson<Array<{ id: number; uniqueId: string }>>(harness, 'GET', '/api/devices');
  const device = devices.find((d) => d.id === first.deviceId) ?? devices[0];
  if (!device) throw new Error('no device');
  const from = new Date(Date.now() - 60_000).toISOString();
  await sendAlarm(harness, device.uniqueId);
  const to = new Date(Date.now() + 60_000).toISOString();
  const events = await adminJson<Array<{ id: number; type: string }>>(
    harness,
    'GET',
    `/api/reports/events?deviceId=${device.id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
  );
  const alarm = events.find((event) => event.type === 'alarm');
  if (!alarm) throw new Error('no alarm event');
  ids.event = alarm.id;
  ids.device = device.id;
  ids.group = (await adminJson<{ id: number }>(harness, 'POST', '/api/groups', { name: 'Axe group', attributes: {} })).id;
  ids.driver = (await adminJson<{ id: number }>(harness, 'POST', '/api/drivers', { name: 'Axe driver', uniqueId: 'axe-driver', attributes: {} })).id;
  ids.user = (await adminJson<{ id: number }>(harness, 'POST', '/api/users', { name: 'Axe user', email: 'axe@example.com', password: 'axe-pass-1', attributes: {} })).id;
  ids.attribute = (await adminJson<{ id: number }>(harness, 'POST', '/api/attributes/computed', { description: 'Axe attribute', attribute: 'axe', expression: 'speed * 2', type: 'number', priority: 0 })).id;
  ids.notification = (await adminJson<{ id: number }>(harness, 'POST', '/api/notifications', { type: 'alarm', notificators: 'web,mail', always: true, attributes: { alarms: 'sos,overspeed' } })).id;
  ids.command = (await adminJson<{ id: number }>(harness, 'POST', '/api/commands', { description: 'Axe command', type: 'positionPeriodic', textChannel: false, deviceId: 0, attributes: { frequency: 120 } })).id;
  const ics = (lines: string[]) => Buffer.from(['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR'].join('\r\n')).toString('base64');
  ids.calendar = (await adminJson<{ id: number }>(harness, 'POST', '/api/calendars', { name: 'Axe shifts', data: ics(['BEGIN:VEVENT', 'UID:a', 'DTSTART;TZID=Asia/Riyadh:20270103T080000', 'DTEND;TZID=Asia/Riyadh:20270103T160000', 'RRULE:FREQ=WEEKLY;BYDAY=SU,MO,TU', 'END:VEVENT']), attributes: {} })).id;
  ids.file = (await adminJson<{ id: number }>(harness, 'POST', '/api/calendars', { name: 'Axe holidays', data: ics(['BEGIN:VEVENT', 'UID:b', 'SUMMARY:Eid', 'DTSTART;VALUE=DATE:20270310', 'END:VEVENT', 'BEGIN:VEVENT', 'UID:c', 'SUMMARY:National day', 'DTSTART;VALUE=DATE:20270923', 'END:VEVENT']), attributes: {} })).id;
  ids.geofence = (await adminJson<{ id: number }>(harness, 'POST', '/api/geofences', { name: 'Axe depot', area: 'CIRCLE (24.7136 46.6753, 500)', attributes: { color: '#e11d48', speedLimit: 30 } })).id;
  ids.line = (await adminJson<{ id: number }>(harness, 'POST', '/api/geofences', { name: 'Axe road', area: 'LINESTRING (24.70 46.66, 24.72 46.69)', attributes: { polylineDistance: 25 } })).id;
  ids.scheduled = (await adminJson<{ id: number }>(harness, 'POST', '/api/reports', { type: 'summary', description: 'Axe weekly summary', calendarId: ids.calendar, attributes: {} })).id;
  ids.maintenance = (await adminJson<{ id: number }>(harness, 'POST', '/api/maintenance', { name: 'Axe service', type: 'hours', start: 0, period: 36_000_000, attributes: {} })).id;
  // an announcement for the management screens, kept off every page (the dialog is checked on its own)
  await adminJson(harness, 'PUT', '/api/announcements', {
    announcements: [
      {
        id: textIds.announcement,
        isActive: true,
        priority: 1,
        title: { ar: 'صيانة الليلة', en: 'Maintenance tonight' },
        message: { ar: 'يتوقف الخادم من 1 إلى 3.', en: 'The server stops from 1 to 3.' },
        backgroundColor: '#1e3a5f',
        showToLoggedIn: true,
        buttonAction: 'external',
        buttonUrl: 'https://example.com/status',
        visibility: { hideOnPages: ['all'] },
      },
    ],
  });
});

afterAll(async () => {
  await harness?.close();
});

/**
 * The CSP sweep: every `securitypolicyviolation` of a page is kept (by a script the browser runs
 * before the page's own, outside its policy) and `check` reports them with the page's other faults.
 */
async function newWatchedPage(): Promise<Page> {
  const { context, page } = await harness.newPage();
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return page;
}

/**
 * Checks the page as it is now, in `lang` (the document's language is checked too, since the walk
 * keeps one page), and the CSP violations since the last check; the faults of every state are
 * reported together at the end of a test.
 */
async function check(page: Page, lang: string, what: string, found: string[]): Promise<void> {
  const documentLang = await page.evaluate(() => document.fonts.ready.then(() => document.documentElement.lang));
  if (documentLang !== lang) found.push(`${what}: the document's language is '${documentLang}'`);
  for (const violation of await seriousViolations(page)) found.push(`${what}: ${violation}`);
  const csp = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations?.splice(0) ?? ['the CSP watch is missing']);
  for (const violation of csp) found.push(`${what}: CSP ${violation}`);
}

const HEADING = ':is(main, [role=main]) :is(h1, h2)';

/** The theme the document is in (the walk would check the other one without noticing). */
async function expectTheme(page: Page, theme: 'dark' | 'light', what: string, found: string[]): Promise<void> {
  const actual = await page.evaluate(() => document.documentElement.dataset.theme);
  if (actual !== theme) found.push(`${what}: the document's theme is '${actual}', not '${theme}'`);
}

/** On the map page: a device card, its More menu and the events drawer, each checked, each closed again. */
async function checkMapPopUps(page: Page, lang: string, what: string, found: string[]): Promise<void> {
  // a device card
  await page.locator('[data-device-id]').first().click();
  await page.getByTestId('device-card').waitFor();
  await check(page, lang, `/ with a device card (${what})`, found);
  // its More menu (the network page, other maps, Delete)
  await page.getByTestId('device-card').getByRole('button', { name: messageIn(lang, 'More'), exact: true }).click();
  await page.getByRole('menu').waitFor();
  await check(page, lang, `/ with the device card's More menu (${what})`, found);
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  await page.keyboard.press('Escape');

  // the events drawer
  await page.getByTestId('events-button').click();
  await page.getByRole('dialog').first().waitFor();
  await check(page, lang, `/ with the events drawer (${what})`, found);
  await page.keyboard.press('Escape');
}

/**
 * Opens `path` inside the app (client-side, through the router's history: no page load, no new
 * sign-in) and waits until it is there and its own main heading shows: the headings of the page
 * before are marked first, so one of them does not count.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(
    ({ heading, to }) => {
      for (const element of document.querySelectorAll(heading)) element.setAttribute('data-axe-before', '');
      const index = Number((window.history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
      const key = Math.random().toString(36).slice(2, 10);
      // the router wraps history.pushState and follows it
      window.history.pushState({ __TSR_index: index, key, __TSR_key: key }, '', to);
    },
    { heading: HEADING, to: path },
  );
  await waitForPath(page, path);
  await page
    .locator(`${HEADING}:not([data-axe-before])`)
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(async (error: Error) => {
      const headings = await page.locator(HEADING).evaluateAll((elements) => elements.map((element) => element.outerHTML));
      throw new Error(`${path}: no new heading in the main region (headings: ${headings.join(' ') || 'none'}): ${error.message}`);
    });
  // a report asked for in the address is checked with its results (or its empty or failed state)
  if (path.startsWith('/reports/') && path.includes('show=true')) {
    await page.locator('main [data-testid="report-count"], main [data-drawn="true"], main p[role="status"], main [role="alert"]').first().waitFor({ timeout: 30_000 });
  }
  // a replay asked for in the address is checked loaded (its lines on the map), or with what it says instead
  if (path.startsWith('/replay') && path.includes('show=true')) {
    await page.locator('main [data-replay-lines]:not([data-replay-lines="0"]), main [role="alert"]').first().waitFor({ timeout: 30_000 });
  }
}

/** Arabic and English, the first two, walked in both themes; the languages added since, and the scripts they bring (Hebrew, Persian, Latin with long German words, Cyrillic), in the dark one. */
const LANGUAGES = ['ar', 'en', 'he', 'fa', 'de', 'ru'];
const BOTH_THEMES = new Set(['ar', 'en']);

describe.each(LANGUAGES)('axe in %s', (lang) => {
  it('public pages, registration on and off, and in the light theme', async () => {
    const page = await newWatchedPage();
    const found: string[] = [];
    const settings = (BOTH_THEMES.has(lang) ? [[true, 'dark'], [false, 'dark'], [true, 'light']] : [[true, 'dark']]) as Array<readonly [boolean, 'dark' | 'light']>;
    try {
      for (const [registration, theme] of settings) {
        await setRegistration(registration);
        // the server's darkMode false is every visitor's default: the light theme
        await setServerAttributes(harness, { darkMode: theme === 'light' ? false : null });
        // loaded once for each setting (the app reads it when it starts), then walked inside the app
        await page.goto(url(`${PUBLIC_ROUTES[0]}?locale=${lang}`));
        for (const [index, path] of PUBLIC_ROUTES.entries()) {
          if (index === 0) {
            await waitForPath(page, path);
            await page.locator(HEADING).first().waitFor({ timeout: 15_000 });
            await expectTheme(page, theme, `${path} (${lang})`, found);
          } else {
            await openInApp(page, path);
          }
          await check(page, lang, `${path} (${lang}, registration ${registration ? 'on' : 'off'}, ${theme} theme)`, found);
        }
      }
    } finally {
      await setServerAttributes(harness, { darkMode: null });
      await setRegistration(false);
    }
    expect(found, found.join('\n')).toEqual([]);
  });
});

/**
 * The map, its pop-ups and every protected route in `theme`, from one signed-in page: the dark
 * theme as the admin, the light one as an administrator whose own darkMode is false (so the two
 * languages' walks share no server setting and run side by side).
 */
async function walkSignedIn(lang: string, theme: 'dark' | 'light', found: string[]): Promise<void> {
  const page = await newWatchedPage();
  const what = theme === 'dark' ? lang : `${lang}, light theme`;
  if (theme === 'dark') {
    await signInToMap(page, harness, `/login?locale=${lang}`);
  } else {
    await page.goto(url(`/login?locale=${lang}`));
    await submitLogin(page, LIGHT_USER.email, LIGHT_USER.password);
    await waitForPath(page, '/');
    await waitForMap(page);
  }
  await expectTheme(page, theme, `/ (${what})`, found);
  await check(page, lang, `/ (${what})`, found);
  // the map's own controls speak the page's language
  expect(await page.getByRole('button', { name: messageIn(lang, 'Zoom in'), exact: true }).count()).toBe(1);
  await checkMapPopUps(page, lang, what, found);

  // every route, opened inside the app from the one signed-in page
  for (const path of PROTECTED_ROUTES.map(route)) {
    await openInApp(page, path);
    await check(page, lang, `${path} (${what})`, found);
  }
  // a share link made: the link, its Copy and its QR code
  const share = route('/settings/device/{device}/share');
  await openInApp(page, share);
  await page.locator('main button[type=submit]').click();
  await page.getByTestId('share-link').waitFor();
  await check(page, lang, `${share} with its link (${what})`, found);
  await page.context().close();
}

// after the public pages (which change the server's settings)
describe('axe signed in', () => {
  // three walkers side by side (a 2-core machine gains nothing from more), each two languages in turn
  it.concurrent.each([
    ['ar', 'de'],
    ['en', 'ru'],
    ['he', 'fa'],
  ])('in %s and %s: the map, its pop-ups and every protected page, in the dark theme (and in the light one in ar and en)', async (...langs) => {
    const found: string[] = [];
    for (const lang of langs) {
      await walkSignedIn(lang, 'dark', found);
      if (BOTH_THEMES.has(lang)) await walkSignedIn(lang, 'light', found);
    }
    expect(found, found.join('\n')).toEqual([]);
  }, 600_000);
});
