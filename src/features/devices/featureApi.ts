/**
 * The calls of the device list, the events and the emulator that `src/api/endpoints.ts` does not
 * have yet: a client on the same backend origin (stateless, so one per origin is enough).
 */
import { createApiClient, type ApiClient } from '../../api/client';
import type { Event, Group, Position } from '../../../contract/models';

export interface OsmandFix {
  uniqueId: string;
  latitude: number;
  longitude: number;
  /** seconds since the epoch */
  timestamp: number;
  /** knots */
  speed?: number;
  bearing?: number;
  altitude?: number;
  accuracy?: number;
  /** e.g. `sos`: becomes an alarm event on the server */
  alarm?: string;
}

export function featureEndpoints(api: ApiClient) {
  return {
    groups: (signal?: AbortSignal) => api.json<Group[]>('GET', '/api/groups', { signal }),
    event: (id: number, signal?: AbortSignal) => api.json<Event>('GET', `/api/events/${id}`, { signal }),
    positionsById: (ids: number[], signal?: AbortSignal) => api.json<Position[]>('GET', '/api/positions', { query: { id: ids }, signal }),
    /**
     * One position through the OsmAnd protocol on the web origin (`POST /` with form fields): what
     * a Traccar Client phone app would send. Resolves with the reply body (a queued command or '').
     */
    osmand: async (fix: OsmandFix) => {
      const form = new URLSearchParams({
        id: fix.uniqueId,
        lat: fix.latitude.toFixed(6),
        lon: fix.longitude.toFixed(6),
        timestamp: String(Math.floor(fix.timestamp)),
        valid: 'true',
      });
      if (fix.speed !== undefined) form.set('speed', String(fix.speed));
      if (fix.bearing !== undefined) form.set('bearing', String(fix.bearing));
      if (fix.altitude !== undefined) form.set('altitude', String(fix.altitude));
      if (fix.accuracy !== undefined) form.set('accuracy', String(fix.accuracy));
      if (fix.alarm) form.set('alarm', fix.alarm);
      const response = await api.request('POST', '/', { body: form, accept: 'text/plain, */*' });
      return response.text();
    },
  };
}

export type FeatureEndpoints = ReturnType<typeof featureEndpoints>;

const byOrigin = new Map<string, FeatureEndpoints>();

export function featureApi(backendOrigin: string): FeatureEndpoints {
  let api = byOrigin.get(backendOrigin);
  if (!api) {
    api = featureEndpoints(createApiClient({ origin: backendOrigin }));
    byOrigin.set(backendOrigin, api);
  }
  return api;
}
