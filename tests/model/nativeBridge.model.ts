/**
 * Model spec of the nativeBridge machine: the paths `nativeBridge.model.test.ts` replays, and the source of
 * `docs/statecharts/nativeBridge.paths.md` and of the coverage table on `docs/statecharts/nativeBridge.md`
 * (`npm run statecharts`).
 */
import type { AnyMachineSnapshot } from 'xstate';
import { nativeBridgeMachine, type NativeBridgeContext } from '../../src/machines/nativeBridge/nativeBridge.machine';
import { coveringPaths, fakeActors, invokeEventType, type Effect } from './graph.ts';
import { defineModel } from './spec.ts';

export const fakes = fakeActors();
export const effects: Effect[] = [];
export const machine = nativeBridgeMachine.provide({
  actors: { registerToken: fakes.promise() },
  actions: {
    signIn: (_, params) => void effects.push(['signIn', params.token]),
    userSaved: (_, params) => void effects.push(['userSaved', params.user.id]),
    openEvent: (_, params) => void effects.push(['openEvent', params.eventId]),
    reportError: (_, params) => void effects.push(['reportError', params.message]),
  },
});

const registerEvent = (kind: 'done' | 'error'): string => invokeEventType(nativeBridgeMachine, 'registerToken', kind);

export const ctx = (s: AnyMachineSnapshot) => s.context as NativeBridgeContext;

export const paths = coveringPaths(machine, {
  events: {
    SIGNED_IN: {},
    SIGNED_OUT: {},
    LOGIN_TOKEN: { token: 'login-token' },
    NOTIFICATION_TOKEN: [{ token: 'push-a' }, { token: 'push-b' }],
    NOTIFICATION_OPENED: { eventId: 12, body: 'SOS from Truck 7' },
    [registerEvent('done')]: [{ output: null }, { output: { id: 4, name: 'Dispatcher', email: 'd@example.com', attributes: { notificationTokens: 'push-a' } } }],
    [registerEvent('error')]: { error: new Error('HTTP 500') },
  },
  // guards read whether something is queued or an event waits: explore those, not every token order
  serializeState: (s) => JSON.stringify([s.value, ctx(s).queue.length > 0, ctx(s).current !== null, ctx(s).pendingEvent !== null]),
});

export const model = defineModel(nativeBridgeMachine, { paths });
