import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_TOGETHER_MS, ToastQueue } from './toastQueue';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const titles = (queue: ToastQueue) => queue.visibleToasts.map((toast) => toast.content.title);

/**
 * react-aria's toasts start their own auto-hide when they are shown (its Toast component, on
 * mount); here, with no component, that is done by hand for the visible ones, as it would.
 */
function show(queue: ToastQueue, timeout: number) {
  for (const toast of queue.visibleToasts) toast.timer?.reset(timeout);
}

describe('ToastQueue', () => {
  it('shows the newest three and counts the others as folded', () => {
    const queue = new ToastQueue({ maxVisibleToasts: 3 });
    const seen: number[] = [];
    queue.subscribe(() => seen.push(queue.folded));
    for (const title of ['1', '2', '3', '4', '5']) queue.add({ title });
    expect(titles(queue)).toEqual(['5', '4', '3']);
    expect(queue.folded).toBe(2);
    expect(queue.size).toBe(5);
    // subscribers read the new count as each toast comes
    expect(seen).toEqual([0, 0, 0, 1, 2]);

    // closing a visible one brings the newest folded one into view
    const third = queue.visibleToasts[2]?.key ?? '';
    queue.close(third);
    expect(titles(queue)).toEqual(['5', '4', '2']);
    expect(queue.folded).toBe(1);

    queue.clear();
    expect(queue.visibleToasts).toEqual([]);
    expect(queue.folded).toBe(0);
    expect(queue.size).toBe(0);
  });

  it('closes a toast at its deadline however long it was held, and a folded one too', () => {
    const queue = new ToastQueue({ maxVisibleToasts: 3, maxLifetimeMs: 10_000 });
    const closed: string[] = [];
    for (const title of ['1', '2', '3', '4']) queue.add({ title }, { timeout: 2750, onClose: () => closed.push(title) });
    show(queue, 2750);
    // the pointer rests on the toasts: react-aria pauses their auto-hide
    queue.pauseAll();
    vi.advanceTimersByTime(9_999);
    expect(titles(queue)).toEqual(['4', '3', '2']);
    expect(queue.folded).toBe(1);
    vi.advanceTimersByTime(1);
    expect(queue.visibleToasts).toEqual([]);
    expect(queue.folded).toBe(0);
    expect(closed.sort()).toEqual(['1', '2', '3', '4']);
  });

  it('counts the deadline from when each toast came', () => {
    const queue = new ToastQueue({ maxVisibleToasts: 3, maxLifetimeMs: 10_000 });
    queue.add({ title: 'first' }, { timeout: 2750 });
    show(queue, 2750);
    queue.pauseAll();
    vi.advanceTimersByTime(6_000);
    queue.add({ title: 'second' }, { timeout: 2750 });
    queue.pauseAll();
    vi.advanceTimersByTime(4_000);
    expect(titles(queue)).toEqual(['second']);
    vi.advanceTimersByTime(5_999);
    expect(titles(queue)).toEqual(['second']);
    vi.advanceTimersByTime(1);
    expect(titles(queue)).toEqual([]);
  });

  it('leaves the auto-hide alone when nothing holds the toast', () => {
    const queue = new ToastQueue({ maxVisibleToasts: 3, maxLifetimeMs: 10_000 });
    queue.add({ title: 'one' }, { timeout: 2750 });
    show(queue, 2750);
    vi.advanceTimersByTime(2_749);
    expect(titles(queue)).toEqual(['one']);
    vi.advanceTimersByTime(1);
    expect(titles(queue)).toEqual([]);
    // its deadline went with it: nothing left to fire
    expect(vi.getTimerCount()).toBe(0);
  });

  it('has no deadline unless asked, and clearing stops the deadlines', () => {
    const unbounded = new ToastQueue({ maxVisibleToasts: 3 });
    unbounded.add({ title: 'held' }, { timeout: 2750 });
    show(unbounded, 2750);
    unbounded.pauseAll();
    vi.advanceTimersByTime(60_000);
    expect(titles(unbounded)).toEqual(['held']);

    const bounded = new ToastQueue({ maxVisibleToasts: 3, maxLifetimeMs: 10_000 });
    bounded.add({ title: 'a' });
    bounded.add({ title: 'b' });
    expect(vi.getTimerCount()).toBe(2);
    bounded.clear();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('under a stream of toasts closes the due ones together, at most once a second, never late', () => {
    const queue = new ToastQueue({ maxVisibleToasts: 3, maxLifetimeMs: 10_000 });
    const added = new Map<string, number>();
    const closedAt = new Map<string, number>();
    const start = Date.now();
    // twenty a second for five seconds, all held
    for (let i = 0; i < 100; i++) {
      const title = String(i);
      added.set(title, Date.now());
      queue.add({ title }, { timeout: 2750, onClose: () => closedAt.set(title, Date.now()) });
      queue.pauseAll();
      vi.advanceTimersByTime(50);
    }
    vi.advanceTimersByTime(20_000);
    expect(closedAt.size).toBe(100);
    for (const [title, at] of closedAt) {
      const age = at - added.get(title)!;
      expect(age).toBeLessThanOrEqual(10_000);
      expect(age).toBeGreaterThanOrEqual(10_000 - CLOSE_TOGETHER_MS);
    }
    // the moments at which toasts closed: one per second at most, not one per toast
    const moments = new Set(closedAt.values());
    expect(moments.size).toBeLessThanOrEqual(Math.ceil((5_000 + CLOSE_TOGETHER_MS) / CLOSE_TOGETHER_MS));
    expect(Math.min(...moments) - start).toBe(10_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});
