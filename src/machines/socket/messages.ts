/**
 * Socket frames: validation, merging of batched messages. Pure.
 * The server sends JSON objects whose keys (devices, positions, events, logs) are present only
 * when non-empty; `{}` is its keepalive. Anything else is malformed and dropped.
 */
import type { Device, Event, LogRecord, Position } from '../../api/models';
import type { SocketMessage } from '../../api/models';

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

/** Messages buffered while batching: an immutable list, newest first, O(1) to extend. */
export interface Buffered {
  readonly message: SocketMessage;
  readonly previous: Buffered | null;
}

/**
 * One message from the buffered ones, in arrival order: devices by id and positions by device,
 * the latest winning; events and logs appended.
 */
export function mergeBuffered(buffer: Buffered | null): SocketMessage {
  const chain: SocketMessage[] = [];
  for (let node = buffer; node; node = node.previous) chain.push(node.message);
  chain.reverse();
  const devices = new Map<number, Device>();
  const positions = new Map<number, Position>();
  const events: Event[] = [];
  const logs: LogRecord[] = [];
  for (const message of chain) {
    for (const device of message.devices ?? []) {
      devices.delete(device.id); // re-insert: the map keeps the order of the latest arrival
      devices.set(device.id, device);
    }
    for (const position of message.positions ?? []) {
      positions.delete(position.deviceId);
      positions.set(position.deviceId, position);
    }
    if (message.events) events.push(...message.events);
    if (message.logs) logs.push(...message.logs);
  }
  const merged: SocketMessage = {};
  if (devices.size > 0) merged.devices = [...devices.values()];
  if (positions.size > 0) merged.positions = [...positions.values()];
  if (events.length > 0) merged.events = events;
  if (logs.length > 0) merged.logs = logs;
  return merged;
}
