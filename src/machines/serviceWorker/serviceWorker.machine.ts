import { assign, fromCallback, setup, type EventObject } from 'xstate';

/** `serviceWorkerUpdateInterval` when the server names none: an update check every hour. */
export const DEFAULT_UPDATE_INTERVAL = 3_600_000;
/** How long the waiting worker may take to take control after REFRESH before the page reloads anyway. */
export const ACTIVATION_TIMEOUT = 10_000;

/**
 * The server attribute `serviceWorkerUpdateInterval` as milliseconds: a number or a numeric string
 * (attributes typed in the settings screen may be either), 0 or more; anything else is the default.
 * 0 disables the periodic checks.
 */
export function updateIntervalFrom(value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(number) && number >= 0 ? Math.floor(number) : DEFAULT_UPDATE_INTERVAL;
}

/** What the registration effect (the `worker` actor) reports, from workbox-window's events. */
export type WorkerEvent =
  /** No service worker here: the browser has none, or a development build. */
  | { type: 'UNSUPPORTED' }
  /** `navigator.serviceWorker.register` answered. */
  | { type: 'REGISTERED' }
  | { type: 'REGISTRATION_FAILED'; message: string }
  /** The first worker installed: the shell is precached, the app opens offline. */
  | { type: 'OFFLINE_READY' }
  /** A new worker installed and waits for the pages of the old one (a new build). */
  | { type: 'UPDATE_WAITING' }
  /** The waiting worker took control of this page. */
  | { type: 'CONTROLLING' }
  /** The session's server attribute `serviceWorkerUpdateInterval` as it came (read with `updateIntervalFrom`). */
  | { type: 'SETTINGS'; interval: unknown };

export type ServiceWorkerEvent =
  | WorkerEvent
  /** The prompt's Refresh: activate the new worker and reload. */
  | { type: 'REFRESH' }
  /** The prompt's dismiss button: keep the running version for now. */
  | { type: 'DISMISS' };

export interface ServiceWorkerContext {
  /** Milliseconds between update checks; 0: none. */
  interval: number;
  /** The shell is precached (the first install finished). */
  offlineReady: boolean;
  /** The person dismissed the prompt for the waiting worker (a newer one prompts again). */
  dismissed: boolean;
  /** Why the registration failed. */
  error: string | null;
}

/**
 * The service worker's lifecycle as the page sees it, a child of the root actor. The `worker`
 * actor (provided at the composition root) registers `/sw.js` after the first paint through
 * workbox-window and reports back; the machine decides when to check for updates, when to prompt,
 * and when to reload. It touches no browser object: `checkForUpdate`, `skipWaiting` and `reload`
 * are named effects.
 *
 * `registering` → `idle` (offline-ready noted in context) → an update waits → `updateAvailable`
 * (the prompt) → REFRESH → `activating` (the waiting worker is told to skip waiting) → it
 * controls the page (or 10 s pass) → `reloading`. DISMISS goes back to `idle` remembering it.
 * In `idle`, an update check every `interval` ms (a delayed self-transition), none when 0.
 */
export const serviceWorkerMachine = setup({
  types: {
    context: {} as ServiceWorkerContext,
    events: {} as ServiceWorkerEvent,
  },
  actors: {
    /** Registers `/sw.js` (workbox-window) and sends back what happens to it; sends SETTINGS from the session's server. */
    worker: fromCallback<EventObject, void, WorkerEvent>(() => undefined),
  },
  actions: {
    /** Ask the browser to fetch `/sw.js` again (`registration.update()`). */
    checkForUpdate: () => {},
    /** Tell the waiting worker to activate (`SKIP_WAITING` message). */
    skipWaiting: () => {},
    /** Reload the page, now under the new worker. */
    reload: () => {},
    setInterval: assign({ interval: (_, params: { interval: unknown }) => updateIntervalFrom(params.interval) }),
  },
  guards: {
    checksEnabled: ({ context }) => context.interval > 0,
  },
  delays: {
    updateInterval: ({ context }) => context.interval,
    activationTimeout: ACTIVATION_TIMEOUT,
  },
}).createMachine({
  id: 'serviceWorker',
  context: { interval: DEFAULT_UPDATE_INTERVAL, offlineReady: false, dismissed: false, error: null },
  invoke: { id: 'worker', src: 'worker' },
  on: {
    SETTINGS: { actions: { type: 'setInterval', params: ({ event }) => ({ interval: event.interval }) } },
    OFFLINE_READY: { actions: assign({ offlineReady: true }) },
  },
  initial: 'registering',
  states: {
    registering: {
      on: {
        UNSUPPORTED: 'unsupported',
        REGISTERED: 'idle',
        REGISTRATION_FAILED: { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
        // a worker left waiting by an earlier visit is reported as soon as the registration answers
        UPDATE_WAITING: 'updateAvailable',
      },
    },
    unsupported: {},
    failed: {},
    idle: {
      after: {
        updateInterval: { guard: 'checksEnabled', target: 'idle', reenter: true, actions: 'checkForUpdate' },
      },
      on: {
        // a new interval restarts the timer
        SETTINGS: { target: 'idle', reenter: true, actions: { type: 'setInterval', params: ({ event }) => ({ interval: event.interval }) } },
        UPDATE_WAITING: { target: 'updateAvailable', actions: assign({ dismissed: false }) },
      },
    },
    updateAvailable: {
      on: {
        REFRESH: 'activating',
        DISMISS: { target: 'idle', actions: assign({ dismissed: true }) },
      },
    },
    activating: {
      entry: 'skipWaiting',
      after: { activationTimeout: 'reloading' },
      on: { CONTROLLING: 'reloading' },
    },
    reloading: {
      entry: 'reload',
    },
  },
});

export type ServiceWorkerMachine = typeof serviceWorkerMachine;
