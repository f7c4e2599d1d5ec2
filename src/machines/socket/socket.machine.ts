import { and, assign, enqueueActions, fromCallback, fromPromise, not, or, sendParent, sendTo, setup, stateIn } from 'xstate';
import { type Device, type Position, SOCKET_CLOSE } from '../../../contract/models';
import type { ConnectionCommand, MessageEvent, SocketEvent, SocketParentEvent } from './events';
import { addToBatch, batchMessage, parseSocketMessage, updateCount, type Batch, type SocketMessage } from './messages';

/** Spec §9. */
export const SOCKET = {
  /** Close code of a deliberate close (logout, unmount): no reconnect. */
  logoutCode: 4000,
  heartbeatMs: 30_000,
  reconnectBaseMs: 2000,
  reconnectMaxMs: 60_000,
  /** More than this many updates in one interval switches delivery to batching. */
  batchThreshold: 4,
  baseIntervalMs: 1000,
  maxIntervalMs: 15_000,
  /**
   * The share of the main thread a batch flush may take: the next batching interval is the last
   * flush's cost divided by it (a 50 ms flush: 1 s; a 200 ms flush: 4 s), within the spec's bounds.
   */
  flushShare: 0.05,
} as const;

/** Closes that are no error: ours (4000), normal (1000), the server's stop (1001) and restart (1012). */
const QUIET_CLOSE_CODES: readonly number[] = [SOCKET.logoutCode, 1000, SOCKET_CLOSE.goingAway, SOCKET_CLOSE.serviceRestart];

/** The catalogue text pushed to the errors queue when an open socket fails. */
export const SOCKET_ERROR_MESSAGE = 'Web socket connection error';

/** min(2000 × 2^retries, 60000) */
export function reconnectDelay(retries: number): number {
  return Math.min(SOCKET.reconnectBaseMs * 2 ** Math.max(0, retries), SOCKET.reconnectMaxMs);
}

/**
 * The batching interval after a flush that took `ms` on the main thread: clamp(ms ÷ 0.05, 1000,
 * 15000), so that flushing takes at most 5 % of the main thread. It follows what a flush costs, not
 * how many updates it carried, and comes back down as soon as the cost falls.
 */
export function intervalForCost(ms: number): number {
  if (!(ms > 0)) return SOCKET.baseIntervalMs; // also NaN
  return Math.min(SOCKET.maxIntervalMs, Math.max(SOCKET.baseIntervalMs, Math.ceil(ms / SOCKET.flushShare)));
}

export interface SocketContext {
  /** Reconnect attempts since the socket was last open. */
  retries: number;
  /**
   * Log streaming wanted (the logs page is open): `{"logs":flag}` is sent when it changes, and on
   * every open while true (the server forgets it with the connection).
   */
  logs: boolean;
  /**
   * Devices whose path is being drawn (the device card's Track), in the order they were added:
   * the live store holds the paths, this says which exist. Emptied by STOP (logout).
   */
  tracking: readonly number[];
  /** Frames dropped because they were not JSON objects of the expected shape. */
  dropped: number;
  /** Updates delivered directly in the current interval. */
  count: number;
  /** The delivery interval (ms): counting window in `direct`, flush period in `batching`. */
  interval: number;
  /** Messages waiting for the next flush, merged as they arrive (see `Batch`). */
  buffer: Batch | null;
  /** How many messages the buffer holds. */
  buffered: number;
  /** The current connection already reported its failure to the errors queue. */
  errorReported: boolean;
}

export interface RefetchOutput {
  devices: Device[] | null;
  positions: Position[] | null;
}

interface FailureLike {
  status?: unknown;
}

// A frame is parsed once, whichever guard or action asks first.
const parsed = new WeakMap<object, SocketMessage | null>();
function messageOf(event: MessageEvent): SocketMessage | null {
  if (parsed.has(event)) return parsed.get(event) ?? null;
  const message = parseSocketMessage(event.data);
  parsed.set(event, message);
  return message;
}

