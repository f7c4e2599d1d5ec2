import type { Event } from '../../../contract/models';
import type { LiveState } from '../../domain/liveStore';
import { useLive } from '../devices/useLive';

const selectEvents = (state: LiveState): readonly Event[] => state.events;

/** The live events, newest first (at most 50). */
export function useEvents(): readonly Event[] {
  return useLive(selectEvents);
}
