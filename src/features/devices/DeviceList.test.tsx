import '../../../tests/helpers/jsdomPolyfills';
import { Profiler } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Device, Position } from '../../../contract/models';
import { createLiveStore, type LiveStore } from '../../domain/liveStore';
import { activateLanguage, i18n } from '../../i18n/i18n';
import { ServicesContext, type Services } from '../../shared/services';
import { createApiClient } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { DeviceList } from './DeviceList';
import { createStateTracker } from '../../shared/fleet/stateTracker';
import { registerStateTracker, stateTrackerOf } from '../../shared/fleet/stateSince';
import { DURATION_TICK_MS } from '../../shared/fleet/StateDuration';
import { makeDevice, makeServer, makeUser } from '../../../tests/fixtures/models';
import { createActor, createMachine, type AnyActorRef } from 'xstate';

/** The socket actor as the list reads it: the fleet's first load under way until FLEET. */
function createSocketStub(loading: boolean) {
  return createActor(
    createMachine({
      type: 'parallel',
      context: { tracking: [] as number[] },
      states: { connection: { initial: loading ? 'loading' : 'active', states: { loading: { on: { FLEET: 'active' } }, active: {} } } },
    }),
  ).start();
}

// jsdom has no layout: give the virtualised list a viewport (and every row a size).
const sizes = { clientWidth: 320, clientHeight: 560, offsetWidth: 320, offsetHeight: 560 };
const originals = new Map<string, PropertyDescriptor | undefined>();
beforeAll(async () => {
  for (const [key, value] of Object.entries(sizes)) {
    originals.set(key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key));
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  }
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }))));
  await activateLanguage('en', null);
});
afterAll(() => {
  for (const [key, descriptor] of originals) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
  }
  vi.unstubAllGlobals();
});
afterEach(cleanup);

function device(id: number, fields: Partial<Device> = {}): Device {
  return makeDevice({ id, name: `Device ${String(id).padStart(5, '0')}`, uniqueId: `u-${id}`, category: 'car', ...fields });
}

function position(deviceId: number, latitude: number): Position {
  return { deviceId, latitude, longitude: 46.7 } as Position;
}

function renderList(live: LiveStore, onRender: () => void = () => {}, socket: AnyActorRef = createSocketStub(false)) {
  if (!stateTrackerOf(live)) registerStateTracker(live, createStateTracker(live));
  const apiClient = createApiClient({ origin: '', fetch: async () => new Response('[]') });
  const app = { system: { get: (id: string) => (id === 'socket' ? socket : undefined) } };
  const session = createActor(createMachine({ context: { user: makeUser(), server: makeServer() } })).start();
  const services = { live, app, session, backendOrigin: '', api: endpoints(apiClient), client: apiClient } as unknown as Services;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ServicesContext.Provider value={services}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <Profiler id="list" onRender={onRender}>
            <DeviceList />
          </Profiler>
        </QueryClientProvider>
      </I18nProvider>
    </ServicesContext.Provider>,
  );
}

