/**
 * The socket machine's effects: the connection (opened once the live store it delivers into is
 * loaded), the page's online and visibility events, the fleet's load, and every change to the live
 * store, which this is the one writer of. Pure of the browser: the socket and the page's events are
 * given by the composition root (the browser's WebSocket, window and document there).
 */
import { fromCallback, fromPromise } from 'xstate';
import type { LiveLoader } from '../../shared/liveLoader';
import { appChild } from '../app/actors';
import type { ConnectionCommand } from './events';
import { SOCKET, socketMachine, type RefetchOutput } from './socket.machine';

/** A handler taking what the connection reads of an event (method-typed, so that a WebSocket's own handlers fit). */
type Handler<E> = { handle(event: E): void }['handle'];

/** The part of a WebSocket the connection uses (the browser's WebSocket is one). */
export interface SocketLike {
  readonly readyState: number;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onerror: Handler<unknown> | null;
  onclose: Handler<{ code: number }> | null;
  send(text: string): void;
  close(code: number): void;
}

/** A WebSocket's `readyState` while it connects and once open (the WebSocket standard's values). */
const CONNECTING = 0;
const OPEN = 1;

/** The page's events the socket machine listens to; each returns its removal. */
export interface PageEvents {
  /** the browser is back online */
  onOnline(listener: () => void): () => void;
  /** the page became visible again */
  onVisible(listener: () => void): () => void;
}

export interface SocketEffectDeps {
  live: LiveLoader;
  /** the socket's address */
  url: string;
  /** Opens the socket. */
  createSocket: (url: string) => SocketLike;
  /** Where `online` and visibility come from (none in tests). */
  environment?: PageEvents;
  /** The whole fleet: devices and positions. */
  fetchFleet: (signal: AbortSignal) => Promise<RefetchOutput>;
}

export function provideSocketEffects(deps: SocketEffectDeps) {
  const { live, url, fetchFleet, createSocket } = deps;
  return socketMachine.provide({
    actors: {
      // the socket opens once the live store it delivers into is loaded; a failed load is a failed
      // connection (ERROR, then CLOSE 1006 as a browser reports a socket that never opened)
      connection: fromCallback<ConnectionCommand>(({ sendBack, receive }) => {
        let ws: SocketLike | null = null;
        let stopped = false;
        let closing = false;
        const close = (code: number) => {
          if (!ws || closing || (ws.readyState !== CONNECTING && ws.readyState !== OPEN)) return;
          closing = true;
          ws.close(code);
        };
        receive((command) => {
          if (command.type === 'SEND') {
            if (ws && ws.readyState === OPEN && !closing) ws.send(command.text);
          } else {
            close(command.code);
          }
        });
        live.load().then(
          () => {
            if (!stopped) ws = open();
          },
          () => {
            if (stopped) return;
            sendBack({ type: 'ERROR' });
            sendBack({ type: 'CLOSE', code: 1006 });
          },
        );
        const open = () => {
          const socket = createSocket(url);
          socket.onopen = () => sendBack({ type: 'OPEN' });
          socket.onmessage = (message) => sendBack({ type: 'MESSAGE', data: typeof message.data === 'string' ? message.data : '' });
          socket.onerror = () => sendBack({ type: 'ERROR' });
          socket.onclose = (event) => sendBack({ type: 'CLOSE', code: event.code });
          return socket;
        };
        // Stopped (STOP, logout, the app stopping): a deliberate close (4000), nothing reported back.
        return () => {
          stopped = true;
          if (ws) ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
          close(SOCKET.logoutCode);
        };
      }),
      environment: fromCallback(({ sendBack }) => {
        const env = deps.environment;
        if (!env) return undefined;
        const leaveOnline = env.onOnline(() => sendBack({ type: 'ONLINE' }));
        const leaveVisible = env.onVisible(() => sendBack({ type: 'VISIBLE' }));
        return () => {
          leaveOnline();
          leaveVisible();
        };
      }),
      load: fromPromise<RefetchOutput>(({ signal }) => fetchFleet(signal)),
      refetch: fromPromise<RefetchOutput>(({ signal }) => fetchFleet(signal)),
    },
    actions: {
      // Every effect on the store goes through `live.use`: at once when it is loaded, which it is
      // before the socket opens or the fleet is fetched (both wait for it), so only a screen's own
      // change (Track, a saved device, the logs' switch) can come before it, and then waits for it.
      // one store change per message: the map and the list draw a batch once
      deliver: (_, { message }) => live.use((store) => store.apply(message)),
      // a batch: applied as one change, and what it cost the main thread sets the next batching
      // interval: the change itself (the store, the map's GeoJSON diff and camera, which run inside
      // it) and React's renders of it, which the store runs in a task of its own
      flush: ({ self }, { message }) =>
        live.use((store) => {
          const started = performance.now();
          store.apply(message);
          const applied = performance.now() - started;
          store.whenNotified((rendered) => self.send({ type: 'FLUSHED', ms: applied + rendered }));
        }),
      // one change for the fleet: the map takes its devices in once, with their positions
      refreshed: (_, { devices, positions }) =>
        live.use((store) => {
          if (devices) store.setDevices(devices, positions ?? []);
          else if (positions) store.updatePositions(positions);
        }),
      markSynced: () => live.use((store) => store.markSynced()),
      // a logout clears the lines and every tracking path too (the store's clear empties
      // `tracking`); streaming stays as the logs page asked while it is open. A store not loaded
      // yet has nothing to clear.
      clearLive: ({ context }) => {
        const store = live.current();
        if (!store) return;
        store.clear();
        if (context.logs) store.setIncludeLogs(true);
      },
      removeDevice: (_, { id }) =>
        live.use((store) => {
          const state = store.getState();
          if (state.devices.has(id)) store.setDevices([...state.devices.values()].filter((device) => device.id !== id));
        }),
      saveDevice: (_, { device, position }) => live.use((store) => store.apply(position ? { devices: [device], positions: [position] } : { devices: [device] })),
      // the logs page switched streaming: the store keeps the received lines only while it is on
      streamLogs: (_, { enabled }) => live.use((store) => store.setIncludeLogs(enabled)),
      // the device card's Track / Stop tracking (and a deleted device): the paths live in the store
      startTracking: (_, { deviceId }) => live.use((store) => store.startTracking(deviceId)),
      stopTracking: (_, { deviceId }) => live.use((store) => store.stopTracking(deviceId)),
      reportError: ({ system }, params) => {
        appChild(system, 'errors')?.send({ type: 'PUSH', message: params.message });
      },
    },
  });

}
