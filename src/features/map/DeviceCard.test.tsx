import '../../../tests/helpers/jsdomPolyfills';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLiveStore, type LiveStore } from '../../domain/liveStore';
import { activateLanguage, i18n } from '../../i18n/i18n';
import { ServicesContext, type Services } from '../../shared/services';
import { createApiClient } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { makeDevice, makePosition } from '../../../tests/fixtures/models';
import { DeviceCard, isWideValue } from './DeviceCard';
import { createStateTracker } from '../../shared/fleet/stateTracker';
import { registerStateTracker } from '../../shared/fleet/stateSince';
import { dataFor } from '../../shared/data';
import { sessionListsOf } from '../../shared/sessionLists';
import { sessionStub, socketStub } from '../../../tests/helpers/testActors';

beforeAll(async () => {
  await activateLanguage('en', null);
});
afterEach(cleanup);



/** The server's answers by path (`[]` for any other). */
type Answers = Record<string, unknown>;

function renderCard(live: LiveStore, socket = socketStub(), answers: Answers = {}) {
  const tracker = createStateTracker(live);
  registerStateTracker(live, tracker);
  const apiClient = createApiClient({
    origin: '',
    fetch: async (input) => new Response(JSON.stringify(answers[new URL(String(input), 'http://server').pathname] ?? []), { headers: { 'Content-Type': 'application/json' } }),
  });
  const app = { system: { get: (id: string) => (id === 'socket' ? socket : undefined) } };
  const services = { live, app, session: sessionStub(), backendOrigin: '', api: endpoints(apiClient), client: apiClient } as unknown as Services;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ServicesContext.Provider value={services}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <DeviceCard />
        </QueryClientProvider>
      </I18nProvider>
    </ServicesContext.Provider>,
  );
  /** The session's lists, as the first map's drawing loads them. */
  const loadLists = () => act(() => sessionListsOf(client, dataFor(services).queries).load());
  return { socket, loadLists, tracker };
}

/** Deferred notifications run in a task of their own: let them. */
async function settle(): Promise<void> {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const MINUTE = 60_000;

describe('DeviceCard', () => {
  it('heads with the name, the state with its duration and the time since the last fix, then the values label over value', async () => {
    const live = createLiveStore();
    const fixTime = new Date(Date.now() - 2 * MINUTE - 5000).toISOString();
    live.setDevices(
      [makeDevice({ id: 4, name: 'Delivery Truck 7', status: 'online' })],
      [makePosition({ id: 191, deviceId: 4, fixTime, speed: 0, latitude: 24.764071, longitude: 46.698875, attributes: { totalDistance: 141770 } })],
    );
    live.select(4);
    const { tracker } = renderCard(live);
    await settle();
    const card = screen.getByTestId('device-card');
    expect(card.hasAttribute('data-map-obstacle')).toBe(true);
    const dialog = within(card).getByRole('dialog', { name: 'Delivery Truck 7' });
    // stopped, no ignition reported: parked, since when today's events say
    expect(within(dialog).getByText('Parked')).toBeTruthy();
    act(() => tracker.seed([4], [{ deviceId: 4, type: 'deviceStopped', eventTime: new Date(Date.now() - 14 * MINUTE - 5000).toISOString() }]));
    expect(within(dialog).getByText('Parked 14 min')).toBeTruthy();
    expect(dialog.querySelector('[data-marker="parked"]')).not.toBeNull();
    const since = dialog.querySelector('time:not([data-fleet-state])');
    expect(since?.textContent).toBe('2 min. ago');
    expect(since?.getAttribute('dateTime')).toBe(fixTime);
    // each value under its label; the fix time on a line of its own, speed and distance side by side
    const value = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(value('Speed')?.textContent).toBe('0 km/h');
    expect(value('Total distance')?.textContent).toBe('141.77 km');
    expect(value('Address')?.textContent).toBe('\u206624.764071, 46.698875\u2069');
    const fix = within(dialog).getByText('Fix time').parentElement;
    const speed = within(dialog).getByText('Speed').parentElement;
    expect(fix?.className).not.toBe(speed?.className);
    expect(within(dialog).getByRole('link', { name: 'More details' }).getAttribute('href')).toBe('/position/191');
  });

  it('offers Track, Replay, Command, Edit and More as labelled actions; Delete only under More', async () => {
    const live = createLiveStore();
    live.setDevices([makeDevice({ id: 4, name: 'Van' })], [makePosition({ id: 9, deviceId: 4, fixTime: new Date().toISOString() })]);
    live.select(4);
    const { socket } = renderCard(live);
    await settle();
    const bar = screen.getByRole('toolbar', { name: 'Device actions' });
    const names = [...bar.querySelectorAll('button, a')].map((element) => element.textContent);
    expect(names).toEqual(['Track', 'Replay', 'Command', 'Edit', 'More']);
    expect(within(bar).getByRole('link', { name: 'Replay' }).getAttribute('href')).toBe('/replay?deviceId=4&period=today&show=true');
    expect(within(bar).getByRole('link', { name: 'Command' }).getAttribute('href')).toBe('/settings/device/4/command');
    expect(within(bar).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/settings/device/4');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();

    // Track asks the socket machine, which owns tracking; the button becomes Stop tracking
    fireEvent.click(within(bar).getByRole('button', { name: 'Track' }));
    expect(socket.getSnapshot().context.tracking).toEqual([4]);
    const stop = await within(bar).findByRole('button', { name: 'Stop tracking' });
    expect(stop.hasAttribute('data-active')).toBe(true);
    fireEvent.click(stop);
    expect(socket.getSnapshot().context.tracking).toEqual([]);
    await within(bar).findByRole('button', { name: 'Track' });

    // More: the rest of the one list (share, a geofence here, the network page, connections, the other maps), then Delete, which asks first
    fireEvent.keyDown(within(bar).getByRole('button', { name: 'More' }), { key: 'Enter' });
    const menu = await screen.findByRole('menu', { name: 'More' });
    const items = within(menu).getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Share', 'Create a geofence here', 'Network', 'Connections', 'Open in Google Maps', 'Open in Apple Maps', 'Open Street View', 'Delete']);
    expect(within(menu).getByRole('menuitem', { name: 'Create a geofence here' }).getAttribute('href')).toMatch(/^\/geofences\?deviceId=4&latitude=[-\d.]+&longitude=[-\d.]+$/);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const question = await screen.findByRole('alertdialog', { name: 'Remove item?' });
    expect(within(question).getByText('Van')).toBeTruthy();
  });

  it('says a device without a position waits for its first one; the position fills the card when it comes', async () => {
    const live = createLiveStore();
    live.setDevices([makeDevice({ id: 5, name: 'New phone', status: 'offline' })]);
    live.select(5);
    renderCard(live);
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'New phone' });
    expect(within(dialog).getByRole('status').textContent).toContain('Waiting for the first position');
    expect(dialog.querySelector('time')).toBeNull();
    expect(within(dialog).getByText('Never reported')).toBeTruthy();
    // nothing to replay yet
    expect(within(dialog).getByRole('link', { name: 'Replay' }).getAttribute('aria-disabled')).toBe('true');

    act(() => {
      live.apply({ devices: [makeDevice({ id: 5, name: 'New phone', status: 'online' })], positions: [makePosition({ id: 12, deviceId: 5, fixTime: new Date().toISOString() })] });
    });
    await settle();
    expect(within(dialog).queryByRole('status')).toBeNull();
    // its first position starts its state
    expect(within(dialog).getByText('Parked 0 min')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'More details' }).getAttribute('href')).toBe('/position/12');
  });
});

