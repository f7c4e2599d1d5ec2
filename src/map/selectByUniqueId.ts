/**
 * `?uniqueId=` (kept by the session machine): select the device with that unique id once the
 * devices are in the store, once per store and id — coming back to the map later does not
 * select it again.
 */
import type { LiveState, LiveStore } from '../domain/liveStore';

const done = new WeakMap<LiveStore, Set<string>>();

function find(state: LiveState, uniqueId: string): number | null {
  for (const device of state.devices.values()) if (device.uniqueId === uniqueId) return device.id;
  return null;
}

/** Returns a cleanup that stops waiting (when the map page goes away before the devices came). */
export function selectByUniqueIdOnce(store: LiveStore, uniqueId: string | null | undefined): () => void {
  if (!uniqueId) return () => undefined;
  let handled = done.get(store);
  if (!handled) {
    handled = new Set();
    done.set(store, handled);
  }
  if (handled.has(uniqueId)) return () => undefined;
  const seen = handled;
  const trySelect = (state: LiveState): boolean => {
    const id = find(state, uniqueId);
    if (id === null) return false;
    seen.add(uniqueId);
    store.select(id);
    return true;
  };
  if (trySelect(store.getState())) return () => undefined;
  const unsubscribe = store.subscribe((state, change) => {
    if (change.type === 'select') return;
    if (trySelect(state)) unsubscribe();
  });
  return unsubscribe;
}
