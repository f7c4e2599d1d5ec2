/**
 * Model spec of the report machine: the paths `report.model.test.ts` replays, and the source of
 * `docs/statecharts/report.paths.md` and of the coverage table on `docs/statecharts/report.md`
 * (`npm run statecharts`).
 */
import type { AnyMachineSnapshot } from 'xstate';
import { reportMachine, type ReportContext } from '../../src/machines/report/report.machine';
import { coveringPaths, fakeActors, provideFakeActors } from './graph.ts';
import { defineModel } from './spec.ts';

export const fakes = fakeActors();
export const machine = provideFakeActors(reportMachine, fakes);
export const ctx = (s: AnyMachineSnapshot) => s.context as ReportContext;
export const paths = coveringPaths(machine, {
  events: {
    RUN: [{ input: { kind: 'trips' } }],
    CANCEL: {},
    'xstate.done.actor.0.report.running': [{ output: [{ id: 1 }] }, { output: [] }],
    'xstate.error.actor.0.report.running': { error: new Error('Time period exceeds the limit') },
  },
  serializeState: (s) => JSON.stringify([s.value, ctx(s).rows.length > 0, ctx(s).error !== null, ctx(s).elapsed > 0]),
});

export const model = defineModel(reportMachine, { paths });
