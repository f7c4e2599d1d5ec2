import { describe, expect, it, vi } from 'vitest';
import { createLiveStore, type LiveStore } from '../domain/liveStore';
import { createLiveLoader } from './liveLoader';

describe('the live store loader', () => {
  it('loads once, however many ask, and then hands the same store at once', async () => {
    const store = createLiveStore();
    const importStore = vi.fn(() => Promise.resolve(store));
    const live = createLiveLoader(importStore);
    expect(live.current()).toBeNull();
    const [a, b] = await Promise.all([live.load(), live.load()]);
    expect(a).toBe(store);
    expect(b).toBe(store);
    expect(live.current()).toBe(store);
    await live.load();
    expect(importStore).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next use asks again', async () => {
    const store = createLiveStore();
    const importStore = vi.fn<() => Promise<LiveStore>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(store);
    const live = createLiveLoader(importStore);
    await expect(live.load()).rejects.toThrow('offline');
    expect(live.current()).toBeNull();
    await expect(live.load()).resolves.toBe(store);
    expect(importStore).toHaveBeenCalledTimes(2);
  });

  it('runs what waits for the store in the order it was asked, once the store is there, and at once after', async () => {
    const store = createLiveStore();
    let resolve: (value: LiveStore) => void = () => {};
    const live = createLiveLoader(() => new Promise<LiveStore>((r) => (resolve = r)));
    const order: string[] = [];
    live.use((s) => {
      order.push('first');
      s.select(7);
    });
    live.use((s) => order.push(`second sees ${s.getState().selectedId}`));
    expect(order).toEqual([]);
    resolve(store);
    await live.load();
    expect(order).toEqual(['first', 'second sees 7']);
    live.use(() => order.push('now'));
    expect(order).toEqual(['first', 'second sees 7', 'now']);
  });

  it('drops what waited when the load fails, without an unhandled rejection', async () => {
    const live = createLiveLoader(() => Promise.reject(new Error('offline')));
    const use = vi.fn();
    live.use(use);
    await expect(live.load()).rejects.toThrow('offline');
    expect(use).not.toHaveBeenCalled();
  });
});
