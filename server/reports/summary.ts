/**
 * Summary report (SummaryReportProvider): per device, optionally split by day in the user's timezone.
 */
import type { Position, SummaryReportItem } from '../../contract/models.ts';
import { knownZone } from '../../contract/timeZone.ts';
import { type ReportDevice, attrNumber, baseReportItem, calculateDistance, hasAttr, knotsFromMps } from './common.ts';

/** A valid IANA zone name, or UTC. */
export function validTimezone(zone: string | undefined | null): string {
  return knownZone(zone, 'UTC');
}

/** Offset of `zone` from UTC at instant `ms`, in ms. */
export function zoneOffset(ms: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return local - Math.floor(ms / 1000) * 1000;
}

/** The instant of the local midnight that starts the day containing `ms` in `zone`. */
export function startOfDay(ms: number, zone: string): number {
  const local = ms + zoneOffset(ms, zone);
  const midnightLocal = Math.floor(local / 86400000) * 86400000;
  let guess = midnightLocal - zoneOffset(midnightLocal, zone);
  guess = midnightLocal - zoneOffset(guess, zone);
  return guess;
}

/** The next local midnight after the day containing `ms`. */
export function nextDay(ms: number, zone: string): number {
  const start = startOfDay(ms, zone);
  // 26 h later is always inside the next local day, whatever the DST change.
  return startOfDay(start + 26 * 3600000, zone);
}

/**
 * [from, to] split at local midnights as SummaryReportProvider does: while from's day is before
 * to's day, emit [from, next midnight] and continue from there; then the remainder.
 */
export function dailyRanges(from: number, to: number, zone: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let current = from;
  const lastDay = startOfDay(to, zone);
  while (startOfDay(current, zone) < lastDay) {
    const next = nextDay(current, zone);
    ranges.push([current, next]);
    current = next;
  }
  ranges.push([current, to]);
  return ranges;
}

/**
 * One summary item from the positions of a range (first and last position, max speed over all of
 * them); null when there are none. In fast mode pass only the edge positions and `fast = true`
 * (maxSpeed 0).
 */
export function summarize(
  device: ReportDevice,
  positions: Position[],
  ignoreOdometer: boolean,
  fast = false,
): SummaryReportItem | null {
  const first = positions[0];
  const last = positions[positions.length - 1];
  if (!first || !last || !first.fixTime || !last.fixTime) return null;
  let maxSpeed = 0;
  if (!fast) for (const p of positions) maxSpeed = Math.max(maxSpeed, p.speed);
  const distance = calculateDistance(first, last, !ignoreOdometer);
  const hasHours = hasAttr(first.attributes, 'hours') && hasAttr(last.attributes, 'hours');
  const startHours = hasHours ? Math.trunc(attrNumber(first.attributes, 'hours')) : 0;
  const endHours = hasHours ? Math.trunc(attrNumber(last.attributes, 'hours')) : 0;
  const engineHours = endHours - startHours;
  const averageSpeed = engineHours > 0 ? knotsFromMps((distance * 1000) / engineHours) : 0;
  return {
    ...baseReportItem(device, first, last, ignoreOdometer, { distance, averageSpeed, maxSpeed }),
    engineHours,
    startHours,
    endHours,
  };
}
