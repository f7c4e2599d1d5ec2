/**
 * The live store's start, in the signed-in side's code (see `liveLoader.ts`): the store, batched
 * per macrotask, with its live-route options kept in step with the session's user and server, and
 * the fleet's state-since tracker (`fleet/stateSince.ts`) following it.
 */
import type { Event } from '../../contract/models';
import { createLiveStore, macrotaskScheduler, type LiveStore } from '../domain/liveStore';
import { routeOptionsFrom } from '../domain/liveRules';
import { startedChild, type AppActor } from '../machines/app/actors';
import type { ApiClient } from '../api/client';
import { entityEndpoints } from '../api/entityEndpoints';
import { startStateSince } from './fleet/stateSince';

export function startLive(app: AppActor, client: ApiClient): LiveStore {
  const live = createLiveStore({ defer: macrotaskScheduler() });
  connectLiveStore(app, live);
  const api = entityEndpoints(client);
  startStateSince(app, live, {
    report: (params, signal) => api.report<Event>('events', params, signal),
    onFocus: (listener) => {
      const onVisible = () => {
        if (document.visibilityState === 'visible') listener();
      };
      document.addEventListener('visibilitychange', onVisible);
      return () => document.removeEventListener('visibilitychange', onVisible);
    },
  });
  return live;
}

/**
 * Keeps the live-route options in step with the session user and server. (Log streaming is the
 * socket machine's: the logs page sends it LOGS, and its `streamLogs` effect switches the store's
 * `includeLogs`.) Returns the unsubscribe.
 */
export function connectLiveStore(app: AppActor, live: LiveStore): () => void {
  const session = startedChild(app.system, 'session');
  let user: unknown;
  let server: unknown;
  const syncRoutes = () => {
    const context = session.getSnapshot().context;
    if (context.user === user && context.server === server) return;
    user = context.user;
    server = context.server;
    live.setRouteOptions(routeOptionsFrom(context.user, context.server));
  };
  syncRoutes();
  const sessionSubscription = session.subscribe(syncRoutes);
  return () => sessionSubscription.unsubscribe();
}
