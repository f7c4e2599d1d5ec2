/**
 * Model spec of the fleetSeed machine: the paths `fleetSeed.model.test.ts` replays, and the source of
 * `docs/statecharts/fleetSeed.paths.md` and of the coverage table on `docs/statecharts/fleetSeed.md`
 * (`npm run statecharts`).
 */
import type { AnyMachineSnapshot } from 'xstate';
import { FLEET_SEED, fleetSeedMachine, type FleetSeedContext } from '../../src/machines/fleetSeed/fleetSeed.machine';
import { coveringPaths, fakeActors, provideFakeActors } from './graph.ts';
import { defineModel } from './spec.ts';

export const fakes = fakeActors();
export const machine = provideFakeActors(fleetSeedMachine, fakes);
export const ctx = (s: AnyMachineSnapshot) => s.context as FleetSeedContext;
export const paths = coveringPaths(machine, {
  events: {
    SEED: {},
    FOCUS: {},
    'xstate.done.actor.0.fleetSeed.loading': {},
    'xstate.error.actor.0.fleetSeed.loading': { error: new Error('Service Unavailable') },
  },
  // past the limit, more failures behave alike
  serializeState: (s) => JSON.stringify([s.value, Math.min(ctx(s).attempts, FLEET_SEED.maxAttempts)]),
});

export const model = defineModel(fleetSeedMachine, { paths });
