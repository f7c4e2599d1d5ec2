import type { Endpoints } from './endpoints';
import type { EntityEndpoints } from './entityEndpoints';
import { isSessionListKey, keys, resources, type ListParams, type Resource } from './resources';
import { ANNOUNCEMENT_FILE_MESSAGES, parseAnnouncementFile, parseAnnouncementFileText, type AnnouncementFileResult } from '../domain/announcements';

type Fn<T> = (context: { signal: AbortSignal }) => Promise<T>;

/** A session list's cache options: fresh until its own edits or a reconnect say otherwise, kept while nothing reads it. */
export const SESSION_LIST_OPTIONS = { staleTime: Infinity, gcTime: Infinity } as const;

/**
 * For a screen that shows a list's rows themselves (a settings list, the geofence editor): what the
 * cache holds at once, then fetched again on opening, so an edit made elsewhere (another browser, the
 * API) shows. Readers that need names only keep the session's copy.
 */
export const SCREEN_LIST_OPTIONS = { refetchOnMount: 'always' } as const;

/**
 * Query option factories, derived from the resource declarations: loaders call
 * `ensureQueryData`, components `useQuery` with the same options. Plain objects (no import of
 * TanStack Query here) so the login route's bundle does not carry the query library.
 */
export function queries(api: EntityEndpoints & Pick<Endpoints, 'server' | 'totpKey'>) {
  return {
    /**
     * A list. Without parameters, a session list (`SESSION_LISTS`) is the session's: kept for the
     * whole session and never stale by time (its own edits and each socket reconnect keep it fresh),
     * so a screen that reads it shows what is loaded and does not fetch its own copy.
     */
    list: <T extends { id: number }>(r: Resource<T>, params: ListParams = {}) => ({
      queryKey: keys.list(r, params),
      queryFn: (({ signal }) => api.list(r, params, signal)) as Fn<T[]>,
      ...(isSessionListKey(keys.list(r, params)) ? SESSION_LIST_OPTIONS : {}),
    }),
    item: <T extends { id: number }>(r: Resource<T>, id: number) => ({
      queryKey: keys.item(r, id),
      queryFn: (({ signal }) => api.item(r, id, signal)) as Fn<T>,
    }),
    /** One position by id through `GET /api/positions?id=` (the list call Traccar offers). */
    position: (id: number) => ({ queryKey: keys.item(resources.positions, id), queryFn: (({ signal }) => api.position(id, signal)) as Fn<Awaited<ReturnType<EntityEndpoints['position']>>> }),
    event: (id: number) => ({ queryKey: keys.item(resources.events, id), queryFn: (({ signal }) => api.event(id, signal)) as Fn<Awaited<ReturnType<EntityEndpoints['event']>>> }),
    permissions: (params: ListParams) => ({ queryKey: keys.permissions(params), queryFn: (({ signal }) => api.permissions(params, signal)) as Fn<Array<Record<string, number>>> }),
    server: () => ({ queryKey: keys.server(), queryFn: (({ signal }) => api.server(signal)) as Fn<Awaited<ReturnType<Endpoints['server']>>> }),
    timezones: () => ({ queryKey: keys.timezones(), queryFn: (({ signal }) => api.timezones(signal)) as Fn<string[]>, staleTime: Infinity }),
    address: (latitude: number, longitude: number) => ({
      queryKey: keys.address(latitude, longitude),
      queryFn: (({ signal }) => api.address(latitude, longitude, signal)) as Fn<string>,
      staleTime: Infinity,
    }),
    notificationTypes: () => ({ queryKey: keys.notificationTypes(), queryFn: (({ signal }) => api.notificationTypes(signal)) as Fn<string[]>, staleTime: Infinity }),
    commandTypes: (deviceId: number | null = null) => ({
      queryKey: keys.commandTypes(deviceId),
      queryFn: (({ signal }) => api.commandTypes(deviceId, signal)) as Fn<string[]>,
      staleTime: Infinity,
    }),
    savedCommandsFor: (deviceId: number) => ({
      queryKey: keys.savedCommandsFor(deviceId),
      queryFn: (({ signal }) => api.savedCommandsFor(deviceId, signal)) as Fn<Awaited<ReturnType<EntityEndpoints['savedCommandsFor']>>>,
    }),
    notificators: () => ({ queryKey: keys.notificators(), queryFn: (({ signal }) => api.notificators(signal)) as Fn<string[]>, staleTime: Infinity }),
    statistics: (params: { from: string; to: string }) => ({
      queryKey: keys.statistics(params),
      queryFn: (({ signal }) => api.statistics(params, signal)) as Fn<Awaited<ReturnType<EntityEndpoints['statistics']>>>,
    }),
    audit: (params: { from: string; to: string }) => ({
      queryKey: keys.audit(params),
      queryFn: (({ signal }) => api.audit(params, signal)) as Fn<Awaited<ReturnType<EntityEndpoints['audit']>>>,
    }),
    totpKey: () => ({ queryKey: keys.totpKey(), queryFn: (() => api.totpKey()) as Fn<string>, staleTime: Infinity }),
    /**
     * The announcements file, read afresh each time it is asked for (staleTime 0): parsed
     * defensively (what is dropped is named); none on the server is an empty file. A file that is
     * not one fails with the spec's English text ('Invalid announcements file format', 'Error reading file').
     */
    announcements: () => ({
      queryKey: keys.announcements(),
      queryFn: (async ({ signal }) => {
        const text = await api.announcementsFile(signal);
        const result = text === null ? parseAnnouncementFile({ announcements: [] }) : parseAnnouncementFileText(text);
        if (!result.ok) throw new Error(ANNOUNCEMENT_FILE_MESSAGES[result.problem]);
        return result;
      }) as Fn<Extract<AnnouncementFileResult, { ok: true }>>,
      staleTime: 0,
    }),
  };
}

export type Queries = ReturnType<typeof queries>;
