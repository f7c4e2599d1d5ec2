import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, sendTo, SimulatedClock, type AnyEventObject } from 'xstate';
import { KEPT_NOTIFICATION_BODIES, nativeBridgeMachine } from './nativeBridge.machine';
import { selectNotificationBody } from './selectors';
import type { WrapperEvent } from './events';
import type { User } from '../../../contract/models';
import { makeUser } from '../../../tests/fixtures/models';

interface Pending {
  token: string;
  /** the saved user, or none (nothing was saved) */
  resolve: (user?: User | null) => void;
  reject: (error: unknown) => void;
}

/** The bridge under a parent that records what it is sent; the wrapper's calls through `listen`. */
function start() {
  const registering: Pending[] = [];
  const opened: number[] = [];
  const reported: string[] = [];
  const toParent: AnyEventObject[] = [];
  let wrapper: (event: WrapperEvent) => void = () => {};
  const bridge = nativeBridgeMachine.provide({
    actors: {
      listen: fromCallback(({ sendBack }) => {
        wrapper = sendBack;
      }),
      registerToken: fromPromise(
        ({ input }) =>
          new Promise<User | null>((resolve, reject) => void registering.push({ token: input.token, resolve: (user = null) => resolve(user), reject })),
      ),
    },
    actions: {
      openEvent: (_, params) => void opened.push(params.eventId),
      reportError: (_, params) => void reported.push(params.message),
    },
  });
  const parent = createMachine({
    invoke: { id: 'bridge', src: bridge },
    on: {
      LOGIN_TOKEN: { actions: ({ event }) => void toParent.push(event) },
      USER_SAVED: { actions: ({ event }) => void toParent.push(event) },
      FORWARD: { actions: sendTo('bridge', ({ event }) => (event as AnyEventObject & { inner: AnyEventObject }).inner) },
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(parent, { clock }).start();
  const child = () => actor.getSnapshot().children.bridge!;
  const send = (inner: AnyEventObject) => actor.send({ type: 'FORWARD', inner });
  const state = () => child().getSnapshot() as ReturnType<ReturnType<typeof createActor<typeof nativeBridgeMachine>>['getSnapshot']>;
  return { actor, send, state, wrapper: (event: WrapperEvent) => wrapper(event), registering, opened, reported, toParent };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('native bridge machine', () => {
  it('hands the user a token was saved on to its parent (the root gives it to the session); nothing when none was saved', async () => {
    const { wrapper, toParent, send, registering } = start();
    send({ type: 'SIGNED_IN' });
    wrapper({ type: 'NOTIFICATION_TOKEN', token: 'push-a' });
    const saved = makeUser({ id: 4, attributes: { notificationTokens: 'push-a' } });
    registering.shift()!.resolve(saved);
    await flush();
    wrapper({ type: 'NOTIFICATION_TOKEN', token: 'push-b' });
    registering.shift()!.resolve(null);
    await flush();
    expect(toParent).toEqual([{ type: 'USER_SAVED', user: saved }]);
  });

  it('hands a login token to its parent, whatever the sign-in state', () => {
    const { wrapper, toParent, send } = start();
    wrapper({ type: 'LOGIN_TOKEN', token: 'abc' });
    send({ type: 'SIGNED_IN' });
    wrapper({ type: 'LOGIN_TOKEN', token: 'def' });
    expect(toParent).toEqual([
      { type: 'LOGIN_TOKEN', token: 'abc' },
      { type: 'LOGIN_TOKEN', token: 'def' },
    ]);
  });

  it('registers push tokens one at a time while signed in, in order, the last 3 and no repeats', async () => {
    const { wrapper, send, state, registering } = start();
    send({ type: 'SIGNED_IN' });
    expect(state().value).toEqual({ signedIn: 'idle' });
    for (const token of ['t1', 't2', 't3', 't4', 't5', 't3']) wrapper({ type: 'NOTIFICATION_TOKEN', token });
    expect(state().value).toEqual({ signedIn: 'registering' });
    expect(state().context).toMatchObject({ current: 't1', queue: ['t4', 't5', 't3'] });
    const done: string[] = [];
    while (registering.length > 0) {
      const next = registering.shift()!;
      done.push(next.token);
      next.resolve();
      await flush();
    }
    expect(done).toEqual(['t1', 't4', 't5', 't3']);
    expect(state().value).toEqual({ signedIn: 'idle' });
  });

  it('a token handed over again while it is registered is not registered twice', async () => {
    const { wrapper, send, registering } = start();
    send({ type: 'SIGNED_IN' });
    wrapper({ type: 'NOTIFICATION_TOKEN', token: 'same' });
    wrapper({ type: 'NOTIFICATION_TOKEN', token: 'same' });
    registering.shift()!.resolve();
    await flush();
    expect(registering).toEqual([]);
  });

  it('keeps a token handed over while signed out until sign-in', async () => {
    const { wrapper, send, state, registering } = start();
    wrapper({ type: 'NOTIFICATION_TOKEN', token: 'early' });
    expect(registering).toEqual([]);
    expect(state().value).toBe('signedOut');
    send({ type: 'SIGNED_IN' });
    expect(registering.map((r) => r.token)).toEqual(['early']);
  });

  it('a failed registration is reported and the next token still goes', async () => {
    const { wrapper, send, registering, reported, state } = start();
    send({ type: 'SIGNED_IN' });
    wrapper({ type: 'NOTIFICATION_TOKEN', token: 'a' });
    wrapper({ type: 'NOTIFICATION_TOKEN', token: 'b' });
    registering.shift()!.reject(new Error('HTTP 500'));
    await flush();
    expect(reported).toEqual(['HTTP 500']);
    expect(registering.map((r) => r.token)).toEqual(['b']);
    registering.shift()!.resolve();
    await flush();
    expect(state().value).toEqual({ signedIn: 'idle' });
  });

  it('signing out drops what was not registered', async () => {
    const { wrapper, send, registering, state } = start();
    send({ type: 'SIGNED_IN' });
    wrapper({ type: 'NOTIFICATION_TOKEN', token: 'a' });
    wrapper({ type: 'NOTIFICATION_TOKEN', token: 'b' });
    send({ type: 'SIGNED_OUT' });
    expect(state().value).toBe('signedOut');
    expect(state().context).toEqual({ queue: [], current: null, pendingEvent: null, bodies: [] });
    registering.shift()!.resolve();
    await flush();
    send({ type: 'SIGNED_IN' });
    expect(registering).toEqual([]);
  });

  it('opens a notified event at once while signed in, or at sign-in', () => {
    const { wrapper, send, opened } = start();
    wrapper({ type: 'NOTIFICATION_OPENED', eventId: 4, body: null });
    wrapper({ type: 'NOTIFICATION_OPENED', eventId: 5, body: null });
    expect(opened).toEqual([]);
    send({ type: 'SIGNED_IN' });
    expect(opened).toEqual([5]);
    wrapper({ type: 'NOTIFICATION_OPENED', eventId: 6, body: null });
    expect(opened).toEqual([5, 6]);
    send({ type: 'SIGNED_OUT' });
    send({ type: 'SIGNED_IN' });
    expect(opened).toEqual([5, 6]);
  });

  it("keeps each opened notification's body for its event page (one per event, the newest, the last 20) until sign-out", () => {
    const { wrapper, send, opened, state } = start();
    // opened before sign-in: the body waits with the event
    wrapper({ type: 'NOTIFICATION_OPENED', eventId: 7, body: 'SOS from Truck 7' });
    send({ type: 'SIGNED_IN' });
    expect(opened).toEqual([7]);
    expect(selectNotificationBody(7)(state())).toBe('SOS from Truck 7');
    // another notification: both kept (the first page is one Back away); none without a body
    wrapper({ type: 'NOTIFICATION_OPENED', eventId: 8, body: 'Truck 8 left Depot' });
    wrapper({ type: 'NOTIFICATION_OPENED', eventId: 9, body: null });
    expect(selectNotificationBody(7)(state())).toBe('SOS from Truck 7');
    expect(selectNotificationBody(8)(state())).toBe('Truck 8 left Depot');
    expect(selectNotificationBody(9)(state())).toBeNull();
    // the same event again: its newest body
    wrapper({ type: 'NOTIFICATION_OPENED', eventId: 7, body: 'SOS again' });
    expect(state().context.bodies.filter((it) => it.eventId === 7)).toEqual([{ eventId: 7, body: 'SOS again' }]);
    for (let id = 100; id < 100 + KEPT_NOTIFICATION_BODIES; id++) wrapper({ type: 'NOTIFICATION_OPENED', eventId: id, body: `event ${id}` });
    expect(state().context.bodies).toHaveLength(20);
    expect(selectNotificationBody(7)(state())).toBeNull();
    expect(selectNotificationBody(100)(state())).toBe('event 100');
    // they were this user's: gone at sign-out
    send({ type: 'SIGNED_OUT' });
    expect(state().context.bodies).toEqual([]);
    expect(selectNotificationBody(100)(state())).toBeNull();
  });
});
