import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, type AnyEventObject } from 'xstate';
import { createLiveStore } from '../../domain/liveStore';
import { ApiError } from '../../api/client';
import type { ConnectionCommand } from './events';
import { intervalForCost, reconnectDelay, SOCKET, SOCKET_ERROR_MESSAGE, socketMachine, type RefetchOutput } from './socket.machine';
import type { SocketMessage } from './messages';
import { SOCKET_CLOSE } from '../../../contract/models';

const position = (deviceId: number, lat = 1) => ({ id: deviceId * 10 + lat, deviceId, latitude: lat, longitude: 1 });
const frame = (message: object) => JSON.stringify(message);

function harness(options: { refetch?: () => Promise<RefetchOutput>; load?: () => Promise<RefetchOutput>; flushCost?: () => number } = {}) {
  const clock = new SimulatedClock();
  const sent: string[] = [];
  const commands: ConnectionCommand[] = [];
  const delivered: SocketMessage[] = [];
  /** What each batch flush reported as its cost (ms on the main thread). */
  const flushes: number[] = [];
  const refreshed: RefetchOutput[] = [];
  const errors: string[] = [];
  const streamed: boolean[] = [];
  const tracked: Array<readonly ['start' | 'stop', number]> = [];
  const unauthorized = vi.fn();
  const clearLive = vi.fn();
  const markSynced = vi.fn();
  let connections = 0;
  let refetches = 0;
  let loads = 0;
  const machine = socketMachine.provide({
    actors: {
      connection: fromCallback<ConnectionCommand>(({ receive }) => {
        connections += 1;
        receive((command) => {
          commands.push(command);
          if (command.type === 'SEND') sent.push(command.text);
        });
      }),
      load: fromPromise<RefetchOutput>(() => {
        loads += 1;
        return options.load ? options.load() : Promise.resolve({ devices: [], positions: [] });
      }),
      refetch: fromPromise<RefetchOutput>(() => {
        refetches += 1;
        return options.refetch ? options.refetch() : Promise.resolve({ devices: [], positions: [] });
      }),
    },
    actions: {
      deliver: (_, params) => delivered.push(params.message),
      // the composition root measures live.apply; here the test says what each flush cost
      flush: ({ self }, params) => {
        delivered.push(params.message);
        const ms = options.flushCost ? options.flushCost() : 2;
        flushes.push(ms);
        self.send({ type: 'FLUSHED', ms });
      },
      refreshed: (_, params) => refreshed.push(params),
      reportError: (_, params) => errors.push(params.message),
      streamLogs: (_, params) => streamed.push(params.enabled),
      startTracking: (_, params) => tracked.push(['start', params.deviceId]),
      stopTracking: (_, params) => tracked.push(['stop', params.deviceId]),
      unauthorized,
      clearLive,
      markSynced,
    },
  });
  const actor = createActor(machine, { clock });
  actor.start();
  const flush = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return {
    actor,
    clock,
    sent,
    commands,
    delivered,
    flushes,
    refreshed,
    errors,
    streamed,
    tracked,
    unauthorized,
    clearLive,
    markSynced,
    flush,
    connections: () => connections,
    refetches: () => refetches,
    loads: () => loads,
    /** START, and the fleet loaded (the socket connects after it). */
    start: async () => {
      actor.send({ type: 'START' } as never);
      await flush();
    },
    send: (event: AnyEventObject) => actor.send(event as never),
    connection: () => actor.getSnapshot().value,
    at: (state: string) => actor.getSnapshot().matches({ connection: state } as never),
  };
}

async function openSocket(h: ReturnType<typeof harness>) {
  await h.start();
  h.send({ type: 'OPEN' });
  await h.flush();
}

