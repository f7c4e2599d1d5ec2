/**
 * Model spec of the app machine: the paths `app.model.test.ts` replays, and the source of
 * `docs/statecharts/app.paths.md` and of the coverage table on `docs/statecharts/app.md`
 * (`npm run statecharts`).
 */
import { appMachine, type AppInput } from '../../src/machines/app/app.machine';
import { sessionMachine } from '../../src/machines/session/session.machine';
import { coveringPaths, fakeActors, provideFakeActors } from './graph.ts';
import { defineModel } from './spec.ts';

export const input: AppInput = { query: { locale: 'en', token: 'url-token', uniqueId: null, openid: null }, path: '/devices/3' };
export const fakes = fakeActors();
export const machine = appMachine.provide({ actors: { session: provideFakeActors(sessionMachine, fakes) } });
export const signedIn = { matches: (state: string) => state === 'authenticated', context: { user: { id: 4, attributes: { role: 'Dispatcher' } } } };
export const signedOut = { matches: () => false };
export const guest = { matches: (state: string) => state === 'unauthenticated' };
export const paths = coveringPaths(machine, {
  input,
  events: {
    [`xstate.snapshot.session`]: [{ snapshot: signedIn }, { snapshot: signedOut }, { snapshot: guest }],
    NAVIGATED: { path: '/settings/devices' },
    UNAUTHORIZED: {},
    LOGIN_TOKEN: { token: 'native-token' },
    USER_SAVED: { user: { id: 4, name: 'Dispatcher', email: 'd@example.com', attributes: { role: 'Dispatcher', notificationTokens: 'push-a' } } },
  },
  serializeState: (snapshot) => JSON.stringify([snapshot.value, (snapshot.context as { authenticated: boolean }).authenticated, (snapshot.context as { viewer: string | null }).viewer]),
});

export const model = defineModel(appMachine, { paths: paths.map((path) => ({ path, input })) });
