/**
 * Model spec of the socket machine: the paths `socket.model.test.ts` replays, and the source of
 * `docs/statecharts/socket.paths.md` and of the coverage table on `docs/statecharts/socket.md`
 * (`npm run statecharts`).
 */
import { fromCallback, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { ConnectionCommand } from '../../src/machines/socket/events';
import type { SocketMessage } from '../../src/machines/socket/messages';
import { SOCKET, socketMachine, type SocketContext } from '../../src/machines/socket/socket.machine';
import { coveringPaths, fakeActors, invokeEventType, provideFakeActors, type Effect } from './graph.ts';
import { defineModel } from './spec.ts';

const eventOf = (src: string, kind: 'done' | 'error'): string => invokeEventType(socketMachine, src, kind);

const positionFrame = JSON.stringify({ positions: [{ id: 1, deviceId: 1, latitude: 24.7, longitude: 46.7 }] });
const unauthorized = new ApiError('HTTP 401', 401);
const serverFailure = new ApiError('HTTP 500', 500);

const samples = {
  // `{}` (the keepalive) is neither an update nor malformed: no transition, so no edge to sample.
  MESSAGE: [{ data: positionFrame }, { data: 'not json' }],
  CLOSE: [{ code: SOCKET.logoutCode }, { code: 1006 }, { code: 1000 }],
  LOGS: [{ flag: true }, { flag: false }],
  // one device: tracking it, again (ignored), untracking it, again (ignored), deleting it while tracked
  TRACK: { deviceId: 1 },
  UNTRACK: { deviceId: 1 },
  DEVICE_REMOVED: { id: 1 },
  DEVICE_SAVED: { device: { id: 1, name: 'Car', uniqueId: '1', status: 'online', attributes: {} } },
  // a cheap flush (5 ms: the base interval) and an expensive one (200 ms ÷ 0.05: 4 s)
  FLUSHED: [{ ms: 5 }, { ms: 200 }],
  // with the positions, or with them failed (the store is not current then)
  [eventOf('load', 'done')]: [{ output: { devices: [], positions: [] } }, { output: { devices: [], positions: null } }],
  [eventOf('load', 'error')]: [{ error: unauthorized }, { error: serverFailure }],
  [eventOf('refetch', 'done')]: [{ output: { devices: [], positions: [] } }, { output: { devices: [], positions: null } }],
  [eventOf('refetch', 'error')]: [{ error: unauthorized }, { error: serverFailure }],
};

/**
 * Graph vertices: the state value plus what guards and delays read, bounded (retries beyond one
 * only lengthen the back-off; counts beyond the threshold behave alike). The pending timers are
 * added by the helper.
 */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const c = snapshot.context as SocketContext;
  return JSON.stringify([
    snapshot.value,
    c.logs,
    c.tracking,
    c.errorReported,
    Math.min(c.retries, 1),
    c.count,
    c.interval,
    Math.min(c.buffered, SOCKET.batchThreshold + 1),
    Math.min(c.dropped, 1),
  ]);
}

// The machine under test: promise fakes for every invoked actor, the connection replaced by a
// callback recording the commands it receives, effect actions recorded.
export const effects: Effect[] = [];
export const fakes = fakeActors();
export const machine = provideFakeActors(socketMachine, fakes).provide({
  actors: {
    connection: fromCallback<ConnectionCommand>(({ receive }) => {
      effects.push(['connect', null]);
      receive((command) => void effects.push(['command', command]));
      return () => void effects.push(['disconnect', null]);
    }),
  },
  actions: {
    deliver: (_, params: { message: SocketMessage }) => void effects.push(['deliver', params.message]),
    // the cost report (FLUSHED) is an event of the model's own, sampled above
    flush: (_, params: { message: SocketMessage }) => void effects.push(['flush', params.message]),
    refreshed: (_, params) => void effects.push(['refreshed', params]),
    reportError: (_, params) => void effects.push(['reportError', params.message]),
    unauthorized: () => void effects.push(['unauthorized', null]),
    clearLive: () => void effects.push(['clearLive', null]),
    markSynced: () => void effects.push(['markSynced', null]),
    removeDevice: (_, params) => void effects.push(['removeDevice', params.id]),
    startTracking: (_, params) => void effects.push(['startTracking', params.deviceId]),
    stopTracking: (_, params) => void effects.push(['stopTracking', params.deviceId]),
    saveDevice: (_, params) => void effects.push(['saveDevice', params.device.id]),
    streamLogs: (_, params) => void effects.push(['streamLogs', params.enabled]),
  },
});

const INTERVAL_AFTER = 'xstate.after.interval.';
const isIntervalDelay = (event: AnyEventObject) => event.type.startsWith(INTERVAL_AFTER);

