import '../../../tests/helpers/jsdomPolyfills';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '../../../contract/models';
import { createLiveStore } from '../../domain/liveStore';
import { activateLanguage, i18n } from '../../i18n/i18n';
import { setToastPlace } from '../../ui';
import { ServicesContext, type Services } from '../../shared/services';
import { dataFor } from '../../shared/data';
import { sessionListsOf } from '../../shared/sessionLists';
import { EventsController } from './EventsController';

beforeAll(async () => {
  await activateLanguage('en', null);
});
beforeEach(() => {
  // the shell's strip: here, the document
  setToastPlace(document.body);
});
afterEach(() => {
  cleanup();
  setToastPlace(null);
  vi.useRealTimers();
});

/** Just enough of the session actor for `useSession` (no user, no server: default sound settings). */
const session = {
  getSnapshot: () => ({ context: { user: null, server: null } }),
  subscribe: () => ({ unsubscribe: () => {} }),
};

function event(id: number, type: string, attributes: Event['attributes'], eventTime: string | null = null): Event {
  return { id, type, attributes, deviceId: 1, eventTime, positionId: 0, geofenceId: 0, maintenanceId: 0 };
}

/** The lists events are named from (`useEventSubjects`), as the server would answer them. */
const LISTS: Record<string, unknown[]> = {
  '/api/geofences': [{ id: 7, name: 'Olaya District', attributes: {} }],
  '/api/maintenance': [{ id: 3, name: 'Oil change', attributes: {} }],
  '/api/drivers': [],
};
const client = { json: async (_method: string, path: string) => LISTS[path] ?? [] };

function renderController(live: ReturnType<typeof createLiveStore>, props: Parameters<typeof EventsController>[0]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const services = { live, session, client, api: {} } as unknown as Services;
  const view = (next: Parameters<typeof EventsController>[0]) => (
    <QueryClientProvider client={queryClient}>
      <ServicesContext.Provider value={services}>
        <I18nProvider i18n={i18n}>
          <EventsController {...next} />
        </I18nProvider>
      </ServicesContext.Provider>
    </QueryClientProvider>
  );
  const result = render(view(props));
  /** The session's lists, as the first map's drawing loads them. */
  const loadLists = () => act(() => sessionListsOf(queryClient, dataFor(services).queries).load());
  return { ...result, loadLists, rerenderWith: (next: Parameters<typeof EventsController>[0]) => result.rerender(view(next)) };
}

const TYPES = [
  ['deviceOnline', 'Status online'],
  ['deviceOffline', 'Status offline'],
  ['deviceMoving', 'Device moving'],
  ['deviceStopped', 'Device stopped'],
  ['ignitionOn', 'Ignition on'],
  ['ignitionOff', 'Ignition off'],
] as const;

/** Event `index` of TYPES (its toast reads TYPES[index][1]), at second `second`. */
const timed = (index: number, second: number) =>
  event(100 + index, TYPES[index]?.[0] ?? '', {}, `2024-05-01T10:00:${String(second).padStart(2, '0')}Z`);

/** The toasts' titles, top to bottom. */
const shown = () => screen.queryAllByTestId('event-toast').map((toast) => toast.querySelector('[slot="title"]')?.textContent);

describe('EventsController', () => {
  it('shows a toast per new event for 2750 ms and plays the sound for sos alarms only', () => {
    vi.useFakeTimers();
    const live = createLiveStore();
    const play = vi.fn();
    renderController(live, { play });
    act(() => live.addEvents([event(1, 'deviceOnline', {})]));
    expect(screen.getByText('Status online')).toBeTruthy();
    expect(play).not.toHaveBeenCalled();

    // the toast names the type in the UI language; an alarm type from the device stays text
    act(() => live.addEvents([event(2, 'alarm', { alarm: 'sos,<b>x</b>', message: 'server text' })]));
    expect(screen.getByText('Alarm: SOS, <b>x</b>')).toBeTruthy();
    expect(screen.queryByText('server text')).toBeNull();
    expect(play).toHaveBeenCalledTimes(1);

    // Removing an event is not a new event.
    act(() => live.removeEvent(1));
    expect(play).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(2700));
    expect(screen.queryByText('Alarm: SOS, <b>x</b>')).not.toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Alarm: SOS, <b>x</b>')).toBeNull();
    expect(screen.queryByText('Status online')).toBeNull();
  });
});

