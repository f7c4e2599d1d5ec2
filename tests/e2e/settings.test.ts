/**
 * The settings screens against the embedded server in Chromium: create, edit and remove through
 * the screens (checked through the API), links, the device picture, an API token, server
 * settings (the embedded server's retention among them), a duplicate identifier, a readonly user, and an edit that shows in the list at once.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { fileHarness, main, removeRow } from './settingsSteps.ts';
import { adminJson, basicAuth, createUser, signInThroughApi, submitLogin, waitForPath } from './helpers.ts';

const { harness, url, signedIn } = fileHarness();

async function open(page: Page, path: string): Promise<void> {
  await page.goto(url(path));
  await page.locator('main h1').first().waitFor({ timeout: 15_000 });
}


/** A react-aria switch or checkbox (a visually hidden input) toggled as a keyboard user does. */
async function toggle(page: Page, role: 'switch' | 'checkbox', name: string): Promise<void> {
  await main(page).getByRole(role, { name, exact: true }).focus();
  await page.keyboard.press('Space');
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

/**
 * Presses Tab (or Shift+Tab, or another key) until `target` has the focus. The target is found
 * once (again only if it leaves the page), so each press costs one check in the page, not a
 * locator lookup.
 */
async function tabTo(page: Page, target: Locator, backwards = false, max = 200, key = backwards ? 'Shift+Tab' : 'Tab'): Promise<void> {
  let element = await target.elementHandle({ timeout: 5_000 }).catch(() => null);
  try {
    for (let i = 0; i < max; i += 1) {
      // true: focused; false: not yet; null: gone from the page (re-rendered), so found again
      let focused = element ? await element.evaluate((el) => (el.isConnected ? el === document.activeElement : null)).catch(() => null) : null;
      if (focused === null) {
        await element?.dispose().catch(() => undefined);
        element = await target.elementHandle({ timeout: 5_000 }).catch(() => null);
        focused = element ? await element.evaluate((el) => el === document.activeElement).catch(() => false) : false;
      }
      if (focused) return;
      await page.keyboard.press(key);
    }
  } finally {
    await element?.dispose().catch(() => undefined);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function expectScreen(page: Page, path: string): Promise<void> {
  await waitForPath(page, path);
  await main(page).locator('h1').first().waitFor();
  expect(await page.getByText(/not found|غير موجود/i).count(), `${path} is not 'not found'`).toBe(0);
  expect(await page.getByRole('alert').filter({ hasText: /not allowed|غير مسموح/i }).count(), `${path} is not refused`).toBe(0);
}

const KEYBOARD_CALENDAR = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:kb', 'DTSTART:20270104T080000Z', 'DTEND:20270104T170000Z', 'RRULE:FREQ=DAILY', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');

describe.each(['ar', 'en'])('settings by keyboard only, in %s', (lang) => {
  it('every screen of the menu, its Add page, a row and the screens of its More menu (connections, a command, accumulators, sharing) open with Tab, Enter and the arrows', async () => {
    const { page } = await harness().newPage();
    // on the map page (its toolbar is where the walk starts), without waiting for the map to draw;
    // signed in through the API: the login form is not what this walk tests
    await signInThroughApi(page, harness());
    await page.goto(url(`/?locale=${lang}`));
    await waitForPath(page, '/');
    const admin = (await adminJson<Array<{ id: number; administrator: boolean }>>(harness(), 'GET', '/api/users')).find((u) => u.administrator)!;
    await adminJson(harness(), 'POST', '/api/groups', { name: `Keyboard group ${lang}`, attributes: {} }).catch(() => undefined);
    await adminJson(harness(), 'POST', '/api/drivers', { name: `Keyboard driver ${lang}`, uniqueId: `kb-driver-${lang}`, attributes: {} });
    await adminJson(harness(), 'POST', '/api/attributes/computed', { description: `Keyboard attribute ${lang}`, attribute: 'kb', expression: 'speed > 1', type: 'boolean', priority: 0 });
    await adminJson(harness(), 'POST', '/api/maintenance', { name: `Keyboard service ${lang}`, type: 'totalDistance', start: 0, period: 10_000_000, attributes: {} });
    await adminJson(harness(), 'POST', '/api/commands', { description: `Keyboard command ${lang}`, type: 'positionSingle', textChannel: false, deviceId: 0, attributes: {} });
    await adminJson(harness(), 'POST', '/api/notifications', { type: 'deviceOnline', notificators: 'web', always: false, description: `Keyboard notification ${lang}`, attributes: {} });
    await adminJson(harness(), 'POST', '/api/calendars', { name: `Keyboard calendar ${lang}`, data: Buffer.from(KEYBOARD_CALENDAR).toString('base64'), attributes: {} });
    await adminJson(harness(), 'POST', '/api/geofences', { name: `Keyboard geofence ${lang}`, area: 'CIRCLE (24.7136 46.6753, 100)', attributes: {} });

    // the shell's Settings entry: Shift+Tab into its toolbar (at its last item), the arrows to Settings
    const toolbar = page.getByRole('toolbar').filter({ has: page.locator('a[href="/settings/preferences"]') });
    await tabTo(page, toolbar.locator('a, button').last(), true);
    await tabTo(page, toolbar.locator('a[href="/settings/preferences"]'), false, 6, lang === 'ar' ? 'ArrowRight' : 'ArrowLeft');
    await page.keyboard.press('Enter');
    await expectScreen(page, '/settings/preferences');

    const menu = page.getByRole('navigation', { name: lang === 'ar' ? 'الإعدادات' : 'Settings' });
    const entries: Array<{ list: string; add?: string; item?: RegExp; more?: string[] }> = [
      { list: '/settings/preferences' },
      { list: '/settings/notifications', add: '/settings/notification', item: /^\/settings\/notification\/\d+$/ },
      { list: `/settings/user/${admin.id}` },
      { list: '/settings/devices', add: '/settings/device', item: /^\/settings\/device\/\d+$/, more: ['connections', 'command', 'accumulators', 'share'] },
      { list: '/settings/geofences', add: '/settings/geofence', item: /^\/settings\/geofence\/\d+$/ },
      { list: '/settings/groups', add: '/settings/group', item: /^\/settings\/group\/\d+$/, more: ['connections', 'command'] },
      { list: '/settings/drivers', add: '/settings/driver', item: /^\/settings\/driver\/\d+$/ },
      { list: '/settings/calendars', add: '/settings/calendar', item: /^\/settings\/calendar\/\d+$/ },
      { list: '/settings/attributes', add: '/settings/attribute', item: /^\/settings\/attribute\/\d+$/ },
      { list: '/settings/maintenances', add: '/settings/maintenance', item: /^\/settings\/maintenance\/\d+$/ },
      { list: '/settings/commands', add: '/settings/command', item: /^\/settings\/command\/\d+$/ },
      { list: '/settings/users', add: '/settings/user', item: /^\/settings\/user\/\d+$/, more: ['connections'] },
      { list: '/settings/server' },
      // its rows, Add and edit by keyboard: tests/e2e/announcements-settings.test.ts
      { list: '/settings/announcements' },
    ];
    expect(await menu.getByRole('link').count()).toBe(entries.length);
    for (const entry of entries) {
      const link = menu.locator(`a[href="${entry.list}"]`);
      await tabTo(page, link, true);
      await page.keyboard.press('Enter');
      await expectScreen(page, entry.list);
      if (!entry.add) continue;

      // Add
      await tabTo(page, main(page).locator(`a[href="${entry.add}"]`));
      await page.keyboard.press('Enter');
      await expectScreen(page, entry.add);
      await tabTo(page, link, true);
      await page.keyboard.press('Enter');
      await expectScreen(page, entry.list);

      // a row: the table takes the focus, Enter opens the row
      const table = main(page).getByRole('grid');
      await table.getByRole('row').first().waitFor();
      await tabTo(page, table.getByRole('row').first());
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => entry.item!.test(u.pathname));
      await main(page).locator('h1').first().waitFor();
      await tabTo(page, link, true);
      await page.keyboard.press('Enter');
      await expectScreen(page, entry.list);

      // a row's other screens (connections, sending a command) through its 'More' menu
      for (const end of entry.more ?? []) {
        // into the table, then along the row's cells (a grid: arrows, mirrored in Arabic) to its 'More' button
        await tabTo(page, table.getByRole('row').first());
        const more = main(page).getByRole('button', { name: lang === 'ar' ? /^المزيد/ : /^More for/ }).first();
        await tabTo(page, more, false, 15, lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
        await page.keyboard.press('Enter');
        const item = page.locator(`[role=menuitem][href*="/${end}"]`);
        await item.waitFor();
        await tabTo(page, item, false, 6, 'ArrowDown');
        await page.keyboard.press('Enter');
        await page.waitForURL((u) => u.pathname.includes(`/${end}`));
        await main(page).locator('h1').first().waitFor();
        await tabTo(page, link, true);
        await page.keyboard.press('Enter');
        await expectScreen(page, entry.list);
      }
    }
  }, 150_000);
});

describe('settings screens', () => {
  it('creates, edits and removes a device; the edit shows in the device list at once; a duplicate identifier keeps the form', async () => {
    const page = await signedIn('/settings/devices');
    await page.getByRole('link', { name: 'Add' }).click();
    await waitForPath(page, '/settings/device');
    await main(page).getByLabel('Name', { exact: true }).fill('Phone of Sara');
    await main(page).getByLabel('Identifier', { exact: true }).fill('sara-phone-1');
    await save(page);
    await waitForPath(page, '/settings/devices');
    // sorted by a column's heading, both ways
    const firstRow = () => main(page).getByRole('row').first().textContent();
    await main(page).getByRole('button', { name: 'Sort by Identifier' }).click();
    await expect.poll(firstRow).toContain('demo-001');
    await main(page).getByRole('button', { name: 'Identifier, sorted ascending' }).click();
    await expect.poll(firstRow).toContain('sara-phone-1');
    expect(await main(page).getByRole('button', { name: 'Identifier, sorted descending' }).count()).toBe(1);
    let devices = await adminJson<Array<{ id: number; name: string; uniqueId: string }>>(harness(), 'GET', '/api/devices');
    const created = devices.find((d) => d.uniqueId === 'sara-phone-1');
    expect(created?.name).toBe('Phone of Sara');

    // a duplicate identifier: the server's refusal said plainly, the form kept
    const taken = devices.find((d) => d.id !== created!.id)!;
    await open(page, `/settings/device/${created!.id}`);
    await main(page).getByLabel('Name', { exact: true }).fill('Phone of Sara (new)');
    await main(page).getByLabel('Identifier', { exact: true }).fill(taken.uniqueId);
    await save(page);
    await page.getByText('This identifier is already used by another device').waitFor();
    expect(await main(page).getByLabel('Name', { exact: true }).inputValue()).toBe('Phone of Sara (new)');
    expect(await main(page).getByLabel('Identifier', { exact: true }).inputValue()).toBe(taken.uniqueId);

    // fixed and saved: the list (and the live store) show it without a reload
    await main(page).getByLabel('Identifier', { exact: true }).fill('sara-phone-2');
    await save(page);
    await waitForPath(page, '/settings/devices');
    await page.getByRole('main').getByRole('row', { name: 'Phone of Sara (new)' }).waitFor();
    await page.getByRole('link', { name: 'Map' }).first().click();
    await waitForPath(page, '/');
    await page.getByText('Phone of Sara (new)').first().waitFor({ timeout: 10_000 });
    devices = await adminJson(harness(), 'GET', '/api/devices');
    expect(devices.find((d) => d.id === created!.id)).toMatchObject({ name: 'Phone of Sara (new)', uniqueId: 'sara-phone-2' });

    // removed after 'Remove item?'
    await open(page, '/settings/devices');
    await main(page).getByLabel('Search').fill('Sara');
    await removeRow(page, 'Phone of Sara (new)', { escapeFirst: true });
    devices = await adminJson(harness(), 'GET', '/api/devices');
    expect(devices.some((d) => d.id === created!.id)).toBe(false);
  });

  it('creates, edits and removes a group, a driver and a user', async () => {
    // signed in straight onto the first list (no map drawn on the way)
    const page = await signedIn('/settings/groups');
    const cases = [
      { list: '/settings/groups', add: '/settings/group', api: '/api/groups', fill: { Name: 'Riyadh fleet' }, edited: 'Riyadh fleet 2' },
      { list: '/settings/drivers', add: '/settings/driver', api: '/api/drivers', fill: { Name: 'Khalid', Identifier: 'card-77' }, edited: 'Khalid A.' },
      { list: '/settings/users', add: '/settings/user', api: '/api/users', fill: { Name: 'Noura', Email: 'noura@example.com', Password: 'noura-pass-1' }, edited: 'Noura S.' },
    ];
    for (const c of cases) {
      if (c !== cases[0]) await open(page, c.list);
      await page.getByRole('link', { name: 'Add' }).click();
      await waitForPath(page, c.add);
      for (const [label, value] of Object.entries(c.fill)) await main(page).getByLabel(label, { exact: true }).fill(value);
      await save(page);
      await waitForPath(page, c.list);
      const name = c.fill.Name;
      let items = await adminJson<Array<{ id: number; name: string }>>(harness(), 'GET', c.api);
      const item = items.find((i) => i.name === name);
      expect(item, `${c.api} has ${name}`).toBeTruthy();
      await page.getByRole('link', { name: `Edit ${name}` }).click();
      await main(page).getByLabel('Name', { exact: true }).fill(c.edited);
      await save(page);
      await waitForPath(page, c.list);
      items = await adminJson(harness(), 'GET', c.api);
      expect(items.find((i) => i.id === item!.id)?.name).toBe(c.edited);
      await removeRow(page, c.edited);
      items = await adminJson(harness(), 'GET', c.api);
      expect(items.some((i) => i.id === item!.id)).toBe(false);
    }
  });

  it('links a device to a user, who then sees it', async () => {
    const user = await createUser(harness(), 'linked');
    const device = await adminJson<{ id: number; name: string }>(harness(), 'POST', '/api/devices', { name: 'Shared van', uniqueId: 'shared-van-1' });
    const page = await signedIn(`/settings/user/${user.id}/connections`);
    await toggle(page, 'checkbox', 'Shared van');
    await expect.poll(async () => {
      const response = await fetch(url('/api/devices'), { headers: { Authorization: basicAuth(user.email, user.password) } });
      return ((await response.json()) as Array<{ id: number }>).map((d) => d.id);
    }).toContain(device.id);
  });

  it('uploads a device picture, generates an API token and changes a server setting', async () => {
    const device = await adminJson<{ id: number; uniqueId: string }>(harness(), 'POST', '/api/devices', { name: 'Pictured', uniqueId: 'pictured-1' });
    const page = await signedIn(`/settings/device/${device.id}`);
    await page.getByRole('button', { name: 'Picture' }).click();
    // a 1×1 PNG
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const choose = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose a picture' }).click();
      await (await chooser).setFiles(file);
    };
    // not a picture, too large, or a picture in name only: said plainly, nothing sent or kept
    await choose({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await main(page).getByText('This file is not a picture.').waitFor();
    await choose({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([png, Buffer.alloc(600 * 1024)]) });
    await main(page).getByText('This picture is larger than 500 KB.').waitFor();
    await choose({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    await main(page).getByText('This file is not a picture.').waitFor();
    expect(await main(page).getByRole('img', { name: 'Picture of Pictured' }).count()).toBe(0);
    await choose({ name: 'van.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: 'Picture of Pictured' }).waitFor();
    await save(page);
    await waitForPath(page, '/settings/devices');
    const saved = await adminJson<{ attributes: Record<string, unknown> }>(harness(), 'GET', `/api/devices/${device.id}`);
    expect(String(saved.attributes.deviceImage)).toMatch(/^device\.png$/);

    await open(page, '/settings/preferences');
    await page.getByRole('button', { name: 'Generate token' }).click();
    const token = (await page.getByTestId('api-token').textContent())?.trim() ?? '';
    expect(token.length).toBeGreaterThan(20);
    const session = await fetch(url(`/api/session?token=${encodeURIComponent(token)}`));
    expect(session.status).toBe(200);

    await open(page, '/settings/server');
    await page.getByRole('button', { name: 'Permissions' }).click();
    await toggle(page, 'switch', 'Registration');
    const before = await adminJson<{ registration: boolean }>(harness(), 'GET', '/api/server');
    await save(page);
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const after = await adminJson<{ registration: boolean }>(harness(), 'GET', '/api/server');
    expect(after.registration).toBe(!before.registration);

    // the embedded server's own retention: it reports the setting, so the field is there
    await page.getByRole('button', { name: 'Edit again' }).click();
    await page.getByRole('button', { name: 'Stored history' }).click();
    const days = main(page).getByLabel('Keep history (days)');
    expect(await days.inputValue()).toBe('0');
    await days.fill('30');
    await days.press('Tab');
    await save(page);
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const kept = await adminJson<{ attributes: Record<string, unknown> }>(harness(), 'GET', '/api/server');
    expect(kept.attributes['athar.retentionDays']).toBe(30);
    await page.getByRole('button', { name: 'Edit again' }).click();
    await page.getByRole('button', { name: 'Edit again' }).waitFor({ state: 'detached' });
    if (!(await days.isVisible())) await page.getByRole('button', { name: 'Stored history' }).click();
    await days.fill('');
    await days.press('Tab');
    await save(page);
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect((await adminJson<{ attributes: Record<string, unknown> }>(harness(), 'GET', '/api/server')).attributes['athar.retentionDays']).toBe(0);
  });

  it('a readonly user sees no way to change anything, and administrator screens are refused', async () => {
    const user = await createUser(harness(), 'reader');
    const full = await adminJson<Record<string, unknown>>(harness(), 'GET', `/api/users/${user.id}`);
    await adminJson(harness(), 'PUT', `/api/users/${user.id}`, { ...full, readonly: true });
    const device = await adminJson<{ id: number }>(harness(), 'POST', '/api/devices', { name: 'Read only car', uniqueId: 'ro-car-1' });
    await adminJson(harness(), 'POST', '/api/permissions', { userId: user.id, deviceId: device.id });
    const { page } = await harness().newPage();
    // asked for first, so that the sign-in returns there (no map drawn on the way)
    await page.goto(url('/settings/devices?locale=en'));
    await waitForPath(page, '/login');
    await submitLogin(page, user.email, user.password);
    await expectScreen(page, '/settings/devices');
    await page.getByRole('main').getByRole('row', { name: 'Read only car' }).waitFor();
    expect(await page.getByRole('link', { name: 'Add' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /More for/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Open Read only car' }).click();
    await main(page).getByLabel('Name', { exact: true }).waitFor();
    expect(await main(page).getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    const menu = page.getByRole('navigation', { name: 'Settings' });
    expect(await menu.getByRole('link', { name: 'Server' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Groups' }).count()).toBe(0);
    await open(page, '/settings/server');
    await page.getByText('Your account is not allowed to open this page').waitFor();
  });
});
