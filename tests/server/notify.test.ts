import { describe, expect, it, vi } from 'vitest';
import type { Event } from '../../contract/models.ts';
import { recipients } from '../../server/events/notify.ts';
import type { NotificationInfo } from '../../server/ingest/context.ts';
import type { CalendarCheck } from '../../server/events/calendar.ts';

const event = { id: 1, type: 'geofenceEnter', deviceId: 5, eventTime: '2026-11-28T10:00:00.000+00:00', positionId: 0, geofenceId: 3, maintenanceId: 0, attributes: {} } as Event;

function calendar(active: boolean): CalendarCheck & { active: ReturnType<typeof vi.fn> } {
  return { stats: { steps: 0, totalSteps: 0, exhausted: false }, active: vi.fn(() => active) } as unknown as CalendarCheck & { active: ReturnType<typeof vi.fn> };
}

const notification = (id: number, userIds: number[], check: CalendarCheck | null, type = 'geofenceEnter'): NotificationInfo => ({ id, type, alarms: null, geofenceIds: null, userIds, calendar: check });

describe('who an event notifies', () => {
  it("reads a notification's calendar only when it could add someone", () => {
    const first = calendar(true);
    const again = calendar(true);
    const other = calendar(false);
    const users = recipients(event, [notification(1, [1], first), notification(2, [1], again), notification(3, [1, 2], other), notification(4, [1, 2], null)]);
    expect([...users].sort()).toEqual([1, 2]);
    expect(first.active).toHaveBeenCalledTimes(1);
    // the admin is told already: the second notification's calendar is not read
    expect(again.active).not.toHaveBeenCalled();
    // user 2 is new: read, and inactive; the next notification (no calendar) adds them
    expect(other.active).toHaveBeenCalledTimes(1);
  });

  it('an inactive calendar keeps its users out, another notification can still bring them in', () => {
    const closed = calendar(false);
    expect([...recipients(event, [notification(1, [7], closed)])]).toEqual([]);
    expect([...recipients(event, [notification(1, [7], calendar(false)), notification(2, [7], calendar(true))])]).toEqual([7]);
    // another type is not this event's
    expect([...recipients(event, [notification(1, [7], null, 'alarm')])]).toEqual([]);
  });
});
