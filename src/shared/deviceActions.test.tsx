import '../../tests/helpers/jsdomPolyfills';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../contract/models';
import { createLiveStore, type LiveStore } from '../domain/liveStore';
import { activateLanguage, i18n } from '../i18n/i18n';
import { ServicesContext, type Services } from './services';
import { createApiClient } from '../api/client';
import { endpoints } from '../api/endpoints';
import { makeDevice, makePosition, makeUser } from '../../tests/fixtures/models';
import { DeviceMenu, type DeviceMenuRequest } from './deviceActions';
import { sessionStub, socketStub } from '../../tests/helpers/testActors';

beforeAll(async () => {
  await activateLanguage('en', null);
});
afterEach(cleanup);


/** A button that opens the device's menu at a point, as the map and the list do; the menu's closes are counted. */
function Opener({ deviceId }: { deviceId: number }) {
  const [request, setRequest] = useState<DeviceMenuRequest | null>(null);
  const [closed, setClosed] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setRequest({ deviceId, x: 100, y: 80 })}>
        Open
      </button>
      <output data-testid="closed">{closed}</output>
      <DeviceMenu
        request={request}
        onClose={() => {
          setRequest(null);
          setClosed((n) => n + 1);
        }}
      />
    </>
  );
}

function renderMenu(live: LiveStore, user: User = makeUser()) {
  const socket = socketStub();
  const apiClient = createApiClient({ origin: '', fetch: async () => new Response('[]', { headers: { 'Content-Type': 'application/json' } }) });
  const app = { system: { get: (id: string) => (id === 'socket' ? socket : undefined) } };
  const session = sessionStub(user);
  const services = { live, app, session, backendOrigin: '', api: endpoints(apiClient), client: apiClient } as unknown as Services;
  render(
    <ServicesContext.Provider value={services}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <Opener deviceId={4} />
        </QueryClientProvider>
      </I18nProvider>
    </ServicesContext.Provider>,
  );
  return { socket };
}

function fleet(): LiveStore {
  const live = createLiveStore();
  live.setDevices([makeDevice({ id: 4, name: 'Van 4' })], [makePosition({ id: 9, deviceId: 4, latitude: 24.5, longitude: 46.25 })]);
  return live;
}

async function open(): Promise<HTMLElement> {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return screen.findByRole('menu', { name: 'Actions of Van 4' });
}

describe('DeviceMenu', () => {
  it('opens at a point with the device’s name and the one list (the other maps left to the card), each leading to its screen', async () => {
    renderMenu(fleet());
    const menu = await open();
    expect(screen.getByTestId('device-menu').textContent).toContain('Van 4');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Track', 'Replay today', 'Send a command', 'Edit',
      'Share', 'Create a geofence here', 'Network', 'Connections',
      'Delete',
    ]);
    const href = (name: string) => within(menu).getByRole('menuitem', { name }).getAttribute('href');
    expect(href('Replay today')).toBe('/replay?deviceId=4&period=today&show=true');
    expect(href('Send a command')).toBe('/settings/device/4/command');
    expect(href('Edit')).toBe('/settings/device/4');
    expect(href('Share')).toBe('/settings/device/4/share');
    expect(href('Create a geofence here')).toBe('/geofences?deviceId=4&latitude=24.500000&longitude=46.250000');
    // the focus is in the menu (on its first action in a browser: tests/e2e/mapActions.test.ts)
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
  });

  it('a read-only user is offered no command, edit, share, geofence or delete', async () => {
    renderMenu(fleet(), makeUser({ administrator: false, readonly: true }));
    const menu = await open();
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Track', 'Replay today', 'Network']);
  });

  it('Track asks the socket machine and closes the menu; focus returns where it was', async () => {
    const { socket } = renderMenu(fleet());
    const menu = await open();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Track' }));
    expect(socket.getSnapshot().context.tracking).toEqual([4]);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByTestId('closed').textContent).toBe('1');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' })));
    // opened again, it offers to stop
    const again = await open();
    expect(within(again).getByRole('menuitem', { name: 'Stop tracking' })).toBeTruthy();
  });

  it('Escape closes it, focus back on what opened it', async () => {
    renderMenu(fleet());
    const menu = await open();
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement ?? menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' })));
  });

  it('Delete asks first, after the menu closed', async () => {
    renderMenu(fleet());
    const menu = await open();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const question = await screen.findByRole('alertdialog', { name: 'Remove item?' });
    expect(within(question).getByText('Van 4')).toBeTruthy();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('a device the store does not hold opens nothing', async () => {
    const live = createLiveStore();
    renderMenu(live);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
