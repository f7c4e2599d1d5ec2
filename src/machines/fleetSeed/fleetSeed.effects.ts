/**
 * The seeding machine's one effect: loading today's state-marking events of the devices that need
 * them and applying them to the tracker (`src/shared/fleet/`, where it runs: `liveStart.ts`).
 */
import { fromPromise } from 'xstate';
import { fleetSeedMachine } from './fleetSeed.machine';

export interface FleetSeedEffects {
  /** Loads and applies the events; rejects when a request fails; stops at the signal. */
  seed(signal: AbortSignal): Promise<void>;
}

export function provideFleetSeedEffects(effects: FleetSeedEffects) {
  return fleetSeedMachine.provide({
    actors: {
      seed: fromPromise(({ signal }) => effects.seed(signal)),
    },
  });
}
