/**
 * Each device's fleet state and since when, for the list, the card, the map's markers and whoever
 * else shows "Idle 12 min": one tracker per live store (`createStateTracker`), started with it
 * (`startStateSince`, from `liveStart.ts`), read with `useStateSince(deviceId)`.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { createActor } from 'xstate';
import type { Event } from '../../../contract/models';
import type { LiveStore } from '../../domain/liveStore';
import { fleetThresholds } from '../../domain/fleetState';
import { periodRange } from '../../domain/reportFilter';
import { preference } from '../../domain/permissions';
import { preferredTimeZone } from '../../domain/timeZone';
import { startedChild, type AppActor } from '../../machines/app/actors';
import { provideFleetSeedEffects } from '../../machines/fleetSeed/fleetSeed.effects';
import { useServices } from '../services';
import { createStateTracker, type StateSince, type StateTracker } from './stateTracker';
import { loadStateEvents, type EventsReport } from './seedEvents';

export type { StateSince } from './stateTracker';

const trackers = new WeakMap<LiveStore, StateTracker>();

/** Makes `tracker` the one `useStateSince` reads for `live` (the app: `startStateSince`; tests: their own). */
export function registerStateTracker(live: LiveStore, tracker: StateTracker): void {
  trackers.set(live, tracker);
}

/** The tracker started with `live`, if any. */
export function stateTrackerOf(live: LiveStore): StateTracker | undefined {
  return trackers.get(live);
}

const NO_SUBSCRIPTION = () => () => {};

/** The device's fleet state and since when (undefined for a device the live store does not hold). */
export function useStateSince(deviceId: number): StateSince | undefined {
  const tracker = stateTrackerOf(useServices().live);
  const subscribe = useCallback(
    (listener: () => void) => (tracker ? tracker.subscribeId(deviceId, listener) : NO_SUBSCRIPTION()),
    [tracker, deviceId],
  );
  const get = () => tracker?.get(deviceId);
  return useSyncExternalStore(subscribe, get, get);
}

export interface StateSinceDependencies {
  /** Traccar's events report as JSON (`/api/reports/events`). */
  report: EventsReport;
  /** The page's focus coming back: a failed seeding tries again. Returns the unsubscribe. */
  onFocus?: (listener: () => void) => () => void;
  now?: () => number;
}

/**
 * Starts the tracker of `live` for the page's life: thresholds from the server's attributes, and
 * the `fleetSeed` machine seeding from today's events, in the user's time zone, after every load.
 */
export function startStateSince(app: AppActor, live: LiveStore, dependencies: StateSinceDependencies): StateTracker {
  const now = dependencies.now ?? Date.now;
  const session = startedChild(app.system, 'session');
  const tracker = createStateTracker(live, { now, thresholds: fleetThresholds(session.getSnapshot().context.server?.attributes) });
  let server: unknown = session.getSnapshot().context.server;
  session.subscribe((snapshot) => {
    if (snapshot.context.server === server) return;
    server = snapshot.context.server;
    tracker.setThresholds(fleetThresholds(snapshot.context.server?.attributes));
  });
  const seeding = createActor(
    provideFleetSeedEffects({
      seed: async (signal) => {
        const ids = tracker.needsSeed();
        if (ids.length === 0) return;
        const { user, server: current } = session.getSnapshot().context;
        const zone = preferredTimeZone(preference('timezone', user, current, ''));
        const range = periodRange('today', now(), zone, 'en');
        await loadStateEvents(dependencies.report, ids, range, (chunk, events: readonly Event[]) => tracker.seed(chunk, events), { signal });
      },
    }),
  ).start();
  tracker.onNeedsSeed(() => seeding.send({ type: 'SEED' }));
  dependencies.onFocus?.(() => seeding.send({ type: 'FOCUS' }));
  if (tracker.needsSeed().length > 0) seeding.send({ type: 'SEED' });
  registerStateTracker(live, tracker);
  return tracker;
}
