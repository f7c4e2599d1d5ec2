import '../../../tests/helpers/jsdomPolyfills';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../../contract/models';
import { createLiveStore } from '../../domain/liveStore';
import { activateLanguage, i18n } from '../../i18n/i18n';
import { nativeBridgeMachine } from '../../machines/nativeBridge/nativeBridge.machine';
import type { WrapperEvent } from '../../machines/nativeBridge/events';
import { ServicesContext, type Services } from '../../shared/services';
import { EventPage } from './EventPage';

beforeAll(async () => {
  await activateLanguage('en', null);
});
afterEach(cleanup);

const session = {
  getSnapshot: () => ({ context: { user: null, server: null } }),
  subscribe: () => ({ unsubscribe: () => {} }),
};

/** The stored events as `GET /api/events/{id}` answers them: no text of their own. */
const EVENTS: Record<string, Event> = {
  '/api/events/5': { id: 5, type: 'alarm', deviceId: 1, eventTime: '2026-01-01T08:00:00Z', positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: { alarm: 'sos' } },
  '/api/events/6': { id: 6, type: 'alarm', deviceId: 1, eventTime: '2026-01-01T08:05:00Z', positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: { alarm: 'sos' } },
};
const client = { json: async (_method: string, path: string) => EVENTS[path] ?? [] };

/** The real bridge machine, the wrapper's calls handed in through its `listen` actor. */
function bridge() {
  let wrapper: (event: WrapperEvent) => void = () => {};
  const actor = createActor(
    nativeBridgeMachine.provide({
      actors: {
        listen: fromCallback<EventObject, void, WrapperEvent>(({ sendBack }) => {
          wrapper = sendBack;
        }),
      },
    }),
  ).start();
  actor.send({ type: 'SIGNED_IN' });
  return { actor, wrapper: (event: WrapperEvent) => wrapper(event) };
}

function renderPage(id: number, nativeBridge: ReturnType<typeof bridge>['actor']) {
  const services = {
    live: createLiveStore(),
    session,
    client,
    api: {},
    app: { system: { get: (name: string) => (name === 'nativeBridge' ? nativeBridge : undefined) } },
  } as unknown as Services;
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ServicesContext.Provider value={services}>
        <I18nProvider i18n={i18n}>
          <EventPage id={id} />
        </I18nProvider>
      </ServicesContext.Provider>
    </QueryClientProvider>,
  );
}

describe('EventPage', () => {
  it('shows the body of the push notification that opened it as the message, as text', async () => {
    const { actor, wrapper } = bridge();
    wrapper({ type: 'NOTIFICATION_OPENED', eventId: 5, body: 'SOS from <b>Truck 7</b>' });
    renderPage(5, actor);
    const message = await screen.findByTestId('event-message');
    expect(message.textContent).toBe('SOS from <b>Truck 7</b>');
    expect(message.querySelector('b')).toBeNull();
  });

  it('shows no message for an event no notification opened', async () => {
    const { actor, wrapper } = bridge();
    wrapper({ type: 'NOTIFICATION_OPENED', eventId: 5, body: 'SOS from Truck 7' });
    renderPage(6, actor);
    await screen.findByTestId('event-page');
    expect(screen.queryByTestId('event-message')).toBeNull();
  });
});
