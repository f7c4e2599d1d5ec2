// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_FALLBACK_MS, whenIdle } from './pageTiming';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it("runs the task at the browser's idle callback, with the timeout, and the cancel cancels that callback", () => {
    const callbacks = new Map<number, () => void>();
    const requestIdleCallback = vi.fn((callback: () => void, _options?: { timeout?: number }) => {
      callbacks.set(callbacks.size + 1, callback);
      return callbacks.size;
    });
    const cancelIdleCallback = vi.fn((handle: number) => void callbacks.delete(handle));
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const task = vi.fn();
    whenIdle(task, 2_000);
    expect(requestIdleCallback.mock.calls[0]?.[1]).toEqual({ timeout: 2_000 });
    expect(task).not.toHaveBeenCalled();
    callbacks.get(1)!();
    expect(task).toHaveBeenCalledTimes(1);
    const cancel = whenIdle(task, 500);
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(2);
    expect(callbacks.has(2)).toBe(false);
  });

  it('without idle callbacks: after IDLE_FALLBACK_MS, unless cancelled', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn();
    whenIdle(task, 2_000);
    vi.advanceTimersByTime(IDLE_FALLBACK_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    const other = vi.fn();
    whenIdle(other, 2_000)();
    vi.advanceTimersByTime(IDLE_FALLBACK_MS * 2);
    expect(other).not.toHaveBeenCalled();
  });
});