describe('socket machine: connection', () => {
  it('starts idle, connects on START, is online when open', async () => {
    const h = harness();
    expect(h.actor.getSnapshot().matches({ connection: 'idle' })).toBe(true);
    h.send({ type: 'START' });
    // the whole fleet first: no socket until it is loaded
    expect(h.actor.getSnapshot().matches({ connection: 'loading' })).toBe(true);
    expect(h.connections()).toBe(0);
    await h.flush();
    expect(h.loads()).toBe(1);
    expect(h.refreshed).toEqual([{ devices: [], positions: [] }]);
    expect(h.actor.getSnapshot().matches({ connection: { active: 'connecting' } })).toBe(true);
    expect(h.actor.getSnapshot().hasTag('online')).toBe(false);
    h.send({ type: 'OPEN' });
    expect(h.actor.getSnapshot().hasTag('online')).toBe(true);
    expect(h.connections()).toBe(1);
  });

  it('sends the heartbeat {} every 30 s while open, and on ONLINE / VISIBLE', async () => {
    const h = harness();
    await openSocket(h);
    h.clock.increment(29_999);
    await h.flush();
    expect(h.sent).toEqual([]);
    h.clock.increment(1);
    await h.flush();
    expect(h.sent).toEqual(['{}']);
    h.clock.increment(30_000);
    await h.flush();
    expect(h.sent).toEqual(['{}', '{}']);
    h.send({ type: 'ONLINE' });
    h.send({ type: 'VISIBLE' });
    await h.flush();
    expect(h.sent).toEqual(['{}', '{}', '{}', '{}']);
  });

  it('sends {"logs":flag} only when the flag changes, and restates it on a new connection', async () => {
    const h = harness();
    h.send({ type: 'LOGS', flag: true }); // before the socket exists: remembered
    expect(h.streamed).toEqual([true]);
    await openSocket(h);
    expect(h.sent).toEqual(['{"logs":true}']);
    h.send({ type: 'LOGS', flag: true });
    h.send({ type: 'LOGS', flag: false });
    h.send({ type: 'LOGS', flag: false });
    await h.flush();
    expect(h.sent).toEqual(['{"logs":true}', '{"logs":false}']);
    expect(h.actor.getSnapshot().context.logs).toBe(false);
    // the store is switched with each change, never for a repeat
    expect(h.streamed).toEqual([true, false]);
  });

  it('the logs page open across a reconnect: {"logs":true} again on the next open, after the back-off', async () => {
    const h = harness();
    await openSocket(h);
    h.send({ type: 'LOGS', flag: true });
    expect(h.sent).toEqual(['{"logs":true}']);
    h.send({ type: 'CLOSE', code: 1006 });
    await h.flush();
    expect(h.at('waiting')).toBe(true);
    // closed: nothing to send to, the wish is kept
    h.send({ type: 'LOGS', flag: true });
    h.clock.increment(reconnectDelay(0));
    await h.flush();
    expect(h.actor.getSnapshot().matches({ connection: { active: 'connecting' } })).toBe(true);
    expect(h.sent).toEqual(['{"logs":true}']);
    h.send({ type: 'OPEN' });
    await h.flush();
    expect(h.sent).toEqual(['{"logs":true}', '{"logs":true}']);
    // leaving the page while connected: off at once, and not restated on the next open
    h.send({ type: 'LOGS', flag: false });
    h.send({ type: 'CLOSE', code: 1006 });
    await h.flush();
    h.clock.increment(reconnectDelay(1));
    await h.flush();
    h.send({ type: 'OPEN' });
    await h.flush();
    expect(h.sent).toEqual(['{"logs":true}', '{"logs":true}', '{"logs":false}']);
    expect(h.streamed).toEqual([true, false]);
  });

  it('a logout keeps the flag the logs page set (the page says when it closes)', async () => {
    const h = harness();
    await openSocket(h);
    h.send({ type: 'LOGS', flag: true });
    h.send({ type: 'STOP' });
    expect(h.clearLive).toHaveBeenCalledTimes(1);
    expect(h.actor.getSnapshot().context.logs).toBe(true);
    await openSocket(h);
    expect(h.sent.filter((text) => text === '{"logs":true}')).toHaveLength(2);
  });

  it('close 4000 stops without refetch or reconnect', async () => {
    const h = harness();
    await openSocket(h);
    h.send({ type: 'CLOSE', code: 4000 });
    await h.flush();
    expect(h.at('stopped')).toBe(true);
    h.clock.increment(120_000);
    await h.flush();
    expect(h.refetches()).toBe(0);
    expect(h.connections()).toBe(1);
    expect(h.errors).toEqual([]);
  });

  it('any other close refetches, then reconnects after 2, 4, 8, … s up to 60 s; open resets the count', async () => {
    const h = harness();
    await openSocket(h);
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      h.send({ type: 'CLOSE', code: 1006 });
      await h.flush();
      expect(h.at('waiting')).toBe(true);
      expect(h.actor.getSnapshot().hasTag('offline')).toBe(true);
      const expected = reconnectDelay(attempt);
      waits.push(expected);
      const before = h.connections();
      h.clock.increment(expected - 1);
      await h.flush();
      expect(h.connections()).toBe(before);
      h.clock.increment(1);
      await h.flush();
      expect(h.connections()).toBe(before + 1);
    }
    expect(waits).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000]);
    expect(h.refetches()).toBe(7);
    expect(h.actor.getSnapshot().context.retries).toBe(7);
    h.send({ type: 'OPEN' });
    expect(h.actor.getSnapshot().context.retries).toBe(0);
  });

  it('delivers the refetched devices and positions', async () => {
    const output: RefetchOutput = { devices: [], positions: [] };
    const h = harness({ refetch: () => Promise.resolve(output) });
    await openSocket(h);
    h.send({ type: 'CLOSE', code: 1001 });
    await h.flush();
    // the load on START, then the refetch after the close
    expect(h.refreshed).toEqual([{ devices: [], positions: [] }, output]);
  });

  it('a 401 from the refetch sends UNAUTHORIZED and stops', async () => {
    const h = harness({ refetch: () => Promise.reject(new ApiError('HTTP 401', 401)) });
    await openSocket(h);
    h.send({ type: 'CLOSE', code: 1006 });
    await h.flush();
    expect(h.unauthorized).toHaveBeenCalledTimes(1);
    expect(h.at('stopped')).toBe(true);
    h.clock.increment(120_000);
    await h.flush();
    expect(h.connections()).toBe(1);
  });

  it('another refetch failure still reconnects', async () => {
    const h = harness({ refetch: () => Promise.reject(new ApiError('HTTP 500', 500)) });
    await openSocket(h);
    h.send({ type: 'CLOSE', code: 1006 });
    await h.flush();
    expect(h.unauthorized).not.toHaveBeenCalled();
    expect(h.at('waiting')).toBe(true);
  });

  it('ONLINE / VISIBLE while waiting reconnects at once', async () => {
    const h = harness();
    await openSocket(h);
    h.send({ type: 'CLOSE', code: 1006 });
    await h.flush();
    h.send({ type: 'VISIBLE' });
    expect(h.connections()).toBe(2);
    h.send({ type: 'CLOSE', code: 1006 });
    await h.flush();
    h.send({ type: 'ONLINE' });
    expect(h.connections()).toBe(3);
  });

  it('STOP anywhere stops (the connection actor is stopped, which closes with 4000) and clears the live data', async () => {
    let stoppedConnections = 0;
    const h = harness();
    await openSocket(h);
    const machine = socketMachine.provide({
      actors: {
        connection: fromCallback(() => () => {
          stoppedConnections += 1;
        }),
        load: fromPromise<RefetchOutput>(() => Promise.resolve({ devices: [], positions: [] })),
      },
      actions: { clearLive: h.clearLive },
    });
    const actor = createActor(machine, { clock: new SimulatedClock() }).start();
    actor.send({ type: 'START' });
    await h.flush();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'STOP' });
    expect(actor.getSnapshot().matches({ connection: 'stopped' })).toBe(true);
    expect(stoppedConnections).toBe(1);
    expect(h.clearLive).toHaveBeenCalledTimes(1);
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().matches({ connection: 'loading' })).toBe(true);
    await h.flush();
    expect(actor.getSnapshot().matches({ connection: { active: 'connecting' } })).toBe(true);
  });

  it('a 401 on the first load sends UNAUTHORIZED and never connects; another failure still connects', async () => {
    const denied = harness({ load: () => Promise.reject(new ApiError('HTTP 401', 401)) });
    await denied.start();
    expect(denied.unauthorized).toHaveBeenCalledTimes(1);
    expect(denied.at('stopped')).toBe(true);
    expect(denied.connections()).toBe(0);
    const failing = harness({ load: () => Promise.reject(new ApiError('HTTP 500', 500)) });
    await failing.start();
    expect(failing.unauthorized).not.toHaveBeenCalled();
    expect(failing.connections()).toBe(1);
    expect(failing.refreshed).toEqual([]);
  });

  it('reports the socket error once per failed connection (error then abnormal close)', async () => {
    const h = harness();
    await openSocket(h);
    h.send({ type: 'ERROR' });
    h.send({ type: 'CLOSE', code: 1006 });
    await h.flush();
    expect(h.errors).toEqual([SOCKET_ERROR_MESSAGE]);
    h.clock.increment(2000);
    h.send({ type: 'OPEN' });
    h.send({ type: 'CLOSE', code: 1006 }); // abnormal close without an error event
    await h.flush();
    expect(h.errors).toEqual([SOCKET_ERROR_MESSAGE, SOCKET_ERROR_MESSAGE]);
  });

  it('the store is marked current when the fleet positions load and when the open socket closes, not while it is open nor after a failed attempt', async () => {
    let refetch: RefetchOutput = { devices: [], positions: null };
    const h = harness({ refetch: () => Promise.resolve(refetch) });
    await openSocket(h);
    expect(h.markSynced).toHaveBeenCalledTimes(1); // the load
    h.send({ type: 'MESSAGE', data: frame({ positions: [position(1)] }) });
    expect(h.markSynced).toHaveBeenCalledTimes(1);
    h.send({ type: 'CLOSE', code: 1006 });
    expect(h.markSynced).toHaveBeenCalledTimes(2);
    await h.flush(); // refetched without positions: not current
    expect(h.markSynced).toHaveBeenCalledTimes(2);
    h.clock.increment(reconnectDelay(0));
    refetch = { devices: [], positions: [] };
    h.send({ type: 'CLOSE', code: 1006 }); // the next attempt never opened: refetched with positions
    await h.flush();
    expect(h.markSynced).toHaveBeenCalledTimes(3);
  });

  it('a server that says it stops (1001) or restarts (1012, a reboot) is no error: refetch, back-off, reconnect', async () => {
    for (const code of [SOCKET_CLOSE.goingAway, SOCKET_CLOSE.serviceRestart]) {
      const h = harness();
      await openSocket(h);
      h.send({ type: 'CLOSE', code });
      await h.flush();
      expect(h.errors).toEqual([]);
      expect(h.at('waiting')).toBe(true);
      expect(h.refetches()).toBe(1);
      h.clock.increment(reconnectDelay(0));
      await h.flush();
      expect(h.connections()).toBe(2);
      h.send({ type: 'OPEN' });
      expect(h.actor.getSnapshot().hasTag('online')).toBe(true);
    }
    // any other close of an open socket is still reported
    const h = harness();
    await openSocket(h);
    h.send({ type: 'CLOSE', code: 1011 });
    await h.flush();
    expect(h.errors).toEqual([SOCKET_ERROR_MESSAGE]);
  });

  it('a failed connection attempt (never open) reports nothing', async () => {
    const h = harness();
    await h.start();
    h.send({ type: 'ERROR' });
    h.send({ type: 'CLOSE', code: 1006 });
    await h.flush();
    expect(h.errors).toEqual([]);
    expect(h.at('waiting')).toBe(true);
  });
});

