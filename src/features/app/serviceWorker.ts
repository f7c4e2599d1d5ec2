/**
 * The service worker machine's effects (provided at the composition root, `src/composition.ts`):
 * after the first paint, the registration (`serviceWorkerRegistration.ts`, with workbox-window) is
 * imported on demand, so that neither is in the sign-in page's bundle; the update check,
 * skip-waiting and reload act on the `Workbox` it made.
 */
import { fromCallback, type EventObject } from 'xstate';
import type { Workbox } from 'workbox-window';
import { serviceWorkerMachine, type WorkerEvent } from '../../machines/serviceWorker/serviceWorker.machine';

export type WorkboxHandle = Pick<Workbox, 'register' | 'update' | 'messageSkipWaiting' | 'addEventListener' | 'removeEventListener'>;

/** What the browser offers; absent (tests) or `supported: false` (no `navigator.serviceWorker`, a development build): no worker. */
export interface ServiceWorkerHost {
  supported: boolean;
  /** Resolves once the page has painted (the window's load event). */
  afterFirstPaint: () => Promise<void>;
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
      .afterFirstPaint()
      .then(() => import('./serviceWorkerRegistration'))
      .then(({ startRegistration }) => {
        if (!stopped) stop = startRegistration(host, sendBack, system, (wb) => (workbox = wb));
      })
      .catch((error: unknown) => {
        // the chunk did not load (offline, a newer build replaced it): no worker this time
        if (!stopped) sendBack({ type: 'REGISTRATION_FAILED', message: error instanceof Error ? error.message : String(error) });
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
        workbox?.update().catch((error: unknown) => console.warn('Service worker: update check failed:', error instanceof Error ? error.message : String(error)));
      },
      skipWaiting: () => workbox?.messageSkipWaiting(),
      reload: () => host?.reload(),
    },
  });
}

/** The browser's side: `/sw.js` at the app's base, after the window's load event; none when `enabled` is false (development). */
export function browserServiceWorkerHost(enabled: boolean): ServiceWorkerHost {
  const base = import.meta.env.BASE_URL;
  return {
    supported: enabled && typeof navigator === 'object' && 'serviceWorker' in navigator,
    afterFirstPaint: () =>
      new Promise<void>((resolve) => {
        if (document.readyState === 'complete') resolve();
        else window.addEventListener('load', () => resolve(), { once: true });
      }),
    createWorkbox: async () => {
      const { Workbox } = await import('workbox-window');
      return new Workbox(`${base}sw.js`, { scope: base });
    },
    reload: () => window.location.reload(),
  };
}