/**
 * The two regions are explored one at a time, so the graph stays a few hundred edges:
 *
 * - Connection: every connection event while delivery is quiet (direct, idle, base interval).
 *   Past the first retry only OPEN and STOP (more retries only lengthen the back-off); with log
 *   streaming on only LOGS, CLOSE, VISIBLE and STOP; with a device tracked only TRACK, UNTRACK,
 *   DEVICE_REMOVED, OPEN, CLOSE, VISIBLE, START and STOP (tracking is the same in every connection
 *   state: enough to see it kept across a reconnect and ended by STOP).
 * - Delivery: frames arrive only on an open socket with nothing else going on (no logs, no
 *   tracking, no error, no retry). The heartbeat timer (30 s) is pending then and part of every vertex, so a loop
 *   that lets time pass and comes back to the same state would be explored again at every offset
 *   of it: each delivery timer is taken only where it cannot lead back (the counting window ends
 *   after a close, when the heartbeat is gone; a flush that stays in batching is taken only where
 *   it cannot be followed by another flush of the same interval; the flush that goes back to direct
 *   delivery only after a dropped frame, and a vertex after a dropped frame explores nothing else,
 *   so the quiet socket it returns to is a leaf; likewise an interval without an update after a flush).
 * A flush's cost (FLUSHED) is sampled once, right
 *   after a flush at the base interval: a cheap one keeps it, an expensive one stretches it to 4 s.
 */
function filterEvents(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const c = snapshot.context as SocketContext;
  const online = snapshot.hasTag('online');
  const counting = snapshot.matches({ delivery: { direct: 'counting' } });
  const batching = snapshot.matches({ delivery: 'batching' });
  const quiet = snapshot.matches({ delivery: { direct: 'idle' } }) && c.interval === SOCKET.baseIntervalMs;
  const fresh = !c.logs && c.tracking.length === 0 && !c.errorReported && c.retries === 0;

  // After a dropped frame: only the ways back to direct delivery (a flush of no more than the
  // threshold, an interval without an update after a flush).
  if (c.dropped > 0) {
    if (!isIntervalDelay(event)) return false;
    return snapshot.matches({ delivery: { batching: 'idle' } }) || (snapshot.matches({ delivery: { batching: 'pending' } }) && c.buffered <= SOCKET.batchThreshold);
  }
  if (event.type === 'FLUSHED') return online && fresh && snapshot.matches({ delivery: { batching: 'idle' } }) && c.interval === SOCKET.baseIntervalMs;
  if (isIntervalDelay(event)) {
    // The counting window that outlives its socket (frames, then a close).
    if (counting) return !online;
    // A flush that stays in batching, at the base interval (the one back to direct: after a dropped frame, above).
    return c.interval === SOCKET.baseIntervalMs && c.buffered > SOCKET.batchThreshold;
  }
  if (event.type.startsWith('xstate.')) return true;
  if (event.type === 'MESSAGE') {
    if (!online || !fresh) return false;
    // One malformed frame, on a quiet socket and while batching: dropped wherever delivery is.
    if (event.data === 'not json') {
      return quiet || (snapshot.matches({ delivery: { batching: 'pending' } }) && c.buffered === 1) || (snapshot.matches({ delivery: { batching: 'idle' } }) && c.interval > SOCKET.baseIntervalMs);
    }
    // The first message after a flush at the base interval would only repeat what the grown one shows.
    if (snapshot.matches({ delivery: { batching: 'idle' } })) return c.interval > SOCKET.baseIntervalMs;
    return c.interval <= 2 * SOCKET.baseIntervalMs;
  }
  if (!quiet) {
    // While delivery is busy: VISIBLE (flush), STOP (reset) and an abnormal close (the window outlives the socket).
    // (VISIBLE leaves batching for a quiet socket: only before time has passed, i.e. before the first flush.)
    const firstPending = snapshot.matches({ delivery: { batching: 'pending' } }) && c.buffered === 1 && c.interval === SOCKET.baseIntervalMs;
    if (event.type === 'VISIBLE') return online && (counting ? c.count === 1 : firstPending);
    if (event.type === 'STOP') return online && (counting ? c.count === 1 : firstPending || snapshot.matches({ delivery: { batching: 'idle' } }));
    if (event.type === 'CLOSE') return online && counting && c.count === 1 && event.code === 1006;
    return false;
  }
  if (c.retries > 0) return event.type === 'OPEN' || event.type === 'STOP';
  if (event.type === 'VISIBLE' || event.type === 'STOP') return true;
  if (c.tracking.length > 0) return ['TRACK', 'UNTRACK', 'DEVICE_REMOVED', 'OPEN', 'CLOSE', 'START'].includes(event.type);
  if (c.logs) return event.type === 'LOGS' || event.type === 'CLOSE';
  return true;
}

const started = performance.now();
export const paths = coveringPaths(machine, { events: samples, serializeState, filterEvents, limit: 3000 });
if (process.env.MODEL_STATS) {
  const steps = paths.reduce((n, p) => n + p.steps.length - 1, 0);
  const reopenWithLogs = paths.filter((p) => p.steps.some((s) => s.event.type === 'OPEN' && (s.state.context as SocketContext).logs)).length;
  console.log(`socket model: ${paths.length} paths, ${steps} steps (${reopenWithLogs} reopen with logs on), generated in ${Math.round(performance.now() - started)} ms`);
}

export const model = defineModel(socketMachine, { paths });
