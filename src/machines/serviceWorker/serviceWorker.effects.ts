/**
 * The service worker machine's effects (wired at the composition root, `src/composition.ts`): once
 * the page has settled (`host.whenSettled`), the registration's code is loaded (`host.loadRegistration`)
 * and registers the worker, reporting what happens to it; the update check, skip-waiting and reload
 * act on the `Workbox` it made. The update interval comes from the root (SETTINGS, from the
 * session's server). Pure of the browser: the host is given (src/shared/serviceWorker.ts in the app).
 */
import { fromCallback, type EventObject } from 'xstate';
import type { Workbox } from 'workbox-window';
import { serviceWorkerMachine, type WorkerEvent } from './serviceWorker.machine';
import { errorText } from '../../domain/errors';

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
  /** The registration's code, imported on demand (src/shared/serviceWorkerRegistration.ts). */
  loadRegistration: () => Promise<{ startRegistration: StartRegistration }>;
}

/** Registers the worker and reports workbox-window's events; returns the teardown. */
export type StartRegistration = (host: ServiceWorkerHost, sendBack: (event: WorkerEvent) => void, ready: (workbox: WorkboxHandle) => void) => () => void;

/** The machine with its effects: the registration as the `worker` actor, the rest as actions sharing its `Workbox`. */
export function provideServiceWorkerEffects(host: ServiceWorkerHost | undefined) {
  let workbox: WorkboxHandle | null = null;
  const worker = fromCallback<EventObject, void, WorkerEvent>(({ sendBack }) => {
    if (!host?.supported) {
      sendBack({ type: 'UNSUPPORTED' });
      return undefined;
    }
    let stopped = false;
    let stop = () => {};
    void host
      .whenSettled()
      .then(() => host.loadRegistration())
      .then(({ startRegistration }) => {
        if (!stopped) stop = startRegistration(host, sendBack, (wb) => (workbox = wb));
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
