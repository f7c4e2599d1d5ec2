import { createContext, useContext } from 'react';
import type { AppActor, SessionActor } from '../../composition';
import type { Endpoints } from '../../api/endpoints';
import type { ApiClient } from '../../api/client';
import type { LanguageStore } from '../../i18n/languageStore';
import type { LiveStore } from '../../domain/liveStore';

/** What the routes receive through the router context and components through React context. */
export interface Services {
  app: AppActor;
  session: SessionActor;
  api: Endpoints;
  /** the one fetch wrapper on the backend origin (the resource layer's calls use it) */
  client: ApiClient;
  languages: LanguageStore;
  live: LiveStore;
  /** '' for the page's own origin. */
  backendOrigin: string;
  /** The stored backend origin choice (/change-server). */
  serverChoice: { get(): string | null; set(origin: string | null): void };
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesContext is missing');
  return services;
}
