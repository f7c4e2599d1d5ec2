import { useMemo } from 'react';
import type { Event } from '../../../contract/models';
import { byEventTimeNewestFirst } from '../../domain/eventRules';
import type { LiveState } from '../../domain/liveStore';
import { useLive } from '../../shared/useLive';

const selectEvents = (state: LiveState): readonly Event[] => state.events;

/** The live events (at most 50), newest first by event time (the store keeps them by arrival). */
export function useEvents(): readonly Event[] {
  const events = useLive(selectEvents);
  return useMemo(() => byEventTimeNewestFirst(events), [events]);
}
