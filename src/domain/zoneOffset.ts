/**
 * A time zone's offset from UTC at an instant, in milliseconds, asking `Intl` once per quarter hour
 * (every transition of the present-day zones falls on a quarter hour), so 100,000 timestamps cost a
 * few hundred formatter calls, not 100,000. An unknown zone is UTC.
 */
import { knownZone } from './timeZone';

const QUARTER_HOUR_MS = 900_000;

export function zoneOffsetAt(timeZone: string): (ms: number) => number {
  const options: Intl.DateTimeFormatOptions = { hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' };
  const format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: knownZone(timeZone, 'UTC') });
  const offsets = new Map<number, number>();
  return (ms) => {
    const quarter = Math.floor(ms / QUARTER_HOUR_MS);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      const at = quarter * QUARTER_HOUR_MS;
      const part: Record<string, number> = {};
      for (const { type, value } of format.formatToParts(at)) part[type] = Number(value);
      const wall = Date.UTC(part.year ?? 1970, (part.month ?? 1) - 1, part.day ?? 1, part.hour ?? 0, part.minute ?? 0, part.second ?? 0);
      offset = Math.round((wall - at) / 60_000) * 60_000;
      if (offsets.size > 10_000) offsets.clear();
      offsets.set(quarter, offset);
    }
    return offset;
  };
}
