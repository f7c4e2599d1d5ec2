/**
 * The native bridge's effects: the wrapper's calls on the window (validated before they become
 * events) and this device's push token saved on the user. Provided at the composition root.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { Endpoints } from '../../api/endpoints';
import { NOTIFICATION_TOKEN_KEY } from '../../api/nativeBridge';
import { appChild } from '../app/actors';
import type { WrapperEvent } from './events';
import { nativeBridgeMachine } from './nativeBridge.machine';

export interface NativeBridgeEffectDeps {
  api: Endpoints;
  navigate: (to: string) => void;
  window?: unknown;
  writeStorage: (key: string, value: string | null) => void;
}

export function provideNativeBridgeEffects(deps: NativeBridgeEffectDeps) {
  const { writeStorage } = deps;
  return nativeBridgeMachine.provide({
    actors: {
      listen: fromCallback<EventObject, void, WrapperEvent>(({ sendBack }) => {
        if (typeof deps.window !== 'object' || deps.window === null) return undefined;
        const win = deps.window as Record<string, unknown>;
        // input from the wrapper is hostile until validated: junk is ignored with a warning, never
        // thrown; it is read by a module loaded with the wrapper's first call, not with the sign-in page
        const handlers: Record<string, (value: unknown) => void> = {};
        for (const call of ['handleLoginToken', 'updateNotificationToken', 'handleNativeNotification'] as const) {
          handlers[call] = (value) =>
            void import('../../api/nativeMessages').then(({ wrapperInput }) => {
              const input = wrapperInput(call, value);
              if ('ignored' in input) console.warn(input.ignored);
              else sendBack(input);
            });
        }
        for (const [name, handler] of Object.entries(handlers)) win[name] = handler;
        return () => {
          for (const [name, handler] of Object.entries(handlers)) if (win[name] === handler) delete win[name];
        };
      }),
      registerToken: fromPromise(async ({ input, system }) => {
        writeStorage(NOTIFICATION_TOKEN_KEY, input.token);
        const session = appChild(system, 'session');
        const user = session?.getSnapshot().context.user;
        // the token list rules load with the first token, not with the sign-in page
        const { withNotificationToken } = await import('../../api/nativeMessages');
        const updated = user ? withNotificationToken(user, input.token) : null;
        // the saved user goes to the session through the root's chart (USER_SAVED)
        return updated ? deps.api.updateUser(updated) : null;
      }),
    },
    actions: {
      openEvent: (_, params) => deps.navigate(`/event/${params.eventId}`),
      reportError: ({ system }, params) => {
        appChild(system, 'errors')?.send({ type: 'PUSH', message: params.message });
      },
    },
  });

}
