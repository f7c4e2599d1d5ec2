import { describe, expect, it } from 'vitest';
import type { Report } from '../../../contract/models';
import { restrictionsOf } from '../../domain/restrictions';
import { canSchedule, newProgress, runSchedule, scheduledTypeLabel, scheduleOrder, scheduleProblems, SCHEDULE_TYPES, type ScheduleWrites } from './schedule';

function writes(options: { failLinks?: Set<string>; failSave?: boolean } = {}) {
  const calls: string[] = [];
  let nextId = 7;
  const w: ScheduleWrites = {
    save: async (report) => {
      calls.push(report.id ? `update ${report.id} ${report.description}` : `create ${report.type} ${report.description}`);
      if (options.failSave) throw new Error('refused');
      return { ...report, id: report.id || nextId++ };
    },
    link: async (target, id, reportId) => {
      calls.push(`link ${target} ${id} → ${reportId}`);
      if (options.failLinks?.has(`${target}:${id}`)) throw new Error(`no ${target} ${id}`);
    },
  };
  return { w, calls };
}

const user = (fields: Record<string, unknown> = {}) => ({ id: 1, name: 'u', email: 'u', administrator: false, readonly: false, attributes: {}, ...fields }) as never;

describe('scheduling a report', () => {
  it('is offered for the kinds Traccar schedules, to users who may change things', () => {
    const r = restrictionsOf(user(), null);
    expect(canSchedule({ schedule: true, server: 'trips' }, r)).toBe(true);
    expect(canSchedule({ schedule: false, server: 'route' }, r)).toBe(false);
    expect(canSchedule({ schedule: true, server: null }, r)).toBe(false);
    expect(canSchedule({ schedule: true, server: 'combined' }, r)).toBe(false);
    expect(canSchedule({ schedule: true, server: 'trips' }, restrictionsOf(user({ readonly: true }), null))).toBe(false);
  });

  it('names each type as the reports menu does; an unknown type as the server wrote it', () => {
    const i18n = { _: (d: { message?: string; id?: string }) => `«${d.message ?? d.id}»` };
    expect(SCHEDULE_TYPES.map((type) => scheduledTypeLabel(i18n as never, type))).toEqual(['«Route»', '«Events»', '«Trips»', '«Stops»', '«Summary»']);
    expect(scheduledTypeLabel(i18n as never, 'devices')).toBe('devices');
  });

  it('needs a description, a calendar and a device or group', () => {
    expect(scheduleProblems({ description: ' ', calendarId: 0 }, {})).toEqual(['noDescription', 'noCalendar', 'noTarget']);
    expect(scheduleProblems({ description: 'Weekly', calendarId: 3 }, { groupId: [2] })).toEqual([]);
  });

  it('orders the type with empty attributes, for the filter’s devices and groups', () => {
    expect(scheduleOrder('events', { description: ' Weekly ', calendarId: 3 }, { deviceId: [1, 2, 2], groupId: [5] })).toEqual({
      report: { type: 'events', description: 'Weekly', calendarId: 3, attributes: {} },
      deviceIds: [1, 2],
      groupIds: [5],
    });
  });

  it('creates the order, then links each device and group to it (the device or group owns the link)', async () => {
    const { w, calls } = writes();
    const report = await runSchedule(w, scheduleOrder('trips', { description: 'Weekly', calendarId: 3 }, { deviceId: [1, 2], groupId: [5] }), newProgress());
    expect(report).toEqual<Report>({ id: 7, type: 'trips', description: 'Weekly', calendarId: 3, attributes: {} });
    expect(calls).toEqual(['create trips Weekly', 'link device 1 → 7', 'link device 2 → 7', 'link group 5 → 7']);
  });

  it('trying again after a failed link neither creates a second order nor links twice', async () => {
    const failLinks = new Set(['device:2']);
    const { w, calls } = writes({ failLinks });
    const progress = newProgress();
    const order = scheduleOrder('trips', { description: 'Weekly', calendarId: 3 }, { deviceId: [1, 2] });
    await expect(runSchedule(w, order, progress)).rejects.toThrow('no device 2');
    expect([...progress.linked]).toEqual(['device:1']);
    failLinks.clear();
    calls.length = 0;
    await expect(runSchedule(w, order, progress)).resolves.toMatchObject({ id: 7 });
    expect(calls).toEqual(['link device 2 → 7']);
    // a description changed in between updates the order made
    calls.length = 0;
    await runSchedule(w, scheduleOrder('trips', { description: 'Monthly', calendarId: 3 }, { deviceId: [1, 2] }), progress);
    expect(calls).toEqual(['update 7 Monthly']);
  });

  it('a refused order links nothing and can be tried again', async () => {
    const { w, calls } = writes({ failSave: true });
    const progress = newProgress();
    await expect(runSchedule(w, scheduleOrder('trips', { description: 'W', calendarId: 3 }, { deviceId: [1] }), progress)).rejects.toThrow('refused');
    expect(calls).toEqual(['create trips W']);
    expect(progress.saved).toBeNull();
  });
});
