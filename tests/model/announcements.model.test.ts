/**
 * Model-based test of the announcements machine: covering paths over its graph (the file loading
 * or failing, the viewer arriving or changing, pages changing, a pick naming an announcement or
 * none, the delay, close and the button, the fade), each replayed against the real machine with
 * fake `loadFile` and `pick` on a simulated clock, the context compared at every step and the
 * effects checked.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { replayChecking, type Effect, type PathStep } from './graph.ts';
import { assertModelCovers } from './spec.ts';
import { ctx, effects, fakes, file, machine, model, paths, user, welcome } from './announcements.model.ts';

function check(step: PathStep, prev: AnyMachineSnapshot | undefined, next: AnyMachineSnapshot, produced: readonly Effect[]): void {
  const where = `step "${step.label}"`;
  const event = step.event as AnyEventObject;
  // an announcement is held exactly while it waits, shows or fades
  expect(ctx(next).current !== null, where).toBe(['delaying', 'shown', 'closing'].some((state) => next.matches(state)));
  // nothing is picked before the file and the viewer are known
  if (next.matches('picking') || next.matches('delaying')) {
    expect(ctx(next).file, where).not.toBeNull();
    expect(ctx(next).viewer, where).not.toBeNull();
  }
  if (event.type === 'NAVIGATED') expect(ctx(next).path, where).toBe((event as AnyEventObject & { path: string }).path);
  if (event.type === 'VIEWER') expect(ctx(next).viewer, where).toEqual((event as AnyEventObject & { viewer: unknown }).viewer);
  if (prev === undefined) return;
  // the button's action runs once, when pressed on a shown announcement
  expect(produced.filter(([name]) => name === 'perform'), where).toEqual(event.type === 'ACT' && prev.matches('shown') ? [['perform', 'welcome']] : []);
  // counters are stored once the fade has run, for the announcement that closed
  const stored = produced.filter(([name]) => name === 'recordShow');
  if (prev.matches('closing') && step.kind === 'delay') {
    const viewer = ctx(prev).viewer;
    expect(stored, where).toHaveLength(1);
    expect(stored[0]?.[1], where).toMatchObject({ viewer, id: ctx(prev).current?.id });
    expect(ctx(next).shown.at(-1), where).toEqual({ viewer: viewer?.kind === 'guest' ? 'guest' : `user.${viewer?.kind === 'user' ? viewer.id : ''}`, id: 'welcome' });
    expect(ctx(next).shown, where).toHaveLength(ctx(prev).shown.length + 1);
  } else {
    expect(stored, where).toEqual([]);
    expect(ctx(next).shown, where).toEqual(ctx(prev).shown);
  }
}

describe('announcements machine (model-based)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      await replayChecking(path, { machine, fakes, input: { path: '/login' }, compareContext: true, effects, check });
      expect(fakes.pending()).toEqual([]);
    });
  }

  it('covers every state node and every transition', () => {
    assertModelCovers(model);
  });
});
