/**
 * Model-based test of the camera machine: covering paths over its graph (every event in every
 * state, with and without Track and follow, the settle delay on a timed graph), replayed on the
 * real machine with a SimulatedClock; along every path the camera moves exactly when the device
 * is kept (and with follow, also when paused), never while a person moves the map, and the
 * free area is watched exactly while a device is selected.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { replayChecking, type Effect, type PathStep } from './graph.ts';
import { assertModelCovers } from './spec.ts';
import { ctx, effects, INPUT, machine, model } from './camera.model.ts';

const selected = (s: AnyMachineSnapshot) => s.matches('selected');
const inState = (s: AnyMachineSnapshot, state: string) => s.matches({ selected: state } as never);

function checkStep(step: PathStep, prev: AnyMachineSnapshot | undefined, next: AnyMachineSnapshot, produced: readonly Effect[]): void {
  const where = `step "${step.label}"`;
  const reveals = produced.filter(([name]) => name === 'reveal').map(([, mode]) => mode);
  const event = step.event as AnyEventObject & { on?: boolean; tracking?: boolean };
  if (!prev) {
    expect(produced, where).toEqual([]);
    return;
  }
  // The free area is watched exactly while a device is selected.
  expect(produced.filter(([n]) => n === 'watch').length, where).toBe(!selected(prev) && selected(next) ? 1 : 0);
  expect(produced.filter(([n]) => n === 'unwatch').length, where).toBe(selected(prev) && !selected(next) ? 1 : 0);
  // At most one camera move per step, and none without a selection.
  expect(reveals.length, where).toBeLessThanOrEqual(1);
  if (!selected(next)) expect(reveals, where).toEqual([]);
  // Never while a person is moving the map, nor while their zoom settles.
  if (inState(next, 'held') || inState(next, 'settling')) expect(reveals, where).toEqual([]);
  // A person's move never moves the camera.
  if (['USER_MOVING', 'USER_PANNED', 'USER_ZOOMED'].includes(step.event.type)) expect(reveals, where).toEqual([]);
  // Selecting always reveals and always keeps.
  if (step.event.type === 'SELECTED') {
    expect(reveals, where).toHaveLength(1);
    expect(next.hasTag('keeping'), where).toBe(true);
    expect(ctx(next).tracking, where).toBe(event.tracking);
  }
  // A position moves the camera exactly when kept, or paused with follow on.
  if (step.event.type === 'POSITION') {
    const moves = inState(prev, 'keeping') || (inState(prev, 'paused') && ctx(prev).follow);
    expect(reveals.length, where).toBe(moves ? 1 : 0);
  }
  if (step.event.type === 'FREE_AREA_CHANGED') expect(reveals.length, where).toBe(inState(prev, 'keeping') ? 1 : 0);
  // The mode is the follow setting, at every move.
  for (const mode of reveals) expect(mode, where).toBe(ctx(next).follow ? 'centre' : 'least');
  // Untracked, any move of a person pauses at once; tracked, it is held.
  if (step.event.type === 'USER_MOVING' && inState(prev, 'keeping')) expect(inState(next, ctx(prev).tracking ? 'held' : 'paused'), where).toBe(true);
  // A pan of a person always ends paused.
  if (step.event.type === 'USER_PANNED' && inState(prev, 'held')) expect(inState(next, 'paused'), where).toBe(true);
  // Tracked and held or settling only while tracked.
  if (inState(next, 'held') || inState(next, 'settling')) expect(ctx(next).tracking, where).toBe(true);
  if (step.event.type === 'TRACKING' && selected(prev)) expect(ctx(next).tracking, where).toBe(event.on);
  if (step.event.type === 'FOLLOW') expect(ctx(next).follow, where).toBe(event.on);
}

describe('camera machine (model-based)', () => {
  for (const planned of model.paths) {
    it(planned.title ?? planned.path.description, async () => {
      await replayChecking(planned.path, { machine, input: planned.input ?? INPUT, effects, check: checkStep });
    });
  }

  it('the scenarios end where they should', () => {
    expect(model.scenario('a pan pauses keeping in view; selecting again resumes it').path.state.value).toEqual({ selected: 'keeping' });
    expect(model.scenario('tracked: a zoom holds, settles and brings the device back; a pan pauses').path.state.value).toEqual({ selected: 'paused' });
  });

  it('covers every state node and every transition', () => {
    assertModelCovers(model);
  });
});
