/**
 * The settings screens of the second settings issue, against the embedded server in Chromium:
 * computed attributes (created, tested on a device's last position, edited, removed), maintenance
 * (start and period in the user's units), notifications (made here, firing as a toast), saved
 * commands (the parameters of their type), sending a command and accumulators.
 */
import { describe, expect, it } from 'vitest';
import { fileHarness, main, removeRow } from './settingsSteps.ts';
import { adminJson, sendAlarm, waitForPath } from './helpers.ts';

const { harness, url, signedIn } = fileHarness();

describe('computed attributes and maintenance', () => {
  it('a computed attribute is created, tested on a device, edited and removed through the screens', async () => {
    const positions = await adminJson<Array<{ deviceId: number; speed: number }>>(harness(), 'GET', '/api/positions');
    const devices = await adminJson<Array<{ id: number; name: string }>>(harness(), 'GET', '/api/devices');
    const position = positions[0]!;
    const device = devices.find((d) => d.id === position.deviceId)!;
    const page = await signedIn('/settings/attributes');
    await main(page).getByRole('link', { name: 'Add' }).click();
    await waitForPath(page, '/settings/attribute');
    await main(page).getByLabel('Description', { exact: true }).fill('Doubled speed');
    await main(page).getByLabel('Attribute', { exact: true }).fill('doubled');
    await main(page).getByLabel('Expression', { exact: true }).fill('speed * 2');
    await main(page).getByRole('button', { name: /Type$/ }).click();
    await page.getByRole('option', { name: 'Number' }).click();

    // the Test, before saving: the value on the device's last position; a broken expression says why
    const chooser = main(page).getByRole('combobox', { name: 'Device' });
    await chooser.fill(device.name);
    await page.getByRole('option', { name: device.name }).click();
    await main(page).getByRole('button', { name: 'Test', exact: true }).and(page.locator('[type=button]:not([slot])')).click();
    const result = main(page).getByTestId('computed-result');
    await result.waitFor();
    expect(Number(await result.textContent())).toBeCloseTo(position.speed * 2, 3);
    await main(page).getByLabel('Expression', { exact: true }).fill('speed *');
    await main(page).getByRole('button', { name: 'Test', exact: true }).and(page.locator('[type=button]:not([slot])')).click();
    await main(page).getByRole('alert').waitFor();
    expect(await main(page).getByLabel('Expression', { exact: true }).inputValue()).toBe('speed *');
    await main(page).getByLabel('Expression', { exact: true }).fill('speed * 2');

    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await waitForPath(page, '/settings/attributes');
    let items = await adminJson<Array<{ id: number; description: string; attribute: string; expression: string; type: string }>>(harness(), 'GET', '/api/attributes/computed');
    const created = items.find((i) => i.description === 'Doubled speed');
    expect(created).toMatchObject({ attribute: 'doubled', expression: 'speed * 2', type: 'number' });

    await main(page).getByRole('link', { name: 'Edit Doubled speed' }).click();
    await main(page).getByLabel('Description', { exact: true }).fill('Speed, doubled');
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await waitForPath(page, '/settings/attributes');
    items = await adminJson(harness(), 'GET', '/api/attributes/computed');
    expect(items.find((i) => i.id === created!.id)?.description).toBe('Speed, doubled');
    await removeRow(page, 'Speed, doubled');
    items = await adminJson(harness(), 'GET', '/api/attributes/computed');
    expect(items.some((i) => i.id === created!.id)).toBe(false);
  });

  it('a maintenance takes its start and period in the user’s units and keeps them in metres and milliseconds', async () => {
    const page = await signedIn('/settings/maintenances');
    await main(page).getByRole('link', { name: 'Add' }).click();
    await waitForPath(page, '/settings/maintenance');
    await main(page).getByLabel('Name', { exact: true }).fill('Oil change');
    // total distance (the default type) in kilometres, the default distance unit
    await main(page).getByLabel('Start', { exact: true }).fill('1000');
    await main(page).getByLabel('Period', { exact: true }).fill('5000');
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await waitForPath(page, '/settings/maintenances');
    let items = await adminJson<Array<{ id: number; name: string; type: string; start: number; period: number }>>(harness(), 'GET', '/api/maintenance');
    const oil = items.find((i) => i.name === 'Oil change')!;
    expect(oil).toMatchObject({ type: 'totalDistance', start: 1_000_000, period: 5_000_000 });
    await main(page).getByRole('row', { name: 'Oil change' }).getByText('5,000 km').waitFor();

    // hours: typed in hours, kept in milliseconds; a zero period is refused with the spec's words
    await main(page).getByRole('link', { name: 'Edit Oil change' }).click();
    await main(page).getByRole('button', { name: /Type$/ }).click();
    await page.getByRole('option', { name: 'Hours' }).click();
    await main(page).getByLabel('Period', { exact: true }).fill('0');
    await main(page).getByLabel('Name', { exact: true }).click();
    await main(page).getByText("Can't be zero").waitFor();
    await main(page).getByLabel('Period', { exact: true }).fill('250');
    await main(page).getByLabel('Start', { exact: true }).fill('0');
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await waitForPath(page, '/settings/maintenances');
    items = await adminJson(harness(), 'GET', '/api/maintenance');
    expect(items.find((i) => i.id === oil.id)).toMatchObject({ type: 'hours', start: 0, period: 250 * 3_600_000 });
    await removeRow(page, 'Oil change');
    items = await adminJson(harness(), 'GET', '/api/maintenance');
    expect(items.some((i) => i.id === oil.id)).toBe(false);
  });

  it('a notification made in the screens fires as a toast when its event happens, is edited (a calendar chosen) and removed', async () => {
    const devices = await adminJson<Array<{ id: number; uniqueId: string; name: string }>>(harness(), 'GET', '/api/devices');
    // the demo's own alarm notification goes first: only the one made here may turn an alarm into a toast
    const before = await adminJson<Array<{ id: number; type: string }>>(harness(), 'GET', '/api/notifications');
    for (const n of before.filter((item) => item.type === 'alarm')) await adminJson(harness(), 'DELETE', `/api/notifications/${n.id}`);
    const page = await signedIn('/settings/notifications');
    await main(page).getByRole('link', { name: 'Add' }).click();
    await waitForPath(page, '/settings/notification');
    // alarms (the default type), only SOS, on the web, for every device
    await main(page).getByRole('checkbox', { name: 'SOS', exact: true }).focus();
    await page.keyboard.press('Space');
    expect(await main(page).getByRole('checkbox', { name: 'Web', exact: true }).isChecked()).toBe(true);
    await main(page).getByLabel('Description', { exact: true }).fill('SOS to the control room');
    await main(page).getByRole('switch', { name: 'All devices' }).focus();
    await page.keyboard.press('Space');
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await waitForPath(page, '/settings/notifications');
    let items = await adminJson<Array<{ id: number; type: string; notificators: string; always: boolean; description: string; calendarId?: number; attributes: Record<string, unknown> }>>(harness(), 'GET', '/api/notifications');
    const made = items.find((i) => i.description === 'SOS to the control room')!;
    expect(made).toMatchObject({ type: 'alarm', notificators: 'web', always: true, attributes: { alarms: 'sos' } });

    // the event happens: the toast says so, in the user's language
    await page.getByRole('link', { name: 'Map' }).first().click();
    await waitForPath(page, '/');
    await sendAlarm(harness(), devices[0]!.uniqueId);
    await page.getByTestId('event-toast').filter({ hasText: 'SOS' }).first().waitFor({ timeout: 15_000 });

    // edited: another description, and a calendar (it then applies only while the calendar is active)
    const ics = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:n', 'DTSTART;TZID=Asia/Riyadh:20260101T080000', 'DTEND;TZID=Asia/Riyadh:20260101T170000', 'RRULE:FREQ=DAILY', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    const calendar = await adminJson<{ id: number }>(harness(), 'POST', '/api/calendars', { name: 'Office hours', data: Buffer.from(ics).toString('base64'), attributes: {} });
    await page.goto(url(`/settings/notification/${made.id}`));
    await main(page).getByLabel('Description', { exact: true }).fill('SOS to the duty officer');
    await main(page).getByRole('combobox', { name: 'Calendar' }).fill('Office');
    await page.getByRole('option', { name: 'Office hours' }).click();
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await waitForPath(page, '/settings/notifications');
    items = await adminJson(harness(), 'GET', '/api/notifications');
    expect(items.find((i) => i.id === made.id)).toMatchObject({ description: 'SOS to the duty officer', calendarId: calendar.id });

    await removeRow(page, 'Alarm');
    items = await adminJson(harness(), 'GET', '/api/notifications');
    expect(items.some((i) => i.id === made.id)).toBe(false);
  });

  it('a saved command asks the parameters of its type (a frequency with its unit), is edited and removed', async () => {
    const page = await signedIn('/settings/commands');
    await main(page).getByRole('link', { name: 'Add' }).click();
    await waitForPath(page, '/settings/command');
    await main(page).getByLabel('Description', { exact: true }).fill('Report every 5 minutes');
    await main(page).getByRole('button', { name: /Type$/ }).click();
    await page.getByRole('option', { name: 'Periodic positions' }).click();
    await main(page).getByLabel('Frequency', { exact: true }).fill('5');
    await main(page).getByRole('button', { name: /Unit$/ }).click();
    await page.getByRole('option', { name: 'Minutes' }).click();
    expect(await main(page).getByLabel('Data', { exact: true }).count()).toBe(0);
    await main(page).getByRole('switch', { name: 'Do not queue' }).focus();
    await page.keyboard.press('Space');
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await waitForPath(page, '/settings/commands');
    let items = await adminJson<Array<{ id: number; description: string; type: string; textChannel: boolean; attributes: Record<string, unknown> }>>(harness(), 'GET', '/api/commands');
    const made = items.find((i) => i.description === 'Report every 5 minutes')!;
    expect(made).toMatchObject({ type: 'positionPeriodic', textChannel: false, attributes: { frequency: 300, noQueue: true } });

    // a custom command asks for its data instead
    await main(page).getByRole('link', { name: 'Edit Report every 5 minutes' }).click();
    await main(page).getByRole('button', { name: /Type$/ }).click();
    await page.getByRole('option', { name: 'Custom' }).click();
    expect(await main(page).getByLabel('Frequency', { exact: true }).count()).toBe(0);
    await main(page).getByLabel('Data', { exact: true }).fill('GPRS,1');
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await waitForPath(page, '/settings/commands');
    items = await adminJson(harness(), 'GET', '/api/commands');
    expect(items.find((i) => i.id === made.id)).toMatchObject({ type: 'custom', attributes: { data: 'GPRS,1' } });
    await removeRow(page, 'Report every 5 minutes');
    items = await adminJson(harness(), 'GET', '/api/commands');
    expect(items.some((i) => i.id === made.id)).toBe(false);
  });

  it('a command is sent from the device card: a new one is queued for the phone, a saved one too', async () => {
    const devices = await adminJson<Array<{ id: number; name: string; uniqueId: string }>>(harness(), 'GET', '/api/devices');
    const device = devices[0]!;
    const saved = await adminJson<{ id: number }>(harness(), 'POST', '/api/commands', { description: 'Locate now', type: 'custom', textChannel: false, deviceId: 0, attributes: { data: 'WHERE#' } });
    await adminJson(harness(), 'POST', '/api/permissions', { deviceId: device.id, commandId: saved.id });
    const page = await signedIn();
    // the card's command action opens the screen
    await page.locator(`[data-device-id="${device.id}"]`).first().click();
    await page.getByTestId('device-card').waitFor();
    await page.getByTestId('device-card').locator(`a[href="/settings/device/${device.id}/command"]`).click();
    await waitForPath(page, `/settings/device/${device.id}/command`);
    await main(page).getByRole('heading', { name: 'Send a command' }).waitFor();

    // a new command of a type the device takes, with its parameters
    await main(page).getByRole('button', { name: /Type$/ }).click();
    await page.getByRole('option', { name: 'Custom' }).click();
    await main(page).getByLabel('Data', { exact: true }).fill('REBOOT#');
    await main(page).getByRole('button', { name: 'Send', exact: true }).click();
    await main(page).getByRole('status').filter({ hasText: 'Queued: the device gets it when it next connects.' }).waitFor();

    // a saved one, chosen by name (its parameters are its own)
    await page.reload();
    await main(page).getByRole('button', { name: /Saved command$/ }).click();
    await page.getByRole('option', { name: 'Locate now' }).click();
    expect(await main(page).getByLabel('Data', { exact: true }).count()).toBe(0);
    await main(page).getByRole('button', { name: 'Send', exact: true }).click();
    await main(page).getByRole('status').filter({ hasText: 'Queued' }).waitFor();

    // both wait for the phone: its next report over OsmAnd takes the first one
    const reply = await fetch(`http://127.0.0.1:${harness().server.osmandPort}/?id=${device.uniqueId}&lat=24.7&lon=46.7&timestamp=${Math.floor(Date.now() / 1000)}`);
    expect(await reply.text()).toContain('REBOOT#');
  });

  it('accumulators set a device’s total distance and hours, typed in the user’s units', async () => {
    const positions = await adminJson<Array<{ deviceId: number }>>(harness(), 'GET', '/api/positions');
    const deviceId = positions[0]!.deviceId;
    const page = await signedIn('/settings/devices');
    await main(page).getByRole('button', { name: /^More for/ }).first().click();
    await page.getByRole('menuitem', { name: 'Accumulators' }).click();
    await page.waitForURL((u) => /^\/settings\/accumulators\/\d+$/.test(u.pathname));
    await page.goto(url(`/settings/accumulators/${deviceId}`));
    await main(page).getByLabel('Total distance', { exact: true }).fill('12345');
    await main(page).getByLabel('Hours', { exact: true }).fill('100');
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await main(page).getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await expect
      .poll(async () => {
        const latest = await adminJson<Array<{ deviceId: number; attributes: Record<string, unknown> }>>(harness(), 'GET', `/api/positions?deviceId=${deviceId}`);
        const attributes = latest.find((p) => p.deviceId === deviceId)?.attributes ?? {};
        return [attributes.totalDistance, attributes.hours];
      })
      .toEqual([12_345_000, 360_000_000]);
  });
});