describe('DeviceCard: the driver', () => {
  it('names the driver the position reports by the session’s drivers, and shows the identifier while it is not known', async () => {
    const live = createLiveStore();
    live.setDevices(
      [makeDevice({ id: 4, name: 'Tanker' }), makeDevice({ id: 6, name: 'Pickup' })],
      [
        makePosition({ id: 40, deviceId: 4, fixTime: new Date().toISOString(), attributes: { driverUniqueId: 'card-7' } }),
        makePosition({ id: 60, deviceId: 6, fixTime: new Date().toISOString(), attributes: { driverUniqueId: 'card-9' } }),
      ],
    );
    live.select(4);
    const { loadLists } = renderCard(live, socketStub(), { '/api/drivers': [{ id: 1, name: 'Salem Al-Harbi', uniqueId: 'card-7', attributes: {} }] });
    await settle();
    const driver = () => within(screen.getByTestId('device-card')).getByText('Driver').nextElementSibling?.textContent;
    // before the session's lists are loaded (they wait for the map): the identifier
    expect(driver()).toBe('card-7');
    loadLists();
    await waitFor(() => expect(driver()).toBe('Salem Al-Harbi'));
    // a driver the session does not know: the identifier the device reported
    act(() => live.select(6));
    await settle();
    expect(driver()).toBe('card-9');
    // a position without a driver has no driver row
    act(() => live.apply({ positions: [makePosition({ id: 61, deviceId: 6, fixTime: new Date().toISOString() })] }));
    await settle();
    expect(within(screen.getByTestId('device-card')).queryByText('Driver')).toBeNull();
  });
});

describe('isWideValue', () => {
  it('gives a time or a long value the whole line, a short one half', () => {
    expect(isWideValue('fixTime', '1:00')).toBe(true);
    expect(isWideValue('deviceTime', 'x')).toBe(true);
    expect(isWideValue('speed', '0 km/h')).toBe(false);
    expect(isWideValue('totalDistance', '141.77 km')).toBe(false);
    expect(isWideValue('driverUniqueId', 'a-very-long-identifier')).toBe(true);
  });
});
