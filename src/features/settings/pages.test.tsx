import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { makeDevice, makeServer, makeUser } from '../../../tests/fixtures/models';
import type { Device, Group, User } from '../../../contract/models';
import { EntityListPage } from '../../shared/entity/EntityListPage';
import { EntityEditPage } from '../../shared/entity/EntityEditPage';
import { deviceEditor, deviceList, driverList, groupList, userEditor, userList } from './entities';
import { ConnectionsPage } from './ConnectionsPage';
import { SendCommandPage } from './SendCommandPage';
import { PreferencesPage, UserPage } from './singletons';
import { TotpField } from './TotpField';
import { renderSettingsPage } from '../../../tests/helpers/testPage';
import { keys, resources } from '../../api/resources';

beforeAll(async () => {
  await activateLanguage('en', null);
});
afterEach(cleanup);

const admin = makeUser({ id: 7, name: 'Admin', email: 'admin' });
const server = makeServer();
const group = (patch: Partial<Group>): Group => ({ id: 1, name: 'Group', groupId: 0, attributes: {}, ...patch });

describe('an empty list', () => {
  it('says what its items are for and offers to add the first, with no search over nothing', async () => {
    await renderSettingsPage(<EntityListPage descriptor={groupList} />, { user: admin, server, answers: { 'GET /api/groups': [] } });
    const empty = await screen.findByTestId('empty-list');
    expect(empty.textContent).toContain('A group gathers devices');
    expect(within(empty).getByRole('link', { name: 'Add a group' }).getAttribute('href')).toBe('/settings/group');
    // the one Add of the screen: the heading's moves into the guidance
    expect(screen.getAllByRole('link', { name: /^Add/ })).toHaveLength(1);
    expect(screen.queryByRole('searchbox', { name: 'Search' })).toBeNull();
  });

  it('says what a driver is, and how the first is added', async () => {
    await renderSettingsPage(<EntityListPage descriptor={driverList} />, { user: admin, server, answers: { 'GET /api/drivers': [] } });
    const empty = await screen.findByTestId('empty-list');
    expect(empty.textContent).toContain('A driver is a person identified by a card or key');
    expect(empty.textContent).toContain('Add a driver with the identifier on their card.');
    expect(within(empty).getByRole('link', { name: 'Add a driver' })).toBeTruthy();
  });

  it('offers no Add to who may not add, and a list with rows shows them, not the guidance', async () => {
    const readonly = makeUser({ id: 7, administrator: false, readonly: true });
    await renderSettingsPage(<EntityListPage descriptor={deviceList} />, { user: readonly, server, answers: { 'GET /api/groups': [] } });
    const empty = await screen.findByTestId('empty-list');
    expect(empty.textContent).toContain('A device is a tracker');
    expect(within(empty).queryByRole('link')).toBeNull();
    cleanup();
    await renderSettingsPage(<EntityListPage descriptor={groupList} />, { user: admin, server, answers: { 'GET /api/groups': [group({ name: 'North' })] } });
    await screen.findByRole('row', { name: /North/ });
    expect(screen.queryByTestId('empty-list')).toBeNull();
    expect(screen.getByRole('link', { name: 'Add' }).getAttribute('href')).toBe('/settings/group');
  });
});

describe('a session list', () => {
  it('shows what the session holds at once, then what the server has now (an edit made elsewhere)', async () => {
    const { requests } = await renderSettingsPage(<EntityListPage descriptor={groupList} />, {
      user: admin,
      server,
      cached: [[keys.list(resources.groups), [group({ id: 1, name: 'North' })]]],
      answers: { 'GET /api/groups': [group({ id: 1, name: 'North' }), group({ id: 2, name: 'Made elsewhere' })] },
    });
    await screen.findByRole('row', { name: /Made elsewhere/ });
    expect(screen.getByRole('row', { name: /North/ })).toBeTruthy();
    expect(requests.filter((r) => r.line === 'GET /api/groups')).toHaveLength(1);
  });
});

