/**
 * Model-based test of the native bridge: covering paths over its graph (wrapper calls, sign-in
 * and sign-out from the root, registrations settling), each replayed against the real machine
 * with a fake `registerToken`, the context compared at every step and the effects checked.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { replayChecking, type Effect, type PathStep } from './graph.ts';
import { assertModelCovers } from './spec.ts';
import { ctx, effects, fakes, machine, model, paths } from './nativeBridge.model.ts';

function check(step: PathStep, prev: AnyMachineSnapshot | undefined, next: AnyMachineSnapshot, produced: readonly Effect[]): void {
  const where = `step "${step.label}"`;
  const event = step.event as AnyEventObject & { token?: string; eventId?: number; body?: string | null };
  // only the signed-in bridge registers a token, one at a time
  expect(next.matches({ signedIn: 'registering' }), where).toBe(ctx(next).current !== null);
  expect(ctx(next).queue.length, where).toBeLessThanOrEqual(3);
  if (next.matches('signedOut')) expect(ctx(next).current, where).toBeNull();
  if (next.matches({ signedIn: 'idle' })) expect(ctx(next).queue, where).toEqual([]);
  if (prev === undefined) return;
  const enteredSignedIn = next.matches('signedIn') && prev.matches('signedOut');
  const opened = produced.filter(([name]) => name === 'openEvent');
  if (event.type === 'NOTIFICATION_OPENED') {
    expect(opened, where).toEqual(prev.matches('signedIn') ? [['openEvent', event.eventId]] : []);
    if (prev.matches('signedOut')) expect(ctx(next).pendingEvent, where).toBe(event.eventId);
  } else if (enteredSignedIn) {
    expect(opened, where).toEqual(ctx(prev).pendingEvent === null ? [] : [['openEvent', ctx(prev).pendingEvent]]);
    expect(ctx(next).pendingEvent, where).toBeNull();
  } else {
    expect(opened, where).toEqual([]);
  }
  // a login token always goes up to the root (the session decides where it is valid)
  expect(produced.filter(([name]) => name === 'signIn'), where).toEqual(event.type === 'LOGIN_TOKEN' ? [['signIn', event.token]] : []);
  if (event.type === 'NOTIFICATION_TOKEN') {
    const all = [...(ctx(next).current === null ? [] : [ctx(next).current]), ...ctx(next).queue];
    expect(all, where).toContain(event.token);
  }
  if (event.type === 'SIGNED_OUT' && prev.matches('signedIn')) expect(ctx(next), where).toEqual({ queue: [], current: null, pendingEvent: null, bodies: [] });
  // an opened notification's body is kept for its event page, signed in or not; nothing else changes them
  if (event.type === 'NOTIFICATION_OPENED') expect(ctx(next).bodies.at(-1), where).toEqual({ eventId: event.eventId, body: event.body });
  else if (!(event.type === 'SIGNED_OUT' && prev.matches('signedIn'))) expect(ctx(next).bodies, where).toEqual(ctx(prev).bodies);
  expect(produced.filter(([name]) => name === 'reportError'), where).toEqual(step.kind === 'error' ? [['reportError', 'HTTP 500']] : []);
  // a registration that saved the user hands it up (the root gives it to the session); one that saved nothing, nothing
  const output = step.kind === 'done' ? (event as { output?: { id: number } | null }).output : undefined;
  expect(produced.filter(([name]) => name === 'userSaved'), where).toEqual(output ? [['userSaved', output.id]] : []);
  // the token registered is the oldest waiting (or the one just handed over)
  const startedRegistering = next.matches({ signedIn: 'registering' }) && (!prev.matches({ signedIn: 'registering' }) || step.kind === 'done' || step.kind === 'error');
  if (startedRegistering) {
    expect(ctx(next).current, where).toBe(ctx(prev).queue[0] ?? event.token);
  }
}

describe('native bridge machine (model-based)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      await replayChecking(path, { machine, fakes, compareContext: true, effects, check });
      expect(fakes.pending()).toEqual([]);
    });
  }

  it('covers every state node and every transition', () => {
    assertModelCovers(model);
  });
});
