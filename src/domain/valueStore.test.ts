import { describe, expect, it, vi } from 'vitest';
import { createListeners, createValueStore } from './valueStore';

describe('the store helper (createListeners)', () => {
  it('tells each listener once, in the order they came, with the arguments', () => {
    const listeners = createListeners<[number, string]>();
    const told: string[] = [];
    listeners.subscribe((n, s) => told.push(`a${n}${s}`));
    const b = (n: number, s: string) => told.push(`b${n}${s}`);
    listeners.subscribe(b);
    listeners.subscribe(b);
    listeners.notify(1, 'x');
    expect(told).toEqual(['a1x', 'b1x']);
    expect(listeners.size).toBe(2);
  });

  it('a listener that leaves or joins while they are told does not change who is told this time', () => {
    const listeners = createListeners();
    const late = vi.fn();
    const second = vi.fn();
    let leave = () => {};
    listeners.subscribe(() => {
      leave();
      listeners.subscribe(late);
    });
    leave = listeners.subscribe(second);
    listeners.notify();
    expect(second).toHaveBeenCalledTimes(1);
    expect(late).not.toHaveBeenCalled();
    listeners.notify();
    expect(second).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledTimes(1);
  });
});

describe('a value store', () => {
  it('tells its listeners of a new value, not of an equal one, and stops when they leave', () => {
    const store = createValueStore(1);
    const listener = vi.fn();
    const leave = store.subscribe(listener);
    store.set(1);
    expect(listener).not.toHaveBeenCalled();
    store.set(2);
    expect(store.get()).toBe(2);
    expect(listener).toHaveBeenCalledTimes(1);
    leave();
    store.set(3);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
