/**
 * The composition root: the one place where the pure machines meet the browser. Each machine's
 * effects are a factory beside it (`<name>.effects.ts`); this passes them what they use and creates
 * the root actor.
 */
import { createActor, type ActorOptions } from 'xstate';
import { appMachine } from './machines/app/app.machine';
import { provideSessionEffects } from './machines/session/session.effects';
import { provideNativeBridgeEffects } from './machines/nativeBridge/nativeBridge.effects';
import { provideSocketEffects, type PageEvents, type SocketEffectDeps } from './machines/socket/socket.effects';
import type { LiveLoader } from './shared/liveLoader';
import { loadOnce } from './shared/loadOnce';
import { socketUrl } from './api/origin';
import { storageAccess } from './api/storage';
import { fleetFetcher } from './api/fleet';
import type { Endpoints } from './api/endpoints';
import type { ApiClient } from './api/client';
import type { LanguageStore } from './i18n/languageStore';
import { readRootQuery, withoutRootQuery } from './domain/redirect';
import { provideAnnouncementEffects, readShown, type AnnouncementHost } from './machines/announcements/announcements.effects';
import { provideServiceWorkerEffects, type ServiceWorkerHost } from './machines/serviceWorker/serviceWorker.effects';

export interface AppDependencies {
  api: Endpoints;
  /** the fetch wrapper the resource layer's calls use */
  client: ApiClient;
  languages: LanguageStore;
  /** Navigation, bound once the router exists. */
  navigate: (to: string) => void;
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  history: Pick<History, 'replaceState'>;
  window?: unknown;
  /** Local storage (this device's notification token); absent in tests. */
  storage?: () => Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** The live store the socket delivers into, loaded with the signed-in side (not the sign-in page). */
  live: LiveLoader;
  /** The backend origin ('' for the page's own) and the page's origin: the socket URL. */
  backendOrigin: string;
  pageOrigin: string;
  /** Opens a WebSocket (default: the browser's). */
  createSocket?: SocketEffectDeps['createSocket'];
  /** Where `online` and `visibilitychange` come from (default: none, e.g. in tests). */
  environment?: {
    window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
    document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  };
  /** The service worker's registration and reload (absent in tests and development: the machine is `unsupported`). */
  serviceWorker?: ServiceWorkerHost;
  /** Where announcements come from and go (absent in tests: the machine stays `unavailable`). */
  announcements?: AnnouncementHost;
  /** The Stately inspector in development (`?inspect`). */
  inspect?: ActorOptions<typeof appMachine>['inspect'];
}

export function createAppActor(deps: AppDependencies) {
  const { read: readStorage, write: writeStorage } = storageAccess(deps.storage);
  const query = readRootQuery(deps.location.search);
  const cleanPath = withoutRootQuery(deps.location.pathname, deps.location.search, deps.location.hash);
  /**
   * The resource layer the first fleet load needs (not in the sign-in page's code), asked for once, as
   * soon as Sign in is pressed: asked for by the fleet load itself, it settled 0.6 s later.
   */
  const loadResourceLayer = loadOnce(() => Promise.all([import('./api/entityEndpoints'), import('./api/resources')]));

  const session = provideSessionEffects({
    api: deps.api,
    languages: deps.languages,
    navigate: deps.navigate,
    location: deps.location,
    history: deps.history,
    cleanPath,
    window: deps.window,
    readStorage,
    writeStorage,
    warmUp: () => {
      loadResourceLayer().catch(() => undefined);
      deps.live.load().catch(() => undefined);
    },
  });
  const nativeBridge = provideNativeBridgeEffects({ api: deps.api, navigate: deps.navigate, window: deps.window, writeStorage });

  const { live } = deps;
  const url = socketUrl(deps.backendOrigin, deps.pageOrigin);
  const fetchFleet = fleetFetcher(deps.client, loadResourceLayer, live);
  const socket = provideSocketEffects({
    live,
    url,
    createSocket: deps.createSocket ?? ((address) => new WebSocket(address)),
    ...(deps.environment ? { environment: pageEvents(deps.environment) } : {}),
    fetchFleet,
  });

  const serviceWorker = provideServiceWorkerEffects(deps.serviceWorker);
  const announcements = provideAnnouncementEffects(deps.announcements);
  const actor = createActor(appMachine.provide({ actors: { session, socket, nativeBridge, serviceWorker, announcements } }), {
    input: { query, path: cleanPath, shownAnnouncements: readShown(deps.announcements?.shownStore) },
    ...(deps.inspect ? { inspect: deps.inspect } : {}),
  });
  return actor;
}


/** The page's `online` and `visibilitychange` (to visible) as the socket machine listens to them. */
function pageEvents(env: NonNullable<AppDependencies['environment']>): PageEvents {
  return {
    onOnline(listener) {
      env.window.addEventListener('online', listener);
      return () => env.window.removeEventListener('online', listener);
    },
    onVisible(listener) {
      const visibility = () => {
        if (env.document.visibilityState === 'visible') listener();
      };
      env.document.addEventListener('visibilitychange', visibility);
      return () => env.document.removeEventListener('visibilitychange', visibility);
    },
  };
}
