/**
 * Seeding the fleet's state durations from today's events (`src/shared/fleet/`): after the fleet is
 * loaded or reloaded, the devices whose state began while the client was not watching need their
 * events to say since when. SEED (the tracker has such devices) starts `seed`, which loads the events
 * of the devices that still need them and applies them; a SEED while loading starts again (the
 * previous load is cancelled: a newer fleet load decides which devices need it). A failure is
 * retried after `retryMs`, at most `maxAttempts` times, and at once when the page gets the focus
 * back (FOCUS) or another SEED comes.
 */
import { assign, fromPromise, setup } from 'xstate';

export const FLEET_SEED = {
  /** After a failure, the next attempt this much later. */
  retryMs: 60_000,
  /** Attempts in a row before waiting for the focus or the next fleet load. */
  maxAttempts: 3,
} as const;

export interface FleetSeedContext {
  /** failed attempts in a row */
  attempts: number;
}

export type FleetSeedEvent = { type: 'SEED' } | { type: 'FOCUS' };

export const fleetSeedMachine = setup({
  types: {
    context: {} as FleetSeedContext,
    events: {} as FleetSeedEvent,
  },
  actors: {
    seed: fromPromise<void, void>(async () => {
      throw new Error('seed not provided');
    }),
  },
  delays: {
    retry: FLEET_SEED.retryMs,
  },
  guards: {
    mayRetry: ({ context }) => context.attempts < FLEET_SEED.maxAttempts,
  },
}).createMachine({
  id: 'fleetSeed',
  initial: 'idle',
  context: { attempts: 0 },
  states: {
    idle: {
      on: { SEED: 'loading' },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'seed',
        onDone: { target: 'loaded', actions: assign({ attempts: 0 }) },
        onError: { target: 'failed', actions: assign({ attempts: ({ context }) => context.attempts + 1 }) },
      },
      on: { SEED: { target: 'loading', reenter: true } },
    },
    loaded: {
      on: { SEED: 'loading' },
    },
    failed: {
      after: { retry: { guard: 'mayRetry', target: 'loading' } },
      on: {
        SEED: 'loading',
        FOCUS: 'loading',
      },
    },
  },
});

export type FleetSeedMachine = typeof fleetSeedMachine;
