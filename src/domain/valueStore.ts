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
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
