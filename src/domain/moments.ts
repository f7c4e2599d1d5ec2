/**
 * Moments of a positions report, for the chart docked under its map: which device the chart draws,
 * that device's positions in time order, and the row at a time. Pure and small: it is in the report
 * page's own chunk (the chart itself loads after the rows are on screen).
 */
import type { Position } from '../../contract/models';
import { positionTimeMs } from './chartSeries';
import { indexAtOrBefore } from './replay';

/** One device's rows in time order: their times (ms, ascending) and their indices among the rows. */
export interface RowTimeline {
  times: Float64Array;
  rows: Uint32Array;
}

/** The device the chart draws: the selected row's, else the first row's (null when there are no rows). */
export function chartedDevice(rows: readonly Position[], selected: number | null): number | null {
  const row = (selected !== null ? rows[selected] : undefined) ?? rows[0];
  return row ? row.deviceId : null;
}

/** The rows of one device (the rows themselves when every row is that device's, as in the chart report). */
export function devicePositions(rows: readonly Position[], deviceId: number | null): readonly Position[] {
  if (deviceId === null) return [];
  return rows.every((row) => row.deviceId === deviceId) ? rows : rows.filter((row) => row.deviceId === deviceId);
}

/** The device's rows with a time, in time order (equal times keep the rows' order). */
export function rowTimeline(rows: readonly Position[], deviceId: number | null): RowTimeline {
  const order: number[] = [];
  const at: number[] = [];
  let sorted = true;
  for (let k = 0; k < rows.length; k++) {
    const row = rows[k]!;
    if (row.deviceId !== deviceId) continue;
    const ms = positionTimeMs(row);
    if (ms !== ms) continue; // NaN: no time
    if (at.length && ms < at[at.length - 1]!) sorted = false;
    order.push(k);
    at.push(ms);
  }
  if (!sorted) {
    const index = order.map((_, k) => k).sort((a, b) => at[a]! - at[b]! || a - b);
    return { times: Float64Array.from(index, (k) => at[k]!), rows: Uint32Array.from(index, (k) => order[k]!) };
  }
  return { times: Float64Array.from(at), rows: Uint32Array.from(order) };
}

/** The row whose time is nearest `ms` (the earlier on a tie), or null when the timeline is empty. */
export function rowAtTime(timeline: RowTimeline, ms: number): number | null {
  const n = timeline.times.length;
  if (n === 0 || !Number.isFinite(ms)) return null;
  const before = indexAtOrBefore(timeline.times, ms);
  if (before < 0) return timeline.rows[0]!;
  if (before >= n - 1) return timeline.rows[n - 1]!;
  const nearer = ms - timeline.times[before]! <= timeline.times[before + 1]! - ms ? before : before + 1;
  return timeline.rows[nearer]!;
}

/** A row's time (ms), or null when it has none. */
export function rowTime(rows: readonly Position[], index: number | null): number | null {
  const row = index === null ? undefined : rows[index];
  const ms = row ? positionTimeMs(row) : Number.NaN;
  return ms === ms ? ms : null;
}
