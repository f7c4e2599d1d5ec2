import './ui/fonts';
import './ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { createAppActor, type AppDependencies } from './composition';
import { createApiClient } from './api/client';
import { endpoints } from './api/endpoints';
import { resolveBackendOrigin } from './api/origin';
import { createLanguageStore } from './i18n/languageStore';
import { activateLanguage, i18n, needsReload } from './i18n/i18n';
import { chooseLanguage } from './domain/language';
import { createLiveLoader } from './shared/liveLoader';
import { createServerChoice } from './shared/serverChoice';
import { ServicesContext, type Services } from './shared/services';
import { RenderError } from './shared/RenderError';
import { AppFrame } from './shared/AppFrame';
import { browserServiceWorkerHost } from './shared/serviceWorker';
import { startedChild } from './machines/app/actors';

declare const __ATHAR_DEV__: boolean;

const storage = () => window.localStorage;
const languages = createLanguageStore(storage);
const serverChoice = createServerChoice(storage);
const backendOrigin = resolveBackendOrigin({
  stored: serverChoice.get(),
  env: import.meta.env.VITE_SERVER_ORIGIN,
  pageOrigin: window.location.origin,
});
const client = createApiClient({ origin: backendOrigin });
const api = endpoints(client);

async function inspector(): Promise<AppDependencies['inspect']> {
  if (!__ATHAR_DEV__ || !new URLSearchParams(window.location.search).has('inspect')) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

let navigate: (to: string) => void = () => {};
// the live store and its rules come with the signed-in side, not with the sign-in page
const live = createLiveLoader(() => import('./shared/liveStart').then(({ startLive }) => startLive(app, client)));
const inspect = await inspector();
const app = createAppActor({
  api,
  client,
  languages,
  live,
  backendOrigin,
  pageOrigin: window.location.origin,
  environment: { window, document },
  navigate: (to) => navigate(to),
  location: window.location,
  history: window.history,
  window,
  storage,
  // registered from our own code after the first paint (no inline script: the CSP stays strict)
  serviceWorker: browserServiceWorkerHost(!__ATHAR_DEV__),
  announcements: {
    readFile: (signal) => window.fetch('/announcements.json', { signal, cache: 'no-cache', credentials: 'same-origin' }),
    counterStore: storage,
    shownStore: () => window.sessionStorage,
    pageOrigin: window.location.origin,
    navigate: (to) => navigate(to),
    openUrl: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
    warn: (message) => console.warn(message),
  },
  inspect,
});
app.start();
const session = startedChild(app.system, 'session');

let reloading = false;
const syncLanguage = () => {
  if (reloading) return Promise.resolve();
  const { user, server } = session.getSnapshot().context;
  const language = chooseLanguage({ user: user?.attributes?.language, server: server?.attributes?.language, stored: languages.get() });
  if (needsReload(language)) {
    // React Aria keeps the first strings it was given; the next page starts in the chosen language
    reloading = true;
    languages.set(language);
    window.location.reload();
    return Promise.resolve();
  }
  return activateLanguage(language);
};
await syncLanguage();
session.subscribe(() => void syncLanguage());
languages.subscribe(() => void syncLanguage());

const services: Services = {
  ...(inspect ? { inspect } : {}),
  app,
  session,
  api,
  client,
  languages,
  // read only under the protected layout, which waits for it (loadLive)
  get live() {
    const store = live.current();
    if (!store) throw new Error('the live store is read before the signed-in layout loaded it');
    return store;
  },
  loadLive: () => live.load(),
  backendOrigin,
  serverChoice,
};

const router = createRouter({
  routeTree,
  context: { services },
  defaultPreload: 'intent',
  defaultPendingMs: 0,
  scrollRestoration: true,
  // a rendering error anywhere shows its stack in an error alert (the spec), not a blank page
  defaultErrorComponent: RenderError,
});
navigate = (to) => void router.navigate({ href: to, replace: true });
// The app root keeps the current path (the session returns to it after a 401 on the socket's refetch).
router.subscribe('onResolved', ({ toLocation }) => app.send({ type: 'NAVIGATED', path: toLocation.href }));

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
createRoot(container).render(
  <StrictMode>
    <ServicesContext.Provider value={services}>
      <I18nProvider i18n={i18n}>
        <AppFrame>
          <RouterProvider router={router} />
        </AppFrame>
      </I18nProvider>
    </ServicesContext.Provider>
  </StrictMode>,
);
