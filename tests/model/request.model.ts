/**
 * Model spec of the request machine: the paths `request.model.test.ts` replays, and the source of
 * `docs/statecharts/request.paths.md` and of the coverage table on `docs/statecharts/request.md`
 * (`npm run statecharts`).
 */
import type { AnyMachineSnapshot } from 'xstate';
import { requestMachine, type RequestContext } from '../../src/machines/request/request.machine';
import { coveringPaths, fakeActors, provideFakeActors } from './graph.ts';
import { defineModel } from './spec.ts';

export const fakes = fakeActors();
export const machine = provideFakeActors(requestMachine, fakes);
export const ctx = (s: AnyMachineSnapshot) => s.context as RequestContext;
export const paths = coveringPaths(machine, {
  events: {
    RUN: [{ input: 3 }],
    CANCEL: {},
    RESET: {},
    'xstate.done.actor.0.request.running': { output: 'an answer' },
    'xstate.error.actor.0.request.running': { error: new Error('Expression error') },
  },
  serializeState: (s) => JSON.stringify([s.value, ctx(s).output !== undefined, ctx(s).error !== null, ctx(s).elapsed > 0]),
});

export const model = defineModel(requestMachine, { paths });
