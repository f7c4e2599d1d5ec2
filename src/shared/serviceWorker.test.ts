// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { settled } from './serviceWorker';
import { provideServiceWorkerEffects, type ServiceWorkerHost, type WorkboxHandle } from '../machines/serviceWorker/serviceWorker.effects';

type Listener = (event: { isUpdate?: boolean; isExternal?: boolean }) => void;

/** A Workbox double: the test fires its lifecycle events. */
function fakeWorkbox(register: () => Promise<undefined> = () => Promise.resolve(undefined)) {
  const listeners = new Map<string, Set<Listener>>();
  const calls: string[] = [];
  const wb = {
    register: vi.fn(register),
    update: vi.fn(() => {
      calls.push('update');
      return Promise.resolve();
    }),
    messageSkipWaiting: vi.fn(() => void calls.push('messageSkipWaiting')),
    addEventListener: (type: string, listener: Listener) => void (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(listener),
    removeEventListener: (type: string, listener: Listener) => void listeners.get(type)?.delete(listener),
  };
  const fire = (type: string, event: { isUpdate?: boolean; isExternal?: boolean } = {}) => listeners.get(type)?.forEach((l) => l(event));
  return { wb: wb as unknown as WorkboxHandle, fire, calls, listeners };
}

const flush = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

// the registration chunk is imported on demand: loaded once here, so that its import is quick below
beforeAll(async () => {
  await import('./serviceWorkerRegistration');
});

/**
 * The service worker machine with its real effects under a root; `interval` is sent as the app's root
 * does (SETTINGS, from the session's server: tests/model/app.model.test.ts).
 */
function start(host: ServiceWorkerHost | undefined, interval?: unknown) {
  const root = createMachine({ invoke: [{ id: 'sw', src: provideServiceWorkerEffects(host) }] });
  const actor = createActor(root).start();
  const sw = () => actor.getSnapshot().children.sw!;
  if (interval !== undefined) sw().send({ type: 'SETTINGS', interval });
  type Snapshot = { value: unknown; context: { interval: number; offlineReady: boolean } };
  return { actor, sw, state: () => sw().getSnapshot() as Snapshot };
}

function host(workbox: WorkboxHandle, painted: Promise<void> = Promise.resolve()) {
  const reload = vi.fn<() => void>();
  return { supported: true, whenSettled: () => painted, createWorkbox: () => Promise.resolve(workbox), reload, loadRegistration: () => import('./serviceWorkerRegistration') } satisfies ServiceWorkerHost;
}

describe('service worker effects', () => {
  it('without a host, or an unsupported one, the machine is unsupported and nothing is registered', async () => {
    expect(start(undefined).state().value).toBe('unsupported');
    const { wb } = fakeWorkbox();
    const { state } = start({ ...host(wb), supported: false });
    await flush();
    expect(state().value).toBe('unsupported');
    expect(wb.register).not.toHaveBeenCalled();
  });

  it('registers only after the first paint, then reports offline-ready', async () => {
    const { wb, fire } = fakeWorkbox();
    let paint: () => void = () => {};
    const { state } = start(host(wb, new Promise<void>((resolve) => (paint = resolve))));
    await flush();
    expect(wb.register).not.toHaveBeenCalled();
    expect(state().value).toBe('registering');
    paint();
    await vi.waitFor(() => expect(state().value).toBe('idle'));
    expect(wb.register).toHaveBeenCalledTimes(1);
    fire('installed', {});
    expect(state().context.offlineReady).toBe(true);
  });

  it('an update that installs is not offline-ready; a waiting worker prompts; Refresh skips waiting and reloads on controlling', async () => {
    const { wb, fire, calls } = fakeWorkbox();
    const h = host(wb);
    const { state, sw } = start(h);
    await vi.waitFor(() => expect(state().value).toBe('idle'));
    fire('installed', { isUpdate: true });
    expect(state().context.offlineReady).toBe(false);
    fire('waiting');
    expect(state().value).toBe('updateAvailable');
    sw().send({ type: 'REFRESH' });
    expect(calls).toEqual(['messageSkipWaiting']);
    expect(h.reload).not.toHaveBeenCalled();
    fire('controlling');
    expect(state().value).toBe('reloading');
    expect(h.reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the interval the root sent through the registration, and follows its changes', async () => {
    const { wb } = fakeWorkbox();
    const { state, sw } = start(host(wb), '2000');
    await vi.waitFor(() => expect(state().value).toBe('idle'));
    expect(state().context.interval).toBe(2000);
    sw().send({ type: 'SETTINGS', interval: 0 });
    expect(state().context.interval).toBe(0);
    sw().send({ type: 'SETTINGS', interval: undefined });
    expect(state().context.interval).toBe(3_600_000);
  });

  it('checks for an update on the interval through the Workbox', async () => {
    // timers faked, not setImmediate: the registration's promises settle between the steps
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { wb, calls } = fakeWorkbox();
      const { state } = start(host(wb), 1000);
      for (let i = 0; i < 500 && state().value !== 'idle'; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(state().value).toBe('idle');
      expect(calls).toEqual([]);
      await vi.advanceTimersByTimeAsync(2000);
      expect(calls.filter((c) => c === 'update').length).toBeGreaterThanOrEqual(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a registration that throws is reported as failed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { wb } = fakeWorkbox(() => Promise.reject(new Error('SecurityError: insecure')));
    const { state } = start(host(wb));
    await vi.waitFor(() => expect(state().value).toBe('failed'));
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('stopping the app removes the Workbox listeners', async () => {
    const { wb, listeners } = fakeWorkbox();
    const { actor } = start(host(wb));
    await vi.waitFor(() => expect(listeners.get('waiting')?.size).toBe(1));
    actor.stop();
    expect(listeners.get('waiting')?.size).toBe(0);
  });
});

describe('settled (the registration waits for a quiet page)', () => {
  it('resolves after the load event and quietMs without a finished resource, later while resources keep finishing, and at limitMs at the latest', async () => {
    vi.useFakeTimers();
    let notify: () => void = () => undefined;
    class FakeObserver {
      constructor(callback: () => void) {
        notify = callback;
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    try {
      let done = false;
      void settled(3_000, 30_000).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(2_000);
      notify(); // a resource finished: the quiet starts again
      await vi.advanceTimersByTimeAsync(2_500);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(600);
      expect(done).toBe(true);

      let capped = false;
      void settled(3_000, 10_000).then(() => (capped = true));
      for (let t = 0; t < 9_000; t += 1_000) {
        notify();
        await vi.advanceTimersByTimeAsync(1_000);
      }
      expect(capped).toBe(false);
      notify();
      await vi.advanceTimersByTimeAsync(1_100);
      expect(capped).toBe(true);
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
