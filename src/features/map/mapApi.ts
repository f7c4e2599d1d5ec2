/**
 * The calls of the map pages that `src/api/endpoints.ts` does not have yet: one position by id
 * (`GET /api/positions?id=`) and device deletion (`DELETE /api/devices/{id}`). Same client, same
 * backend origin and credentials rules as every other call.
 */
import { createApiClient } from '../../api/client';
import type { Position } from '../../../contract/models';

export function mapApi(backendOrigin: string) {
  const api = createApiClient({ origin: backendOrigin });
  return {
    position: async (id: number, signal?: AbortSignal): Promise<Position | null> => {
      const list = await api.json<Position[]>('GET', '/api/positions', { query: { id }, signal });
      return Array.isArray(list) ? (list.find((p) => p.id === id) ?? list[0] ?? null) : null;
    },
    deleteDevice: (id: number) => api.json<void>('DELETE', `/api/devices/${id}`),
    /** Traccar's reverse geocoder (`GET /api/server/geocode`), plain text; only when the server has one. */
    address: async (latitude: number, longitude: number): Promise<string> => {
      const response = await api.request('GET', '/api/server/geocode', { query: { latitude, longitude }, accept: 'text/plain, */*' });
      return (await response.text()).trim().slice(0, 500);
    },
  };
}

export type MapApi = ReturnType<typeof mapApi>;

export const positionQuery = (api: MapApi, id: number) => ({
  queryKey: ['position', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.position(id, signal),
});
