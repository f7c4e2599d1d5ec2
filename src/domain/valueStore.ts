/**
 * One value that a part of the page writes and other parts read without a React render of their
 * common parent: the chart's cursor and visible range, the moment under the chart's pointer that the
 * map draws, the moment a row or the replay's clock marks on the chart. `useSyncExternalStore` reads
 * it where a component must render; plain listeners (a map marker, a line on the chart) follow it
 * directly.
 */
export interface ValueStore<T> {
  get(): T;
  /** a value equal (`Object.is`) to the current one notifies nobody */
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function createValueStore<T>(initial: T): ValueStore<T> {
  let value = initial;
  const listeners = createListeners();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      listeners.notify();
    },
    subscribe: listeners.subscribe,
  };
}

/**
 * The listeners of a store made by hand (the one helper every store of the client uses): added,
 * removed by what `subscribe` returns (the same function twice is one listener), told in the order
 * they came with `notify`'s arguments. A listener that leaves or joins while they are told does not
 * change who is told this time.
 */
export interface Listeners<A extends unknown[]> {
  subscribe(listener: (...args: A) => void): () => void;
  notify(...args: A): void;
  /** how many listen now */
  readonly size: number;
}

export function createListeners<A extends unknown[] = []>(): Listeners<A> {
  const listeners = new Set<(...args: A) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    notify(...args) {
      for (const listener of [...listeners]) listener(...args);
    },
    get size() {
      return listeners.size;
    },
  };
}
