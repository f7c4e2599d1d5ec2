/**
 * `?uniqueId=` (kept by the session machine): select the device with that unique id, once per
 * store and id — coming back to the map later does not select it again.
 *
 * The device is looked for in the store (the fleet's load brings the user's devices); when the
 * fleet is in and the device is not among them (created or shared after the load, or a load that
 * failed), the server is asked (`GET /api/devices?uniqueId=`, Traccar's direct lookup within the
 * caller's permissions). A device found there goes into the store with its last position, through
 * the store's one writer, and is selected; one found nowhere is said (`notFound`).
 */
import type { Device, Position } from '../../contract/models';
import type { LiveState, LiveStore } from '../domain/liveStore';

/** How a device missing from the store is looked for (the map page provides it). */
export interface UniqueIdLookup {
  /** Resolves once the fleet's first load is done (at once when it is). */
  fleetLoaded(signal: AbortSignal): Promise<void>;
  /** The device with that unique id the server lets this user see (`GET /api/devices?uniqueId=`), with its last position; null when none. */
  find(uniqueId: string, signal: AbortSignal): Promise<{ device: Device; position: Position | null } | null>;
  /** Puts a found device (and its position) into the store, through its one writer. */
  deliver(device: Device, position: Position | null): void;
  /** No device has that unique id (or the server could not be asked). */
  notFound(uniqueId: string): void;
}

const done = new WeakMap<LiveStore, Set<string>>();

function find(state: LiveState, uniqueId: string): number | null {
  for (const device of state.devices.values()) if (device.uniqueId === uniqueId) return device.id;
  return null;
}

/** Returns a cleanup that stops waiting (when the map page goes away before the device came). */
export function selectByUniqueIdOnce(store: LiveStore, uniqueId: string | null | undefined, lookup?: UniqueIdLookup): () => void {
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
  const abort = new AbortController();
  const unsubscribe = store.subscribe((state, change) => {
    // only a change of the devices can bring the one asked for (not a batch of positions)
    if (!change.reset && !change.slices.has('devices')) return;
    if (trySelect(state)) stop();
  });
  const stop = () => {
    unsubscribe();
    abort.abort();
  };
  if (lookup) {
    const { signal } = abort;
    void (async () => {
      await lookup.fleetLoaded(signal);
      if (signal.aborted || seen.has(uniqueId)) return;
      let found: Awaited<ReturnType<UniqueIdLookup['find']>> = null;
      try {
        found = await lookup.find(uniqueId, signal);
      } catch {
        found = null;
      }
      if (signal.aborted || seen.has(uniqueId)) return;
      if (found) {
        // the store takes it in, and the subscription selects it
        lookup.deliver(found.device, found.position);
        if (!seen.has(uniqueId)) trySelect(store.getState());
      } else {
        seen.add(uniqueId);
        lookup.notFound(uniqueId);
      }
      stop();
    })();
  }
  return stop;
}
