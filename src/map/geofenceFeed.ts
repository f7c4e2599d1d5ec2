/**
 * The geofences a map draws: a tiny store with one writer (the page that owns the geofences
 * query) and any number of readers (the geofences layer, re-attached on every style load).
 * `set` with the same array is a no-op, so a re-render that hands over the same query data
 * sends nothing to the map; `hide` (the editor's open geofence) changes a filter only.
 */
import type { Geofence } from '../../contract/models';
import { createListeners } from '../domain/valueStore';

export interface GeofenceFeed {
  get(): readonly Geofence[];
  set(list: readonly Geofence[]): void;
  /** the geofence not to draw (the one on the editor's tool), or null */
  hidden(): number | null;
  /** hides one geofence (a filter on the map: the list is not sent to the map again) */
  hide(id: number | null): void;
  subscribe(listener: (list: readonly Geofence[]) => void): () => void;
}

export function createGeofenceFeed(initial: readonly Geofence[] = []): GeofenceFeed {
  let list = initial;
  let hiddenId: number | null = null;
  const listeners = createListeners<[list: readonly Geofence[]]>();
  return {
    get: () => list,
    hidden: () => hiddenId,
    hide(id) {
      if (id === hiddenId) return;
      hiddenId = id;
      listeners.notify(list);
    },
    set(next) {
      if (next === list) return;
      list = next;
      listeners.notify(list);
    },
    subscribe: listeners.subscribe,
  };
}