describe('the users list', () => {
  it("leaves out share links' temporary users unless asked", async () => {
    const users: User[] = [admin, makeUser({ id: 8, name: 'Sara', email: 'sara@example.com', administrator: false }), makeUser({ id: 9, name: 'Truck 7', email: 'admin:demo-002', administrator: false, temporary: true })];
    await renderSettingsPage(<EntityListPage descriptor={userList} />, { user: admin, server, answers: { 'GET /api/users': users } });
    await screen.findByRole('row', { name: /Sara/ });
    expect(screen.queryByRole('row', { name: /Truck 7/ })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('2 of 2');
    const show = screen.getByRole('switch', { name: 'Show share link users' });
    await act(async () => fireEvent.click(show));
    await screen.findByRole('row', { name: /Truck 7/ });
    expect(screen.getByRole('status').textContent).toBe('3 of 3');
  });

  it('has no such switch when there is no temporary user', async () => {
    await renderSettingsPage(<EntityListPage descriptor={userList} />, { user: admin, server, answers: { 'GET /api/users': [admin] } });
    await screen.findByRole('row', { name: /Admin/ });
    expect(screen.queryByRole('switch', { name: 'Show share link users' })).toBeNull();
  });
});

describe('the devices list', () => {
  it('gives an empty column its room to a full one: phone numbers are not cut while no device has a group', async () => {
    const devices: Device[] = [1, 2, 3].map((id) => makeDevice({ id, name: `Van ${id}`, uniqueId: `demo-00${id}`, phone: `+96650000000${id}`, groupId: 0 }));
    await renderSettingsPage(<EntityListPage descriptor={deviceList} />, { user: admin, server, devices, answers: { 'GET /api/groups': [] } });
    await screen.findByRole('row', { name: /Van 1/ });
    const header = screen.getByTestId('table-header');
    const tracks = ((header.parentElement as HTMLElement).style.getPropertyValue('--table-columns')).match(/minmax\([^)]*\)|\d+px/g) ?? [];
    const headers = [...header.children].map((cell) => cell.textContent);
    const track = (name: string) => tracks[headers.findIndex((h) => h?.startsWith(name))] ?? '';
    const parse = (t: string) => {
      const [, min, share] = /minmax\((\d+)px, ([\d.]+)fr\)/.exec(t) ?? [];
      return { min: Number(min), share: Number(share) };
    };
    const phone = parse(track('Phone'));
    const groupColumn = parse(track('Group'));
    expect(phone.share).toBeGreaterThan(groupColumn.share);
    // thirteen characters of a phone number need ~125 px and the cell's padding on one line
    expect(phone.min).toBeGreaterThanOrEqual(13 * 9 + 24);
  });
});

