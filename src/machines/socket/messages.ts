/**
 * Socket frames: validation, merging of batched messages. Pure.
 * The server sends JSON objects whose keys (devices, positions, events, logs) are present only
 * when non-empty; `{}` is its keepalive. Anything else is malformed and dropped.
 */
import type { Device, Event, LogRecord, Position } from '../../../contract/models';
import type { SocketMessage } from '../../../contract/models';

export type { SocketMessage };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hasNumber = (value: Record<string, unknown>, key: string) =>
  typeof value[key] === 'number' && Number.isFinite(value[key]);

const itemCheck: Record<keyof SocketMessage, (item: Record<string, unknown>) => boolean> = {
  devices: (item) => hasNumber(item, 'id'),
  positions: (item) => hasNumber(item, 'deviceId'),
  events: (item) => hasNumber(item, 'id'),
  logs: (item) => typeof item.data === 'string' || hasNumber(item, 'deviceId'),
};

const KEYS = ['devices', 'positions', 'events', 'logs'] as const;

/**
 * The message of a text frame, or null when the frame is not a JSON object of the expected
 * shape: each present key of devices/positions/events/logs an array of objects with their id
 * (`deviceId` for positions). Unknown keys are ignored (a newer server may add some).
 */
export function parseSocketMessage(data: unknown): SocketMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(value)) return null;
  const message: SocketMessage = {};
  for (const key of KEYS) {
    const list = value[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return null;
    for (const item of list) if (!isObject(item) || !itemCheck[key](item)) return null;
    if (list.length > 0) (message as Record<string, unknown>)[key] = list;
  }
  return message;
}

/** Items a message carries (0 for the `{}` keepalive). */
export function updateCount(message: SocketMessage): number {
  return (message.devices?.length ?? 0) + (message.positions?.length ?? 0) + (message.events?.length ?? 0) + (message.logs?.length ?? 0);
}

/**
 * The messages buffered while batching, merged as they arrive: devices by id and positions by
 * device, the latest winning; events and logs appended in arrival order.
 *
 * A batch belongs to the socket machine alone: the first buffered message creates it, the next
 * ones extend it in place, the flush turns it into one message and the machine drops it. Merging
 * on arrival spreads the work over the frames' own (small) tasks; merging a list of messages at
 * flush time made the flush of a 15 s batch at 10,000 devices one long task (about 100,000
 * positions walked at once). Copying the maps per frame to keep them immutable would cost more
 * than the merge itself.
 */
export interface Batch {
  readonly devices: Map<number, Device>;
  readonly positions: Map<number, Position>;
  readonly events: Event[];
  readonly logs: LogRecord[];
}

/** Merges `message` into `batch` (a new batch when null) and returns it. */
export function addToBatch(batch: Batch | null, message: SocketMessage): Batch {
  const target: Batch = batch ?? { devices: new Map(), positions: new Map(), events: [], logs: [] };
  if (message.devices) for (const device of message.devices) target.devices.set(device.id, device);
  if (message.positions) for (const position of message.positions) target.positions.set(position.deviceId, position);
  if (message.events) for (const event of message.events) target.events.push(event);
  if (message.logs) for (const log of message.logs) target.logs.push(log);
  return target;
}

/** The one message a batch amounts to (`{}` for none). */
export function batchMessage(batch: Batch | null): SocketMessage {
  const message: SocketMessage = {};
  if (!batch) return message;
  if (batch.devices.size > 0) message.devices = [...batch.devices.values()];
  if (batch.positions.size > 0) message.positions = [...batch.positions.values()];
  if (batch.events.length > 0) message.events = [...batch.events];
  if (batch.logs.length > 0) message.logs = [...batch.logs];
  return message;
}
