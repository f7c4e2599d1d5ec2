/**
 * Follow mode: while on, the camera keeps the selected device centred as its position changes
 * (and centres on a device when it becomes selected). The zoom stays where the user put it.
 */
import type { Map as MaplibreMap } from 'maplibre-gl';
import { hasValidCoordinates, type LiveState, type LiveStore } from '../domain/liveStore';

export type FollowMap = Pick<MaplibreMap, 'easeTo'>;

function centre(map: FollowMap, state: LiveState): void {
  const id = state.selectedId;
  const position = id === null ? undefined : state.positions.get(id);
  if (!position || !hasValidCoordinates(position)) return;
  map.easeTo({ center: [position.longitude, position.latitude], duration: 500 });
}

export function attachFollow(map: FollowMap, store: LiveStore): () => void {
  centre(map, store.getState());
  return store.subscribe((state, change) => {
    if (state.selectedId === null) return;
    if (change.slices.has('selection') || (change.slices.has('positions') && change.changedIds.has(state.selectedId))) centre(map, state);
  });
}
