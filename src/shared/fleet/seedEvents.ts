/**
 * Today's state-marking events for many devices, as Traccar's events report gives them
 * (`GET /api/reports/events?deviceId=…&type=…&from&to`): the devices in chunks, a few requests at a
 * time, so that 10,000 devices are neither one address too long for a server nor 10,000 requests.
 */
import type { Event } from '../../../contract/models';
import { STATE_EVENT_TYPES } from '../../domain/fleetState';
import type { ListParams } from '../../api/resources';

/** Device ids per request (the address stays under 4 KB with six-digit ids). */
export const SEED_CHUNK = 200;
/** Requests in flight at once. */
export const SEED_CONCURRENCY = 3;

export type EventsReport = (params: ListParams, signal?: AbortSignal) => Promise<Event[]>;

export interface SeedRange {
  from: string;
  to: string;
}

/**
 * Loads the events of `deviceIds` in `range`, calling `each` with every chunk's devices and events as
 * it arrives (the list can show the first durations before the last chunk is in). Rejects with the
 * first failure; the chunks not yet asked for are not asked.
 */
export async function loadStateEvents(
  report: EventsReport,
  deviceIds: readonly number[],
  range: SeedRange,
  each: (deviceIds: readonly number[], events: readonly Event[]) => void,
  options: { signal?: AbortSignal; chunk?: number; concurrency?: number } = {},
): Promise<void> {
  const chunk = Math.max(1, options.chunk ?? SEED_CHUNK);
  const chunks: number[][] = [];
  for (let i = 0; i < deviceIds.length; i += chunk) chunks.push(deviceIds.slice(i, i + chunk));
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < chunks.length) {
      options.signal?.throwIfAborted();
      const ids = chunks[next++]!;
      try {
        const events = await report({ deviceId: ids, type: [...STATE_EVENT_TYPES], from: range.from, to: range.to }, options.signal);
        options.signal?.throwIfAborted();
        each(ids, events);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const workers = Math.min(chunks.length, Math.max(1, options.concurrency ?? SEED_CONCURRENCY));
  await Promise.all(Array.from({ length: workers }, worker));
}
