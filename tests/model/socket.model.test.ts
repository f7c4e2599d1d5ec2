/**
 * Model-based test of the socket machine: covering paths over its graph (sample events for every
 * event type and guard branch, delays taken on a timed graph), each replayed against the real
 * machine with fake actors and a SimulatedClock, with the effects checked along every path.
 */
import { describe, expect, it } from 'vitest';
import { fromCallback, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { ConnectionCommand } from '../../src/machines/socket/events';
import type { SocketMessage } from '../../src/machines/socket/messages';
import { SOCKET, SOCKET_ERROR_MESSAGE, socketMachine, type SocketContext } from '../../src/machines/socket/socket.machine';
import { assertCovers, coveringPaths, fakeActors, provideFakeActors, replayPath, transitionsOf, type PathStep } from './graph.ts';

const eventOf = (src: string, kind: 'done' | 'error'): string => {
  const t = transitionsOf(socketMachine).find((x) => x.invoke?.src === src && x.kind === kind);
  if (!t) throw new Error(`no ${kind} transition for ${src}`);
  return t.eventType;
};

const positionFrame = JSON.stringify({ positions: [{ id: 1, deviceId: 1, latitude: 24.7, longitude: 46.7 }] });
const unauthorized = new ApiError('HTTP 401', 401);
const serverFailure = new ApiError('HTTP 500', 500);

const samples = {
  MESSAGE: [{ data: positionFrame }, { data: 'not json' }, { data: '{}' }],
  CLOSE: [{ code: SOCKET.logoutCode }, { code: 1006 }, { code: 1000 }],
  LOGS: [{ flag: true }, { flag: false }],
  [eventOf('refetch', 'done')]: { output: { devices: [], positions: [] } },
  [eventOf('refetch', 'error')]: [{ error: unauthorized }, { error: serverFailure }],
};

/**
 * Graph vertices: the state value plus what guards and delays read, bounded (retries beyond one
 * only lengthen the back-off; counts beyond the threshold behave alike).
 */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const c = snapshot.context as SocketContext;
  return JSON.stringify([
    snapshot.value,
    c.logs,
    c.errorReported,
    Math.min(c.retries, 1),
    c.count,
    c.interval,
    Math.min(c.buffered, SOCKET.batchThreshold + 1),
  ]);
}

// The machine under test: promise fakes for every invoked actor, the connection replaced by a
// callback recording the commands it receives, effect actions recorded.
type Effect = readonly [name: string, params: unknown];
const effects: Effect[] = [];
const fakes = fakeActors();
const machine = provideFakeActors(socketMachine, fakes).provide({
  actors: {
    connection: fromCallback<ConnectionCommand>(({ receive }) => {
      effects.push(['connect', null]);
      receive((command) => void effects.push(['command', command]));
      return () => void effects.push(['disconnect', null]);
    }),
  },
  actions: {
    deliver: (_, params: { message: SocketMessage }) => void effects.push(['deliver', params.message]),
    refreshed: (_, params) => void effects.push(['refreshed', params]),
    reportError: (_, params) => void effects.push(['reportError', params.message]),
    unauthorized: () => void effects.push(['unauthorized', null]),
    clearLive: () => void effects.push(['clearLive', null]),
  },
});

// Interval and batching paths multiply quickly: keep MESSAGE bursts only where they matter.
const paths = coveringPaths(machine, {
  events: samples,
  serializeState,
  limit: 3000,
  filterEvents: (snapshot, event) => {
    const c = snapshot.context as SocketContext;
    // The regions are explored one at a time: frames arrive only on an open socket (one
    // configuration of it); connection events only while delivery is quiet; past the first
    // retry or the first growth of the interval nothing new is reachable.
    const quiet = snapshot.matches({ delivery: { direct: 'idle' } });
    if (event.type.startsWith('xstate.')) return true;
    if (event.type === 'MESSAGE') return snapshot.hasTag('online') && !c.logs && !c.errorReported && c.interval <= 2000;
    if (c.retries > 0) return event.type === 'OPEN' || event.type === 'STOP';
    if (event.type === 'VISIBLE' || event.type === 'STOP') return true;
    if (c.logs && event.type !== 'LOGS' && event.type !== 'CLOSE') return false;
    return quiet && c.interval === SOCKET.baseIntervalMs;
  },
});

const ctx = (s: AnyMachineSnapshot) => s.context as SocketContext;
const inConnection = (s: AnyMachineSnapshot, state: string) => s.matches({ connection: state } as never);

function checkStep(step: PathStep, prev: AnyMachineSnapshot | undefined, next: AnyMachineSnapshot, produced: readonly Effect[]): void {
  const where = `step "${step.label}"`;
  const names = produced.map(([n]) => n);
  const event = step.event as AnyEventObject & { code?: number; data?: string; error?: { status?: number } };
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
  // STOP always clears the live store; nothing else does.
  expect(names.includes('clearLive'), where).toBe(step.event.type === 'STOP');
  if (step.event.type === 'STOP') expect(inConnection(next, 'stopped'), where).toBe(true);
  // 4000 never reconnects nor refetches.
  if (step.event.type === 'CLOSE' && event.code === SOCKET.logoutCode) expect(inConnection(next, 'stopped'), where).toBe(true);
  // A 401 on the refetch → UNAUTHORIZED, stopped.
  const is401 = step.kind === 'error' && event.error?.status === 401;
  expect(names.includes('unauthorized'), where).toBe(is401);
  if (is401) expect(inConnection(next, 'stopped'), where).toBe(true);
  // Heartbeats only while open; the open state resets the retries.
  const heartbeats = produced.filter(([n, p]) => n === 'command' && (p as ConnectionCommand).type === 'SEND' && (p as { text: string }).text === '{}');
  if (heartbeats.length > 0) expect(inConnection(prev, { active: 'open' } as never) || inConnection(next, { active: 'open' } as never), where).toBe(true);
  if (next.hasTag('online')) expect(ctx(next).retries, where).toBe(0);
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
  }
  // Delivery stays within its bounds.
  expect(ctx(next).interval, where).toBeGreaterThanOrEqual(SOCKET.baseIntervalMs);
  expect(ctx(next).interval, where).toBeLessThanOrEqual(SOCKET.maxIntervalMs);
  if (next.matches({ delivery: 'direct' })) expect(ctx(next).buffered, where).toBe(0);
}

describe('socket machine (model-based)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      effects.length = 0;
      let seen = 0;
      let prev: AnyMachineSnapshot | undefined;
      await replayPath(path, {
        machine,
        fakes,
        onStep: (step, snapshot) => {
          const produced = effects.slice(seen);
          seen = effects.length;
          checkStep(step, prev, snapshot, produced);
          prev = snapshot;
        },
      });
    });
  }

  it('covers every state node and every transition', () => {
    assertCovers(paths, socketMachine);
  });
});
