import '../../../tests/helpers/jsdomPolyfills';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLiveStore } from '../../domain/liveStore';
import { activateLanguage, i18n } from '../../i18n/i18n';
import { ServicesContext, type Services } from '../services';
import { makeDevice, makePosition } from '../../../tests/fixtures/models';
import { createStateTracker } from './stateTracker';
import { registerStateTracker } from './stateSince';
import { StateDuration, DURATION_TICK_MS } from './StateDuration';
import { durationText, stateText } from './stateText';

const T = Date.parse('2026-11-29T10:00:00Z');
const MIN = 60_000;

beforeAll(async () => {
  await activateLanguage('en', null);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('duration text', () => {
  it.each([
    [0, '0 min'],
    [12, '12 min'],
    [59, '59 min'],
    [60, '1 h 0 min'],
    [130, '2 h 10 min'],
    [1439, '23 h 59 min'],
    [1440, '1 d 0 h'],
    [3 * 1440 + 4 * 60 + 59, '3 d 4 h'],
  ])('%i minutes: %s', (minutes, text) => {
    expect(durationText(i18n, minutes)).toBe(text);
  });

  it('names the state with its duration, or alone while its start is unknown', () => {
    expect(stateText(i18n, { state: 'parked', since: T - 130 * MIN - 59_000 }, T)).toBe('Parked 2 h 10 min');
    expect(stateText(i18n, { state: 'idle', since: T - 12 * MIN }, T)).toBe('Idle 12 min');
    expect(stateText(i18n, { state: 'moving', since: T - 35 * MIN }, T)).toBe('Moving 35 min');
    expect(stateText(i18n, { state: 'offline', since: T - (3 * 1440 + 4 * 60) * MIN }, T)).toBe('Offline 3 d 4 h');
    expect(stateText(i18n, { state: 'moving', since: T + MIN }, T)).toBe('Moving 0 min');
    expect(stateText(i18n, { state: 'parked', since: null }, T)).toBe('Parked');
    expect(stateText(i18n, { state: 'never', since: null }, T)).toBe('Never reported');
  });

  it('in Arabic and Persian, with the digits Intl gives them', async () => {
    await activateLanguage('ar', null);
    try {
      expect(stateText(i18n, { state: 'idle', since: T - 12 * MIN }, T)).toBe(`خمول ${new Intl.NumberFormat('ar').format(12)} د`);
      await activateLanguage('fa', null);
      expect(durationText(i18n, 130)).toBe('۲ ساعت و ۱۰ دقیقه');
    } finally {
      await activateLanguage('en', null);
    }
  });
});

describe('<StateDuration>', () => {
  it('shows the live state and moves on with the shared minute ticker', async () => {
    vi.useFakeTimers({ now: T, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const live = createLiveStore();
    const tracker = createStateTracker(live);
    registerStateTracker(live, tracker);
    live.setDevices(
      [makeDevice({ id: 1, status: 'online', lastUpdate: new Date(T).toISOString() })],
      [makePosition({ id: 1, deviceId: 1, fixTime: new Date(T).toISOString(), speed: 0, attributes: { ignition: true, motion: false } })],
    );
    tracker.seed([1], [{ deviceId: 1, type: 'deviceStopped', eventTime: new Date(T - 12 * MIN - 5_000).toISOString() }]);
    render(
      <ServicesContext.Provider value={{ live } as unknown as Services}>
        <I18nProvider i18n={i18n}>
          <StateDuration deviceId={1} />
          <StateDuration deviceId={2} />
        </I18nProvider>
      </ServicesContext.Provider>,
    );
    const idle = screen.getByText('Idle 12 min');
    expect(idle.dataset.fleetState).toBe('idle');
    expect(idle.tagName).toBe('TIME');
    expect(idle.getAttribute('datetime')).toBe('PT12M');
    act(() => vi.advanceTimersByTime(DURATION_TICK_MS));
    expect(screen.getByText('Idle 13 min')).toBeTruthy();
    // a position changing the state starts it again
    act(() => live.updatePositions([makePosition({ id: 2, deviceId: 1, fixTime: new Date(Date.now()).toISOString(), speed: 20, attributes: { ignition: true, motion: true } })]));
    expect(screen.getByText('Moving 0 min').dataset.fleetState).toBe('moving');
    // a device the store does not hold shows nothing
    expect(document.querySelectorAll('[data-fleet-state]')).toHaveLength(1);
  });
});
