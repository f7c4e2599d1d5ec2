/**
 * The announcements management screens against the embedded server in Chromium: import refuses
 * a file without an announcements array and a file that is not JSON with the spec's texts and loses
 * nothing; an announcement made in the editor is in GET /announcements.json; edit, reorder (by
 * keyboard) and remove; export; a user who is not an administrator neither opens the screens nor
 * stores the file.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fileHarness, main } from './settingsSteps.ts';
import { adminApi, adminJson, createUser, submitLogin, waitForPath } from './helpers.ts';
import { seriousViolations } from './axe.ts';

const { harness, signedIn } = fileHarness();

interface StoredFile {
  announcements: Array<{ id: string; priority: number; isActive?: boolean; title?: Record<string, string>; message?: Record<string, string>; visibility?: Record<string, unknown> }>;
  settings: Record<string, unknown>;
  lastUpdated: string;
}

/** Kept away from the settings pages, so the dialog of the app never covers the screen under test. */
const quiet = { hideOnPages: ['settings'] };
const START = {
  announcements: [
    { id: 'first', isActive: true, priority: 1, title: { en: 'First notice' }, showToLoggedIn: true, visibility: quiet },
    { id: 'second', isActive: false, priority: 2, title: { en: 'Second notice' }, showToLoggedIn: true, visibility: quiet },
  ],
  settings: { showOncePerSession: true, maxAnnouncementsPerSession: 1, autoShowDelay: 2000 },
};

async function served(): Promise<StoredFile> {
  const response = await fetch(`${harness().server.url}/announcements.json`);
  return (await response.json()) as StoredFile;
}

/** The accessible name of the focused element. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

/** As a keyboard user: Tab from the search field into the table, arrows down to the row, right to the button. */
async function keyboardTo(page: Page, row: string, button: string): Promise<void> {
  await main(page).getByLabel('Search').focus();
  for (let i = 0; i < 12 && !(await focused(page)).startsWith('First'); i++) await page.keyboard.press('Tab');
  for (let i = 0; i < 10 && !(await focused(page)).startsWith(row); i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < 6 && (await focused(page)) !== button; i++) await page.keyboard.press('ArrowRight');
  expect(await focused(page)).toBe(button);
}

/** The rows' texts, in the order shown. */
const titles = (page: Page) => main(page).getByRole('row').allTextContents();

beforeEach(async () => {
  await adminJson(harness(), 'PUT', '/api/announcements', START);
});

