/**
 * Model-based test of the socket machine: covering paths over its graph (sample events for every
 * event type and guard branch, delays taken on a timed graph), each replayed against the real
 * machine with fake actors and a SimulatedClock, with the effects checked along every path.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ConnectionCommand } from '../../src/machines/socket/events';
import { intervalForCost, SOCKET, SOCKET_ERROR_MESSAGE, type SocketContext } from '../../src/machines/socket/socket.machine';
import { replayChecking, type Effect, type PathStep } from './graph.ts';
import { assertModelCovers } from './spec.ts';
import { effects, fakes, machine, model, paths } from './socket.model.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as SocketContext;
const inConnection = (s: AnyMachineSnapshot, state: string) => s.matches({ connection: state } as never);

function checkStep(step: PathStep, prev: AnyMachineSnapshot | undefined, next: AnyMachineSnapshot, produced: readonly Effect[]): void {
  const where = `step "${step.label}"`;
  const names = produced.map(([n]) => n);
  const event = step.event as AnyEventObject & { code?: number; data?: string; error?: { status?: number }; deviceId?: number; id?: number };
  if (!prev) {
    expect(names, where).toEqual([]);
    return;
  }
  // A WebSocket is opened exactly when the connection enters `active`.
  const entered = inConnection(next, 'active') && (!inConnection(prev, 'active') || false);
  expect(names.filter((n) => n === 'connect').length, where).toBe(entered ? 1 : 0);
  // The socket is closed (connection actor stopped) exactly when leaving `active`.
  const left = inConnection(prev, 'active') && !inConnection(next, 'active');
  expect(names.filter((n) => n === 'disconnect').length, where).toBe(left ? 1 : 0);
  // A deleted device is dropped, in any state, and nothing else happens.
  expect(names.includes('removeDevice'), where).toBe(step.event.type === 'DEVICE_REMOVED');
  expect(names.includes('saveDevice'), where).toBe(step.event.type === 'DEVICE_SAVED');
  // STOP always clears the live store; nothing else does.
  expect(names.includes('clearLive'), where).toBe(step.event.type === 'STOP');
  if (step.event.type === 'STOP') expect(inConnection(next, 'stopped'), where).toBe(true);
  // Tracking: a path is started exactly for TRACK of an untracked device while signed in (neither
  // idle nor stopped), deleted exactly for UNTRACK or DEVICE_REMOVED of a tracked one; STOP ends
  // every tracking (the store's paths go with clearLive, checked above); nothing else touches it.
  const target = (step.event.type === 'TRACK' || step.event.type === 'UNTRACK' ? event.deviceId : step.event.type === 'DEVICE_REMOVED' ? event.id : undefined) ?? null;
  const wasTracked = target !== null && ctx(prev).tracking.includes(target);
  const signedIn = !inConnection(prev, 'idle') && !inConnection(prev, 'stopped');
  const starts = step.event.type === 'TRACK' && !wasTracked && signedIn;
  const stops = (step.event.type === 'UNTRACK' || step.event.type === 'DEVICE_REMOVED') && wasTracked;
  expect(produced.filter(([n]) => n === 'startTracking'), where).toEqual(starts ? [['startTracking', target]] : []);
  expect(produced.filter(([n]) => n === 'stopTracking'), where).toEqual(stops ? [['stopTracking', target]] : []);
  const expectedTracking = step.event.type === 'STOP' ? [] : starts ? [...ctx(prev).tracking, target] : stops ? ctx(prev).tracking.filter((id) => id !== target) : ctx(prev).tracking;
  expect(ctx(next).tracking, where).toEqual(expectedTracking);
  // The store is marked current exactly when the open socket closes (or stops), and when a load or
  // refetch brings the positions.
  const leftOpen = inConnection(prev, { active: 'open' } as never) && !inConnection(next, { active: 'open' } as never);
  const loaded = step.kind === 'done' && (event as { output?: { positions?: unknown } }).output?.positions != null;
  expect(names.filter((n) => n === 'markSynced').length, where).toBe(leftOpen || loaded ? 1 : 0);
  // 4000 never reconnects nor refetches.
  if (step.event.type === 'CLOSE' && event.code === SOCKET.logoutCode) expect(inConnection(next, 'stopped'), where).toBe(true);
  // START loads the whole fleet before any socket; the load's result is delivered.
  if (step.event.type === 'START') expect(inConnection(next, 'loading'), where).toBe(true);
  if (step.kind === 'done') expect(names.includes('refreshed'), where).toBe(true);
  // A 401 on the load or the refetch → UNAUTHORIZED, stopped.
  const is401 = step.kind === 'error' && event.error?.status === 401;
  expect(names.includes('unauthorized'), where).toBe(is401);
  if (is401) expect(inConnection(next, 'stopped'), where).toBe(true);
  // Heartbeats only while open; the open state resets the retries.
  const heartbeats = produced.filter(([n, p]) => n === 'command' && (p as ConnectionCommand).type === 'SEND' && (p as { text: string }).text === '{}');
  if (heartbeats.length > 0) expect(inConnection(prev, { active: 'open' } as never) || inConnection(next, { active: 'open' } as never), where).toBe(true);
  if (next.hasTag('online')) expect(ctx(next).retries, where).toBe(0);
  // The store is switched (streamLogs) exactly when LOGS changes the flag, in any state; the
  // server is told at once only while the socket is open.
  const logsChanged = step.event.type === 'LOGS' && ctx(prev).logs !== (event as { flag?: boolean }).flag;
  expect(produced.filter(([n]) => n === 'streamLogs'), where).toEqual(logsChanged ? [['streamLogs', ctx(next).logs]] : []);
  if (step.event.type === 'LOGS') {
    const told = produced.filter(([n, p]) => n === 'command' && (p as ConnectionCommand).type === 'SEND' && (p as { text: string }).text.startsWith('{"logs"'));
    expect(told, where).toEqual(logsChanged && prev.hasTag('online') ? [['command', { type: 'SEND', text: JSON.stringify({ logs: ctx(next).logs }) }]] : []);
  }
  // Opening restates log streaming when it is on (the server forgot it with the last connection).
  if (step.event.type === 'OPEN') {
    const logs = produced.filter(([n, p]) => n === 'command' && (p as ConnectionCommand).type === 'SEND' && (p as { text: string }).text === '{"logs":true}');
    expect(logs.length, where).toBe(ctx(next).logs ? 1 : 0);
  }
  // The error message only after an open socket failed, at most once per connection.
  const reported = produced.filter(([n]) => n === 'reportError');
  if (reported.length > 0) {
    expect(reported, where).toEqual([['reportError', SOCKET_ERROR_MESSAGE]]);
    expect(prev.hasTag('online'), where).toBe(true);
    expect(ctx(prev).errorReported, where).toBe(false);
  }
  // Malformed frames are counted, never delivered.
  if (step.event.type === 'MESSAGE' && event.data === 'not json') {
    expect(ctx(next).dropped, where).toBe(ctx(prev).dropped + 1);
    expect(names.includes('deliver'), where).toBe(false);
    expect(names.includes('flush'), where).toBe(false);
    expect(ctx(next).buffered, where).toBe(ctx(prev).buffered);
  }
  // A batch is flushed exactly when its interval ends; it goes back to direct delivery exactly when
  // it carried no more than the threshold's updates, and stays in batching otherwise.
  const flushed = prev.matches({ delivery: { batching: 'pending' } }) && step.event.type.startsWith('xstate.after.interval.');
  expect(names.filter((n) => n === 'flush').length, where).toBe(flushed ? 1 : 0);
  if (flushed) {
    expect(next.matches({ delivery: 'direct' }), where).toBe(ctx(prev).buffered <= SOCKET.batchThreshold);
    if (next.matches({ delivery: 'direct' })) expect(ctx(next).interval, where).toBe(SOCKET.baseIntervalMs);
  }
  // A whole interval without an update after a flush goes back to direct delivery.
  if (prev.matches({ delivery: { batching: 'idle' } }) && step.event.type.startsWith('xstate.after.interval.')) {
    expect(next.matches({ delivery: { direct: 'idle' } }), where).toBe(true);
    expect(ctx(next).interval, where).toBe(SOCKET.baseIntervalMs);
  }
  // The batching interval follows the last flush's cost.
  if (step.event.type === 'FLUSHED') expect(ctx(next).interval, where).toBe(intervalForCost((event as { ms?: number }).ms ?? Number.NaN));
  // Delivery stays within its bounds.
  expect(ctx(next).interval, where).toBeGreaterThanOrEqual(SOCKET.baseIntervalMs);
  expect(ctx(next).interval, where).toBeLessThanOrEqual(SOCKET.maxIntervalMs);
  if (next.matches({ delivery: 'direct' })) expect(ctx(next).buffered, where).toBe(0);
}

describe('socket machine (model-based)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      await replayChecking(path, { machine, fakes, effects, check: checkStep });
    });
  }

  it('covers every state node and every transition', () => {
    assertModelCovers(model);
  });
});