describe('intervalForCost', () => {
  it('is clamp(ms ÷ 0.05, 1000, 15000): a flush may use at most 5 % of the main thread', () => {
    expect([0, 1, 20, 50, 50.01, 51, 100, 749.9, 750, 751, 60_000].map(intervalForCost)).toEqual([
      1000, 1000, 1000, 1000, 1001, 1020, 2000, 14_998, 15_000, 15_000, 15_000,
    ]);
  });

  it('a cost that is not a positive number keeps the base interval', () => {
    expect([-5, Number.NaN].map(intervalForCost)).toEqual([1000, 1000]);
    expect(intervalForCost(Number.POSITIVE_INFINITY)).toBe(15_000);
  });
});

describe('socket machine: delivery', () => {
  it('delivers each message at once up to the threshold', async () => {
    const h = harness();
    await openSocket(h);
    for (let i = 1; i <= SOCKET.batchThreshold; i++) h.send({ type: 'MESSAGE', data: frame({ positions: [position(i)] }) });
    expect(h.delivered).toHaveLength(4);
    expect(h.actor.getSnapshot().matches({ delivery: 'direct' })).toBe(true);
  });

  it('the counting window restarts every interval', async () => {
    const h = harness();
    await openSocket(h);
    for (let i = 1; i <= 4; i++) h.send({ type: 'MESSAGE', data: frame({ positions: [position(i)] }) });
    h.clock.increment(1000);
    for (let i = 1; i <= 4; i++) h.send({ type: 'MESSAGE', data: frame({ positions: [position(i)] }) });
    expect(h.delivered).toHaveLength(8);
    expect(h.actor.getSnapshot().matches({ delivery: 'direct' })).toBe(true);
  });

  it('the fifth update in an interval switches to batching; the flush merges by id (latest wins) and appends events', async () => {
    const h = harness();
    await openSocket(h);
    for (let i = 1; i <= 4; i++) h.send({ type: 'MESSAGE', data: frame({ positions: [position(i)] }) });
    h.send({ type: 'MESSAGE', data: frame({ positions: [position(1, 2)] }) });
    expect(h.actor.getSnapshot().matches({ delivery: 'batching' })).toBe(true);
    h.send({ type: 'MESSAGE', data: frame({ positions: [position(1, 3)], events: [{ id: 7, deviceId: 1 }] }) });
    h.send({ type: 'MESSAGE', data: frame({ events: [{ id: 8, deviceId: 1 }], devices: [{ id: 1, name: 'a' }] }) });
    expect(h.delivered).toHaveLength(4);
    h.clock.increment(999);
    expect(h.delivered).toHaveLength(4);
    h.clock.increment(1);
    expect(h.delivered).toHaveLength(5);
    const flushed = h.delivered[4]!;
    expect(flushed.positions).toEqual([position(1, 3)]);
    expect(flushed.events?.map((e) => e.id)).toEqual([7, 8]);
    expect(flushed.devices?.map((d) => d.id)).toEqual([1]);
    // 3 messages flushed: not above the threshold, the interval stays
    expect(h.actor.getSnapshot().context.interval).toBe(1000);
  });

  it('cheap flushes keep the base interval, whatever they carry; an empty interval flushes nothing', async () => {
    // 100 devices a second: each flush carries 100 messages and costs 5 ms
    const h = harness({ flushCost: () => 5 });
    await openSocket(h);
    const burst = (n: number) => {
      for (let i = 1; i <= n; i++) h.send({ type: 'MESSAGE', data: frame({ positions: [position(i)] }) });
    };
    burst(5); // 4 direct, the 5th starts batching
    const intervals: number[] = [];
    for (let round = 0; round < 6; round++) {
      burst(100);
      h.clock.increment(h.actor.getSnapshot().context.interval);
      intervals.push(h.actor.getSnapshot().context.interval);
    }
    expect(intervals).toEqual([1000, 1000, 1000, 1000, 1000, 1000]);
    expect(h.actor.getSnapshot().matches({ delivery: 'batching' })).toBe(true);
    const count = h.delivered.length;
    h.clock.increment(15000);
    expect(h.delivered).toHaveLength(count);
  });

  it('an expensive flush stretches the interval (cost ÷ 0.05, at most 15 s) and cheap ones bring it back', async () => {
    const costs = [30, 120, 400, 2000, 60, 10, 10];
    const h = harness({ flushCost: () => costs.shift() ?? 10 });
    await openSocket(h);
    const burst = () => {
      for (let i = 1; i <= 6; i++) h.send({ type: 'MESSAGE', data: frame({ positions: [position(i)] }) });
    };
    burst(); // 4 direct, 2 buffered: batching
    const waits: number[] = [];
    const intervals: number[] = [];
    for (let round = 0; round < 7; round++) {
      burst();
      const wait = h.actor.getSnapshot().context.interval;
      const before = h.delivered.length;
      // nothing is flushed a millisecond before the interval, the batch is flushed at it
      h.clock.increment(wait - 1);
      expect(h.delivered).toHaveLength(before);
      h.clock.increment(1);
      expect(h.delivered).toHaveLength(before + 1);
      waits.push(wait);
      intervals.push(h.actor.getSnapshot().context.interval);
    }
    // 30 ms → 600 ms, below the base: 1 s; 120 ms → 2.4 s; 400 ms → 8 s; 2 s → 40 s, capped at 15 s;
    // then 60 ms → 1.2 s and 10 ms → 1 s: the interval comes down as soon as the cost falls
    expect(intervals).toEqual([1000, 2400, 8000, 15000, 1200, 1000, 1000]);
    expect(waits).toEqual([1000, 1000, 2400, 8000, 15000, 1200, 1000]);
  });

  it('a flush of no more than the threshold goes back to direct delivery at the base interval', async () => {
    const h = harness({ flushCost: () => 300 });
    await openSocket(h);
    for (let i = 1; i <= 9; i++) h.send({ type: 'MESSAGE', data: frame({ positions: [position(i)] }) });
    h.clock.increment(1000); // 5 buffered: flushed, still batching, at 300 ÷ 0.05 = 6 s
    expect(h.actor.getSnapshot().matches({ delivery: 'batching' })).toBe(true);
    expect(h.actor.getSnapshot().context.interval).toBe(6000);
    for (let i = 1; i <= 4; i++) h.send({ type: 'MESSAGE', data: frame({ positions: [position(i, 2)] }) });
    h.clock.increment(6000); // 4 buffered: updates fell back under the threshold
    const snapshot = h.actor.getSnapshot();
    expect(snapshot.matches({ delivery: { direct: 'idle' } })).toBe(true);
    expect(snapshot.context.interval).toBe(1000);
    expect(snapshot.context.count).toBe(0);
    // the next message is delivered at once
    const count = h.delivered.length;
    h.send({ type: 'MESSAGE', data: frame({ positions: [position(1, 3)] }) });
    expect(h.delivered).toHaveLength(count + 1);
  });

  it('a whole interval without an update after a flush goes back to direct: a lone position waits for nothing', async () => {
    const h = harness({ flushCost: () => 750 });
    await openSocket(h);
    for (let i = 1; i <= 10; i++) h.send({ type: 'MESSAGE', data: frame({ positions: [position(i)] }) });
    h.clock.increment(1000); // 6 flushed at 750 ms: the next interval is 15 s
    expect(h.actor.getSnapshot().matches({ delivery: { batching: 'idle' } })).toBe(true);
    expect(h.actor.getSnapshot().context.interval).toBe(15_000);
    h.clock.increment(15_000); // silence
    expect(h.actor.getSnapshot().matches({ delivery: { direct: 'idle' } })).toBe(true);
    expect(h.actor.getSnapshot().context.interval).toBe(1000);
    const count = h.delivered.length;
    h.send({ type: 'MESSAGE', data: frame({ positions: [position(1, 5)] }) });
    expect(h.delivered).toHaveLength(count + 1);
  });

  it('VISIBLE flushes, goes back to direct and resets the interval', async () => {
    const h = harness({ flushCost: () => 100 });
    await openSocket(h);
    for (let i = 1; i <= 11; i++) h.send({ type: 'MESSAGE', data: frame({ positions: [position(i)] }) });
    h.clock.increment(1000);
    expect(h.actor.getSnapshot().context.interval).toBe(2000);
    h.send({ type: 'MESSAGE', data: frame({ positions: [position(3, 4)] }) });
    const count = h.delivered.length;
    h.send({ type: 'VISIBLE' });
    expect(h.delivered).toHaveLength(count + 1);
    expect(h.delivered.at(-1)?.positions).toEqual([position(3, 4)]);
    const snapshot = h.actor.getSnapshot();
    expect(snapshot.matches({ delivery: 'direct' })).toBe(true);
    expect(snapshot.context.interval).toBe(1000);
    expect(snapshot.context.count).toBe(0);
  });


  it.each([
    ['not JSON', 'nope'],
    ['a JSON array', '[1]'],
    ['a JSON string', '"x"'],
    ['null', 'null'],
    ['positions not an array', frame({ positions: { deviceId: 1 } })],
    ['a position without deviceId', frame({ positions: [{ latitude: 1 }] })],
    ['a device without id', frame({ devices: [{ name: 'x' }] })],
    ['an event that is not an object', frame({ events: [3] })],
  ])('drops and counts a frame that is %s; the socket stays open', async (_name, data) => {
    const h = harness();
    await openSocket(h);
    h.send({ type: 'MESSAGE', data });
    expect(h.actor.getSnapshot().context.dropped).toBe(1);
    expect(h.delivered).toEqual([]);
    expect(h.actor.getSnapshot().hasTag('online')).toBe(true);
    expect(h.commands).toEqual([]);
  });

  it('ignores the {} keepalive (not counted, not delivered)', async () => {
    const h = harness();
    await openSocket(h);
    for (let i = 0; i < 10; i++) h.send({ type: 'MESSAGE', data: '{}' });
    const { context } = h.actor.getSnapshot();
    expect([context.count, context.dropped, h.delivered.length]).toEqual([0, 0, 0]);
  });

  it('STOP drops the buffer and resets delivery', async () => {
    const h = harness();
    await openSocket(h);
    for (let i = 1; i <= 6; i++) h.send({ type: 'MESSAGE', data: frame({ positions: [position(i)] }) });
    h.send({ type: 'STOP' });
    const snapshot = h.actor.getSnapshot();
    expect(snapshot.matches({ delivery: 'direct' })).toBe(true);
    expect(snapshot.context.buffered).toBe(0);
    h.clock.increment(5000);
    expect(h.delivered).toHaveLength(4);
  });
});

