import { useSyncExternalStore } from 'react';
import type { Device } from '../../../contract/models';
import type { LivePosition, LiveStore } from '../../domain/liveStore';

/**
 * The selected device and its latest position. Each part is read by identity, so the card
 * re-renders only when the selection, that device or that position changes — not on every
 * update of other devices.
 */
export function useLiveSelection(store: LiveStore): { id: number | null; device: Device | undefined; position: LivePosition | undefined } {
  const id = useSyncExternalStore(store.subscribeDeferred, () => store.getState().selectedId);
  const device = useSyncExternalStore(store.subscribeDeferred, () => (id === null ? undefined : store.getState().devices.get(id)));
  const position = useSyncExternalStore(store.subscribeDeferred, () => (id === null ? undefined : store.getState().positions.get(id)));
  return { id, device, position };
}