describe('DeviceList', () => {
  it('says the devices are loading while the fleet’s first load is under way, and that there are none after it', async () => {
    const live = createLiveStore();
    const socket = createSocketStub(true);
    renderList(live, () => {}, socket);
    const grid = await screen.findByRole('grid', { name: 'Devices' });
    expect(within(grid).getByText('Loading devices…')).toBeTruthy();
    expect(within(grid).queryByText('No devices')).toBeNull();
    act(() => {
      live.setDevices([]);
      socket.send({ type: 'FLEET' });
    });
    expect(within(grid).getByText('No devices')).toBeTruthy();
    expect(within(grid).queryByText('Loading devices…')).toBeNull();
  });

  it('shows device text as text and selects through the store', async () => {
    const live = createLiveStore();
    live.setDevices([device(1, { name: '<b>x</b>' }), device(2, { name: 'Truck' })]);
    renderList(live);
    const grid = await screen.findByRole('grid', { name: 'Devices' });
    const row = within(grid).getByRole('row', { name: '<b>x</b>' });
    expect(row.textContent).toContain('<b>x</b>');
    expect(grid.querySelector('b')).toBeNull();
    act(() => live.select(2));
    expect(within(grid).getByRole('row', { name: 'Truck' }).getAttribute('aria-selected')).toBe('true');
  });

  it('the context-menu key or Shift+F10 on a row opens its device actions; Escape gives the focus back to the row, which keeps its keys', async () => {
    const live = createLiveStore();
    live.setDevices([device(1, { name: 'Alpha' }), device(2, { name: 'Bravo' })]);
    renderList(live);
    const grid = await screen.findByRole('grid', { name: 'Devices' });
    const row = within(grid).getByRole('row', { name: 'Bravo' });
    act(() => row.focus());
    for (const press of [{ key: 'F10', shiftKey: true }, { key: 'ContextMenu' }]) {
      fireEvent.keyDown(row, press);
      const menu = await screen.findByRole('menu', { name: 'Actions of Bravo' });
      expect(within(menu).getByRole('menuitem', { name: 'Replay today' }).getAttribute('href')).toBe('/replay?deviceId=2&period=today&show=true');
      expect(live.getState().selectedId).toBeNull();
      fireEvent.keyDown(document.activeElement ?? menu, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(row));
    }
    // the row's own keys as before: Enter selects
    fireEvent.keyDown(row, { key: 'Enter' });
    fireEvent.keyUp(row, { key: 'Enter' });
    expect(live.getState().selectedId).toBe(2);
  });

  it('a right-click on a row opens its actions at the pointer', async () => {
    const live = createLiveStore();
    live.setDevices([device(1, { name: 'Alpha' })]);
    renderList(live);
    const grid = await screen.findByRole('grid', { name: 'Devices' });
    const event = fireEvent.contextMenu(within(grid).getByRole('row', { name: 'Alpha' }), { clientX: 30, clientY: 40 });
    expect(event).toBe(false); // the browser's own menu prevented
    await screen.findByRole('menu', { name: 'Actions of Alpha' });
  });

  it('choosing the selected device again selects it again (the map brings it back into view); a click whose press began elsewhere does not', async () => {
    const live = createLiveStore();
    live.setDevices([device(1), device(2)]);
    live.select(1);
    renderList(live);
    const grid = await screen.findByRole('grid', { name: 'Devices' });
    const selects: Array<number | null> = [];
    live.subscribe((state, change) => {
      if (change.type === 'select') selects.push(state.selectedId);
    });
    const name = within(within(grid).getByRole('row', { name: 'Device 00001' })).getByText('Device 00001');
    fireEvent.pointerDown(name);
    fireEvent.click(name);
    expect(selects).toEqual([1]);
    // a click without its press on the selected row (e.g. the press began elsewhere) selects nothing more
    fireEvent.click(name);
    expect(selects).toEqual([1]);
    // from the keyboard: Enter on the selected row
    fireEvent.keyDown(within(grid).getByRole('row', { name: 'Device 00001' }), { key: 'Enter' });
    expect(selects).toEqual([1, 1]);
    fireEvent.keyDown(within(grid).getByRole('row', { name: 'Device 00001' }), { key: 'ArrowDown' });
    expect(selects).toEqual([1, 1]);
  });

  it('shows each row\'s state with its duration, moved on by the minute ticker, and a state change starts it again', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-29T10:00:00Z'), toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      const now = Date.now();
      const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
      const live = createLiveStore();
      const tracker = createStateTracker(live);
      registerStateTracker(live, tracker);
      live.setDevices(
        [device(1, { lastUpdate: at(0) }), device(2, { lastUpdate: at(0) }), device(3, { status: 'offline', lastUpdate: at(-(3 * 1440 + 4 * 60)) }), device(4)],
        [
          { ...position(1, 24), fixTime: at(-1), speed: 0, attributes: { ignition: true, motion: false } },
          { ...position(2, 24), fixTime: at(-1), speed: 0, attributes: { ignition: false, motion: false } },
          { ...position(3, 24), fixTime: at(-4000), speed: 0, attributes: {} },
        ],
      );
      tracker.seed([1, 2], [
        { deviceId: 1, type: 'deviceStopped', eventTime: at(-12) },
        { deviceId: 2, type: 'ignitionOff', eventTime: at(-130) },
      ]);
      const onRender = vi.fn();
      renderList(live, onRender);
      const grid = await screen.findByRole('grid', { name: 'Devices' });
      const rowText = (id: number) => grid.querySelector(`[data-device-id="${id}"] [data-fleet-state]`)?.textContent;
      expect([1, 2, 3, 4].map(rowText)).toEqual(['Idle 12 min', 'Parked 2 h 10 min', 'Offline 3 d 4 h', 'Never reported']);
      expect(grid.querySelector('[data-device-id="1"] [data-marker]')?.getAttribute('data-marker')).toBe('idle');
      act(() => vi.advanceTimersByTime(DURATION_TICK_MS));
      expect([1, 2].map(rowText)).toEqual(['Idle 13 min', 'Parked 2 h 11 min']);
      act(() => live.updatePositions([{ ...position(1, 24.1), fixTime: at(1), speed: 30, attributes: { ignition: true, motion: true } }]));
      expect(rowText(1)).toBe('Moving 0 min');
      expect(grid.querySelector('[data-device-id="1"] [data-marker]')?.getAttribute('data-marker')).toBe('moving');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not re-render on position updates and stays fast at 10,000 devices', async () => {
    const live = createLiveStore();
    live.setDevices(
      Array.from({ length: 10_000 }, (_, i) => device(i + 1)),
      Array.from({ length: 10_000 }, (_, i) => position(i + 1, 24)),
    );
    const onRender = vi.fn();
    const start = performance.now();
    renderList(live, onRender);
    const grid = await screen.findByRole('grid', { name: 'Devices' });
    const initial = performance.now() - start;
    expect(grid.getAttribute('data-count')).toBe('10000');
    // Virtualised: only the rows in view are in the DOM.
    expect(within(grid).getAllByRole('row').length).toBeLessThan(40);

    onRender.mockClear();
    // positions that change no device's state (each followed by the state tracker) render nothing
    act(() => live.updatePositions(Array.from({ length: 10_000 }, (_, i) => position(i + 1, 24 + i / 1e5))));
    expect(onRender).not.toHaveBeenCalled();

    const updateStart = performance.now();
    act(() => live.updateDevices([device(1, { status: 'offline' })]));
    const update = performance.now() - updateStart;
    expect(onRender).toHaveBeenCalled();
    console.info(`10k devices: first render ${initial.toFixed(0)} ms, one device update ${update.toFixed(0)} ms`);
    // Generous bounds for a slow CI machine under jsdom; the browser is much faster.
    expect(initial).toBeLessThan(5000);
    expect(update).toBeLessThan(500);
  });
});
