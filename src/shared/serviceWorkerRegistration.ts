/**
 * The registration itself, loaded on demand once the page has settled (out of the sign-in page's
 * bundle): workbox-window's events reported to the machine.
 */
import type { WorkerEvent } from '../machines/serviceWorker/serviceWorker.machine';
import type { ServiceWorkerHost, StartRegistration, WorkboxHandle } from '../machines/serviceWorker/serviceWorker.effects';
import { errorText } from '../domain/errors';

/** Registers the worker and reports workbox-window's events; returns the teardown. */
export const startRegistration: StartRegistration = (host: ServiceWorkerHost, sendBack: (event: WorkerEvent) => void, ready: (workbox: WorkboxHandle) => void) => {
  let stopped = false;
  const cleanups: (() => void)[] = [];
  void (async () => {
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
      ready(wb);
      await wb.register();
      if (!stopped) sendBack({ type: 'REGISTERED' });
    } catch (error: unknown) {
      const message = errorText(error);
      console.warn('Service worker: registration failed:', message);
      if (!stopped) sendBack({ type: 'REGISTRATION_FAILED', message });
    }
  })();
  return () => {
    stopped = true;
    for (const cleanup of cleanups) cleanup();
  };
}
