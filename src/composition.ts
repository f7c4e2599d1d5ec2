/**
 * The composition root: the one place where the pure machines meet the browser. Effects named
 * in the machines' `setup()` are provided here with their real implementations.
 */
import { createActor, fromPromise, type ActorOptions, type ActorRefFrom } from 'xstate';
import { appMachine } from './machines/app/app.machine';
import { sessionMachine } from './machines/session/session.machine';
import type { errorsMachine } from './machines/errors/errors.machine';
import type { Endpoints } from './api/endpoints';
import type { LanguageStore } from './i18n/languageStore';
import { readRootQuery, withoutRootQuery } from './domain/redirect';
import { nativeTarget, nativeTokenExpiration } from './api/nativeBridge';

export interface AppDependencies {
  api: Endpoints;
  languages: LanguageStore;
  /** Navigation, bound once the router exists. */
  navigate: (to: string) => void;
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  history: Pick<History, 'replaceState'>;
  window?: unknown;
  /** The Stately inspector in development (`?inspect`). */
  inspect?: ActorOptions<typeof appMachine>['inspect'];
}

export function createAppActor(deps: AppDependencies) {
  const query = readRootQuery(deps.location.search);
  const cleanPath = withoutRootQuery(deps.location.pathname, deps.location.search, deps.location.hash);

  const session = sessionMachine.provide({
    actors: {
      cleanUrl: fromPromise(async () => {
        const current = `${deps.location.pathname}${deps.location.search}${deps.location.hash}`;
        if (current !== cleanPath) deps.history.replaceState(null, '', cleanPath);
      }),
      loadServer: fromPromise(({ signal }) => deps.api.server(signal)),
      getSession: fromPromise(({ signal }) => deps.api.session(signal)),
      tokenLogin: fromPromise(({ input }) => deps.api.tokenLogin(input.token)),
      login: fromPromise(({ input }) => deps.api.login(input)),
      register: fromPromise(({ input }) => deps.api.register(input)),
      saveUser: fromPromise(({ input }) => deps.api.updateUser(input.user)),
      logout: fromPromise(() => deps.api.logout()),
    },
    actions: {
      storeLanguage: (_, params) => {
        if (params.language === 'ar' || params.language === 'en') deps.languages.set(params.language);
      },
      navigate: (_, params) => deps.navigate(params.to),
      reportError: ({ system }, params) => {
        system.get('errors')?.send({ type: 'PUSH', message: params.message });
      },
      afterLogin: ({ system }) => {
        const target = nativeTarget(deps.window);
        if (!target) return;
        deps.api
          .createToken(nativeTokenExpiration(new Date()))
          .then((token) => target.postMessage(`login|${token}`))
          .catch((error: unknown) => {
            system.get('errors')?.send({ type: 'PUSH', message: error instanceof Error ? error.message : String(error) });
          });
      },
      beforeLogout: () => {
        // The native notification token is only kept on the user by the native wrapper's flow.
      },
    },
  });

  const actor = createActor(appMachine.provide({ actors: { session } }), {
    input: { query, path: cleanPath },
    ...(deps.inspect ? { inspect: deps.inspect } : {}),
  });
  return actor;
}

export type AppActor = ReturnType<typeof createAppActor>;
export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type ErrorsActor = ActorRefFrom<typeof errorsMachine>;
