// @vitest-environment node
/**
 * Pins what the model-based test harness reads from XState (tests/model/xstateAdapter.ts) on a
 * small machine. If an XState upgrade changes any of it, this file fails first and says what
 * changed, instead of every model test silently generating different path sets.
 */
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, sendTo, setup, type AnyMachineSnapshot, type AnyTransitionDefinition } from 'xstate';
import { uploadMachine } from './fixtures/machines.ts';
import { activeStateNodes, describeExecutedAction, ownEventDescriptors, recordingScope } from './xstateAdapter.ts';

/** Runs a pure step, recording microsteps and executed actions. */
function step(run: (scope: ReturnType<typeof recordingScope>) => unknown) {
  const microsteps: { value: unknown; transitions: string[] }[] = [];
  const actions: string[] = [];
  const effects: string[] = [];
  const scope = recordingScope({
    microstep: (snapshot, transitions: readonly AnyTransitionDefinition[]) =>
      microsteps.push({ value: snapshot.value, transitions: transitions.map((t) => `${t.source.id}:${t.eventType}`) }),
    action: (action) => {
      actions.push(action.type);
      const effect = describeExecutedAction(action);
      if (effect !== undefined) effects.push(effect);
    },
  });
  const snapshot = run(scope) as AnyMachineSnapshot;
  return { snapshot, microsteps, actions, effects };
}

describe('xstate adapter (pins the XState behaviour the model harness relies on)', () => {
  const init = step((scope) => uploadMachine.getInitialSnapshot(scope, undefined));
  const working = step((scope) => uploadMachine.transition(init.snapshot, { type: 'START' }, scope));

  it('activeStateNodes: the root and every active node, document order, parallel regions included', () => {
    expect(activeStateNodes(init.snapshot).map((n) => n.id)).toEqual(['upload', 'upload.idle']);
    expect(activeStateNodes(working.snapshot).map((n) => n.id)).toEqual([
      'upload',
      'upload.working',
      'upload.working.fetch',
      'upload.working.fetch.loading',
      'upload.working.ticker',
      'upload.working.ticker.tick',
    ]);
  });

  it('ownEventDescriptors: ordinary, delayed and invoke done/error events of the active nodes, deduplicated', () => {
    expect(ownEventDescriptors(init.snapshot)).toEqual(['START']);
    expect(ownEventDescriptors(working.snapshot)).toEqual([
      'CANCEL',
      'xstate.done.state.upload.working.fetch',
      'xstate.done.actor.load',
      'xstate.error.actor.load',
      'xstate.after.1000.upload.working.ticker.tick',
    ]);
  });

  it('recordingScope: pure steps report every microstep with the transitions it took', () => {
    expect(init.microsteps).toEqual([]);
    expect(working.microsteps).toEqual([{ value: { working: { fetch: 'loading', ticker: 'tick' } }, transitions: ['upload.idle:START'] }]);
    // an eventless (`always`) transition is a microstep of its own
    const done = step((scope) => uploadMachine.transition(working.snapshot, { type: 'xstate.done.actor.load', output: { count: 2 } } as never, scope));
    expect(done.microsteps.map((m) => m.transitions)).toEqual([
      ['upload.working.fetch.loading:xstate.done.actor.load'],
      ['upload.working.fetch:xstate.done.state.upload.working.fetch'],
      ['upload.checking:'],
    ]);
    expect(done.snapshot.value).toBe('done');
    expect(done.snapshot.status).toBe('done');
  });

  it('recordingScope: the executed actions, with named ones, actor starts and timers; assigns are not executed', () => {
    expect(init.actions).toEqual([]);
    expect(working.actions).toEqual(['logStart', 'xstate.spawnChild', 'xstate.raise']);
    expect(working.effects).toEqual(['logStart', 'start loadServer']);
    const cancelled = step((scope) => uploadMachine.transition(working.snapshot, { type: 'CANCEL' }, scope));
    expect(cancelled.actions).toEqual(['xstate.cancel', 'xstate.stopChild']);
    expect(cancelled.effects).toEqual(['stop loadServer']);
  });

  it('describeExecutedAction: sendTo names the event and the receiving actor', () => {
    const machine = setup({
      actors: { child: fromPromise(async () => 1) },
      actions: { note: assign({ n: 1 }) },
    }).createMachine({
      context: { n: 0 },
      invoke: { id: 'kid', src: 'child' },
      on: { PING: { actions: [sendTo('kid', { type: 'HELLO' }), 'note'] } },
    });
    const start = step((scope) => machine.getInitialSnapshot(scope, undefined));
    expect(start.effects).toEqual(['start child']);
    const ping = step((scope) => machine.transition(start.snapshot, { type: 'PING' }, scope));
    expect(ping.effects).toEqual(['send HELLO to kid']);
    expect(ping.snapshot.context).toEqual({ n: 1 });
  });
});
