import { queryOptions } from '@tanstack/react-query';
import type { Endpoints } from './endpoints';

/** Query option factories: loaders call `ensureQueryData`, components the same options. */
export function queries(api: Endpoints) {
  return {
    devices: () => queryOptions({ queryKey: ['devices'], queryFn: ({ signal }) => api.devices({}, signal) }),
    positions: () => queryOptions({ queryKey: ['positions'], queryFn: ({ signal }) => api.positions(signal) }),
  };
}

export type Queries = ReturnType<typeof queries>;
