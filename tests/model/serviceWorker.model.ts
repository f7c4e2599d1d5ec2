/**
 * Model spec of the serviceWorker machine: the paths `serviceWorker.model.test.ts` replays, and the source of
 * `docs/statecharts/serviceWorker.paths.md` and of the coverage table on `docs/statecharts/serviceWorker.md`
 * (`npm run statecharts`).
 */
import { fromCallback, type AnyMachineSnapshot } from 'xstate';
import { serviceWorkerMachine, type ServiceWorkerContext } from '../../src/machines/serviceWorker/serviceWorker.machine';
import { coveringPaths, type Effect } from './graph.ts';
import { defineModel } from './spec.ts';

export const effects: Effect[] = [];
export const machine = serviceWorkerMachine.provide({
  // the events the effect would send back are sent by the replay itself
  actors: { worker: fromCallback(() => undefined) },
  actions: {
    checkForUpdate: () => void effects.push(['checkForUpdate', null]),
    skipWaiting: () => void effects.push(['skipWaiting', null]),
    reload: () => void effects.push(['reload', null]),
  },
});

export const ctx = (s: AnyMachineSnapshot) => s.context as ServiceWorkerContext;

export const paths = coveringPaths(machine, {
  events: {
    UNSUPPORTED: {},
    REGISTERED: {},
    REGISTRATION_FAILED: { message: 'SecurityError' },
    OFFLINE_READY: {},
    UPDATE_WAITING: {},
    CONTROLLING: {},
    // a short interval, 0 (no checks), and an attribute that is no number (the default)
    SETTINGS: [{ interval: 1000 }, { interval: 0 }, { interval: 'soon' }],
    REFRESH: {},
    DISMISS: {},
  },
  serializeState: (s) => JSON.stringify([s.value, ctx(s).interval, ctx(s).offlineReady, ctx(s).dismissed, ctx(s).error]),
});

export const model = defineModel(serviceWorkerMachine, { paths });
