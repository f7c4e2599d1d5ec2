import { useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import type { SessionSnapshot } from '../machines/session/selectors';
import { selectFleetLoading, selectTracked } from '../machines/socket/selectors';
import { startedChild } from '../machines/app/actors';
import { selectNotificationBody } from '../machines/nativeBridge/selectors';
import { useServices } from './services';
import { chooseLanguage, type Language } from '../domain/language';

/** Reads the session actor through a selector; the component re-renders only when it changes. */
export function useSession<T>(selector: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useServices().session, selector);
}

export function useErrorQueue(): { message: string | null; close: () => void } {
  const { app } = useServices();
  const errors = startedChild(app.system, 'errors');
  const message = useSelector(errors, (s) => s.context.queue[0] ?? null);
  return { message, close: () => errors.send({ type: 'CLOSE' }) };
}

/** The stored language choice (login screen, `?locale=`). */
export function useStoredLanguage(): Language | null {
  const { languages } = useServices();
  return useSyncExternalStore(languages.subscribe, languages.get, languages.get);
}

/** The active language: user attribute, then server attribute, then the stored choice, else ar. */
export function useLanguage(): Language {
  const stored = useStoredLanguage();
  const user = useSession((s) => s.context.user?.attributes?.language);
  const server = useSession((s) => s.context.server?.attributes?.language);
  return chooseLanguage({ user, server, stored });
}

export type SocketStatus = 'online' | 'offline' | 'connecting' | 'stopped';

/**
 * Whether the fleet's first load is still to come or under way: the device list says it is loading,
 * not that there are no devices, and the map holds its first paint (src/map/firstPaint.ts).
 */
export function useFleetLoading(): boolean {
  const { app } = useServices();
  return useSelector(startedChild(app.system, 'socket'), selectFleetLoading);
}

/**
 * The live connection as the UI shows it: `online` (open), `offline` (closed, waiting to
 * reconnect), `connecting`, or `stopped` (before sign-in, after logout).
 */
export function useSocketStatus(): SocketStatus {
  const { app } = useServices();
  const socket = startedChild(app.system, 'socket');
  return useSelector(socket, (s): SocketStatus => {
    if (s.hasTag('online')) return 'online';
    if (s.hasTag('offline')) return 'offline';
    if (s.matches({ connection: 'active' }) || s.matches({ connection: 'loading' })) return 'connecting';
    return 'stopped';
  });
}

/**
 * Tracking of one device (the device card's Track): whether its path is drawn, and the events that
 * switch it. The socket machine owns it (the live store's one writer starts and deletes the path).
 */
export function useTracking(deviceId: number): { tracked: boolean; track: () => void; untrack: () => void } {
  const { app } = useServices();
  const socket = startedChild(app.system, 'socket');
  const tracked = useSelector(socket, selectTracked(deviceId));
  return {
    tracked,
    track: () => socket.send({ type: 'TRACK', deviceId }),
    untrack: () => socket.send({ type: 'UNTRACK', deviceId }),
  };
}

/** The body of the push notification that opened event `eventId` (the native wrapper), or null. */
export function useNotificationBody(eventId: number): string | null {
  const { app } = useServices();
  return useSelector(startedChild(app.system, 'nativeBridge'), selectNotificationBody(eventId));
}
