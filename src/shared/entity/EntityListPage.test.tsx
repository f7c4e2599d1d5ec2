import '../../../tests/helpers/jsdomPolyfills';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createLiveStore } from '../../domain/liveStore';
import { activateLanguage, i18n } from '../../i18n/i18n';
import { ServicesContext, type Services } from '../services';
import { createApiClient } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { makeDevice, makeServer, makeUser } from '../../../tests/fixtures/models';
import { EntityListPage } from './EntityListPage';
import { deviceList } from '../../features/settings/entities';

// jsdom has no layout: give the virtualised table a viewport (and every row a size).
const sizes = { clientWidth: 1000, clientHeight: 600, offsetWidth: 1000, offsetHeight: 600 };
const originals = new Map<string, PropertyDescriptor | undefined>();
beforeAll(async () => {
  for (const [key, value] of Object.entries(sizes)) {
    originals.set(key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key));
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  }
  await activateLanguage('en', null);
});
afterAll(() => {
  for (const [key, descriptor] of originals) if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
});
afterEach(cleanup);

/** The socket as the page reads it: the fleet's first load under way until FLEET. */
function socketStub(loading: boolean) {
  return createActor(
    createMachine({ type: 'parallel', states: { connection: { initial: loading ? 'loading' : 'active', states: { loading: { on: { FLEET: 'active' } }, active: {} } } } }),
  ).start();
}

function renderDevices(loading: boolean) {
  const live = createLiveStore();
  const requests: string[] = [];
  const apiClient = createApiClient({
    origin: '',
    fetch: async (input) => {
      const url = new URL(String(input), 'http://server');
      requests.push(url.pathname);
      const body = url.pathname === '/api/groups' ? [{ id: 3, name: 'North fleet', groupId: 0, attributes: {} }] : [];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
  });
  const socket = socketStub(loading);
  const session = createActor(createMachine({ context: { user: makeUser(), server: makeServer() } })).start();
  const app = { system: { get: (id: string) => (id === 'socket' ? socket : undefined) } };
  const services = { live, app, session, backendOrigin: '', api: endpoints(apiClient), client: apiClient } as unknown as Services;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ServicesContext.Provider value={services}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <EntityListPage descriptor={deviceList} />
        </QueryClientProvider>
      </I18nProvider>
    </ServicesContext.Provider>,
  );
  return { live, requests, socket };
}

/** Deferred store notifications and the fetches run in tasks of their own: let them. */
async function settle(): Promise<void> {
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

/** The rows' first cells (the names), top to bottom. */
const rowNames = () => within(screen.getByRole('grid', { name: 'Devices' })).queryAllByRole('row').map((row) => row.querySelector('bdi')?.textContent);

describe('/settings/devices', () => {
  it('lists the devices of the live store and downloads no copy of them (no GET /api/devices)', async () => {
    const { live, requests, socket } = renderDevices(true);
    await settle();
    // the fleet's first load is under way: loading, not an empty list
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    act(() => {
      live.setDevices([makeDevice({ id: 1, name: 'Water truck', uniqueId: 'wt-1', groupId: 3 }), makeDevice({ id: 2, name: 'Ambulance', uniqueId: 'amb-2' })]);
      socket.send({ type: 'FLEET' });
    });
    await settle();
    expect(rowNames()).toEqual(['Ambulance', 'Water truck']);
    // the group's name, from the session's groups
    expect(screen.getByText('North fleet')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 of 2');

    // what the socket delivers shows at once
    act(() => live.apply({ devices: [makeDevice({ id: 2, name: 'Ambulance 2', uniqueId: 'amb-2' }), makeDevice({ id: 5, name: 'Bus', uniqueId: 'bus-5' })] }));
    await settle();
    expect(rowNames()).toEqual(['Ambulance 2', 'Bus', 'Water truck']);

    expect(requests).toContain('/api/groups');
    expect(requests).not.toContain('/api/devices');
  });
});
