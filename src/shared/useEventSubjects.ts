/**
 * The names events are shown with (`eventSubjects.ts`): the geofences, maintenance and drivers the
 * person can see, as the session holds them (`src/shared/sessionLists.ts`: loaded once after
 * the first map is drawn, kept fresh by this client's edits and by each socket reconnect). Until a
 * list arrives, or where the server refuses it, events read as their type alone (a driver as the
 * identifier it reported).
 */
import { useMemo } from 'react';
import { resources } from '../api/resources';
import { useSessionList } from './sessionLists';
import { subjectsFrom, type EventSubjects } from './eventSubjects';

export function useEventSubjects(): EventSubjects {
  const geofences = useSessionList(resources.geofences);
  const maintenance = useSessionList(resources.maintenance);
  const drivers = useSessionList(resources.drivers);
  return useMemo(
    () => subjectsFrom({ geofences: geofences.data, maintenance: maintenance.data, drivers: drivers.data }),
    [geofences.data, maintenance.data, drivers.data],
  );
}
