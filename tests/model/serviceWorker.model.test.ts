/**
 * Model-based test of the service worker machine: covering paths over its graph (what the
 * registration effect reports, the prompt's Refresh and Dismiss, the update-check and activation
 * timers on a simulated clock), each replayed against the real machine with the context compared
 * at every step and its effects (checkForUpdate, skipWaiting, reload) checked.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { updateIntervalFrom } from '../../src/machines/serviceWorker/serviceWorker.machine';
import { replayChecking, type Effect, type PathStep } from './graph.ts';
import { assertModelCovers } from './spec.ts';
import { ctx, effects, machine, model, paths } from './serviceWorker.model.ts';

function check(step: PathStep, prev: AnyMachineSnapshot | undefined, next: AnyMachineSnapshot, effectsOfStep: readonly Effect[]): void {
  const where = `step "${step.label}"`;
  const produced = effectsOfStep.map(([name]) => name);
  const event = step.event as AnyEventObject & { interval?: unknown; message?: string };
  expect(next.matches('failed'), where).toBe(ctx(next).error !== null);
  if (event.type === 'SETTINGS') expect(ctx(next).interval, where).toBe(updateIntervalFrom(event.interval));
  if (event.type === 'OFFLINE_READY') expect(ctx(next).offlineReady, where).toBe(true);
  if (prev === undefined) {
    expect(produced, where).toEqual([]);
    return;
  }
  // an update check only when the idle timer of a non-zero interval fires
  const checked = step.kind === 'delay' && prev.matches('idle');
  if (checked) expect(ctx(prev).interval, where).toBeGreaterThan(0);
  expect(produced.filter((e) => e === 'checkForUpdate'), where).toEqual(checked ? ['checkForUpdate'] : []);
  // skip waiting exactly when Refresh is pressed on the prompt
  expect(produced.filter((e) => e === 'skipWaiting'), where).toEqual(prev.matches('updateAvailable') && event.type === 'REFRESH' ? ['skipWaiting'] : []);
  // a reload only out of activating: the new worker controls the page, or the timeout
  const reloaded = prev.matches('activating') && next.matches('reloading');
  expect(produced.filter((e) => e === 'reload'), where).toEqual(reloaded ? ['reload'] : []);
  if (reloaded) expect(event.type === 'CONTROLLING' || step.kind === 'delay', where).toBe(true);
  if (event.type === 'DISMISS' && prev.matches('updateAvailable')) expect(ctx(next).dismissed, where).toBe(true);
  if (next.matches('updateAvailable') && !prev.matches('updateAvailable')) expect(ctx(next).dismissed, where).toBe(false);
  // nothing leaves unsupported, failed or reloading
  for (const terminal of ['unsupported', 'failed', 'reloading']) {
    if (prev.matches(terminal)) expect(next.value, where).toBe(terminal);
  }
}

describe('service worker machine (model-based)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      await replayChecking(path, { machine, compareContext: true, effects, check });
    });
  }

  it('covers every state node and every transition', () => {
    assertModelCovers(model);
  });
});
