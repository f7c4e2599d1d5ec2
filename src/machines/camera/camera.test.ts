import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { CAMERA } from './camera.machine';
import { provideCameraEffects } from './camera.effects';

function start(follow = false) {
  const clock = new SimulatedClock();
  const reveals: Array<'least' | 'centre'> = [];
  const watching: Array<() => void> = [];
  let stops = 0;
  const machine = provideCameraEffects({
    reveal: ({ centre }) => void reveals.push(centre ? 'centre' : 'least'),
    watchFreeArea: (changed) => {
      watching.push(changed);
      return () => void (stops += 1);
    },
  });
  const actor = createActor(machine, { clock, input: { follow } }).start();
  return {
    actor,
    clock,
    reveals,
    /** what the obstacle watcher would call */
    freeAreaChanged: () => watching.at(-1)?.(),
    watchers: () => watching.length,
    stops: () => stops,
    value: () => actor.getSnapshot().value,
    send: (...events: Parameters<typeof actor.send>[0][]) => events.forEach((event) => actor.send(event)),
  };
}

describe('camera machine: the selected device kept in view', () => {
  it('selecting reveals the device, and so does each of its positions and each change of what covers the map', () => {
    const m = start();
    expect(m.value()).toBe('idle');
    m.send({ type: 'POSITION' });
    expect(m.reveals).toEqual([]);
    m.send({ type: 'SELECTED', tracking: false });
    expect(m.value()).toEqual({ selected: 'keeping' });
    expect(m.reveals).toEqual(['least']);
    m.send({ type: 'POSITION' }, { type: 'POSITION' });
    m.freeAreaChanged(); // the card opened
    expect(m.reveals).toEqual(['least', 'least', 'least', 'least']);
    // the same device chosen again while kept: revealed again
    m.send({ type: 'SELECTED', tracking: false });
    expect(m.reveals).toHaveLength(5);
  });

  it('the free area is watched only while a device is selected', () => {
    const m = start();
    expect(m.watchers()).toBe(0);
    m.send({ type: 'SELECTED', tracking: false });
    expect(m.watchers()).toBe(1);
    m.send({ type: 'DESELECTED' });
    expect(m.stops()).toBe(1);
    expect(m.value()).toBe('idle');
  });

  it("a person's pan or zoom pauses it until a device is selected again", () => {
    const m = start();
    m.send({ type: 'SELECTED', tracking: false }, { type: 'USER_MOVING' });
    expect(m.value()).toEqual({ selected: 'paused' });
    m.send({ type: 'USER_ZOOMED' }, { type: 'POSITION' }, { type: 'FREE_AREA_CHANGED' });
    m.clock.increment(60_000);
    expect(m.reveals).toEqual(['least']);
    // selecting (the same device too) resumes, and reveals at once
    m.send({ type: 'SELECTED', tracking: false });
    expect(m.value()).toEqual({ selected: 'keeping' });
    expect(m.reveals).toEqual(['least', 'least']);
    // the watcher keeps running through it
    expect(m.watchers()).toBe(1);
  });

  it('tracked: a zoom never pauses; once it has settled the device is brought back into view', () => {
    const m = start();
    m.send({ type: 'SELECTED', tracking: true }, { type: 'USER_MOVING' });
    expect(m.value()).toEqual({ selected: 'held' });
    // nothing moves the camera while the person zooms
    m.send({ type: 'POSITION' }, { type: 'FREE_AREA_CHANGED' });
    expect(m.reveals).toEqual(['least']);
    m.send({ type: 'USER_ZOOMED' });
    expect(m.value()).toEqual({ selected: 'settling' });
    // another wheel burst within the settle time: held again, nothing revealed in between
    m.clock.increment(CAMERA.settleMs - 1);
    m.send({ type: 'USER_MOVING' }, { type: 'USER_ZOOMED' });
    m.clock.increment(CAMERA.settleMs - 1);
    expect(m.reveals).toEqual(['least']);
    m.clock.increment(1);
    expect(m.value()).toEqual({ selected: 'keeping' });
    expect(m.reveals).toEqual(['least', 'least']);
    m.send({ type: 'POSITION' });
    expect(m.reveals).toEqual(['least', 'least', 'least']);
  });

  it('tracked: a pan pauses, until the person selects again', () => {
    const m = start();
    m.send({ type: 'SELECTED', tracking: true }, { type: 'USER_MOVING' }, { type: 'USER_PANNED' });
    expect(m.value()).toEqual({ selected: 'paused' });
    m.send({ type: 'POSITION' });
    m.clock.increment(CAMERA.settleMs * 10);
    expect(m.reveals).toEqual(['least']);
    m.send({ type: 'SELECTED', tracking: true });
    expect(m.value()).toEqual({ selected: 'keeping' });
  });

  it('Track pressed on a paused device resumes; Track stopped during a zoom pauses', () => {
    const m = start();
    m.send({ type: 'SELECTED', tracking: false }, { type: 'USER_MOVING' });
    expect(m.value()).toEqual({ selected: 'paused' });
    m.send({ type: 'TRACKING', on: true });
    expect(m.value()).toEqual({ selected: 'keeping' });
    expect(m.reveals).toEqual(['least', 'least']);
    m.send({ type: 'USER_MOVING' });
    expect(m.value()).toEqual({ selected: 'held' });
    m.send({ type: 'TRACKING', on: false });
    expect(m.value()).toEqual({ selected: 'paused' });
    expect(m.actor.getSnapshot().context.tracking).toBe(false);
  });

  it('follow centres the device, also after a pan; during a zoom of a tracked device nothing moves', () => {
    const m = start(true);
    m.send({ type: 'SELECTED', tracking: false }, { type: 'POSITION' });
    expect(m.reveals).toEqual(['centre', 'centre']);
    m.send({ type: 'USER_MOVING' }, { type: 'POSITION' });
    expect(m.value()).toEqual({ selected: 'paused' });
    expect(m.reveals).toEqual(['centre', 'centre', 'centre']);
    m.send({ type: 'FOLLOW', on: false }, { type: 'POSITION' });
    expect(m.reveals).toEqual(['centre', 'centre', 'centre']);
    m.send({ type: 'SELECTED', tracking: true }, { type: 'FOLLOW', on: true });
    expect(m.reveals).toEqual(['centre', 'centre', 'centre', 'least', 'centre']);
    m.send({ type: 'USER_MOVING' }, { type: 'POSITION' });
    expect(m.reveals).toHaveLength(5);
  });

  it('follow switched while nothing is selected is remembered for the next selection', () => {
    const m = start();
    m.send({ type: 'FOLLOW', on: true }, { type: 'SELECTED', tracking: false });
    expect(m.reveals).toEqual(['centre']);
  });
});
