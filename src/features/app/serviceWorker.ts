/**
 * The service worker machine's effects (provided at the composition root, `src/composition.ts`):
 * registering `/sw.js` through workbox-window, loaded with a dynamic import after the first paint
 * so that it stays out of the sign-in page's bundle, and the update check, skip-waiting and reload.
 */
import { fromCallback, type ActorRefFrom, type EventObject } from 'xstate';
import type { Workbox } from 'workbox-window';
import type { sessionMachine } from '../../machines/session/session.machine';
import { serviceWorkerMachine, updateIntervalFrom, type WorkerEvent } from '../../machines/serviceWorker/serviceWorker.machine';

/** What the browser offers; absent (tests) or `supported: false` (no `navigator.serviceWorker`, a development build): no worker. */
export interface ServiceWorkerHost {
  supported: boolean;
  /** Resolves once the page has painted (the window's load event). */
  afterFirstPaint: () => Promise<void>;
  /** A workbox-window `Workbox` for the worker's script (imported on demand). */
  createWorkbox: () => Promise<Pick<Workbox, 'register' | 'update' | 'messageSkipWaiting' | 'addEventListener' | 'removeEventListener'>>;
  reload: () => void;
}

type Session = ActorRefFrom<typeof sessionMachine>;

/** The machine with its effects: the registration as the `worker` actor, the rest as actions sharing its `Workbox`. */
export function provideServiceWorkerEffects(host: ServiceWorkerHost | undefined) {
  let workbox: Awaited<ReturnType<ServiceWorkerHost['createWorkbox']>> | null = null;
  const worker = fromCallback<EventObject, void, WorkerEvent>(({ sendBack, system }) => {
    if (!host?.supported) {
      sendBack({ type: 'UNSUPPORTED' });
      return undefined;
    }
    let stopped = false;
    const cleanups: (() => void)[] = [];
    void (async () => {
      await host.afterFirstPaint();
      if (stopped) return;
      // the update interval is the session's server attribute, sent whenever it changes
      const session = system.get('session') as Session | undefined;
      if (session) {
        let last: number | null = null;
        const sync = () => {
          const interval = updateIntervalFrom(session.getSnapshot().context.server?.attributes?.serviceWorkerUpdateInterval);
          if (interval === last) return;
          last = interval;
          sendBack({ type: 'SETTINGS', interval });
        };
        sync();
        const subscription = session.subscribe(sync);
        cleanups.push(() => subscription.unsubscribe());
      }
      try {
        const wb = await host.createWorkbox();
        if (stopped) return;
        const installed = (event: { isUpdate?: boolean; isExternal?: boolean }) => {
          if (!event.isUpdate && !event.isExternal) sendBack({ type: 'OFFLINE_READY' });
        };
        const waiting = () => sendBack({ type: 'UPDATE_WAITING' });
        const controlling = () => sendBack({ type: 'CONTROLLING' });
        wb.addEventListener('installed', installed);
        wb.addEventListener('waiting', waiting);
        wb.addEventListener('controlling', controlling);
        cleanups.push(() => {
          wb.removeEventListener('installed', installed);
          wb.removeEventListener('waiting', waiting);
          wb.removeEventListener('controlling', controlling);
        });
        workbox = wb;
        await wb.register();
        if (!stopped) sendBack({ type: 'REGISTERED' });
      } catch (error: unknown) {
        const message = error instanceof Error ? error.message : String(error);
        console.warn('Service worker: registration failed:', message);
        if (!stopped) sendBack({ type: 'REGISTRATION_FAILED', message });
      }
    })();
    return () => {
      stopped = true;
      workbox = null;
      for (const cleanup of cleanups) cleanup();
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