describe('a read-only account', () => {
  it('says why its Account form is disabled', async () => {
    const readonly = makeUser({ id: 7, name: 'Reader', email: 'reader@example.com', administrator: false, readonly: true });
    await renderSettingsPage(<UserPage id={7} />, { user: readonly, server, answers: { 'GET /api/users/7': readonly } });
    await screen.findByRole('textbox', { name: /Name/ });
    const notice = screen.getByRole('status', { name: '' });
    expect(notice.textContent).toContain('Read-only');
    expect(notice.textContent).toContain('Your account can look at these settings but not change them.');
    expect((screen.getByRole('textbox', { name: /Name/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('says devices are read-only on a device, and says nothing to who may edit', async () => {
    const deviceReader = makeUser({ id: 7, administrator: false, deviceReadonly: true });
    const device = makeDevice({ id: 3, name: 'Van 3' });
    await renderSettingsPage(<EntityEditPage descriptor={deviceEditor} id={3} />, { user: deviceReader, server, answers: { 'GET /api/devices/3': device, 'GET /api/groups': [], 'GET /api/calendars': [] } });
    await screen.findByRole('textbox', { name: /Name/ });
    expect(document.body.textContent).toContain('Your account can look at devices but not add, change or remove them.');
    cleanup();
    await renderSettingsPage(<EntityEditPage descriptor={deviceEditor} id={3} />, { user: admin, server, answers: { 'GET /api/devices/3': device, 'GET /api/groups': [], 'GET /api/calendars': [] } });
    await screen.findByRole('textbox', { name: /Name/ });
    expect(document.body.textContent).not.toContain('Read-only');
  });
});

describe('the user form', () => {
  const descriptor = userEditor(false);

  it('asks a new user for a password, saying so; an existing one may leave it empty', async () => {
    await renderSettingsPage(<EntityEditPage descriptor={descriptor} id={null} />, { user: admin, server });
    const password = await screen.findByLabelText(/^Password/);
    expect(password.getAttribute('aria-required') ?? String((password as HTMLInputElement).required)).toBe('true');
    expect(document.body.textContent).toContain('Required: the password the new user signs in with.');
    expect(document.body.textContent).not.toContain('Leave empty to keep the current password.');
    cleanup();
    const sara = makeUser({ id: 8, name: 'Sara', email: 'sara@example.com', administrator: false });
    await renderSettingsPage(<EntityEditPage descriptor={descriptor} id={8} />, { user: admin, server, answers: { 'GET /api/users/8': sara } });
    const kept = await screen.findByLabelText(/^Password/);
    expect((kept as HTMLInputElement).required || kept.getAttribute('aria-required') === 'true').toBe(false);
    expect(document.body.textContent).toContain('Leave empty to keep the current password.');
  });

  it("names the user 'Remove item?' removes", async () => {
    const sara = makeUser({ id: 8, name: 'Sara', email: 'sara@example.com', administrator: false });
    await renderSettingsPage(<EntityEditPage descriptor={descriptor} id={8} />, { user: admin, server, answers: { 'GET /api/users/8': sara } });
    await screen.findByRole('textbox', { name: /Name/ });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove' })));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Remove item?');
    expect(dialog.textContent).toContain('Sara');
  });
});

describe("a share link's session", () => {
  it('shows on its Account what the link shows and until when, with no email or password', async () => {
    const guest = makeUser({ id: 12, name: 'Delivery Truck 7', email: 'admin:demo-002', administrator: false, readonly: true, temporary: true, expirationTime: '2026-12-01T10:00:00.000Z' });
    await renderSettingsPage(<UserPage id={12} />, { user: guest, server, answers: { 'GET /api/users/12': guest } });
    await screen.findByText(/This session was opened by a share link/);
    expect(document.body.textContent).toContain('Delivery Truck 7');
    expect(document.body.textContent).toContain('Shared link');
    expect(document.body.textContent).not.toContain('admin:demo-002');
    expect(screen.queryByRole('textbox', { name: /Email/ })).toBeNull();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    // the share's notice takes the read-only one's place
    expect(document.body.textContent).not.toContain('Your account can look at these settings');
  });
});

describe('pages that act on one object name it', () => {
  it('the connections of a device and of a user', async () => {
    await renderSettingsPage(<ConnectionsPage owner="devices" id={3} />, { user: admin, server, answers: { 'GET /api/devices/3': makeDevice({ id: 3, name: 'Van 3' }) } });
    expect((await screen.findByText('Van 3')).closest('[data-testid="page-subject"]')?.textContent).toBe('Device: Van 3');
    cleanup();
    await renderSettingsPage(<ConnectionsPage owner="users" id={8} />, { user: admin, server, answers: { 'GET /api/users/8': makeUser({ id: 8, name: 'Sara' }) } });
    expect((await screen.findByText('Sara')).closest('[data-testid="page-subject"]')?.textContent).toBe('User: Sara');
  });

  it('the command page of a device and of a group', async () => {
    await renderSettingsPage(<SendCommandPage target={{ deviceId: 3 }} />, { user: admin, server, answers: { 'GET /api/devices/3': makeDevice({ id: 3, name: 'Van 3' }), 'GET /api/commands/send': [], 'GET /api/commands/types': [] } });
    expect((await screen.findByText('Van 3')).closest('[data-testid="page-subject"]')?.textContent).toBe('Device: Van 3');
    cleanup();
    await renderSettingsPage(<SendCommandPage target={{ groupId: 1 }} />, { user: admin, server, answers: { 'GET /api/groups/1': group({ name: 'North' }), 'GET /api/commands/types': [] } });
    expect((await screen.findByText('North')).closest('[data-testid="page-subject"]')?.textContent).toBe('Group: North');
  });
});

describe('sounds in the preferences', () => {
  it('offers event and alarm types by their names, and saves their keys', async () => {
    const me = makeUser({ id: 7, attributes: { soundEvents: 'geofenceEnter', soundAlarms: 'sos,lowBattery' } });
    const { requests } = await renderSettingsPage(<PreferencesPage />, {
      user: me,
      server,
      answers: { 'GET /api/users/7': me, 'GET /api/notifications/types': [{ type: 'geofenceEnter' }, { type: 'deviceOverspeed' }, { type: 'alarm' }] },
    });
    const events = await screen.findByRole('group', { name: 'Sounds for events' });
    const entered = await within(events).findByRole('checkbox', { name: 'Geofence entered' });
    expect((entered as HTMLInputElement).checked).toBe(true);
    const speeding = within(events).getByRole('checkbox', { name: 'Speed limit exceeded' });
    expect((speeding as HTMLInputElement).checked).toBe(false);
    const alarms = screen.getByRole('group', { name: 'Sounds for alarms' });
    expect((within(alarms).getByRole('checkbox', { name: 'SOS' }) as HTMLInputElement).checked).toBe(true);
    expect((within(alarms).getByRole('checkbox', { name: 'Low battery' }) as HTMLInputElement).checked).toBe(true);
    // no raw keys on screen
    expect(events.textContent).not.toContain('geofenceEnter');
    await act(async () => fireEvent.click(speeding));
    await act(async () => fireEvent.click(within(alarms).getByRole('checkbox', { name: 'SOS' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(requests.some((r) => r.line === 'PUT /api/users/7')).toBe(true));
    const saved = JSON.parse(requests.find((r) => r.line === 'PUT /api/users/7')!.body!) as User;
    expect(saved.attributes.soundEvents).toBe('geofenceEnter,deviceOverspeed');
    expect(saved.attributes.soundAlarms).toBe('lowBattery');
  }, 20_000); // some sixty checkboxes and a save, in jsdom on a shared machine
});

describe('the device category', () => {
  it("lists 'Default' once and no map marker, and shows a device without one as Default", async () => {
    const device = makeDevice({ id: 3, name: 'Van 3', category: null });
    await renderSettingsPage(<EntityEditPage descriptor={deviceEditor} id={3} />, { user: admin, server, answers: { 'GET /api/devices/3': device, 'GET /api/groups': [], 'GET /api/calendars': [] } });
    await screen.findByRole('textbox', { name: /Name/ });
    // the Extra section holds it: open it
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Extra' })));
    const select = await screen.findByRole('button', { name: /Category/ });
    expect(select.textContent).toContain('Default');
    await act(async () => fireEvent.click(select));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options.filter((o) => o === 'Default')).toHaveLength(1);
    expect(options[0]).toBe('Default');
    for (const marker of ['Start', 'Finish']) expect(options).not.toContain(marker);
    for (const kind of ['Car', 'Truck', 'Pickup', 'Trolleybus', 'Arrow']) expect(options).toContain(kind);
    expect(new Set(options).size).toBe(options.length);
  });
});

describe('the one-time password key field', () => {
  const context = (user: User) => ({ user, server, restrictions: { readonly: false, deviceReadonly: false, limitCommands: false, disableReports: false }, units: { speed: 'kmh', distance: 'km', altitude: 'm', volume: 'ltr' }, draft: {}, timeZone: 'UTC' }) as never;

  it('Generate key puts the server’s new key into the draft, through the request machine', async () => {
    const changes: Array<Record<string, unknown>> = [];
    await renderSettingsPage(
      <TotpField draft={{ id: 7, email: 'a@example.com', totpKey: null }} change={(draft) => changes.push(draft)} context={context(admin)} isDisabled={false} />,
      { user: admin, server, answers: { 'POST /api/users/totp': 'NEWKEY234' } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Generate key' }));
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(String(changes[0]?.totpKey)).toContain('NEWKEY234');
    expect(changes[0]?.email).toBe('a@example.com');
  });

  it('a failed request says why and changes nothing', async () => {
    const changes: unknown[] = [];
    await renderSettingsPage(<TotpField draft={{ id: 7, email: 'a@example.com', totpKey: null }} change={(draft) => changes.push(draft)} context={context(admin)} isDisabled={false} />, {
      user: admin,
      server,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Generate key' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(changes).toEqual([]);
  });
});
