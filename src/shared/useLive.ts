import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { LiveState, LiveStore } from '../domain/liveStore';
import { useServices } from './services';

/**
 * Reads a slice of the live store: the component re-renders only when `selector`'s result changes
 * (by `isEqual`, default `Object.is`). The last result is memoised per store state, so a position
 * update re-renders the rows whose device changed, not the list.
 */
export function useLive<T>(
  selector: (state: LiveState) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
  store?: LiveStore,
): T {
  const services = useServices();
  const live = store ?? services.live;
  const memo = useRef<{ state: LiveState; value: T; selector: (state: LiveState) => T } | null>(null);
  const getSnapshot = useCallback(() => {
    const state = live.getState();
    const previous = memo.current;
    if (previous && previous.state === state && previous.selector === selector) return previous.value;
    const next = selector(state);
    if (previous && isEqual(previous.value, next)) {
      memo.current = { state, value: previous.value, selector };
      return previous.value;
    }
    memo.current = { state, value: next, selector };
    return next;
  }, [live, selector, isEqual]);
  // Deferred: React renders a change in a task of its own, after the map layers drew it.
  const subscribe = useCallback((onChange: () => void) => live.subscribeDeferred(onChange), [live]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** The name of a device from the live store (the whole fleet is there), or null when it is not known. */
export function useDeviceName(deviceId: number | undefined): string | null {
  return useLive(useCallback((state: LiveState) => (deviceId === undefined ? null : (state.devices.get(deviceId)?.name ?? null)), [deviceId]));
}
