import type { Endpoints } from './endpoints';

/**
 * Query option factories: loaders call `ensureQueryData`, components `useQuery` with the same
 * options. Plain objects (no import of TanStack Query here) so the login route's bundle does not
 * carry the query library.
 */
export function queries(api: Endpoints) {
  return {
    devices: () => ({ queryKey: ['devices'] as const, queryFn: ({ signal }: { signal: AbortSignal }) => api.devices({}, signal) }),
    positions: () => ({ queryKey: ['positions'] as const, queryFn: ({ signal }: { signal: AbortSignal }) => api.positions(signal) }),
  };
}

export type Queries = ReturnType<typeof queries>;
