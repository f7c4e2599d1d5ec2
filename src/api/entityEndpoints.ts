import { ApiError, CONNECTION_ERROR, type ApiClient } from './client';
import type { Action, Command, ComputedAttribute, Event, Position, Statistics } from '../../contract/models';
import { resources, type ListParams, type Resource } from './resources';

/** The report calls of `/api/reports/{kind}` (scheduled orders are the `reports` resource). */
export type ReportApi = 'route' | 'events' | 'trips' | 'stops' | 'summary' | 'combined';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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

/**
 * The resource layer's calls: every declared entity through its declaration in `resources.ts`
 * (`list`, `item`, `create`, `update`, `remove`, links through `/api/permissions`), and the
 * other data calls of the signed-in screens. Loaded with them, not with the sign-in page.
 */
export function entityEndpoints(api: ApiClient) {
  return {
    list: <T extends { id: number }>(r: Resource<T>, params: ListParams = {}, signal?: AbortSignal) =>
      api.json<T[]>('GET', r.path, { query: params, signal }),
    item: <T extends { id: number }>(r: Resource<T>, id: number, signal?: AbortSignal) =>
      api.json<T>('GET', `${r.path}/${id}`, { signal }),
    create: <T extends { id: number }>(r: Resource<T>, item: Omit<T, 'id'> | T) => api.json<T>('POST', r.path, { body: { ...item, id: 0 } }),
    update: <T extends { id: number }>(r: Resource<T>, item: T) => api.json<T>('PUT', `${r.path}/${item.id}`, { body: item }),
    remove: <T extends { id: number }>(r: Resource<T>, id: number) => api.json<void>('DELETE', `${r.path}/${id}`),
    permissions: (params: ListParams, signal?: AbortSignal) =>
      api.json<Array<Record<string, number>>>('GET', '/api/permissions', { query: params, signal }),
    link: (permission: Record<string, number>) => api.json<void>('POST', '/api/permissions', { body: permission }),
    unlink: (permission: Record<string, number>) => api.json<void>('DELETE', '/api/permissions', { body: permission }),

    /** A report's rows as JSON (`GET /api/reports/{kind}?deviceId&groupId&from&to…`). */
    report: <T = unknown>(kind: ReportApi, params: ListParams, signal?: AbortSignal) =>
      api.json<T[]>('GET', `/api/reports/${kind}`, { query: params, signal }),
    /** The same report's JSON as bytes, for parsing off the main thread (a day of one-second positions is about 40 MB). */
    reportBytes: async (kind: ReportApi, params: ListParams, signal?: AbortSignal): Promise<ArrayBuffer> =>
      (await api.request('GET', `/api/reports/${kind}`, { query: params, signal })).arrayBuffer(),
    /** The server's spreadsheet of the report (Traccar's), mailed to the signed-in user instead (`mail=true`; 204). */
    reportMail: async (kind: ReportApi, params: ListParams): Promise<void> => {
      await api.request('GET', `/api/reports/${kind}`, { query: { ...params, mail: true }, accept: XLSX_TYPE });
    },
    /** The server's daily counters (`GET /api/statistics?from&to`, administrators). */
    statistics: (params: { from: string; to: string }, signal?: AbortSignal) => api.json<Statistics[]>('GET', '/api/statistics', { query: params, signal }),
    /** Who did what (`GET /api/audit?from&to`, administrators, Traccar 6.9+). */
    audit: (params: { from: string; to: string }, signal?: AbortSignal) => api.json<Action[]>('GET', '/api/audit', { query: params, signal }),
    timezones: (signal?: AbortSignal) => api.json<string[]>('GET', '/api/server/timezones', { signal }),
    /**
     * Restarts the server (`POST /api/server/reboot`, administrators). Resolves once it has taken
     * the reboot: answered (the embedded server), or gone before answering (Traccar exits at once,
     * so the connection drops: the request does not fail for that).
     */
    rebootServer: async (): Promise<void> => {
      try {
        await api.request('POST', '/api/server/reboot');
      } catch (error) {
        if (error instanceof ApiError && error.status === 0) return;
        throw error;
      }
    },
    /**
     * The announcements file as the web server serves it next to the client (`GET /announcements.json`
     * on the page's own origin, never from a cache); null when there is none.
     */
    announcementsFile: async (signal?: AbortSignal): Promise<string | null> => {
      let response: Response;
      try {
        response = await fetch('/announcements.json', { cache: 'no-store', credentials: 'same-origin', headers: { Accept: 'application/json' }, signal });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw new ApiError(CONNECTION_ERROR, 0);
      }
      // none: a 404, or a web server that answers every path with the client's page
      if (response.status === 404 || (response.ok && (response.headers.get('content-type') ?? '').includes('text/html'))) return null;
      if (!response.ok) throw new ApiError(response.statusText || `HTTP ${response.status}`, response.status);
      return response.text();
    },
    /** Stores the whole announcements file (the embedded server's `PUT /api/announcements`; a real Traccar has none: 404 or 405). */
    saveAnnouncementsFile: (file: object) => api.json<unknown>('PUT', '/api/announcements', { body: file }),
    /** The event types a notification can be for (`GET /api/notifications/types`). */
    notificationTypes: async (signal?: AbortSignal) =>
      (await api.json<Array<{ type: string }>>('GET', `${resources.notifications.path}/types`, { signal })).map((t) => t.type),
    /** The ways a notification can be sent (`GET /api/notifications/notificators`: web, mail, sms, …). */
    notificators: async (signal?: AbortSignal) =>
      (await api.json<Array<{ type: string }>>('GET', `${resources.notifications.path}/notificators`, { signal })).map((t) => t.type),
    /** The command types a device supports (`GET /api/commands/types?deviceId=`), or all of them without a device. */
    commandTypes: async (deviceId: number | null, signal?: AbortSignal) =>
      (await api.json<Array<{ type: string }>>('GET', `${resources.commands.path}/types`, { query: deviceId ? { deviceId } : {}, signal })).map((t) => t.type),
    /** Sets a device's total distance (metres) and engine hours (milliseconds) (`PUT /api/devices/{id}/accumulators`). */
    setAccumulators: (deviceId: number, values: { totalDistance?: number; hours?: number }) =>
      api.json<void>('PUT', `${resources.devices.path}/${deviceId}/accumulators`, { body: { deviceId, ...values } }),
    /** The saved commands that can be sent to a device (`GET /api/commands/send?deviceId=`). */
    savedCommandsFor: (deviceId: number, signal?: AbortSignal) =>
      api.json<Command[]>('GET', `${resources.commands.path}/send`, { query: { deviceId }, signal }),
    /**
     * Sends a saved command (its `id`) or a new one to a device or to every device of a group
     * (`POST /api/commands/send`): 'sent' when the device took it now (200), 'queued' when it waits
     * for the device to connect (202).
     */
    sendCommand: async (command: Command, target: { deviceId: number } | { groupId: number }): Promise<'sent' | 'queued'> => {
      const deviceId = 'deviceId' in target ? target.deviceId : 0;
      const query = 'groupId' in target ? { groupId: target.groupId } : {};
      const response = await api.request('POST', `${resources.commands.path}/send`, { query, body: { ...command, deviceId } });
      return response.status === 202 ? 'queued' : 'sent';
    },
    /**
     * A login token that shows one device read-only until `expiration`: `POST /api/share/device`
     * (Traccar 6.13+), or `POST /api/devices/share` on servers that answer the first with 404.
     */
    shareDevice: async (deviceId: number, expiration: Date): Promise<string> => {
      const body = () => new URLSearchParams({ deviceId: String(deviceId), expiration: expiration.toISOString() });
      try {
        return (await api.text('POST', '/api/share/device', { body: body() })).trim();
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 404) throw error;
        return (await api.text('POST', `${resources.devices.path}/share`, { body: body() })).trim();
      }
    },
    /** Sends a test notification to the signed-in user through every notificator (`POST /api/notifications/test`). */
    testNotification: () => api.json<void>('POST', `${resources.notifications.path}/test`),
    /** One position by id (`GET /api/positions?id=`), or null. */
    position: async (id: number, signal?: AbortSignal): Promise<Position | null> => {
      const list = await api.json<Position[]>('GET', resources.positions.path, { query: { id }, signal });
      return Array.isArray(list) ? (list.find((p) => p.id === id) ?? list[0] ?? null) : null;
    },
    event: (id: number, signal?: AbortSignal) => api.json<Event>('GET', `${resources.events.path}/${id}`, { signal }),
    /** Traccar's reverse geocoder (`GET /api/server/geocode`), plain text; only when the server has one. */
    address: async (latitude: number, longitude: number, signal?: AbortSignal): Promise<string> => {
      const response = await api.request('GET', '/api/server/geocode', { query: { latitude, longitude }, accept: 'text/plain, */*', signal });
      return (await response.text()).trim().slice(0, 500);
    },
    /**
     * A computed attribute run on a device's last position (`POST /api/attributes/computed/test`):
     * the result as text ('' when the expression gives nothing); the expression's error is a failure.
     */
    testComputed: (deviceId: number, attribute: ComputedAttribute) =>
      api.text('POST', `${resources.attributes.path}/test`, { query: { deviceId }, body: attribute }),
    /** A device picture (`POST /api/devices/{id}/image`, the file as the body): the stored file name. */
    uploadDeviceImage: (deviceId: number, file: Blob) =>
      api.text('POST', `${resources.devices.path}/${deviceId}/image`, { body: file }),
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

export type EntityEndpoints = ReturnType<typeof entityEndpoints>;
