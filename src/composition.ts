/**
 * The composition root: the one place where the pure machines meet the browser. Effects named
 * in the machines' `setup()` are provided here with their real implementations.
 */
import { createActor, fromCallback, fromPromise, type ActorOptions, type EventObject } from 'xstate';
import { appMachine } from './machines/app/app.machine';
import { sessionMachine } from './machines/session/session.machine';
import { SOCKET, socketMachine, type RefetchOutput } from './machines/socket/socket.machine';
import type { ConnectionCommand } from './machines/socket/events';
import type { LiveLoader } from './features/app/liveLoader';
import { loadOnce } from './features/app/loadOnce';
import { appChild, type SessionActor } from './machines/app/actors';
import { socketUrl } from './api/origin';
import type { errorsMachine } from './machines/errors/errors.machine';
import type { Endpoints } from './api/endpoints';
import type { ApiClient } from './api/client';
import type { LanguageStore } from './i18n/languageStore';
import { readRootQuery, withoutRootQuery } from './domain/redirect';
import {
  NOTIFICATION_TOKEN_KEY,
  nativeTarget,
  nativeTokenExpiration,
} from './api/nativeBridge';
import { nativeBridgeMachine } from './machines/nativeBridge/nativeBridge.machine';
import type { WrapperEvent } from './machines/nativeBridge/events';
import { provideAnnouncementEffects, readShown, type AnnouncementHost } from './features/announcements/provide';
import { provideServiceWorkerEffects, type ServiceWorkerHost } from './features/app/serviceWorker';
import { errorText } from './domain/errors';

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
  createSocket?: (url: string) => WebSocket;
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
  /** Local storage that may be missing or refuse (private mode, quota): a failure is ignored. */
  const readStorage = (key: string): string | null => {
    try {
      return deps.storage?.().getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const writeStorage = (key: string, value: string | null) => {
    try {
      const storage = deps.storage?.();
      if (value === null) storage?.removeItem(key);
      else storage?.setItem(key, value);
    } catch {
      // ignored: the token is then not removed at logout, as on a device without storage
    }
  };
  const query = readRootQuery(deps.location.search);
  const cleanPath = withoutRootQuery(deps.location.pathname, deps.location.search, deps.location.hash);
  /**
   * The resource layer, which the first fleet load needs (it is not in the sign-in page's code):
   * asked for once, as soon as Sign in is pressed. An `import()` settles only when the main thread
   * gets to it, and after a sign-in that thread draws the shell, the map page and the map's first
   * frames: asked for by the fleet load itself, it settled 0.6 s later (the modules were there already).
   */
  const loadResourceLayer = loadOnce(() => Promise.all([import('./api/entityEndpoints'), import('./api/resources')]));

  const session = sessionMachine.provide({
    actors: {
      cleanUrl: fromPromise(async () => {
        const current = `${deps.location.pathname}${deps.location.search}${deps.location.hash}`;
        if (current !== cleanPath) deps.history.replaceState(null, '', cleanPath);
      }),
      loadServer: fromPromise(({ signal }) => deps.api.server(signal)),
      getSession: fromPromise(({ signal }) => deps.api.session(signal)),
      tokenLogin: fromPromise(({ input }) => deps.api.tokenLogin(input.token)),
      login: fromPromise(({ input }) => {
        loadResourceLayer().catch(() => undefined);
        deps.live.load().catch(() => undefined);
        return deps.api.login(input);
      }),
      generateTotpKey: fromPromise(() => deps.api.totpKey()),
      register: fromPromise(({ input }) => deps.api.register(input)),
      saveUser: fromPromise(({ input }) => deps.api.updateUser(input.user)),
      // this device's push token leaves the user (PUT with the whole user) before the session is deleted
      forgetNotificationToken: fromPromise(async ({ input }) => {
        const token = readStorage(NOTIFICATION_TOKEN_KEY);
        if (token === null) return;
        writeStorage(NOTIFICATION_TOKEN_KEY, null);
        const { withoutNotificationToken } = await import('./api/nativeMessages');
        const updated = input.user ? withoutNotificationToken(input.user, token) : null;
        if (updated) await deps.api.updateUser(updated);
      }),
      logout: fromPromise(() => deps.api.logout()),
    },
    actions: {
      storeLanguage: (_, params) => {
        if (params.language === 'ar' || params.language === 'en') deps.languages.set(params.language);
      },
      navigate: (_, params) => deps.navigate(params.to),
      reportError: ({ system }, params) => {
        appChild(system, 'errors')?.send({ type: 'PUSH', message: params.message });
      },
      afterLogin: ({ system }) => {
        const target = nativeTarget(deps.window);
        if (!target) return;
        deps.api
          .createToken(nativeTokenExpiration(new Date()))
          .then((token) => target.postMessage(`login|${token}`))
          .catch((error: unknown) => {
            appChild(system, 'errors')?.send({ type: 'PUSH', message: errorText(error) });
          });
      },
    },
  });

  const nativeBridge = nativeBridgeMachine.provide({
    actors: {
      listen: fromCallback<EventObject, void, WrapperEvent>(({ sendBack }) => {
        if (typeof deps.window !== 'object' || deps.window === null) return undefined;
        const win = deps.window as Record<string, unknown>;
        // input from the wrapper is hostile until validated: junk is ignored with a warning, never
        // thrown; it is read by a module loaded with the wrapper's first call, not with the sign-in page
        const handlers: Record<string, (value: unknown) => void> = {};
        for (const call of ['handleLoginToken', 'updateNotificationToken', 'handleNativeNotification'] as const) {
          handlers[call] = (value) =>
            void import('./api/nativeMessages').then(({ wrapperInput }) => {
              const input = wrapperInput(call, value);
              if ('ignored' in input) console.warn(input.ignored);
              else sendBack(input);
            });
        }
        for (const [name, handler] of Object.entries(handlers)) win[name] = handler;
        return () => {
          for (const [name, handler] of Object.entries(handlers)) if (win[name] === handler) delete win[name];
        };
      }),
      registerToken: fromPromise(async ({ input, system }) => {
        writeStorage(NOTIFICATION_TOKEN_KEY, input.token);
        const session = appChild(system, 'session');
        const user = session?.getSnapshot().context.user;
        // the token list rules load with the first token, not with the sign-in page
        const { withNotificationToken } = await import('./api/nativeMessages');
        const updated = user ? withNotificationToken(user, input.token) : null;
        if (!updated) return;
        const saved = await deps.api.updateUser(updated);
        session?.send({ type: 'USER_UPDATED', user: saved });
      }),
    },
    actions: {
      openEvent: (_, params) => deps.navigate(`/event/${params.eventId}`),
      reportError: ({ system }, params) => {
        appChild(system, 'errors')?.send({ type: 'PUSH', message: params.message });
      },
    },
  });

  const { live } = deps;
  const url = socketUrl(deps.backendOrigin, deps.pageOrigin);
  const createSocket = deps.createSocket ?? ((socketAddress: string) => new WebSocket(socketAddress));
  /** The whole fleet: devices and positions; a 401 from either wins, one failure leaves the other. */
  const fetchFleet = async (signal: AbortSignal): Promise<RefetchOutput> => {
    // the resource layer and the live store come with the first fleet load (or with Sign in), not
    // with the sign-in page: the answer is delivered into a store that is there
    const [[{ entityEndpoints }, { resources }]] = await Promise.all([loadResourceLayer(), live.load()]);
    const entities = entityEndpoints(deps.client);
    const [devices, positions] = await Promise.allSettled([entities.list(resources.devices, {}, signal), entities.list(resources.positions, {}, signal)]);
    const failures = [devices, positions].flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    const unauthorized = failures.find((e) => typeof e === 'object' && e !== null && (e as { status?: unknown }).status === 401);
    if (unauthorized !== undefined) throw unauthorized;
    if (failures.length === 2) throw failures[0];
    return {
      devices: devices.status === 'fulfilled' ? devices.value : null,
      positions: positions.status === 'fulfilled' ? positions.value : null,
    };
  };
  const socket = socketMachine.provide({
    actors: {
      // the socket opens once the live store it delivers into is loaded; a failed load is a failed
      // connection (ERROR, then CLOSE 1006 as a browser reports a socket that never opened)
      connection: fromCallback<ConnectionCommand>(({ sendBack, receive }) => {
        let ws: WebSocket | null = null;
        let stopped = false;
        let closing = false;
        const close = (code: number) => {
          if (!ws || closing || (ws.readyState !== WebSocket.CONNECTING && ws.readyState !== WebSocket.OPEN)) return;
          closing = true;
          ws.close(code);
        };
        receive((command) => {
          if (command.type === 'SEND') {
            if (ws && ws.readyState === WebSocket.OPEN && !closing) ws.send(command.text);
          } else {
            close(command.code);
          }
        });
        live.load().then(
          () => {
            if (!stopped) ws = open();
          },
          () => {
            if (stopped) return;
            sendBack({ type: 'ERROR' });
            sendBack({ type: 'CLOSE', code: 1006 });
          },
        );
        const open = () => {
          const socket = createSocket(url);
          socket.onopen = () => sendBack({ type: 'OPEN' });
          socket.onmessage = (message: MessageEvent<unknown>) =>
            sendBack({ type: 'MESSAGE', data: typeof message.data === 'string' ? message.data : '' });
          socket.onerror = () => sendBack({ type: 'ERROR' });
          socket.onclose = (event: CloseEvent) => sendBack({ type: 'CLOSE', code: event.code });
          return socket;
        };
        // Stopped (STOP, logout, the app stopping): a deliberate close (4000), nothing reported back.
        return () => {
          stopped = true;
          if (ws) ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
          close(SOCKET.logoutCode);
        };
      }),
      environment: fromCallback(({ sendBack }) => {
        const env = deps.environment;
        if (!env) return undefined;
        const online = () => sendBack({ type: 'ONLINE' });
        const visibility = () => {
          if (env.document.visibilityState === 'visible') sendBack({ type: 'VISIBLE' });
        };
        env.window.addEventListener('online', online);
        env.document.addEventListener('visibilitychange', visibility);
        return () => {
          env.window.removeEventListener('online', online);
          env.document.removeEventListener('visibilitychange', visibility);
        };
      }),
      load: fromPromise<RefetchOutput>(({ signal }) => fetchFleet(signal)),
      refetch: fromPromise<RefetchOutput>(({ signal }) => fetchFleet(signal)),
    },
    actions: {
      // Every effect on the store goes through `live.use`: at once when it is loaded, which it is
      // before the socket opens or the fleet is fetched (both wait for it), so only a screen's own
      // change (Track, a saved device, the logs' switch) can come before it, and then waits for it.
      // one store change per message: the map and the list draw a batch once
      deliver: (_, { message }) => live.use((store) => store.apply(message)),
      // a batch: applied as one change, and what it cost the main thread sets the next batching
      // interval: the change itself (the store, the map's GeoJSON diff and camera, which run inside
      // it) and React's renders of it, which the store runs in a task of its own
      flush: ({ self }, { message }) =>
        live.use((store) => {
          const started = performance.now();
          store.apply(message);
          const applied = performance.now() - started;
          store.whenNotified((rendered) => self.send({ type: 'FLUSHED', ms: applied + rendered }));
        }),
      // one change for the fleet: the map takes its devices in once, with their positions
      refreshed: (_, { devices, positions }) =>
        live.use((store) => {
          if (devices) store.setDevices(devices, positions ?? []);
          else if (positions) store.updatePositions(positions);
        }),
      markSynced: () => live.use((store) => store.markSynced()),
      // a logout clears the lines and every tracking path too (the store's clear empties
      // `tracking`); streaming stays as the logs page asked while it is open. A store not loaded
      // yet has nothing to clear.
      clearLive: ({ context }) => {
        const store = live.current();
        if (!store) return;
        store.clear();
        if (context.logs) store.setIncludeLogs(true);
      },
      removeDevice: (_, { id }) =>
        live.use((store) => {
          const state = store.getState();
          if (state.devices.has(id)) store.setDevices([...state.devices.values()].filter((device) => device.id !== id));
        }),
      saveDevice: (_, { device, position }) => live.use((store) => store.apply(position ? { devices: [device], positions: [position] } : { devices: [device] })),
      // the logs page switched streaming: the store keeps the received lines only while it is on
      streamLogs: (_, { enabled }) => live.use((store) => store.setIncludeLogs(enabled)),
      // the device card's Track / Stop tracking (and a deleted device): the paths live in the store
      startTracking: (_, { deviceId }) => live.use((store) => store.startTracking(deviceId)),
      stopTracking: (_, { deviceId }) => live.use((store) => store.stopTracking(deviceId)),
      reportError: ({ system }, params) => {
        appChild(system, 'errors')?.send({ type: 'PUSH', message: params.message });
      },
    },
  });

  const serviceWorker = provideServiceWorkerEffects(deps.serviceWorker);
  const announcements = provideAnnouncementEffects(deps.announcements);
  const actor = createActor(appMachine.provide({ actors: { session, socket, nativeBridge, serviceWorker, announcements } }), {
    input: { query, path: cleanPath, shownAnnouncements: readShown(deps.announcements?.sessionStorage) },
    ...(deps.inspect ? { inspect: deps.inspect } : {}),
  });
  return actor;
}

