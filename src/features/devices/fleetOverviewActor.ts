/**
 * The one fleet overview machine of the signed-in app, shared by whoever shows its figures or filters
 * by them (the `/fleet` page, the overview in the device panel, the list filtered by maintenance):
 * each sends VIEW while it is on screen and LEAVE when it goes (`useFleetOverviewActor`), so the
 * reports are loaded once for all of them and not at all when no one looks.
 */
import { useEffect } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { provideFleetOverviewEffects } from '../../machines/fleetOverview/fleetOverview.effects';
import type { FleetOverviewMachine } from '../../machines/fleetOverview/fleetOverview.machine';
import { resources } from '../../api/resources';
import { dataFor } from '../../shared/data';
import { useServices, type Services } from '../../shared/services';
import { selectServer, selectUser } from '../../machines/session/selectors';
import { preference } from '../../domain/permissions';
import { preferredTimeZone } from '../../domain/timeZone';

export type FleetOverviewActor = ActorRefFrom<FleetOverviewMachine>;

/** One per app and signed-in user: another user signing in on the page starts afresh. */
const actors = new WeakMap<Services, { userId: number | null; actor: FleetOverviewActor }>();

function watchFocus(onFocus: () => void): () => void {
  const visible = () => {
    if (document.visibilityState === 'visible') onFocus();
  };
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', visible);
  return () => {
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', visible);
  };
}

/** The app's overview actor (created and started on first use). */
export function fleetOverviewActorOf(services: Services): FleetOverviewActor {
  const userId = selectUser(services.session.getSnapshot())?.id ?? null;
  const entry = actors.get(services);
  if (entry && entry.userId === userId) return entry.actor;
  entry?.actor.stop();
  {
    const { entities } = dataFor(services);
    const machine = provideFleetOverviewEffects({
      report: (kind, params) => entities.report(kind, params),
      maintenance: (params) => entities.list(resources.maintenance, params),
      groups: () => entities.list(resources.groups),
      devices: () => services.live.getState().devices.values(),
      now: () => Date.now(),
      timeZone: () => {
        const snapshot = services.session.getSnapshot();
        return preferredTimeZone(preference('timezone', selectUser(snapshot), selectServer(snapshot), ''));
      },
      watchFocus,
    });
    const actor = createActor(machine, services.inspect ? { inspect: services.inspect } : {}).start();
    actors.set(services, { userId, actor });
    return actor;
  }
}

/** The overview actor, looked at while the calling component is mounted and `active`. */
export function useFleetOverviewActor(active = true): FleetOverviewActor {
  const services = useServices();
  const actor = fleetOverviewActorOf(services);
  useEffect(() => {
    if (!active) return;
    actor.send({ type: 'VIEW' });
    return () => actor.send({ type: 'LEAVE' });
  }, [actor, active]);
  return actor;
}
