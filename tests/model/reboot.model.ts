/**
 * Model spec of the reboot machine: the paths `reboot.model.test.ts` replays, and the source of
 * `docs/statecharts/reboot.paths.md` and of the coverage table on `docs/statecharts/reboot.md`
 * (`npm run statecharts`).
 */
import type { AnyMachineSnapshot } from 'xstate';
import { rebootMachine, type RebootContext } from '../../src/machines/reboot/reboot.machine';
import { coveringPaths, fakeActors, provideFakeActors } from './graph.ts';
import { defineModel } from './spec.ts';

export const fakes = fakeActors();
export const machine = provideFakeActors(rebootMachine, fakes);
export const ctx = (s: AnyMachineSnapshot) => s.context as RebootContext;
export const paths = coveringPaths(machine, {
  events: {
    ASK: {},
    CANCEL: {},
    CONFIRM: {},
    CONNECTION: [{ online: false }, { online: true }],
    'xstate.done.actor.0.reboot.requesting': {},
    'xstate.error.actor.0.reboot.requesting': { error: new Error('Administrator access required') },
  },
  serializeState: (s) => JSON.stringify([s.value, ctx(s).online, ctx(s).error !== null]),
});

export const model = defineModel(rebootMachine, { paths });
