import { useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import type { SessionSnapshot } from '../../machines/session/selectors';
import type { ErrorsActor, SocketActor } from '../../composition';
import { useServices } from './services';
import { chooseLanguage, type Language } from '../../domain/language';

/** Reads the session actor through a selector; the component re-renders only when it changes. */
export function useSession<T>(selector: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useServices().session, selector);
}

export function useErrorQueue(): { message: string | null; close: () => void } {
  const { app } = useServices();
  const errors = app.system.get('errors') as ErrorsActor;
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
 * The live connection as the UI shows it: `online` (open), `offline` (closed, waiting to
 * reconnect), `connecting`, or `stopped` (before sign-in, after logout).
 */
export function useSocketStatus(): SocketStatus {
  const { app } = useServices();
  const socket = app.system.get('socket') as SocketActor;
  return useSelector(socket, (s): SocketStatus => {
    if (s.hasTag('online')) return 'online';
    if (s.hasTag('offline')) return 'offline';
    if (s.matches({ connection: 'active' }) || s.matches({ connection: 'loading' })) return 'connecting';
    return 'stopped';
  });
}
