/**
 * Calendars and sharing, against the embedded server in Chromium: a simple calendar made, changed
 * and removed through the screens and read back as iCalendar through the API; a `.ics` file
 * imported (a broken one refused with its reason, the form kept) and read back byte for byte; a
 * device shared from its card, the link opening that one device read-only in a fresh browser
 * context, refused once it expires, and refused by the server when sharing is disabled.
 */
import { describe, expect, it } from 'vitest';
import { fileHarness, main, removeRow } from './settingsSteps.ts';
import { adminApi, adminJson, expectMap, setServerAttributes, waitForMap, waitForPath } from './helpers.ts';

const { harness, url, signedIn } = fileHarness();

interface Calendar {
  id: number;
  name: string;
  data: string;
}
const text = (calendar: Calendar | undefined) => Buffer.from(calendar?.data ?? '', 'base64').toString('utf8');
const calendars = () => adminJson<Calendar[]>(harness(), 'GET', '/api/calendars');

describe('calendars', () => {
  it('a simple calendar is made, changed and removed through the screens, kept as iCalendar', async () => {
    const page = await signedIn('/settings/calendars');
    await main(page).getByRole('link', { name: 'Add' }).click();
    await waitForPath(page, '/settings/calendar');
    await main(page).getByLabel('Name', { exact: true }).fill('Night shift');
    await main(page).getByRole('button', { name: /Repeats$/ }).click();
    await page.getByRole('option', { name: 'Every week, on chosen days' }).click();
    // weekly starts on the start's day; the days become Sunday and Thursday whatever today is
    await main(page).getByRole('checkbox', { name: 'Sunday' }).waitFor({ state: 'attached' });
    for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
      const box = main(page).getByRole('checkbox', { name: day });
      const wanted = day === 'Sunday' || day === 'Thursday';
      if ((await box.isChecked()) !== wanted) await main(page).getByText(day, { exact: true }).click();
      await expect.poll(() => box.isChecked()).toBe(wanted);
    }
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await waitForPath(page, '/settings/calendars');

    const made = (await calendars()).find((c) => c.name === 'Night shift');
    expect(text(made)).toMatch(/^BEGIN:VCALENDAR\n/);
    expect(text(made)).toMatch(/\nDTSTART;TZID=[\w/+-]+:\d{8}T\d{6}\n/);
    expect(text(made)).toContain('\nRRULE:FREQ=WEEKLY;BYDAY=SU,TH\n');
    await main(page).getByRole('row', { name: 'Night shift' }).getByText(/^Sun, Thu · /).waitFor();

    await main(page).getByRole('link', { name: 'Edit Night shift' }).click();
    await expect.poll(() => main(page).getByRole('checkbox', { name: 'Thursday' }).isChecked()).toBe(true);
    await main(page).getByLabel('Name', { exact: true }).fill('Office hours');
    await main(page).getByRole('button', { name: /Repeats$/ }).click();
    await page.getByRole('option', { name: 'Weekdays (Monday to Friday)' }).click();
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await waitForPath(page, '/settings/calendars');
    const changed = (await calendars()).find((c) => c.id === made?.id);
    expect(changed?.name).toBe('Office hours');
    expect(text(changed)).toContain('\nRRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR\n');

    await removeRow(page, 'Office hours');
    expect((await calendars()).some((c) => c.id === made?.id)).toBe(false);
  });

  it('an .ics file is imported and read back the same; a broken one is refused with its reason and the form kept', async () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Fleet office//EN',
      'BEGIN:VEVENT',
      'UID:eid-1',
      'SUMMARY:عيد الفطر',
      'DTSTART;VALUE=DATE:20270310',
      'DTEND;VALUE=DATE:20270313',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:night-1',
      'SUMMARY:Night loading',
      'DTSTART:20270104T200000Z',
      'DTEND:20270105T040000Z',
      'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const page = await signedIn('/settings/calendar');
    await main(page).getByLabel('Name', { exact: true }).fill('Holidays');
    const input = main(page).locator('input[type=file]');

    await input.setInputFiles({ name: 'notes.ics', mimeType: 'text/calendar', buffer: Buffer.from('Dear team, no work on Friday.') });
    await main(page).getByRole('alert').getByText('This file is not an iCalendar (.ics) file').waitFor();
    expect(await main(page).getByLabel('Name', { exact: true }).inputValue()).toBe('Holidays');
    await input.setInputFiles({ name: 'broken.ics', mimeType: 'text/calendar', buffer: Buffer.from('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n') });
    await main(page).getByRole('alert').getByText('An event in this calendar has no start time (DTSTART).').waitFor();
    expect(await main(page).getByLabel('Name', { exact: true }).inputValue()).toBe('Holidays');

    await input.setInputFiles({ name: 'holidays.ics', mimeType: 'text/calendar', buffer: Buffer.from(ics) });
    await main(page).getByText('Imported file, 2 events').waitFor();
    expect(await main(page).getByRole('alert').count()).toBe(0);
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await waitForPath(page, '/settings/calendars');
    const saved = (await calendars()).find((c) => c.name === 'Holidays');
    expect(text(saved)).toBe(ics);

    // read back on screen: the file's events, by name
    await main(page).getByRole('link', { name: 'Edit Holidays' }).click();
    await main(page).getByRole('list', { name: 'Events' }).getByText(/عيد الفطر/).waitFor();
    await main(page).getByRole('list', { name: 'Events' }).getByText('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO').waitFor();
  });

  it("the reported calendar that stalled the server (six FREQ=SECONDLY;COUNT=19990 series) is refused when saved, with the server's reason, the form kept", async () => {
    const vevent = (n: number) => ['BEGIN:VEVENT', `UID:s${n}`, 'DTSTART:20200101T000000Z', 'DURATION:PT1S', 'RRULE:FREQ=SECONDLY;COUNT=19990', 'END:VEVENT'];
    const hostile = ['BEGIN:VCALENDAR', 'VERSION:2.0', ...[1, 2, 3, 4, 5, 6].flatMap(vevent), 'END:VCALENDAR', ''].join('\r\n');
    const page = await signedIn('/settings/calendar');
    await main(page).getByLabel('Name', { exact: true }).fill('Stall');
    await main(page).locator('input[type=file]').setInputFiles({ name: 'stall.ics', mimeType: 'text/calendar', buffer: Buffer.from(hostile) });
    await main(page).getByText('Imported file, 6 events').waitFor();
    const before = (await calendars()).length;
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    // the server says why (each series repeats more often than the limit allows), and nothing is lost
    await main(page).getByRole('alert').getByText(/more than 20,000 times within 366 days/).waitFor();
    expect(await main(page).getByLabel('Name', { exact: true }).inputValue()).toBe('Stall');
    expect(await main(page).getByText('Imported file, 6 events').count()).toBe(1);
    expect(page.url()).toContain('/settings/calendar');
    expect((await calendars()).length).toBe(before);
    // and the server kept answering: its health check, at once
    expect((await adminApi(harness(), 'GET', '/api/health')).status).toBe(200);
  });
});

