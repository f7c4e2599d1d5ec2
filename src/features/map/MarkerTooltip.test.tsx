import '../../../tests/helpers/jsdomPolyfills';
import { Profiler } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createLiveStore } from '../../domain/liveStore';
import { createValueStore } from '../../domain/valueStore';
import { activateLanguage, i18n } from '../../i18n/i18n';
import { ServicesContext, type Services } from '../../shared/services';
import type { DevicePoint } from '../../map';
import { makeDevice, makePosition, makeServer, makeUser } from '../../../tests/fixtures/models';
import { MarkerTooltip } from './MarkerTooltip';

beforeAll(async () => {
  await activateLanguage('en', null);
});
afterEach(cleanup);

function setUp() {
  const live = createLiveStore();
  live.setDevices(
    [makeDevice({ id: 1, name: 'Van 1', status: 'online' }), makeDevice({ id: 2, name: 'Van 2', status: 'online' })],
    [makePosition({ id: 10, deviceId: 1, speed: 27, fixTime: new Date().toISOString() }), makePosition({ id: 20, deviceId: 2, speed: 0 })],
  );
  const session = createActor(createMachine({ context: { user: makeUser({ attributes: { speedUnit: 'kmh' } }), server: makeServer() } })).start();
  const services = { live, session } as unknown as Services;
  const hovered = createValueStore<DevicePoint | null>(null);
  let renders = 0;
  render(
    <ServicesContext.Provider value={services}>
      <I18nProvider i18n={i18n}>
        <Profiler id="tooltip" onRender={() => (renders += 1)}>
          <MarkerTooltip hovered={hovered} />
        </Profiler>
      </I18nProvider>
    </ServicesContext.Provider>,
  );
  return { live, hovered, renders: () => renders };
}

/** The store tells React a task later: let it. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('MarkerTooltip', () => {
  it('shows the hovered device’s name, state and speed in the user’s units; nothing without a hover', async () => {
    const { hovered } = setUp();
    expect(screen.queryByTestId('marker-tooltip')).toBeNull();
    act(() => hovered.set({ id: 1, x: 200, y: 300 }));
    const tooltip = screen.getByTestId('marker-tooltip');
    expect(tooltip.getAttribute('role')).toBe('tooltip');
    expect(tooltip.querySelector('bdi')?.textContent).toBe('Van 1');
    expect(tooltip.textContent).toContain('Moving');
    expect(screen.getByTestId('marker-tooltip-speed').textContent).toBe('50 km/h');
    // in the body, out of the map's page (a size container that would hold a fixed element)
    expect(tooltip.parentElement).toBe(document.body);
    act(() => hovered.set(null));
    expect(screen.queryByTestId('marker-tooltip')).toBeNull();
  });

  it('follows its device alone: another device’s updates render nothing, its own render it again', async () => {
    const { live, hovered, renders } = setUp();
    act(() => hovered.set({ id: 1, x: 200, y: 300 }));
    await settle();
    const before = renders();
    for (let i = 0; i < 20; i += 1) {
      act(() => live.updatePositions([makePosition({ id: 100 + i, deviceId: 2, speed: i })]));
      await settle();
    }
    expect(renders()).toBe(before);
    act(() => live.updatePositions([makePosition({ id: 200, deviceId: 1, speed: 0 })]));
    await settle();
    expect(renders()).toBe(before + 1);
    expect(screen.getByTestId('marker-tooltip-speed').textContent).toBe('0 km/h');
    expect(screen.getByTestId('marker-tooltip').textContent).toContain('Parked');
  });
});
