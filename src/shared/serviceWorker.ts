/**
 * The browser's side of the service worker (src/machines/serviceWorker/serviceWorker.effects.ts
 * takes it): `/sw.js` at the app's base, registered once the page has settled (loaded, and nothing
 * fetched for a while), by the registration module (`serviceWorkerRegistration.ts`, with
 * workbox-window), imported on demand so that neither is in the sign-in page's bundle.
 */
import type { ServiceWorkerHost } from '../machines/serviceWorker/serviceWorker.effects';
import { pageLoaded } from '../ui/pageTiming';

export type { ServiceWorkerHost, WorkboxHandle } from '../machines/serviceWorker/serviceWorker.effects';

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
    loadRegistration: () => import('./serviceWorkerRegistration'),
  };
}