const isMessage = (event: SocketEvent): event is MessageEvent => event.type === 'MESSAGE';

export const socketMachine = setup({
  types: {
    context: {} as SocketContext,
    events: {} as SocketEvent,
    tags: {} as 'online' | 'offline',
  },
  actors: {
    /**
     * The WebSocket, inside a callback actor: sends OPEN, MESSAGE, CLOSE and ERROR back; receives
     * SEND and CLOSE. Stopping it closes the socket with 4000.
     */
    connection: fromCallback<ConnectionCommand>(() => {}),
    /** `online` and `visibilitychange` listeners: send ONLINE and VISIBLE. */
    environment: fromCallback(() => {}),
    /**
     * GET /api/devices and /api/positions on START, before the socket opens: the live store's one
     * source of the whole fleet (every page shows all devices, those without a position too).
     * Rejects with the 401 when either answers it.
     */
    load: fromPromise<RefetchOutput>(async () => {
      throw new Error('load not provided');
    }),
    /** GET /api/devices and /api/positions after a close; rejects with the 401 when either answers it. */
    refetch: fromPromise<RefetchOutput>(async () => {
      throw new Error('refetch not provided');
    }),
  },
  actions: {
    /** Apply a message to the live store. */
    deliver: (_, _params: { message: SocketMessage }) => {},
    /**
     * Apply a batch to the live store and report what applying it took on the main thread: the
     * effect sends FLUSHED `{ ms }` back, which sets the next batching interval.
     */
    flush: (_, _params: { message: SocketMessage }) => {},
    /** Apply the refetched devices and positions to the live store. */
    refreshed: (_, _params: RefetchOutput) => {},
    /**
     * The live store is current with the server as of now: the open socket is closing, or the
     * fleet's positions were just loaded (while reconnecting, the UI says how old the positions
     * are from it).
     */
    markSynced: () => {},
    /** Clear the live store (STOP: logout). */
    clearLive: () => {},
    /** Drop a deleted device (and its position) from the live store. */
    removeDevice: (_, _params: { id: number }) => {},
    /** Put a created, edited or looked-up device (and its position, when given) into the live store. */
    saveDevice: (_, _params: { device: Device; position: Position | null }) => {},
    /** Push a message onto the errors queue. */
    reportError: (_, _params: { message: string }) => {},
    /** Log streaming was switched on or off: the live store keeps the received lines only while on. */
    streamLogs: (_, _params: { enabled: boolean }) => {},
    /** Start a tracking path for the device in the live store (now as its start time). */
    startTracking: (_, _params: { deviceId: number }) => {},
    /** Delete the device's tracking path from the live store. */
    stopTracking: (_, _params: { deviceId: number }) => {},
    /** Tell the root the session is gone (it sends the session SESSION_EXPIRED). */
    unauthorized: sendParent({ type: 'UNAUTHORIZED' } satisfies SocketParentEvent),
    sendHeartbeat: sendTo('connection', { type: 'SEND', text: '{}' } satisfies ConnectionCommand),
    sendLogs: sendTo('connection', ({ context }) => ({ type: 'SEND', text: JSON.stringify({ logs: context.logs }) }) satisfies ConnectionCommand),
    setLogs: assign({ logs: ({ context, event }) => (event.type === 'LOGS' ? event.flag : context.logs) }),
    addTracked: assign({
      tracking: ({ context, event }) => (event.type === 'TRACK' ? [...context.tracking, event.deviceId] : context.tracking),
    }),
    removeTracked: assign({
      tracking: ({ context, event }) =>
        event.type === 'UNTRACK' || event.type === 'DEVICE_REMOVED'
          ? context.tracking.filter((id) => id !== (event.type === 'UNTRACK' ? event.deviceId : event.id))
          : context.tracking,
    }),
    // the live store's clear (clearLive) deletes the paths themselves
    resetTracking: assign({ tracking: [] }),
    resetRetries: assign({ retries: 0, errorReported: false }),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
    countDropped: assign({ dropped: ({ context }) => context.dropped + 1 }),
    countUpdate: assign({ count: ({ context }) => context.count + 1 }),
    resetCount: assign({ count: 0 }),
    bufferMessage: assign({
      buffer: ({ context, event }) => {
        const message = isMessage(event) ? messageOf(event) : null;
        return message ? addToBatch(context.buffer, message) : context.buffer;
      },
      buffered: ({ context }) => context.buffered + 1,
    }),
    costInterval: assign({ interval: ({ context, event }) => (event.type === 'FLUSHED' ? intervalForCost(event.ms) : context.interval) }),
    clearBuffer: assign({ buffer: null, buffered: 0 }),
    resetDelivery: assign({ buffer: null, buffered: 0, count: 0, interval: SOCKET.baseIntervalMs }),
  },
  guards: {
    isLogoutCode: ({ event }) => event.type === 'CLOSE' && event.code === SOCKET.logoutCode,
    /**
     * A close that is neither deliberate (4000), normal (1000) nor announced by the server (1001 it
     * stops, 1012 it restarts: a reboot), not yet reported.
     */
    isAbnormalUnreported: ({ context, event }) =>
      event.type === 'CLOSE' && !QUIET_CLOSE_CODES.includes(event.code) && !context.errorReported,
    isMalformed: ({ event }) => isMessage(event) && messageOf(event) === null,
    /** A well-formed message that carries something (not the `{}` keepalive). */
    isUpdate: ({ event }) => {
      const message = isMessage(event) ? messageOf(event) : null;
      return message !== null && updateCount(message) > 0;
    },
    overThreshold: ({ context }) => context.count + 1 > SOCKET.batchThreshold,
    /** The batch about to be flushed holds more messages than the threshold: batching goes on. */
    batchOverThreshold: ({ context }) => context.buffered > SOCKET.batchThreshold,
    errorUnreported: ({ context }) => !context.errorReported,
    logsChanged: ({ context, event }) => event.type === 'LOGS' && event.flag !== context.logs,
    /** TRACK of a device not tracked yet. */
    untracked: ({ context, event }) => event.type === 'TRACK' && !context.tracking.includes(event.deviceId),
    /** The connection is in use (loading, active, closed or waiting): neither before START nor stopped. */
    signedIn: not(or([stateIn({ connection: 'idle' }), stateIn({ connection: 'stopped' })])),
    /** UNTRACK or DEVICE_REMOVED of a tracked device. */
    tracked: ({ context, event }) =>
      (event.type === 'UNTRACK' && context.tracking.includes(event.deviceId)) || (event.type === 'DEVICE_REMOVED' && context.tracking.includes(event.id)),
    /** A fleet load (or refetch) that brought the positions. */
    loadedPositions: ({ event }) => 'output' in event && (event.output as RefetchOutput | undefined)?.positions != null,
    isUnauthorized: ({ event }) => {
      const error: unknown = 'error' in event ? event.error : undefined;
      return typeof error === 'object' && error !== null && (error as FailureLike).status === 401;
    },
  },
  delays: {
    heartbeat: SOCKET.heartbeatMs,
    reconnect: ({ context }) => reconnectDelay(context.retries),
    interval: ({ context }) => context.interval,
  },
}).createMachine({
  id: 'socket',
  type: 'parallel',
  context: {
    retries: 0,
    logs: false,
    tracking: [],
    dropped: 0,
    count: 0,
    interval: SOCKET.baseIntervalMs,
    buffer: null,
    buffered: 0,
    errorReported: false,
  },
  invoke: { id: 'environment', src: 'environment' },
  on: {
    STOP: {
      target: ['.connection.stopped', '.delivery.direct'],
      actions: ['resetDelivery', 'resetTracking', 'clearLive'],
    },
    LOGS: { guard: 'logsChanged', actions: ['setLogs', { type: 'streamLogs', params: ({ event }) => ({ enabled: event.flag }) }] },
    DEVICE_REMOVED: [
      // a deleted device's path goes with it
      {
        guard: 'tracked',
        actions: [{ type: 'removeDevice', params: ({ event }) => ({ id: event.id }) }, 'removeTracked', { type: 'stopTracking', params: ({ event }) => ({ deviceId: event.id }) }],
      },
      { actions: { type: 'removeDevice', params: ({ event }) => ({ id: event.id }) } },
    ],
    // Tracking only while signed in: not before START, nor once stopped (logout, a 401), so no
    // path outlives the session that drew it.
    TRACK: {
      guard: and(['untracked', 'signedIn']),
      actions: ['addTracked', { type: 'startTracking', params: ({ event }) => ({ deviceId: event.deviceId }) }],
    },
    UNTRACK: { guard: 'tracked', actions: ['removeTracked', { type: 'stopTracking', params: ({ event }) => ({ deviceId: event.deviceId }) }] },
    DEVICE_SAVED: { actions: { type: 'saveDevice', params: ({ event }) => ({ device: event.device, position: event.position ?? null }) } },
  },
  states: {
    connection: {
      initial: 'idle',
      states: {
        idle: {
          on: { START: 'loading' },
        },
        /**
         * The fleet as it is now, then the socket for what changes. A 401 ends here (the session is
         * gone); another failure still connects (the socket delivers what changes, and a later close
         * refetches).
         */
        loading: {
          invoke: {
            id: 'load',
            src: 'load',
            onDone: [
              // the positions on screen are the server's as of now (a load whose positions failed is not)
              { guard: 'loadedPositions', target: 'active', actions: [{ type: 'refreshed', params: ({ event }) => event.output }, 'markSynced'] },
              { target: 'active', actions: { type: 'refreshed', params: ({ event }) => event.output } },
            ],
            onError: [{ guard: 'isUnauthorized', target: 'stopped', actions: 'unauthorized' }, { target: 'active' }],
          },
        },
        /** A WebSocket exists (the connection actor lives as long as this state). */
        active: {
          invoke: { id: 'connection', src: 'connection' },
          initial: 'connecting',
          on: {
            CLOSE: [
              { guard: 'isLogoutCode', target: 'stopped' },
              { target: 'closed' },
            ],
          },
          states: {
            connecting: {
              on: { OPEN: 'open' },
            },
            open: {
              tags: ['online'],
              // what the store holds was current until the socket closed
              exit: 'markSynced',
              entry: [
                'resetRetries',
                // The server forgets the flag with the connection: restate it when streaming is on.
                enqueueActions(({ context, enqueue }) => {
                  if (context.logs) enqueue('sendLogs');
                }),
              ],
              initial: 'beating',
              states: {
                beating: {
                  after: { heartbeat: { target: 'beating', reenter: true, actions: 'sendHeartbeat' } },
                },
              },
              on: {
                ONLINE: { actions: 'sendHeartbeat' },
                VISIBLE: { actions: 'sendHeartbeat' },
                LOGS: { guard: 'logsChanged', actions: ['setLogs', { type: 'streamLogs', params: ({ event }) => ({ enabled: event.flag }) }, 'sendLogs'] },
                ERROR: {
                  guard: 'errorUnreported',
                  actions: [
                    { type: 'reportError', params: { message: SOCKET_ERROR_MESSAGE } },
                    assign({ errorReported: true }),
                  ],
                },
                CLOSE: [
                  { guard: 'isLogoutCode', target: '#socket.connection.stopped' },
                  {
                    guard: 'isAbnormalUnreported',
                    target: '#socket.connection.closed',
                    actions: { type: 'reportError', params: { message: SOCKET_ERROR_MESSAGE } },
                  },
                  { target: '#socket.connection.closed' },
                ],
              },
            },
          },
        },
        /** Closed by something other than us: refetch what may have been missed. */
        closed: {
          tags: ['offline'],
          invoke: {
            id: 'refetch',
            src: 'refetch',
            onDone: [
              { guard: 'loadedPositions', target: 'waiting', actions: [{ type: 'refreshed', params: ({ event }) => event.output }, 'markSynced'] },
              { target: 'waiting', actions: { type: 'refreshed', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: 'isUnauthorized', target: 'stopped', actions: 'unauthorized' },
              { target: 'waiting' },
            ],
          },
        },
        /** Back-off before the next attempt: min(2000 × 2^retries, 60000) ms. */
        waiting: {
          tags: ['offline'],
          after: { reconnect: { target: 'active', actions: 'countRetry' } },
          on: {
            ONLINE: { target: 'active', actions: 'countRetry' },
            VISIBLE: { target: 'active', actions: 'countRetry' },
          },
        },
        /** Closed on purpose (4000) or after a 401: no reconnect until START. */
        stopped: {
          on: { START: { target: 'loading', actions: 'resetRetries' } },
        },
      },
    },
    delivery: {
      initial: 'direct',
      // Malformed frames are dropped and counted wherever delivery is; `{}` keepalives are ignored.
      on: { MESSAGE: { guard: 'isMalformed', actions: 'countDropped' } },
      states: {
        /** Each message is applied at once; updates are counted in a window of `interval` ms. */
        direct: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                MESSAGE: {
                  guard: 'isUpdate',
                  target: 'counting',
                  actions: [
                    { type: 'deliver', params: ({ event }) => ({ message: (isMessage(event) && messageOf(event)) || {} }) },
                    'countUpdate',
                  ],
                },
              },
            },
            counting: {
              after: { interval: { target: 'idle', actions: 'resetCount' } },
              on: {
                MESSAGE: [
                  {
                    guard: and(['isUpdate', 'overThreshold']),
                    target: '#socket.delivery.batching',
                    actions: ['bufferMessage', 'resetCount'],
                  },
                  {
                    guard: 'isUpdate',
                    actions: [
                      { type: 'deliver', params: ({ event }) => ({ message: (isMessage(event) && messageOf(event)) || {} }) },
                      'countUpdate',
                    ],
                  },
                ],
              },
            },
          },
        },
        /**
         * Messages are merged and flushed `interval` ms after the first one buffered. The flush
         * reports its cost (FLUSHED), which sets the next interval: clamp(cost ÷ 0.05, 1 s, 15 s). A
         * flush of no more than the threshold's updates goes back to direct delivery, at the base
         * interval; so does a whole interval without an update, and VISIBLE, which flushes at once.
         */
        batching: {
          initial: 'pending',
          on: {
            FLUSHED: { actions: 'costInterval' },
            VISIBLE: {
              target: 'direct',
              actions: [
                { type: 'deliver', params: ({ context }) => ({ message: batchMessage(context.buffer) }) },
                'resetDelivery',
              ],
            },
          },
          states: {
            /** Flushed, batching on: a whole interval without an update goes back to direct delivery. */
            idle: {
              after: { interval: { target: '#socket.delivery.direct', actions: 'resetDelivery' } },
              on: { MESSAGE: { guard: 'isUpdate', target: 'pending', actions: 'bufferMessage' } },
            },
            pending: {
              after: {
                interval: [
                  {
                    guard: 'batchOverThreshold',
                    target: 'idle',
                    actions: [{ type: 'flush', params: ({ context }) => ({ message: batchMessage(context.buffer) }) }, 'clearBuffer'],
                  },
                  {
                    target: '#socket.delivery.direct',
                    actions: [{ type: 'flush', params: ({ context }) => ({ message: batchMessage(context.buffer) }) }, 'resetDelivery'],
                  },
                ],
              },
              on: { MESSAGE: { guard: 'isUpdate', actions: 'bufferMessage' } },
            },
          },
        },
      },
    },
  },
});

export type SocketMachine = typeof socketMachine;
