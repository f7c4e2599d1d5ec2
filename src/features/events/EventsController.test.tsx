import '../../ui/jsdomPolyfills';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Event } from '../../../contract/models';
import { createLiveStore } from '../../domain/liveStore';
import { activateLanguage, i18n } from '../../i18n/i18n';
import { ServicesContext, type Services } from '../app/services';
import { EventsController } from './EventsController';

beforeAll(async () => {
  await activateLanguage('en', null);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Just enough of the session actor for `useSession` (no user, no server: default sound settings). */
const session = {
  getSnapshot: () => ({ context: { user: null, server: null } }),
  subscribe: () => ({ unsubscribe: () => {} }),
};

function event(id: number, type: string, attributes: Event['attributes']): Event {
  return { id, type, attributes, deviceId: 1, eventTime: null, positionId: 0, geofenceId: 0, maintenanceId: 0 };
}

describe('EventsController', () => {
  it('shows a toast per new event for 2750 ms and plays the sound for sos alarms only', () => {
    vi.useFakeTimers();
    const live = createLiveStore();
    const play = vi.fn();
    render(
      <ServicesContext.Provider value={{ live, session } as unknown as Services}>
        <I18nProvider i18n={i18n}>
          <EventsController play={play} />
        </I18nProvider>
      </ServicesContext.Provider>,
    );
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