describe('sharing a device', () => {
  it('the card shares a device; the link opens it alone, read-only, in a fresh browser', async () => {
    const page = await signedIn();
    const devices = await adminJson<Array<{ id: number; name: string }>>(harness(), 'GET', '/api/devices');
    await page.locator('[data-device-id]').first().click();
    const card = page.getByTestId('device-card');
    const name = (await card.getByRole('heading').textContent()) ?? '';
    const device = devices.find((d) => d.name === name)!;
    await card.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    await waitForPath(page, `/settings/device/${device.id}/share`);
    await main(page).getByText(`Device: ${device.name}`).waitFor();
    await main(page).getByRole('button', { name: 'Create link' }).click();
    const link = (await main(page).getByTestId('share-link').textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${url('/')}\\?token=[^&]+$`));
    await main(page).getByRole('img', { name: 'QR code of the share link' }).waitFor();
    // made once: Create link rests, and another link starts from a fresh form
    expect(await main(page).getByRole('button', { name: 'Create link' }).isDisabled()).toBe(true);
    await main(page).getByRole('button', { name: 'Create another link' }).click();
    await main(page).getByTestId('share-link').waitFor({ state: 'detached' });
    expect(await main(page).getByRole('button', { name: 'Create link' }).isEnabled()).toBe(true);

    const { page: guest } = await harness().newPage();
    await guest.goto(link);
    await waitForPath(guest, '/');
    expect(guest.url()).not.toContain('token');
    await waitForMap(guest);
    await expectMap(guest, 1);
    const rows = guest.locator('[data-device-id]');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-device-id')).toBe(String(device.id));
    await rows.first().click();
    const guestCard = guest.getByTestId('device-card');
    await guestCard.getByRole('heading', { name: device.name }).waitFor();
    // the link carries no language: the guest sees Arabic, the product's first language
    expect(await guestCard.getByRole('link', { name: 'إعادة عرض المسار' }).count()).toBe(1); // Replay
    for (const action of ['تعديل', 'الأمر']) expect(await guestCard.getByRole('link', { name: action }).count()).toBe(0); // Edit, Command
    // Delete is neither in the card nor under its More
    expect(await guestCard.getByRole('button', { name: 'حذف' }).count()).toBe(0);
    await guestCard.getByRole('button', { name: 'المزيد' }).click();
    await guest.getByRole('menu').waitFor();
    expect(await guest.getByRole('menuitem', { name: 'حذف' }).count()).toBe(0);
    await guest.keyboard.press('Escape');
    // the guest may not share it on, and may change nothing
    const status = await guest.evaluate(
      (id) => fetch('/api/devices/share', { method: 'POST', body: new URLSearchParams({ deviceId: String(id), expiration: new Date(Date.now() + 3600_000).toISOString() }) }).then((r) => r.status),
      device.id,
    );
    expect(status).toBe(400); // Traccar answers a denial with 400
  });

  it('a link is refused once it expires, and the login screen says so', async () => {
    const [device] = await adminJson<Array<{ id: number }>>(harness(), 'GET', '/api/devices');
    const expiresAt = Date.now() + 2500;
    const response = await adminApi(harness(), 'POST', '/api/devices/share', { deviceId: device!.id, expiration: new Date(expiresAt).toISOString() }, { form: true });
    expect(response.status).toBe(200);
    const token = (await response.text()).trim();
    // while it lasts, it opens the device
    const { page: early } = await harness().newPage();
    await early.goto(url(`/?token=${encodeURIComponent(token)}`));
    await waitForPath(early, '/');
    // until it has expired (the server compares to the millisecond), not a fixed 3 s
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt + 250 - Date.now())));
    const { page: late } = await harness().newPage();
    await late.goto(url(`/?token=${encodeURIComponent(token)}`));
    await waitForPath(late, '/login');
    expect(late.url()).not.toContain('token');
    // a share link carries no language: the screen is in Arabic, the product's first language
    await late.getByRole('alert').getByText('انتهت صلاحية رابط الدخول هذا أو لم يعد صالحًا', { exact: false }).waitFor();
  });

  it('when the server disables sharing, the card offers no Share and the server refuses', async () => {
    await setServerAttributes(harness(), { disableShare: true });
    try {
      const [device] = await adminJson<Array<{ id: number }>>(harness(), 'GET', '/api/devices');
      const refused = await adminApi(harness(), 'POST', '/api/share/device', { deviceId: device!.id, expiration: new Date(Date.now() + 3600_000).toISOString() }, { form: true });
      expect(`${refused.status} ${await refused.clone().text()}`).toBe('400 Sharing is disabled') // Traccar answers a denial with 400;
      const page = await signedIn();
      await page.locator('[data-device-id]').first().click();
      await page.getByTestId('device-card').getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name: 'Connections' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Share' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      // the address typed by hand shows the refusal, not a form
      await page.goto(url(`/settings/device/${device!.id}/share`));
      await main(page).getByRole('heading', { name: 'Not allowed' }).waitFor();
      expect(await main(page).getByRole('button', { name: 'Create link' }).count()).toBe(0);
    } finally {
      await setServerAttributes(harness(), { disableShare: null });
    }
  });
});