describe('EventsController: what an event concerns', () => {
  it('names the geofence and the maintenance in the toast, from the lists the person can see', async () => {
    const live = createLiveStore();
    const { loadLists } = renderController(live, { play: vi.fn() });
    // the session's lists load once (after the first map is drawn): wait until the geofences' has arrived
    loadLists();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    act(() =>
      live.addEvents([
        { ...event(1, 'geofenceEnter', {}, '2024-05-01T10:00:00Z'), geofenceId: 7 },
        { ...event(2, 'maintenance', {}, '2024-05-01T10:00:01Z'), maintenanceId: 3 },
        { ...event(3, 'geofenceExit', {}, '2024-05-01T10:00:02Z'), geofenceId: 99 },
      ]),
    );
    expect(shown()).toEqual(expect.arrayContaining(['Geofence entered: Olaya District', 'Maintenance required: Oil change', 'Geofence exited']));
  });
});

describe('EventsController: the fold and the hold', () => {
  it('shows the newest three by event time and folds the rest into a count that opens the drawer', () => {
    vi.useFakeTimers();
    const live = createLiveStore();
    const onOpenDrawer = vi.fn();
    renderController(live, { play: () => {}, onOpenDrawer });
    // one socket message, its events out of time order
    act(() => live.addEvents([timed(0, 1), timed(3, 4), timed(1, 2), timed(4, 5), timed(2, 3)]));
    expect(shown()).toEqual(['Ignition on', 'Device stopped', 'Device moving']);
    const more = screen.getByRole('button', { name: '+2 more events' });
    // the count is in the toasts' landmark (F6 reaches it with them)
    expect(screen.getByRole('region', { name: 'Events' }).contains(more)).toBe(true);

    act(() => live.addEvents([timed(5, 6)]));
    expect(shown()).toEqual(['Ignition off', 'Ignition on', 'Device stopped']);
    expect(screen.getByRole('button', { name: '+3 more events' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '+3 more events' }));
    expect(onOpenDrawer).toHaveBeenCalledTimes(1);

    // one folded: the singular
    const single = createLiveStore();
    cleanup();
    renderController(single, { play: () => {} });
    act(() => single.addEvents([timed(0, 1), timed(1, 2), timed(2, 3), timed(3, 4)]));
    expect(screen.getByRole('button', { name: '+1 more event' })).toBeTruthy();
  });

  it('holds the toasts while the pointer is on them, never more than 10 s after each came', () => {
    vi.useFakeTimers();
    const live = createLiveStore();
    renderController(live, { play: () => {} });
    act(() => live.addEvents([timed(0, 1)]));
    act(() => vi.advanceTimersByTime(1_000));
    act(() => live.addEvents([timed(1, 2)]));
    // the pointer comes to rest on the toasts
    fireEvent.pointerEnter(screen.getByRole('region', { name: 'Events' }), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(8_999));
    // both held well past their 2750 ms
    expect(shown()).toEqual(['Status offline', 'Status online']);
    act(() => vi.advanceTimersByTime(1));
    // 10 s after it came, the first goes, pointer or not; the second keeps its own 10 s
    expect(shown()).toEqual(['Status offline']);
    act(() => vi.advanceTimersByTime(999));
    expect(shown()).toEqual(['Status offline']);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toEqual([]);
  });

  it('shows no toast while the drawer is open, and opening it closes them', () => {
    vi.useFakeTimers();
    const live = createLiveStore();
    const play = vi.fn();
    const { rerenderWith } = renderController(live, { play });
    act(() => live.addEvents([timed(0, 1), timed(1, 2), timed(2, 3), timed(3, 4)]));
    expect(shown()).toHaveLength(3);
    rerenderWith({ play, drawerOpen: true });
    expect(shown()).toEqual([]);
    expect(screen.queryByRole('button', { name: /more event/ })).toBeNull();
    act(() => live.addEvents([event(9, 'alarm', { alarm: 'sos' }, '2024-05-01T10:00:09Z')]));
    expect(shown()).toEqual([]);
    // the alarm still sounds
    expect(play).toHaveBeenCalledTimes(1);
    rerenderWith({ play, drawerOpen: false });
    act(() => live.addEvents([timed(4, 10)]));
    expect(shown()).toEqual(['Ignition on']);
  });
});
