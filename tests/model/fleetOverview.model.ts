/**
 * Model spec of the fleet overview's refresh: the paths `fleetOverview.model.test.ts` replays, and
 * the source of `docs/statecharts/fleetOverview.paths.md` and of the coverage table on
 * `docs/statecharts/fleetOverview.md` (`npm run statecharts`).
 */
import { fromCallback, type AnyMachineSnapshot } from 'xstate';
import { fleetOverviewMachine, type FleetOverviewContext, type TodayOutput } from '../../src/machines/fleetOverview/fleetOverview.machine';
import { coveringPaths, fakeActors, provideFakeActors } from './graph.ts';
import { defineModel } from './spec.ts';

export const fakes = fakeActors();
/** The focus watcher started and stopped, counted: running only while awake. */
export const watching = { count: 0 };
export const machine = provideFakeActors(fleetOverviewMachine, fakes).provide({
  actors: {
    focusWatch: fromCallback(() => {
      watching.count++;
      return () => void watching.count--;
    }),
  },
});
export const ctx = (s: AnyMachineSnapshot) => s.context as FleetOverviewContext;

const output = (at: number): TodayOutput => ({
  today: { from: '2026-11-28T21:00:00.000Z', to: '2026-11-29T20:59:59.999Z', summary: [], trips: [], events: [], at },
  links: new Map([[1, [2]]]),
});
const refused = new Error('Forbidden');

export const paths = coveringPaths(machine, {
  events: {
    VIEW: {},
    LEAVE: {},
    REFRESH: {},
    // a focus soon after the load, and one long after
    FOCUS: [{ at: 1_000 }, { at: 10 * 60_000 }],
    'xstate.done.actor.0.fleetOverview.awake.loading': { output: output(0) },
    'xstate.error.actor.0.fleetOverview.awake.loading': { error: refused },
    'xstate.done.actor.0.fleetOverview.awake.refreshing': { output: output(0) },
    'xstate.error.actor.0.fleetOverview.awake.refreshing': { error: refused },
  },
  serializeState: (s) => JSON.stringify([s.value, Math.min(ctx(s).viewers, 2), ctx(s).today !== null, ctx(s).links !== null, ctx(s).error !== null]),
  limit: 500,
});

export const model = defineModel(fleetOverviewMachine, {
  paths,
  replayMachine: machine,
  scenarios: [
    {
      title: 'two views: the first leaving keeps it awake, the last puts it to sleep, a new view renews',
      events: [
        { type: 'VIEW' },
        { type: 'VIEW' },
        { type: 'xstate.done.actor.0.fleetOverview.awake.loading', output: output(0) },
        { type: 'LEAVE' },
        { type: 'LEAVE' },
        { type: 'VIEW' },
      ],
    },
  ],
});
