/**
 * The session machine's effects: the server and session requests, the URL's clean-up, the push
 * token's removal at logout, the language's storage, navigation and the native wrapper's token.
 * Provided at the composition root (src/composition.ts), which passes what they use.
 */
import { fromPromise } from 'xstate';
import type { Endpoints } from '../../api/endpoints';
import { NOTIFICATION_TOKEN_KEY, nativeTarget, nativeTokenExpiration } from '../../api/nativeBridge';
import type { LanguageStore } from '../../i18n/languageStore';
import { errorText } from '../../domain/errors';
import { appChild } from '../app/actors';
import { sessionMachine } from './session.machine';

export interface SessionEffectDeps {
  api: Endpoints;
  languages: LanguageStore;
  navigate: (to: string) => void;
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  history: Pick<History, 'replaceState'>;
  /** the address without the root's query (`?token=`…), put back in the bar first */
  cleanPath: string;
  window?: unknown;
  /** local storage that may be missing or refuse: a failure is ignored */
  readStorage: (key: string) => string | null;
  writeStorage: (key: string, value: string | null) => void;
  /** asked for as soon as Sign in is pressed: the code the signed-in side needs first */
  warmUp: () => void;
}

export function provideSessionEffects(deps: SessionEffectDeps) {
  const { readStorage, writeStorage, cleanPath } = deps;
  return sessionMachine.provide({
    actors: {
      cleanUrl: fromPromise(async () => {
        const current = `${deps.location.pathname}${deps.location.search}${deps.location.hash}`;
        if (current !== cleanPath) deps.history.replaceState(null, '', cleanPath);
      }),
      loadServer: fromPromise(({ signal }) => deps.api.server(signal)),
      getSession: fromPromise(({ signal }) => deps.api.session(signal)),
      tokenLogin: fromPromise(({ input }) => deps.api.tokenLogin(input.token)),
      login: fromPromise(({ input }) => {
        deps.warmUp();
        return deps.api.login(input);
      }),
      generateTotpKey: fromPromise(() => deps.api.totpKey()),
      register: fromPromise(({ input }) => deps.api.register(input)),
      saveUser: fromPromise(({ input }) => deps.api.updateUser(input.user)),
      // this device's push token leaves the user (PUT with the whole user) before the session is deleted
      forgetNotificationToken: fromPromise(async ({ input }) => {
        const token = readStorage(NOTIFICATION_TOKEN_KEY);
        if (token === null) return;
        writeStorage(NOTIFICATION_TOKEN_KEY, null);
        const { withoutNotificationToken } = await import('../../api/nativeMessages');
        const updated = input.user ? withoutNotificationToken(input.user, token) : null;
        if (updated) await deps.api.updateUser(updated);
      }),
      logout: fromPromise(() => deps.api.logout()),
    },
    actions: {
      storeLanguage: (_, params) => {
        if (params.language) deps.languages.set(params.language);
      },
      navigate: (_, params) => deps.navigate(params.to),
      reportError: ({ system }, params) => {
        appChild(system, 'errors')?.send({ type: 'PUSH', message: params.message });
      },
      afterLogin: ({ system }) => {
        const target = nativeTarget(deps.window);
        if (!target) return;
        deps.api
          .createToken(nativeTokenExpiration(new Date()))
          .then((token) => target.postMessage(`login|${token}`))
          .catch((error: unknown) => {
            appChild(system, 'errors')?.send({ type: 'PUSH', message: errorText(error) });
          });
      },
    },
  });

}
