/**
 * The names events are shown with (`eventSubjects.ts`): the geofences, maintenance and drivers the
 * person can see, each list loaded once (TanStack Query keeps it by its resource's key, shared with
 * the settings screens, and a change made there refreshes it). Until a list arrives, or where the
 * server refuses it, events read as their type alone.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { resources } from '../../api/resources';
import { useData } from '../app/data';
import { subjectsFrom, type EventSubjects } from './eventSubjects';

/** Lists of names change rarely: a list is fetched once and refreshed by its own mutations. */
const NAMES_STALE_MS = 5 * 60_000;

export function useEventSubjects(): EventSubjects {
  const { queries } = useData();
  const geofences = useQuery({ ...queries.list(resources.geofences), staleTime: NAMES_STALE_MS });
  const maintenance = useQuery({ ...queries.list(resources.maintenance), staleTime: NAMES_STALE_MS });
  const drivers = useQuery({ ...queries.list(resources.drivers), staleTime: NAMES_STALE_MS });
  return useMemo(
    () => subjectsFrom({ geofences: geofences.data, maintenance: maintenance.data, drivers: drivers.data }),
    [geofences.data, maintenance.data, drivers.data],
  );
}
