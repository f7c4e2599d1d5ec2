/**
 * The fleet overview machine's effects: today's reports for the whole fleet (`GET
 * /api/reports/summary`, `/trips`, `/events`, Traccar's, no device named: every device the user
 * sees), the maintenance links on the first load (`GET /api/maintenance?deviceId=` and `?groupId=`,
 * only when the user sees any maintenance item), and the window's focus. Provided where the machine
 * runs (`src/features/devices/fleetOverviewActor.ts`).
 */
import { fromCallback, fromPromise } from 'xstate';
import type { Event, Group, Maintenance, SummaryReportItem, TripReportItem } from '../../../contract/models';
import { periodRange } from '../../domain/reportFilter';
import { mergeMaintenanceLinks } from '../../domain/maintenanceDue';
import { fleetOverviewMachine, type FleetOverviewEvent, type TodayOutput } from './fleetOverview.machine';

type Params = Record<string, string | number | boolean | Array<string | number> | undefined>;

export interface FleetOverviewEffects {
  report<T>(kind: 'summary' | 'trips' | 'events', params: Params): Promise<T[]>;
  /** `GET /api/maintenance` with Traccar's filters (none: every item the user sees) */
  maintenance(params: Params): Promise<Maintenance[]>;
  groups(): Promise<Group[]>;
  /** the devices the user sees now (the live store) */
  devices(): Iterable<{ id: number; groupId: number }>;
  now(): number;
  /** the user's time zone (the preference, else the browser's) */
  timeZone(): string;
  /** calls `onFocus` when the window gets the focus back or the page is shown again; returns the unsubscribe */
  watchFocus(onFocus: () => void): () => void;
}

/** How many maintenance look-ups run at once. */
const LINK_LOOKUPS = 6;

async function eachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Each device's maintenance ids, direct and through its groups; empty at once when the user sees no item. */
export async function loadMaintenanceLinks(effects: Pick<FleetOverviewEffects, 'maintenance' | 'groups' | 'devices'>): Promise<Map<number, number[]>> {
  const items = await effects.maintenance({});
  if (items.length === 0) return new Map();
  const devices = [...effects.devices()];
  const groups = await effects.groups();
  const byDevice = new Map<number, number[]>();
  const byGroup = new Map<number, number[]>();
  await eachLimited(groups, LINK_LOOKUPS, async (group) => {
    const linked = await effects.maintenance({ groupId: group.id });
    if (linked.length) byGroup.set(group.id, linked.map((m) => m.id));
  });
  await eachLimited(devices, LINK_LOOKUPS, async (device) => {
    const linked = await effects.maintenance({ deviceId: device.id });
    if (linked.length) byDevice.set(device.id, linked.map((m) => m.id));
  });
  const parents = new Map(groups.filter((g) => g.groupId > 0).map((g) => [g.id, g.groupId]));
  return mergeMaintenanceLinks(devices, byDevice, byGroup, parents);
}

export function provideFleetOverviewEffects(effects: FleetOverviewEffects) {
  return fleetOverviewMachine.provide({
    actors: {
      loadToday: fromPromise<TodayOutput, { needLinks: boolean }>(async ({ input }) => {
        const { from, to } = periodRange('today', effects.now(), effects.timeZone(), 'en');
        const [summary, trips, events, links] = await Promise.all([
          effects.report<SummaryReportItem>('summary', { from, to, daily: false }),
          effects.report<TripReportItem>('trips', { from, to }),
          effects.report<Event>('events', { from, to }),
          input.needLinks ? loadMaintenanceLinks(effects) : Promise.resolve(null),
        ]);
        return { today: { from, to, summary, trips, events, at: effects.now() }, links };
      }),
      focusWatch: fromCallback<FleetOverviewEvent>(({ sendBack }) => effects.watchFocus(() => sendBack({ type: 'FOCUS', at: effects.now() }))),
    },
  });
}