describe('announcements management', () => {
  it('import refuses a file without an announcements array and one that is not JSON, and nothing is lost', async () => {
    const page = await signedIn('/settings/announcements');
    await main(page).getByRole('row', { name: /First notice/ }).waitFor();
    const input = main(page).locator('input[type=file]');

    await input.setInputFiles({ name: 'wrong.json', mimeType: 'application/json', buffer: Buffer.from('{"items": []}') });
    const refusal = main(page).getByRole('alert');
    await expect.poll(() => refusal.allInnerTexts()).toEqual(['Not imported\nInvalid announcements file format']);

    await input.setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"announcements": [') });
    await expect.poll(() => refusal.allInnerTexts()).toEqual(['Not imported\nError reading file']);
    await input.setInputFiles({ name: 'wrong.json', mimeType: 'application/json', buffer: Buffer.from('[1, 2]') });
    await expect.poll(() => refusal.allInnerTexts()).toEqual(['Not imported\nInvalid announcements file format']);
    await input.setInputFiles({ name: 'picture.json', mimeType: 'application/json', buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]) });
    await expect.poll(() => refusal.allInnerTexts()).toEqual(['Not imported\nError reading file']);

    expect((await served()).announcements.map((a) => a.id)).toEqual(['first', 'second']);
    expect(await titles(page)).toEqual([expect.stringContaining('First notice'), expect.stringContaining('Second notice')]);

    // a good file replaces the list after the question; a bad entry of it is named
    const good = { announcements: [{ id: 'imported', isActive: true, priority: 3, title: { en: 'Imported notice' }, visibility: quiet }, { id: 'bad', title: { en: 'x' }, buttonAction: 'explode' }] };
    await input.setInputFiles({ name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Import' }).click();
    await main(page).getByText('Imported 1 announcements').waitFor();
    await main(page).getByText(/entry 2: buttonAction/).waitFor();
    await main(page).getByRole('row', { name: /Imported notice/ }).waitFor();
    expect((await served()).announcements.map((a) => a.id)).toEqual(['imported']);
  });

  it('an announcement made in the editor is served; edited, reordered by keyboard, previewed, exported and removed', async () => {
    const page = await signedIn('/settings/announcements');
    await main(page).getByRole('link', { name: 'Add' }).click();
    await waitForPath(page, '/settings/announcement');
    const form = main(page);
    await form.getByLabel('Identifier', { exact: true }).fill('made-here');
    await form.getByLabel('Title (English)', { exact: true }).fill('Made here');
    await form.getByLabel('Title (Arabic)', { exact: true }).fill('صنع هنا');
    await form.getByLabel('Message (English)', { exact: true }).fill('Line one\nLine two');
    // a javascript: button address is refused under its field, and what was typed stays
    await form.getByRole('button', { name: 'Button', exact: true }).click();
    await form.getByLabel('Button URL', { exact: true }).fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'When and where', exact: true }).click();
    await form.getByLabel('Not on these pages', { exact: true }).fill('settings');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.getByText('Only an https: address, or an address of this site.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await form.getByLabel('Title (English)', { exact: true }).inputValue()).toBe('Made here');
    await form.getByLabel('Button URL', { exact: true }).fill('https://example.com/news');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForPath(page, '/settings/announcements');
    await main(page).getByRole('row', { name: /Made here/ }).waitFor();

    let file = await served();
    const made = file.announcements.find((a) => a.id === 'made-here');
    expect(made).toMatchObject({ isActive: true, priority: 3, title: { en: 'Made here', ar: 'صنع هنا' }, message: { en: 'Line one\nLine two' }, buttonUrl: 'https://example.com/news' });
    expect(made?.visibility).toMatchObject({ hideOnPages: ['settings'] });

    // edit: the title changes, the rest stays
    await main(page).getByRole('link', { name: 'Edit Made here' }).click();
    await waitForPath(page, '/settings/announcement/made-here');
    await main(page).getByLabel('Title (English)', { exact: true }).fill('Made and edited');
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await waitForPath(page, '/settings/announcements');
    await main(page).getByRole('row', { name: /Made and edited/ }).waitFor();
    file = await served();
    expect(file.announcements.find((a) => a.id === 'made-here')).toMatchObject({ title: { en: 'Made and edited', ar: 'صنع هنا' }, buttonUrl: 'https://example.com/news' });

    // reorder by keyboard: into the table, down to the row, right to its Move up; Enter moves it above the second, then the first
    await keyboardTo(page, 'Made and edited', 'Move Made and edited up');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await served()).announcements.map((a) => `${a.id}:${a.priority}`).sort()).toEqual(['first:1', 'made-here:2', 'second:3']);
    await expect.poll(() => titles(page)).toEqual([expect.stringContaining('First notice'), expect.stringContaining('Made and edited'), expect.stringContaining('Second notice')]);
    expect(await focused(page)).toBe('Move Made and edited up');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await served()).announcements.map((a) => `${a.id}:${a.priority}`).sort()).toEqual(['first:2', 'made-here:1', 'second:3']);
    await expect.poll(() => titles(page)).toEqual([expect.stringContaining('Made and edited'), expect.stringContaining('First notice'), expect.stringContaining('Second notice')]);
    expect(await main(page).getByRole('button', { name: 'Move Made and edited up' }).isDisabled()).toBe(true);

    // preview: the dialog as it would show, closed without following the button
    await main(page).getByRole('button', { name: 'Preview Made and edited' }).click();
    const dialog = page.getByTestId('announcement');
    await dialog.getByRole('heading', { name: 'Made and edited' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });

    // export: the file as served
    const download = page.waitForEvent('download');
    await main(page).getByRole('button', { name: 'Export', exact: true }).click();
    const exported = await download;
    expect(exported.suggestedFilename()).toBe('announcements.json');
    const text = await (await exported.createReadStream()).toArray();
    const parsed = JSON.parse(Buffer.concat(text).toString('utf8')) as StoredFile;
    expect(parsed.announcements.map((a) => a.id).sort()).toEqual(['first', 'made-here', 'second']);

    // remove after 'Remove item?'
    await main(page).getByRole('button', { name: 'More for Made and edited' }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await page.getByRole('alertdialog', { name: 'Remove item?' }).getByRole('button', { name: 'Remove' }).click();
    await main(page).getByRole('row', { name: /Made and edited/ }).waitFor({ state: 'detached' });
    expect((await served()).announcements.map((a) => a.id)).toEqual(['first', 'second']);
  });

  it('against a server that cannot store the file (a real Traccar: 404), the change stays on the page and is exported', async () => {
    const page = await signedIn('/settings/announcements');
    await page.route('**/api/announcements', (request) =>
      request.request().method() === 'PUT' ? request.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }) : request.fallback(),
    );
    await main(page).getByRole('row', { name: /Second notice/ }).waitFor();
    await keyboardTo(page, 'Second notice', 'Move Second notice up');
    await page.keyboard.press('Enter');
    await main(page).getByText('This server does not store the announcements file').waitFor();
    await expect.poll(() => titles(page)).toEqual([expect.stringContaining('Second notice'), expect.stringContaining('First notice')]);
    expect((await served()).announcements.map((a) => `${a.id}:${a.priority}`)).toEqual(['first:1', 'second:2']);
    const download = page.waitForEvent('download');
    await main(page).getByRole('status').getByRole('button', { name: 'Export' }).click();
    const chunks = await (await (await download).createReadStream()).toArray();
    const exported = JSON.parse(Buffer.concat(chunks).toString('utf8')) as StoredFile;
    expect(exported.announcements.map((a) => `${a.id}:${a.priority}`).sort()).toEqual(['first:2', 'second:1']);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the display settings are stored with the file', async () => {
    const page = await signedIn('/settings/announcements');
    await main(page).getByRole('button', { name: 'Display settings' }).click();
    await main(page).getByLabel('Announcements per session, at most').fill('3');
    await main(page).getByLabel('Announcements per session, at most').press('Tab');
    await main(page).getByRole('button', { name: 'Save settings' }).click();
    await main(page).getByText('Saved', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect((await served()).settings).toMatchObject({ maxAnnouncementsPerSession: 3, showOncePerSession: true, autoShowDelay: 2000 });
  });

  it('a user who is not an administrator opens neither screen, and the server refuses the file (403)', async () => {
    const user = await createUser(harness(), 'plain');
    const { page } = await harness().newPage();
    for (const [index, path] of ['/settings/announcements', '/settings/announcement/first', '/settings/announcement'].entries()) {
      await page.goto(`${harness().server.url}${path}?locale=en`);
      if (index === 0) {
        // signed out at first: the sign-in returns to the screen asked for
        await waitForPath(page, '/login');
        await submitLogin(page, user.email, user.password);
        await waitForPath(page, path);
      }
      await main(page).getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();
      expect(await main(page).getByRole('button', { name: 'Import' }).count()).toBe(0);
      expect(await main(page).getByRole('textbox').count()).toBe(0);
    }
    expect(await page.getByRole('link', { name: 'Announcements' }).count()).toBe(0);
    const auth = `Basic ${Buffer.from(`${user.email}:${user.password}`).toString('base64')}`;
    expect((await adminApi(harness(), 'PUT', '/api/announcements', { announcements: [] }, { auth })).status).toBe(403);
    expect((await served()).announcements.map((a) => a.id)).toEqual(['first', 'second']);
  });
});
