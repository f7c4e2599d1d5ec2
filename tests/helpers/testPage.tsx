/**
 * A settings page in a test (jsdom): under a memory router, the query client, the app's language
 * and services whose API answers from a table of paths (`GET /api/users` → rows). The session is a
 * stub holding the signed-in user and the server. Not a test file: the settings page tests use it.
 */
import './jsdomPolyfills';
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useRouter } from '@tanstack/react-router';
import { I18nProvider as AriaI18nProvider, RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { createActor, createMachine } from 'xstate';
import type { Device, Server, User } from '../../contract/models';
import { createLiveStore } from '../../src/domain/liveStore';
import { createApiClient } from '../../src/api/client';
import { endpoints } from '../../src/api/endpoints';
import { i18n } from '../../src/i18n/i18n';
import { queryClient } from '../../src/shared/query';
import { ServicesContext, type Services } from '../../src/shared/services';

// the router restores the scroll position, which jsdom does not implement
window.scrollTo = (() => {}) as typeof window.scrollTo;

/** `GET /api/users` → the JSON answer (a function sees the query). */
export type Answers = Record<string, unknown | ((url: URL) => unknown)>;

function RouterRoot() {
  const router = useRouter();
  return (
    <AriaI18nProvider locale={i18n.locale}>
      <AriaRouterProvider navigate={(href, options) => void router.navigate({ ...options, href })} useHref={(href) => href}>
        <Outlet />
      </AriaRouterProvider>
    </AriaI18nProvider>
  );
}

/** A request the page made: 'PUT /api/users/7' and its body. */
export interface SentRequest {
  line: string;
  body: string | null;
}

/**
 * Renders `page` signed in as `user` on `server`; API calls answer from `answers` (unknown ones
 * 404; a PUT or POST without an answer echoes its body). `devices` are the live store's (the socket's
 * fleet, loaded), which the devices list reads. Returns the requests made.
 */
export async function renderSettingsPage(
  page: ReactNode,
  { user, server, answers = {}, devices = [], cached = [] }: { user: User; server: Server; answers?: Answers; devices?: Device[]; /** query data already in the cache (a session list loaded earlier) */ cached?: Array<[readonly unknown[], unknown]> },
) {
  const requests: SentRequest[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? init.body : init?.body ? String(init.body) : null;
    requests.push({ line: `${method} ${url.pathname}${url.search}`, body });
    const key = `${method} ${url.pathname}`;
    if (!(key in answers)) {
      if ((method === 'PUT' || method === 'POST') && body !== null) return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
      return new Response('Not found', { status: 404 });
    }
    const answer = answers[key];
    const answered = typeof answer === 'function' ? (answer as (url: URL) => unknown)(url) : answer;
    return new Response(JSON.stringify(answered), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof globalThis.fetch;
  const client = createApiClient({ origin: '', fetch });
  const session = createActor(createMachine({ context: { user, server } })).start();
  const errors = createActor(createMachine({ context: { queue: [] } })).start();
  // the socket as pages read it: the fleet's first load done
  const socket = createActor(createMachine({ type: 'parallel', states: { connection: { initial: 'active', states: { active: {} } } } })).start();
  const live = createLiveStore();
  live.setDevices(devices);
  const services = {
    live,
    session,
    client,
    api: endpoints(client),
    app: { system: { get: (id: string) => (id === 'errors' ? errors : id === 'socket' ? socket : undefined) } },
    backendOrigin: '',
  } as unknown as Services;
  queryClient.clear();
  for (const [key, data] of cached) queryClient.setQueryData(key, data);
  const rootRoute = createRootRoute({ component: RouterRoot });
  // the page at '/'; where its links lead is not drawn (a test reads the router's location)
  const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <>{page}</> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    defaultNotFoundComponent: () => null,
  });
  const result = render(
    <ServicesContext.Provider value={services}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </ServicesContext.Provider>,
  );
  await router.load();
  return { ...result, requests, router };
}
