/**
 * The registration itself, loaded on demand once the page has settled (out of the sign-in page's
 * bundle): the interval from the session's server, workbox-window's events reported to the machine.
 */
import type { AnyActorRef } from 'xstate';
import type { WorkerEvent } from '../machines/serviceWorker/serviceWorker.machine';
import type { ServiceWorkerHost, WorkboxHandle } from './serviceWorker';
import { appChild } from '../machines/app/actors';
import { errorText } from '../domain/errors';

/** Starts watching the server's interval and registers the worker; returns the teardown. */
export function startRegistration(
  host: ServiceWorkerHost,
  sendBack: (event: WorkerEvent) => void,
  system: { get: (systemId: string) => AnyActorRef | undefined },
  ready: (workbox: WorkboxHandle) => void,
): () => void {
  let stopped = false;
  const cleanups: (() => void)[] = [];
  // the update interval is the session's server attribute, sent whenever it changes (the machine reads it)
  const session = appChild(system, 'session');
  if (session) {
    let last: unknown = Symbol('none');
    const sync = () => {
      const interval: unknown = session.getSnapshot().context.server?.attributes?.serviceWorkerUpdateInterval;
      if (Object.is(interval, last)) return;
      last = interval;
      sendBack({ type: 'SETTINGS', interval });
    };
    sync();
    const subscription = session.subscribe(sync);
    cleanups.push(() => subscription.unsubscribe());
  }
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
