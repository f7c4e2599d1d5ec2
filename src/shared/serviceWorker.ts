/**
 * The service worker machine's effects (provided at the composition root, `src/composition.ts`):
 * once the page has settled (loaded, and nothing fetched for a while: see `whenSettled`), the registration (`serviceWorkerRegistration.ts`, with workbox-window) is
 * imported on demand, so that neither is in the sign-in page's bundle; the update check,
 * skip-waiting and reload act on the `Workbox` it made.
 */
import { fromCallback, type EventObject } from 'xstate';
import type { Workbox } from 'workbox-window';
import { serviceWorkerMachine, type WorkerEvent } from '../machines/serviceWorker/serviceWorker.machine';
import { pageLoaded } from '../ui/pageTiming';
import { errorText } from '../domain/errors';

export type WorkboxHandle = Pick<Workbox, 'register' | 'update' | 'messageSkipWaiting' | 'addEventListener' | 'removeEventListener'>;

/** What the browser offers; absent (tests) or `supported: false` (no `navigator.serviceWorker`, a development build): no worker. */
export interface ServiceWorkerHost {
  supported: boolean;
  /**
   * Resolves once the page has settled: its load event, then `QUIET_MS` without a new resource (at most
   * `SETTLE_LIMIT_MS` after the load event). The
   * worker's install fetches the whole app shell (about 1.5 MB), which on a slow network would
   * compete with what the person waits for: the sign-in page's prefetch of the map, the first map.
   */
  whenSettled: () => Promise<void>;
  /** A workbox-window `Workbox` for the worker's script (imported on demand). */
  createWorkbox: () => Promise<WorkboxHandle>;
  reload: () => void;
}

/** The machine with its effects: the registration as the `worker` actor, the rest as actions sharing its `Workbox`. */
export function provideServiceWorkerEffects(host: ServiceWorkerHost | undefined) {
  let workbox: WorkboxHandle | null = null;
  const worker = fromCallback<EventObject, void, WorkerEvent>(({ sendBack, system }) => {
    if (!host?.supported) {
      sendBack({ type: 'UNSUPPORTED' });
      return undefined;
    }
    let stopped = false;
    let stop = () => {};
    void host
      .whenSettled()
      .then(() => import('./serviceWorkerRegistration'))
      .then(({ startRegistration }) => {
        if (!stopped) stop = startRegistration(host, sendBack, system, (wb) => (workbox = wb));
      })
      .catch((error: unknown) => {
        // the chunk did not load (offline, a newer build replaced it): no worker this time
        if (!stopped) sendBack({ type: 'REGISTRATION_FAILED', message: errorText(error) });
      });
    return () => {
      stopped = true;
      workbox = null;
      stop();
    };
  });
  return serviceWorkerMachine.provide({
    actors: { worker },
    actions: {
      checkForUpdate: () => {
        workbox?.update().catch((error: unknown) => console.warn('Service worker: update check failed:', errorText(error)));
      },
      skipWaiting: () => workbox?.messageSkipWaiting(),
      reload: () => host?.reload(),
    },
  });
}

/** How long the page fetches nothing before the worker is registered. */
export const QUIET_MS = 3_000;
/** The longest the registration waits for that quiet after the load event (a page that keeps fetching). */
export const SETTLE_LIMIT_MS = 30_000;

/**
 * The window's load event, then `quietMs` in which no resource finished loading (Resource Timing; a
 * download in progress is not seen until it ends), or `limitMs` after the load event at the latest.
 */
export function settled(quietMs: number, limitMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const start = () => {
      const loadedAt = performance.now();
      let last = loadedAt;
      let observer: PerformanceObserver | null = null;
      try {
        observer = new PerformanceObserver(() => (last = performance.now()));
        observer.observe({ type: 'resource', buffered: false });
      } catch {
        observer = null;
      }
      const check = () => {
        const idle = performance.now() - last;
        if (idle >= quietMs || performance.now() - loadedAt >= limitMs) {
          observer?.disconnect();
          resolve();
        } else setTimeout(check, Math.min(quietMs - idle, limitMs - (performance.now() - loadedAt)));
      };
      setTimeout(check, quietMs);
    };
    void pageLoaded().then(start);
  });
}

/** The browser's side: `/sw.js` at the app's base, once the page has settled; none when `enabled` is false (development). */
export function browserServiceWorkerHost(enabled: boolean): ServiceWorkerHost {
  const base = import.meta.env.BASE_URL;
  return {
    supported: enabled && typeof navigator === 'object' && 'serviceWorker' in navigator,
    whenSettled: () => settled(QUIET_MS, SETTLE_LIMIT_MS),
    createWorkbox: async () => {
      const { Workbox } = await import('workbox-window');
      return new Workbox(`${base}sw.js`, { scope: base });
    },
    reload: () => window.location.reload(),
  };
}
