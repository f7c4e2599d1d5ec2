/**
 * The fleet overview's refresh: today's reports (the summary, `daily=false`; the trips, for the
 * driving time; the events) for the user's day, loaded while someone looks at the overview, renewed
 * every `refreshMs` and when the window gets the focus back (at most every `focusMinMs`), kept when a
 * renewal fails (said so, tried again at the next turn). The links of the maintenance items to the
 * devices are loaded with the first load only (they change rarely; reloading the page renews them).
 *
 * Whoever shows the overview sends VIEW when it appears and LEAVE when it goes: with no one looking
 * the machine sleeps (`asleep`), keeping what it had, and renews it when looked at again. The live
 * counts (states, silent, geofences) do not come through here: they come from the live store.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { Event, SummaryReportItem, TripReportItem } from '../../../contract/models';
import { errorText } from '../../domain/errors';

export const FLEET_OVERVIEW = {
  /** today's figures are renewed this often while the overview is shown */
  refreshMs: 3 * 60_000,
  /** the window regaining the focus renews them when they are older than this */
  focusMinMs: 30_000,
  /** a first load that failed is tried again after this long */
  retryMs: 30_000,
} as const;

/** Today's reports for the whole fleet, as the server gave them. */
export interface TodayData {
  /** the day's bounds (ISO), in the user's time zone */
  from: string;
  to: string;
  summary: SummaryReportItem[];
  trips: TripReportItem[];
  events: Event[];
  /** when they were loaded (ms) */
  at: number;
}

export interface TodayOutput {
  today: TodayData;
  /** each device's maintenance ids (direct and through its groups), on the first load; null after it */
  links: Map<number, number[]> | null;
}

export interface FleetOverviewContext {
  viewers: number;
  today: TodayData | null;
  links: ReadonlyMap<number, readonly number[]> | null;
  /** why the last load failed; cleared by the next success */
  error: string | null;
}

export type FleetOverviewEvent =
  | { type: 'VIEW' }
  | { type: 'LEAVE' }
  /** the window got the focus back (from the `focusWatch` effect) at `at` (ms) */
  | { type: 'FOCUS'; at: number }
  | { type: 'REFRESH' };

export const fleetOverviewMachine = setup({
  types: {
    context: {} as FleetOverviewContext,
    events: {} as FleetOverviewEvent,
  },
  actors: {
    loadToday: fromPromise<TodayOutput, { needLinks: boolean }>(async () => {
      throw new Error('loadToday not provided');
    }),
    focusWatch: fromCallback<FleetOverviewEvent>(() => () => {}),
  },
  delays: {
    refresh: FLEET_OVERVIEW.refreshMs,
    retry: FLEET_OVERVIEW.retryMs,
  },
  guards: {
    lastViewer: ({ context }) => context.viewers <= 1,
    hasData: ({ context }) => context.today !== null,
    stale: ({ context, event }) =>
      event.type === 'FOCUS' && context.today !== null && event.at - context.today.at >= FLEET_OVERVIEW.focusMinMs,
  },
  actions: {
    addViewer: assign({ viewers: ({ context }) => context.viewers + 1 }),
    removeViewer: assign({ viewers: ({ context }) => Math.max(0, context.viewers - 1) }),
    /** today's figures in; the maintenance links when this load brought them */
    storeToday: assign(({ context }, output: TodayOutput) => ({ today: output.today, links: output.links ?? context.links, error: null })),
    noteError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
  },
}).createMachine({
  id: 'fleetOverview',
  initial: 'asleep',
  context: { viewers: 0, today: null, links: null, error: null },
  states: {
    /** no one looks: nothing is loaded; what was loaded is kept */
    asleep: {
      on: { VIEW: { target: 'awake', actions: 'addViewer' } },
    },
    awake: {
      invoke: { src: 'focusWatch' },
      on: {
        VIEW: { actions: 'addViewer' },
        LEAVE: [{ guard: 'lastViewer', target: 'asleep', actions: 'removeViewer' }, { actions: 'removeViewer' }],
      },
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'hasData', target: 'refreshing' }, { target: 'loading' }],
        },
        /** the first load: nothing to show yet */
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadToday',
            input: ({ context }) => ({ needLinks: context.links === null }),
            onDone: { target: 'ready', actions: { type: 'storeToday', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'noteError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** today's figures shown; renewed at the next turn, on a focus after a while, or when asked */
        ready: {
          after: { refresh: 'refreshing' },
          on: {
            REFRESH: 'refreshing',
            FOCUS: { guard: 'stale', target: 'refreshing' },
          },
        },
        /** renewing, the previous figures still shown */
        refreshing: {
          tags: ['busy'],
          invoke: {
            src: 'loadToday',
            input: ({ context }) => ({ needLinks: context.links === null }),
            onDone: { target: 'ready', actions: { type: 'storeToday', params: ({ event }) => event.output } },
            // the previous figures stay, with the reason; the next turn tries again
            onError: { target: 'ready', actions: { type: 'noteError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** the first load failed: nothing to show; tried again after `retryMs` or when asked */
        failed: {
          after: { retry: 'loading' },
          on: { REFRESH: 'loading' },
        },
      },
    },
  },
});

export type FleetOverviewMachine = typeof fleetOverviewMachine;
