/**
 * The session lists (spec §3, §7): geofences, groups, drivers, maintenance and calendars, declared
 * in the resource layer (`SESSION_LISTS` in `src/api/resources.ts`, their query options in
 * `src/api/queries.ts`). This module is their cache wiring:
 *
 * - **Loaded once per session, after the first map is drawn**: the map page calls `load()` when
 *   its map has painted (`MapView`'s `onDrawn`), so the five requests never compete with sign-in
 *   to map; a page without the map loads them at its first idle moment (the shell,
 *   `useSessionListsLoading`). A list a screen needs at once (a settings list, a form's select)
 *   is fetched by that screen's query when it is not in the cache yet, and is then the same entry.
 * - **Kept fresh** by this client's own edits (`src/api/mutations.ts` puts a saved item in its list
 *   and takes a removed one out) and **refetched after each socket reconnect** (the socket carries
 *   devices, positions, events and logs, none of these lists: what changed while it was down is
 *   missed otherwise). Nothing refetches them by time.
 * - **Forgotten when a new session begins** (the socket starts again after a sign-out or an expired
 *   session): a person signing in never sees the lists of the one before. They are not removed at
 *   the sign-out itself: the shell's queries would fetch them again, signed out, while it closes.
 *
 * No flow of its own: it follows the socket machine's states (a reconnect is `open` after
 * `closed`), and what it holds is TanStack Query's cache. Readers that decorate a page with names
 * (the map's geofences, the event titles, the device card's driver) wait for the load
 * (`useSessionList`): they never fetch a list themselves.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { keys, resources, SESSION_LISTS, type Resource, type SessionListResource } from '../api/resources';
import type { Queries } from '../api/queries';
import type { SocketSnapshot } from '../machines/socket/selectors';
import { whenIdle } from '../ui/pageTiming';
import { useData } from './data';
import { createListeners } from '../domain/valueStore';

/** A page without the map loads the lists at its first idle moment, this long after it at the latest (ms). */
export const LISTS_IDLE_MS = 2_000;
/** On the map page, the lists load when the map is drawn, or this long after the page opened when it is not (no WebGL…) (ms). */
export const LISTS_LATEST_MS = 10_000;

/** The part of the socket actor the lists follow. */
export interface SocketLike {
  getSnapshot(): Pick<SocketSnapshot, 'hasTag' | 'matches'>;
  subscribe(observer: (snapshot: Pick<SocketSnapshot, 'hasTag' | 'matches'>) => void): { unsubscribe(): void };
}

export interface SessionLists {
  /** Whether this session's lists have been asked for (readers wait until then). */
  readonly loaded: boolean;
  /** Loads every session list the cache does not hold yet; once per session (later calls do nothing). */
  load(): void;
  /** Refetches every session list in the cache (after a socket reconnect). */
  refetch(): Promise<void>;
  /** Drops the lists (a new session begins): the next `load` asks for them again. */
  forget(): void;
  /** Tells `listener` when `loaded` changes. */
  subscribe(listener: () => void): () => void;
  /**
   * Follows the socket: refetch after each reconnect, forget when a new session starts. One
   * socket per lists (a second call returns the first one's stop).
   */
  follow(socket: SocketLike): () => void;
}

type SessionListsClient = Pick<QueryClient, 'prefetchQuery' | 'invalidateQueries' | 'removeQueries'>;

export function createSessionLists(client: SessionListsClient, queries: Queries): SessionLists {
  let loaded = false;
  const listeners = createListeners();
  const setLoaded = (value: boolean) => {
    if (loaded === value) return;
    loaded = value;
    listeners.notify();
  };
  let following: (() => void) | null = null;

  const lists: SessionLists = {
    get loaded() {
      return loaded;
    },
    load() {
      if (loaded) return;
      setLoaded(true);
      // a failure is the query's state: a screen that reads the list shows it, a reconnect retries it
      for (const r of SESSION_LISTS) void client.prefetchQuery(queries.list(r as Resource<{ id: number }>));
    },
    async refetch() {
      // every one the cache holds, read or not: they are the session's
      await Promise.all(SESSION_LISTS.map((r) => client.invalidateQueries({ queryKey: keys.list(r), exact: true, refetchType: 'all' })));
    },
    forget() {
      for (const r of SESSION_LISTS) client.removeQueries({ queryKey: keys.all(r) });
      setLoaded(false);
    },
    subscribe: listeners.subscribe,
    follow(socket) {
      if (following) return following;
      const signedIn = (snapshot: Pick<SocketSnapshot, 'matches'>) => !snapshot.matches({ connection: 'idle' }) && !snapshot.matches({ connection: 'stopped' });
      const first = socket.getSnapshot();
      let session = signedIn(first);
      // closed since the socket was last open: the next open is a reconnect
      let dropped = first.hasTag('offline');
      const subscription = socket.subscribe((snapshot) => {
        if (!signedIn(snapshot)) {
          session = false;
          return;
        }
        if (!session) {
          // a new session: nothing of the one before
          session = true;
          dropped = false;
          lists.forget();
        }
        if (snapshot.hasTag('offline')) dropped = true;
        else if (snapshot.hasTag('online') && dropped) {
          dropped = false;
          void lists.refetch();
        }
      });
      following = () => {
        subscription.unsubscribe();
        following = null;
      };
      return following;
    },
  };
  return lists;
}

const byClient = new WeakMap<object, SessionLists>();

/** The session lists of a query client (one per app: the signed-in shell's). */
export function sessionListsOf(client: QueryClient, queries: Queries): SessionLists {
  let lists = byClient.get(client);
  if (!lists) {
    lists = createSessionLists(client, queries);
    byClient.set(client, lists);
  }
  return lists;
}

/** This app's session lists (inside the query client's provider). */
export function useSessionLists(): SessionLists {
  return sessionListsOf(useQueryClient(), useData().queries);
}

/** Whether the session's lists have been asked for. */
export function useSessionListsLoaded(): boolean {
  const lists = useSessionLists();
  return useSyncExternalStore(lists.subscribe, () => lists.loaded, () => lists.loaded);
}

/**
 * A session list as the session holds it, for what decorates a page with names: nothing until the
 * lists are loaded (after the first map is drawn); never a fetch of its own before that.
 */
export function useSessionList<T extends { id: number }>(r: Resource<T> & { name: SessionListResource['name'] }) {
  const { queries } = useData();
  const loaded = useSessionListsLoaded();
  return useQuery({ ...queries.list(r), enabled: loaded });
}

/**
 * The shell's part (inside the query client's provider): the lists follow the socket for the app's
 * life (a reconnect refetches them, a new session forgets the last one's), and load at the first
 * idle moment of a page without the map; on the map page its first drawing loads them
 * (`MapPage`), `LISTS_LATEST_MS` after it opened at the latest.
 */
export function SessionListsLoading({ onMapPage, socket }: { onMapPage: boolean; socket: SocketLike }): null {
  const lists = useSessionLists();
  const loaded = useSessionListsLoaded();
  // no unfollow on unmount: the shell goes at a sign-out, and the next sign-in must be seen to forget this session's lists
  useEffect(() => void lists.follow(socket), [lists, socket]);
  useEffect(() => {
    if (loaded) return undefined;
    if (onMapPage) {
      const timer = setTimeout(() => lists.load(), LISTS_LATEST_MS);
      return () => clearTimeout(timer);
    }
    return whenIdle(() => lists.load(), LISTS_IDLE_MS);
  }, [lists, loaded, onMapPage]);
  return null;
}
