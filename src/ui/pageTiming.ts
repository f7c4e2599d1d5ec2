/** When the page has time: its load event, an idle moment. */

/** Resolves at the window's load event (at once when it has passed). */
export function pageLoaded(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
}

/** Where the browser has no idle callback (Safari): the delay that stands for one. */
export const IDLE_FALLBACK_MS = 200;

/**
 * Runs `task` at the page's next idle moment, `timeoutMs` later at the latest (`requestIdleCallback`),
 * or after `IDLE_FALLBACK_MS` without idle callbacks. Returns the cancel.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, IDLE_FALLBACK_MS);
  return () => clearTimeout(timer);
}
