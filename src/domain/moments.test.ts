import { describe, expect, it } from 'vitest';
import type { Position } from '../../contract/models';
import { chartedDevice, devicePositions, rowAtTime, rowTime, rowTimeline } from './moments';

const at = (deviceId: number, iso: string | null, id = 0): Position => ({ id, deviceId, fixTime: iso, latitude: 24.7, longitude: 46.6 }) as Position;
const ms = (iso: string) => Date.parse(iso);

describe('moments of a positions report', () => {
  const rows = [
    at(1, '2026-11-02T08:00:10Z', 1),
    at(2, '2026-11-02T08:00:00Z', 2),
    at(1, '2026-11-02T08:00:00Z', 3), // out of time order
    at(1, null, 4), // no time
    at(1, '2026-11-02T08:00:30Z', 5),
  ];

  it('charts the selected row\'s device, else the first row\'s', () => {
    expect(chartedDevice(rows, 1)).toBe(2);
    expect(chartedDevice(rows, null)).toBe(1);
    expect(chartedDevice([], null)).toBeNull();
  });

  it('keeps the rows themselves when every row is the device\'s, else that device\'s rows', () => {
    const one = [rows[0]!, rows[2]!];
    expect(devicePositions(one, 1)).toBe(one);
    expect(devicePositions(rows, 2)).toEqual([rows[1]]);
    expect(devicePositions(rows, null)).toEqual([]);
  });

  it('orders one device\'s timed rows by time and finds the row nearest a time (the earlier on a tie)', () => {
    const timeline = rowTimeline(rows, 1);
    expect([...timeline.rows]).toEqual([2, 0, 4]);
    expect([...timeline.times]).toEqual([ms('2026-11-02T08:00:00Z'), ms('2026-11-02T08:00:10Z'), ms('2026-11-02T08:00:30Z')]);
    expect(rowAtTime(timeline, ms('2026-11-02T07:00:00Z'))).toBe(2);
    expect(rowAtTime(timeline, ms('2026-11-02T08:00:04Z'))).toBe(2);
    expect(rowAtTime(timeline, ms('2026-11-02T08:00:05Z'))).toBe(2);
    expect(rowAtTime(timeline, ms('2026-11-02T08:00:06Z'))).toBe(0);
    expect(rowAtTime(timeline, ms('2026-11-02T08:00:21Z'))).toBe(4);
    expect(rowAtTime(timeline, ms('2026-11-02T09:00:00Z'))).toBe(4);
    expect(rowAtTime(timeline, Number.NaN)).toBeNull();
    expect(rowAtTime(rowTimeline(rows, 9), 0)).toBeNull();
  });

  it('reads a row\'s time, null without one', () => {
    expect(rowTime(rows, 0)).toBe(ms('2026-11-02T08:00:10Z'));
    expect(rowTime(rows, 3)).toBeNull();
    expect(rowTime(rows, null)).toBeNull();
    expect(rowTime(rows, 99)).toBeNull();
  });
});
