import type { Device, Position } from '../../../contract/models';
/** Events of the socket machine. */

/** Connect (the session became authenticated). */
export type StartEvent = { type: 'START' };
/** Disconnect for good (logout, unmount): close with 4000, no reconnect; the live data is cleared. */
export type StopEvent = { type: 'STOP' };
/** From the connection actor: the WebSocket opened. */
export type OpenEvent = { type: 'OPEN' };
/** From the connection actor: one text frame, as received. */
export type MessageEvent = { type: 'MESSAGE'; data: string };
/** From the connection actor: the WebSocket closed with this code (1006 when the handshake failed). */
export type CloseEvent = { type: 'CLOSE'; code: number };
/** From the connection actor: the WebSocket reported an error (a CLOSE follows). */
export type ErrorEvent = { type: 'ERROR' };
/** From the environment actor: the browser came back online. */
export type OnlineEvent = { type: 'ONLINE' };
/** From the environment actor: the tab became visible. */
export type VisibleEvent = { type: 'VISIBLE' };
/**
 * Log streaming wanted or not: the logs page sends `flag: true` when it opens and `false` when it
 * closes. Sent to the server when it changes and again on every open while on.
 */
export type LogsEvent = { type: 'LOGS'; flag: boolean };
/**
 * A device this client deleted (`DELETE /api/devices/{id}` answered): Traccar pushes no removal
 * over the socket, so the socket machine, the live store's one writer, drops it.
 */
export type DeviceRemovedEvent = { type: 'DEVICE_REMOVED'; id: number };
/**
 * A device this client created or edited (the server's answer), or found by `?uniqueId=` outside
 * the fleet it loaded (with its last position): applied at once, so the map and the list show it
 * without waiting for (or without, on a server that sends none) a push.
 */
export type DeviceSavedEvent = { type: 'DEVICE_SAVED'; device: Device; position?: Position | null };
/**
 * Draw this device's path from now on (the device card's Track): the live store starts a tracking
 * path with the current time and extends it with each new position. Only while signed in (not
 * before START nor after a stop); STOP (logout) ends every tracking.
 */
export type TrackEvent = { type: 'TRACK'; deviceId: number };
/** Stop tracking this device (the device card's Stop tracking): its path is deleted. */
export type UntrackEvent = { type: 'UNTRACK'; deviceId: number };

/**
 * From the flush effect: applying the last batch took `ms` on the main thread. It sets the next
 * batching interval (clamp(ms ÷ 0.05, 1000, 15000)); outside batching it is ignored.
 */
export type FlushedEvent = { type: 'FLUSHED'; ms: number };

export type SocketEvent =
  | StartEvent
  | StopEvent
  | OpenEvent
  | MessageEvent
  | CloseEvent
  | ErrorEvent
  | OnlineEvent
  | VisibleEvent
  | LogsEvent
  | DeviceRemovedEvent
  | DeviceSavedEvent
  | TrackEvent
  | UntrackEvent
  | FlushedEvent;

/** What the machine sends to the connection actor. */
export type ConnectionCommand = { type: 'SEND'; text: string } | { type: 'CLOSE'; code: number };

/** What the machine tells its parent (the app root). */
export type SocketParentEvent = { type: 'UNAUTHORIZED' };
