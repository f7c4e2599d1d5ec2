import { createContext, useContext } from 'react';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import type { AppActor, SessionActor } from '../machines/app/actors';
import type { Endpoints } from '../api/endpoints';
import type { ApiClient } from '../api/client';
import type { LanguageStore } from '../i18n/languageStore';
import type { LiveStore } from '../domain/liveStore';

/** What the routes receive through the router context and components through React context. */
export interface Services {
  app: AppActor;
  session: SessionActor;
  api: Endpoints;
  /** the one fetch wrapper on the backend origin (the resource layer's calls use it) */
  client: ApiClient;
  languages: LanguageStore;
  /** The live store: there under the protected layout, which waits for `loadLive` before it draws. */
  live: LiveStore;
  /** Loads the live store (with the signed-in side's code, not the sign-in page's). */
  loadLive(): Promise<LiveStore>;
  /** '' for the page's own origin. */
  backendOrigin: string;
  /** The stored backend origin choice (/change-server). */
  serverChoice: { get(): string | null; set(origin: string | null): void };
  /** The Stately inspector in development (`?inspect`, docs/inspector.md); absent otherwise. */
  inspect?: ActorOptions<AnyActorLogic>['inspect'];
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesContext is missing');
  return services;
}

/**
 * The options that send a page's own actor (`useActorRef`) to the Stately inspector when it is open
 * (`{ inspect }`), to spread into its options; `{}` otherwise, and where there are no services (tests).
 */
export function useInspected(): Pick<ActorOptions<AnyActorLogic>, 'inspect'> {
  const inspect = useContext(ServicesContext)?.inspect;
  return inspect ? { inspect } : {};
}
