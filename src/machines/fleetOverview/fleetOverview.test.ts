import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import type { Group, Maintenance } from '../../../contract/models';
import { FLEET_OVERVIEW } from './fleetOverview.machine';
import { loadMaintenanceLinks, provideFleetOverviewEffects, type FleetOverviewEffects } from './fleetOverview.effects';

const NOW = Date.parse('2026-11-29T10:00:00Z');

function start(patch: Partial<FleetOverviewEffects> = {}) {
  const clock = new SimulatedClock();
  const calls: Array<[string, Record<string, unknown>]> = [];
  let focus: (() => void) | null = null;
  let fail = false;
  const effects: FleetOverviewEffects = {
    report: async (kind, params) => {
      calls.push([kind, params]);
      if (fail) throw new Error('Forbidden');
      return [] as never[];
    },
    maintenance: async () => [],
    groups: async () => [],
    devices: () => [],
    now: () => NOW + clock.now(),
    timeZone: () => 'Asia/Riyadh',
    watchFocus: (onFocus) => {
      focus = onFocus;
      return () => (focus = null);
    },
    ...patch,
  };
  const actor = createActor(provideFleetOverviewEffects(effects), { clock }).start();
  return {
    actor,
    clock,
    calls,
    summaries: () => calls.filter(([kind]) => kind === 'summary').length,
    focus: () => focus?.(),
    watching: () => focus !== null,
    setFail: (value: boolean) => (fail = value),
  };
}

describe('fleet overview machine', () => {
  it('asleep until viewed: loads nothing', () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().matches('asleep')).toBe(true);
    expect(calls).toEqual([]);
  });

  it('loads today’s summary (not daily), trips and events for the user’s day, the whole fleet', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'VIEW' });
    await waitFor(actor, (s) => s.matches({ awake: 'ready' }));
    // Riyadh is UTC+3: its day of 2026-11-29 runs from 21:00 UTC the day before
    const range = { from: '2026-11-28T21:00:00.000Z', to: '2026-11-29T20:59:59.999Z' };
    expect(calls).toEqual([
      ['summary', { ...range, daily: false }],
      ['trips', range],
      ['events', range],
    ]);
    expect(actor.getSnapshot().context.today).toMatchObject({ ...range, at: NOW });
    expect(actor.getSnapshot().context.links).toEqual(new Map());
  });

  it('renews every refreshMs on the simulated clock, and while asleep does not', async () => {
    const { actor, clock, summaries } = start();
    actor.send({ type: 'VIEW' });
    await waitFor(actor, (s) => s.matches({ awake: 'ready' }));
    clock.increment(FLEET_OVERVIEW.refreshMs - 1);
    expect(summaries()).toBe(1);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches({ awake: 'ready' }));
    expect(summaries()).toBe(2);
    actor.send({ type: 'LEAVE' });
    expect(actor.getSnapshot().matches('asleep')).toBe(true);
    clock.increment(FLEET_OVERVIEW.refreshMs * 3);
    expect(summaries()).toBe(2);
    // looked at again: the figures kept are shown while they are renewed
    actor.send({ type: 'VIEW' });
    expect(actor.getSnapshot().matches({ awake: 'refreshing' })).toBe(true);
    expect(actor.getSnapshot().context.today).not.toBeNull();
  });

  it('renews on focus, but not more often than focusMinMs; watches the focus only while awake', async () => {
    const s = start();
    s.actor.send({ type: 'VIEW' });
    expect(s.watching()).toBe(true);
    await waitFor(s.actor, (x) => x.matches({ awake: 'ready' }));
    s.clock.increment(FLEET_OVERVIEW.focusMinMs - 1);
    s.focus();
    expect(s.actor.getSnapshot().matches({ awake: 'ready' })).toBe(true);
    s.clock.increment(1);
    s.focus();
    expect(s.actor.getSnapshot().matches({ awake: 'refreshing' })).toBe(true);
    await waitFor(s.actor, (x) => x.matches({ awake: 'ready' }));
    expect(s.summaries()).toBe(2);
    s.actor.send({ type: 'LEAVE' });
    expect(s.watching()).toBe(false);
  });

  it('a failed first load is tried again after retryMs; a failed renewal keeps the figures and says why', async () => {
    const s = start();
    s.setFail(true);
    s.actor.send({ type: 'VIEW' });
    await waitFor(s.actor, (x) => x.matches({ awake: 'failed' }));
    expect(s.actor.getSnapshot().context.error).toBe('Forbidden');
    s.setFail(false);
    s.clock.increment(FLEET_OVERVIEW.retryMs);
    await waitFor(s.actor, (x) => x.matches({ awake: 'ready' }));
    expect(s.actor.getSnapshot().context.error).toBeNull();
    const before = s.actor.getSnapshot().context.today;
    s.setFail(true);
    s.actor.send({ type: 'REFRESH' });
    await waitFor(s.actor, (x) => x.matches({ awake: 'ready' }));
    expect(s.actor.getSnapshot().context.today).toBe(before);
    expect(s.actor.getSnapshot().context.error).toBe('Forbidden');
  });

  it('loads the maintenance links with the first load only', async () => {
    let lookups = 0;
    const s = start({
      maintenance: async () => {
        lookups++;
        return [];
      },
    });
    s.actor.send({ type: 'VIEW' });
    await waitFor(s.actor, (x) => x.matches({ awake: 'ready' }));
    s.actor.send({ type: 'REFRESH' });
    await waitFor(s.actor, (x) => x.matches({ awake: 'ready' }));
    expect(lookups).toBe(1);
  });
});

describe('loadMaintenanceLinks', () => {
  const item = (id: number) => ({ id, name: `m${id}`, type: 'totalDistance', start: 1, period: 1, attributes: {} }) as Maintenance;
  it('looks nothing up when the user sees no maintenance item', async () => {
    const asked: unknown[] = [];
    const links = await loadMaintenanceLinks({
      maintenance: async (params) => (asked.push(params), []),
      groups: async () => [],
      devices: () => [{ id: 1, groupId: 0 }],
    });
    expect(links).toEqual(new Map());
    expect(asked).toEqual([{}]);
  });
  it('asks each group and device, and merges what the groups give their devices', async () => {
    const byDevice: Record<number, Maintenance[]> = { 1: [item(1)] };
    const byGroup: Record<number, Maintenance[]> = { 4: [item(2)], 5: [item(3)] };
    const links = await loadMaintenanceLinks({
      maintenance: async (params) => {
        if (params.deviceId !== undefined) return byDevice[Number(params.deviceId)] ?? [];
        if (params.groupId !== undefined) return byGroup[Number(params.groupId)] ?? [];
        return [item(1), item(2), item(3)];
      },
      groups: async () => [{ id: 4, groupId: 5, name: 'child', attributes: {} } as Group, { id: 5, groupId: 0, name: 'parent', attributes: {} } as Group],
      devices: () => [
        { id: 1, groupId: 0 },
        { id: 2, groupId: 4 },
        { id: 3, groupId: 7 },
      ],
    });
    expect(links).toEqual(new Map([[1, [1]], [2, [2, 3]]]));
  });
});
