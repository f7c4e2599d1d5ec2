import { useSyncExternalStore } from 'react';
import { createListeners, type Listeners } from '../domain/valueStore';

/**
 * Shared clocks for relative times, one per period: every subscriber of a period re-renders
 * together (30 s for the device list's "2 min ago", 1 s for the connection's "positions 40 s old").
 */
interface Clock {
  now: number;
  readonly listeners: Listeners<[]>;
  timer: ReturnType<typeof setInterval> | null;
  readonly subscribe: (listener: () => void) => () => void;
  readonly getNow: () => number;
}

const clocks = new Map<number, Clock>();

function clockOf(periodMs: number): Clock {
  const existing = clocks.get(periodMs);
  if (existing) return existing;
  const clock: Clock = {
    now: Date.now(),
    listeners: createListeners(),
    timer: null,
    subscribe(listener) {
      const leave = clock.listeners.subscribe(listener);
      if (clock.timer === null) {
        clock.now = Date.now();
        clock.timer = setInterval(() => {
          clock.now = Date.now();
          clock.listeners.notify();
        }, periodMs);
      }
      return () => {
        leave();
        if (clock.listeners.size === 0 && clock.timer !== null) {
          clearInterval(clock.timer);
          clock.timer = null;
        }
      };
    },
    getNow: () => clock.now,
  };
  clocks.set(periodMs, clock);
  return clock;
}

/** The current time, renewed every `periodMs` (default 30 s) while a component reads it. */
export function useNow(periodMs = 30_000): number {
  const clock = clockOf(periodMs);
  return useSyncExternalStore(clock.subscribe, clock.getNow, clock.getNow);
}