describe('socket machine: deleted devices', () => {
  it('drops a device this client deleted, whatever the connection is doing', async () => {
    const removed: number[] = [];
    const machine = socketMachine.provide({ actions: { removeDevice: (_, { id }) => void removed.push(id) } });
    const actor = createActor(machine, { clock: new SimulatedClock() }).start();
    actor.send({ type: 'DEVICE_REMOVED', id: 7 });
    expect(removed).toEqual([7]);
    expect(actor.getSnapshot().matches({ connection: 'idle' })).toBe(true);
  });
});

describe('socket machine: tracking (the device card\'s Track)', () => {
  const trackingOf = (h: ReturnType<typeof harness>) => h.actor.getSnapshot().context.tracking;

  it('TRACK starts a path once per device, UNTRACK deletes it; both only for what they change', async () => {
    const h = harness();
    await openSocket(h);
    h.send({ type: 'TRACK', deviceId: 3 });
    h.send({ type: 'TRACK', deviceId: 3 }); // already tracked: nothing
    h.send({ type: 'TRACK', deviceId: 5 });
    expect(trackingOf(h)).toEqual([3, 5]);
    h.send({ type: 'UNTRACK', deviceId: 3 });
    h.send({ type: 'UNTRACK', deviceId: 3 }); // no longer tracked: nothing
    h.send({ type: 'UNTRACK', deviceId: 9 }); // never tracked: nothing
    expect(trackingOf(h)).toEqual([5]);
    expect(h.tracked).toEqual([
      ['start', 3],
      ['start', 5],
      ['stop', 3],
    ]);
    // nothing goes to the server: tracking is the client's own
    expect(h.sent).toEqual([]);
  });

  it('tracking is kept across a close, the refetch and the reconnect', async () => {
    const h = harness();
    h.send({ type: 'START' }); // loading the fleet: already signed in
    h.send({ type: 'TRACK', deviceId: 4 });
    await h.flush();
    h.send({ type: 'OPEN' });
    h.send({ type: 'CLOSE', code: 1006 });
    await h.flush();
    expect(h.at('waiting')).toBe(true);
    h.send({ type: 'TRACK', deviceId: 6 });
    h.clock.increment(reconnectDelay(0));
    await h.flush();
    h.send({ type: 'OPEN' });
    expect(h.actor.getSnapshot().hasTag('online')).toBe(true);
    expect(trackingOf(h)).toEqual([4, 6]);
    expect(h.tracked).toEqual([
      ['start', 4],
      ['start', 6],
    ]);
  });

  it('STOP (logout) ends every tracking with the live store (clearLive), and no TRACK counts until the next START', async () => {
    const h = harness();
    h.send({ type: 'TRACK', deviceId: 1 }); // before START: not signed in, nothing
    expect(trackingOf(h)).toEqual([]);
    await openSocket(h);
    h.send({ type: 'TRACK', deviceId: 1 });
    h.send({ type: 'TRACK', deviceId: 2 });
    h.send({ type: 'STOP' });
    expect(trackingOf(h)).toEqual([]);
    expect(h.clearLive).toHaveBeenCalledTimes(1);
    h.send({ type: 'TRACK', deviceId: 1 }); // a card left over after logout: nothing
    expect(trackingOf(h)).toEqual([]);
    expect(h.tracked).toEqual([
      ['start', 1],
      ['start', 2],
    ]);
    // signed in again: a fresh start, the old paths are not back
    await openSocket(h);
    expect(trackingOf(h)).toEqual([]);
    h.send({ type: 'TRACK', deviceId: 2 });
    expect(trackingOf(h)).toEqual([2]);
  });

  it('a 401 stops the connection: TRACK is refused until signed in again', async () => {
    const h = harness({ refetch: () => Promise.reject(new ApiError('HTTP 401', 401)) });
    await openSocket(h);
    h.send({ type: 'CLOSE', code: 1006 });
    await h.flush();
    expect(h.at('stopped')).toBe(true);
    h.send({ type: 'TRACK', deviceId: 1 });
    expect(trackingOf(h)).toEqual([]);
    expect(h.tracked).toEqual([]);
  });

  it('a deleted device stops being tracked (its path goes with it)', async () => {
    const h = harness();
    await openSocket(h);
    h.send({ type: 'TRACK', deviceId: 7 });
    h.send({ type: 'DEVICE_REMOVED', id: 8 });
    expect(trackingOf(h)).toEqual([7]);
    h.send({ type: 'DEVICE_REMOVED', id: 7 });
    expect(trackingOf(h)).toEqual([]);
    expect(h.tracked).toEqual([
      ['start', 7],
      ['stop', 7],
    ]);
  });

  it('with the live store wired as the composition root does: a path of the new positions, gone on UNTRACK and on STOP (the store\'s clear empties tracking)', async () => {
    let now = Date.UTC(2025, 4, 6, 7, 8, 9);
    const live = createLiveStore({ now: () => now });
    const machine = socketMachine.provide({
      actors: {
        connection: fromCallback(() => {}),
        load: fromPromise<RefetchOutput>(async () => ({ devices: [], positions: [] })),
      },
      actions: {
        deliver: (_, { message }) => live.apply(message),
        clearLive: () => live.clear(),
        startTracking: (_, { deviceId }) => live.startTracking(deviceId),
        stopTracking: (_, { deviceId }) => live.stopTracking(deviceId),
      },
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'START' });
    for (let i = 0; i < 10; i++) await Promise.resolve();
    actor.send({ type: 'OPEN' });
    const at = (lat: number, lon: number) => frame({ positions: [{ id: lat * 100 + lon, deviceId: 1, latitude: lat, longitude: lon }] });

    actor.send({ type: 'MESSAGE', data: at(1, 1) }); // before tracking: not part of the path
    actor.send({ type: 'TRACK', deviceId: 1 });
    expect(live.getState().tracking.get(1)).toEqual({ startTime: '2025-05-06T07:08:09.000Z', points: [] });
    now += 1000;
    actor.send({ type: 'MESSAGE', data: at(2, 3) });
    actor.send({ type: 'MESSAGE', data: at(4, 5) });
    actor.send({ type: 'MESSAGE', data: at(6, 7) });
    expect(live.getState().tracking.get(1)?.points).toEqual([
      [3, 2],
      [5, 4],
      [7, 6],
    ]);
    actor.send({ type: 'UNTRACK', deviceId: 1 });
    expect(live.getState().tracking.has(1)).toBe(false);

    clock.increment(SOCKET.baseIntervalMs); // a new counting window: delivered at once, not batched
    actor.send({ type: 'TRACK', deviceId: 1 });
    actor.send({ type: 'MESSAGE', data: at(8, 9) });
    expect(live.getState().tracking.get(1)?.points).toEqual([[9, 8]]);
    actor.send({ type: 'STOP' });
    // the clear that logout runs anyway empties the paths: no separate clearTracking is needed
    expect(live.getState().tracking.size).toBe(0);
    expect(actor.getSnapshot().context.tracking).toEqual([]);
  });
});
