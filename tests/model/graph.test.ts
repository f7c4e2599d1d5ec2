// @vitest-environment node
/**
 * Tests of the model-based testing helpers, and the reference example of how a machine test
 * uses them (see the "upload machine (model-based)" block).
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { formMachine, uploadMachine } from './fixtures/machines.ts';
import {
  assertCovers,
  coverageOf,
  coveringPaths,
  eventsFor,
  fakeActors,
  pathFromEvents,
  provideFakeActors,
  replayPath,
  stateIdsOf,
  transitionsOf,
  type ModelPath,
} from './graph.ts';

describe('transitionsOf', () => {
  it('enumerates event, delayed, invoke done/error, state onDone and always edges', () => {
    const edges = transitionsOf(uploadMachine).map((t) => `${t.source} ${t.eventType || 'always'} -> ${t.targets.join(',')}`);
    expect(edges).toEqual([
      'idle START -> working',
      'working CANCEL -> idle',
      'working.fetch xstate.done.state.upload.working.fetch -> checking',
      'working.fetch.loading xstate.done.actor.load -> working.fetch.loaded',
      'working.fetch.loading xstate.error.actor.load -> working.fetch.failed',
      'working.fetch.failed xstate.after.RETRY_DELAY.upload.working.fetch.failed -> working.fetch.loading',
      'working.fetch.failed xstate.after.RETRY_DELAY.upload.working.fetch.failed -> working.fetch.gaveUp',
      'working.ticker.tick xstate.after.1000.upload.working.ticker.tick -> working.ticker.tock',
      'working.ticker.tock TOGGLE -> working.ticker.tick',
      'checking always -> done',
      'checking always -> idle',
    ]);
    const ids = transitionsOf(uploadMachine).map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    // ids survive machine.provide()
    expect(transitionsOf(uploadMachine.provide({})).map((t) => t.id)).toEqual(ids);
  });

  it('lists the reachable state ids', () => {
    expect(stateIdsOf(formMachine)).toEqual(['form', 'form.editing', 'form.invalid', 'form.submitted']);
  });
});

describe('eventsFor', () => {
  it('offers delayed and invoke events as ordinary events, with samples', () => {
    const working = pathFromEvents(uploadMachine, [{ type: 'START' }]).state;
    expect(eventsFor(working, { 'xstate.done.actor.load': [{ output: { count: 1 } }, { output: { count: 2 } }] })).toEqual([
      { type: 'CANCEL' },
      { type: 'xstate.done.actor.load', output: { count: 1 } },
      { type: 'xstate.done.actor.load', output: { count: 2 } },
      { type: 'xstate.error.actor.load' },
      { type: 'xstate.after.1000.upload.working.ticker.tick' },
    ]);
  });
});

describe('coverage', () => {
  it('assertCovers fails listing the transition and state a guard keeps out of reach', () => {
    const paths = coveringPaths(formMachine);
    expect(coverageOf(paths, formMachine).transitions.missing.map((t) => t.id)).toEqual(['form.editing#SUBMIT#0']);
    expect(() => assertCovers(paths, formMachine)).toThrow(
      /state form\.submitted[\s\S]*transition editing: SUBMIT \[isValid\] → submitted {3}\(id form\.editing#SUBMIT#0\)/,
    );
  });

  it('passes once sample events hit both guard branches', () => {
    const paths = coveringPaths(formMachine, { events: { SUBMIT: [{ value: 'ok' }, { value: 'bad' }] } });
    expect(paths.map((p) => p.description)).toEqual([
      'SUBMIT {"value":"ok"} ⇒ submitted (done)',
      'SUBMIT {"value":"bad"} → RESET ⇒ editing',
    ]);
    expect(() => assertCovers(paths, formMachine)).not.toThrow();
  });

  it('accepts deliberate gaps', () => {
    const paths = coveringPaths(formMachine);
    expect(() => assertCovers(paths, formMachine, { ignore: ['form.submitted', 'form.editing#SUBMIT#0'] })).not.toThrow();
  });

  it('counts transient states and eventless/onDone microsteps', () => {
    const path = pathFromEvents(uploadMachine, [{ type: 'START' }, { type: 'xstate.done.actor.load', output: { count: 2 } }]);
    const last = path.steps[2];
    expect(last?.transitions).toEqual([
      'upload.working.fetch.loading#xstate.done.actor.load#0',
      'upload.working.fetch#xstate.done.state.upload.working.fetch#0',
      'upload.checking#always#0',
    ]);
    expect(last?.states).toContain('upload.checking');
    expect(last?.state.value).toBe('done');
  });

  it('other strategies delegate to xstate/graph', () => {
    const samples = { SUBMIT: [{ value: 'ok' }, { value: 'bad' }] };
    expect(coveringPaths(formMachine, { events: samples, strategy: 'shortest' }).map((p) => p.description)).toEqual([
      'SUBMIT {"value":"ok"} ⇒ submitted (done)',
      'SUBMIT {"value":"bad"} ⇒ invalid',
    ]);
    expect(coveringPaths(formMachine, { events: samples, strategy: 'simple' })).toHaveLength(2);
  });

  it('explains missing sample events', () => {
    expect(() => coveringPaths(uploadMachine)).toThrow(/xstate\.done\.actor\.load[\s\S]*sample event/);
  });
});

describe('timed traversal', () => {
  it('never lets a later timer fire before an earlier one, and folds simultaneous timers', () => {
    const paths = coveringPaths(uploadMachine, {
      events: { 'xstate.done.actor.load': { output: { count: 1 } } },
    });
    for (const path of paths) {
      for (const step of path.steps) {
        if (step.kind === 'delay') expect(step.delay?.advanceMs).toBeGreaterThanOrEqual(0);
      }
    }
    // failed at t=0 (RETRY_DELAY 500) and tick at t=0 (1000): "after 1000ms" is never offered first
    expect(paths.some((p) => p.description.startsWith('START → error: loadServer → after 1000ms'))).toBe(false);
    const tied = paths.find((p) => p.steps.some((s) => (s.simultaneous?.length ?? 0) > 0));
    expect(tied?.description).toContain('after 1000ms + after RETRY_DELAY');
  });
});

// ------------------------------------------------------------------------------------------------
// The reference usage: a machine test built from the helpers.

describe('upload machine (model-based)', () => {
  const fakes = fakeActors();
  const machine = provideFakeActors(uploadMachine, fakes);
  const paths = coveringPaths(machine, {
    events: {
      'xstate.done.actor.load': { output: { count: 3 } },
      'xstate.error.actor.load': { error: new Error('offline') },
    },
  });

  for (const path of paths) {
    it(path.description, async () => {
      await replayPath(path, { machine, fakes, compareContext: true });
    });
  }

  it('covers every state and transition', () => {
    assertCovers(paths, uploadMachine);
  });
});

describe('replayPath', () => {
  const fakes = fakeActors();
  const machine = provideFakeActors(uploadMachine, fakes);
  const retryThenLoad: ModelPath = pathFromEvents(machine, [
    { type: 'START' },
    { type: 'xstate.error.actor.load', error: new Error('offline') },
    { type: 'xstate.after.RETRY_DELAY.upload.working.fetch.failed' },
    { type: 'xstate.done.actor.load', output: { count: 7 } },
  ]);

  it('advances the SimulatedClock for delays and settles the fake actors for done/error', async () => {
    const clock = new SimulatedClock();
    const seen: string[] = [];
    const { actor, snapshots } = await replayPath(retryThenLoad, {
      machine,
      fakes,
      clock,
      onStep: (step, snapshot) => {
        seen.push(`${step.kind}:${fakes.pending().join(',')}:${clock.now()}:${JSON.stringify(snapshot.value)}`);
      },
    });
    expect(seen).toEqual([
      'init::0:"idle"',
      'event:load:0:{"working":{"fetch":"loading","ticker":"tick"}}',
      'error::0:{"working":{"fetch":"failed","ticker":"tick"}}',
      'delay:load:500:{"working":{"fetch":"loading","ticker":"tick"}}',
      'done::500:"done"',
    ]);
    expect(snapshots.at(-1)?.context).toEqual({ attempts: 1, loaded: 7 });
    expect(fakes.inputs.get('load')).toHaveLength(2);
    expect(actor.getSnapshot().status).toBe('done');
    expect(fakes.pending()).toEqual([]);
  });

  it('lets a custom driver perform steps and reports divergence', async () => {
    const wrong: ModelPath = {
      ...retryThenLoad,
      steps: retryThenLoad.steps.map((s, i) => (i === 3 && s.delay ? { ...s, delay: { ...s.delay, advanceMs: 100 } } : s)),
    };
    const driven: string[] = [];
    await expect(
      replayPath(wrong, {
        machine,
        fakes,
        createActor: (m, { clock }) => createActor(m, { clock }),
        drive: async (step, ctx) => {
          driven.push(step.label);
          await ctx.performDefault();
        },
      }),
    ).rejects.toThrow(/Step 3 \(after RETRY_DELAY\): state working\.fetch\.failed \+ working\.ticker\.tick, expected working\.fetch\.loading \+ working\.ticker\.tick/);
    expect(driven).toEqual(['init', 'START', 'error: loadServer {"error":{"message":"offline","name":"Error"}}', 'after RETRY_DELAY']);
  });
});
