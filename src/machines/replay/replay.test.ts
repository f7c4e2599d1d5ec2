import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import type { Position } from '../../../contract/models';
import { prepareReplay, type ReplayData } from '../../domain/replay';
import { advance, PER_POINT_MS } from './replay.machine';
import { MAX_FRAME_MS, provideReplayEffects } from './replay.effects';

const T0 = Date.UTC(2026, 10, 2, 8, 0, 0);
const FRAME_MS = 16;

const at = (deviceId: number, seconds: number, lat: number, lon: number) =>
  ({ id: seconds, deviceId, fixTime: new Date(T0 + seconds * 1000).toISOString(), latitude: lat, longitude: lon, speed: 10, course: 0 }) as Position;

/** one device, a position every 10 s for 10 minutes */
const history = (): ReplayData => prepareReplay(Array.from({ length: 61 }, (_, k) => at(1, k * 10, 24.7 + k * 0.0001, 46.6)));

/** The machine with a `load` that answers when told, and frames every 16 ms of the simulated clock. */
function start(load: (input: unknown, signal: AbortSignal) => Promise<ReplayData> = async () => history()) {
  const clock = new SimulatedClock();
  const signals: AbortSignal[] = [];
  let frames = 0;
  const machine = provideReplayEffects<unknown>({
    load: (input, signal) => {
      signals.push(signal);
      return load(input, signal);
    },
    onFrame: (frame) => {
      let now = 0;
      let handle: ReturnType<SimulatedClock["setTimeout"]> | undefined;
      let stopped = false;
      const next = () => {
        handle = clock.setTimeout(() => {
          now += FRAME_MS;
          frames++;
          frame(now);
          if (!stopped) next();
        }, FRAME_MS);
      };
      frame(now);
      next();
      return () => {
        stopped = true;
        if (handle !== undefined) clock.clearTimeout(handle);
      };
    },
  });
  const actor = createActor(machine, { clock, input: {} }).start();
  return { actor, clock, signals, frames: () => frames };
}

/** Moves the simulated clock frame by frame (xstate's SimulatedClock fires a timer set during an increment only on a later one). */
function elapse(clock: SimulatedClock, ms: number): void {
  for (let left = ms; left > 0; left -= FRAME_MS) clock.increment(Math.min(FRAME_MS, left));
}

async function loaded(options?: Parameters<typeof start>[0]) {
  const run = start(options);
  run.actor.send({ type: 'LOAD', input: { deviceId: [1] } });
  await waitFor(run.actor, (s) => s.hasTag('loaded'));
  return run;
}

describe('replay machine', () => {
  it('loads the history and waits at its first position', async () => {
    const { actor } = await loaded();
    const s = actor.getSnapshot();
    expect(s.value).toBe('ready');
    expect(s.context.time).toBe(T0);
    expect(s.context.data!.tracks).toHaveLength(1);
  });

  it('plays at 60× on the frames of the clock: ten minutes of history in ten seconds, then ends at the last position', async () => {
    const { actor, clock, frames } = await loaded();
    actor.send({ type: 'SPEED', speed: 60 });
    actor.send({ type: 'PLAY' });
    elapse(clock, 5_000);
    const half = actor.getSnapshot();
    expect(half.value).toBe('playing');
    // 5 s of frames at 60×: five minutes of history (to the frame)
    expect(Math.abs(half.context.time - (T0 + 300_000))).toBeLessThanOrEqual(FRAME_MS * 60);
    elapse(clock, 5_100);
    expect(actor.getSnapshot().value).toBe('ended');
    expect(actor.getSnapshot().context.time).toBe(T0 + 600_000);
    // no frames once it has ended
    const counted = frames();
    elapse(clock, 1_000);
    expect(frames()).toBe(counted);
  });

  it('per point: one position every half second', async () => {
    const { actor, clock } = await loaded();
    actor.send({ type: 'SPEED', speed: 'point' });
    actor.send({ type: 'PLAY' });
    elapse(clock, PER_POINT_MS * 3 + FRAME_MS);
    expect(actor.getSnapshot().context.time).toBe(T0 + 30_000);
  });

  it('pauses and steps through positions; Space toggles; playing after the end starts over', async () => {
    const { actor, clock } = await loaded();
    actor.send({ type: 'TOGGLE' });
    elapse(clock, 1_000);
    actor.send({ type: 'TOGGLE' });
    expect(actor.getSnapshot().value).toBe('paused');
    const paused = actor.getSnapshot().context.time;
    expect(paused).toBeGreaterThan(T0);
    elapse(clock, 2_000);
    expect(actor.getSnapshot().context.time).toBe(paused);
    actor.send({ type: 'STEP', direction: 1 });
    expect(actor.getSnapshot().context.time).toBe(T0 + 10_000);
    actor.send({ type: 'STEP', direction: 1 });
    actor.send({ type: 'STEP', direction: -1 });
    expect(actor.getSnapshot().context.time).toBe(T0 + 10_000);
    actor.send({ type: 'SEEK', time: T0 + 600_000 });
    expect(actor.getSnapshot().value).toBe('ended');
    actor.send({ type: 'PLAY' });
    expect(actor.getSnapshot().context.time).toBe(T0);
    expect(actor.getSnapshot().value).toBe('playing');
  });

  it('a step while playing pauses there; a seek while playing keeps playing from there, kept inside the history', async () => {
    const { actor, clock } = await loaded();
    actor.send({ type: 'PLAY' });
    actor.send({ type: 'SEEK', time: T0 + 120_000 });
    expect(actor.getSnapshot().value).toBe('playing');
    elapse(clock, 1_000);
    // 62 frames of 16 ms at 10×: 9.92 s of history
    expect(actor.getSnapshot().context.time).toBe(T0 + 129_920);
    actor.send({ type: 'STEP', direction: 1 });
    expect(actor.getSnapshot().value).toBe('paused');
    expect(actor.getSnapshot().context.time).toBe(T0 + 130_000);
    actor.send({ type: 'SEEK', time: T0 - 99_000 });
    expect(actor.getSnapshot().context.time).toBe(T0);
  });

  it('+ and − move through the speeds and stop at each end', async () => {
    const { actor } = await loaded();
    expect(actor.getSnapshot().context.speed).toBe(10);
    for (let k = 0; k < 9; k++) actor.send({ type: 'FASTER' });
    expect(actor.getSnapshot().context.speed).toBe(120);
    for (let k = 0; k < 9; k++) actor.send({ type: 'SLOWER' });
    expect(actor.getSnapshot().context.speed).toBe('point');
    actor.send({ type: 'FOLLOW', on: true });
    expect(actor.getSnapshot().context.follow).toBe(true);
  });

  it('nothing to play is empty; a failure keeps its reason; a new load aborts the one running', async () => {
    const empty = start(async () => prepareReplay([]));
    empty.actor.send({ type: 'LOAD', input: 1 });
    await waitFor(empty.actor, (s) => s.matches('empty'));
    const failed = start(async () => {
      throw new Error('Time period exceeds the limit');
    });
    failed.actor.send({ type: 'LOAD', input: 1 });
    await waitFor(failed.actor, (s) => s.matches('failed'));
    expect(failed.actor.getSnapshot().context.error).toBe('Time period exceeds the limit');
    const slow = start(() => new Promise(() => {}));
    slow.actor.send({ type: 'LOAD', input: 1 });
    slow.actor.send({ type: 'LOAD', input: 2 });
    expect(slow.signals.map((signal) => signal.aborted)).toEqual([true, false]);
    expect(slow.actor.getSnapshot().hasTag('busy')).toBe(true);
  });
});

describe('advance', () => {
  const data = history();
  it('moves by the frame times the speed, never past the end', () => {
    expect(advance({ data, time: T0, speed: 60, carry: 0 }, 100).time).toBe(T0 + 6_000);
    expect(advance({ data, time: T0 + 599_000, speed: 120, carry: 0 }, 100).time).toBe(T0 + 600_000);
    expect(advance({ data, time: T0, speed: 1, carry: 0 }, Number.NaN).time).toBe(T0);
  });
  it('per point keeps the remainder for the next frame', () => {
    expect(advance({ data, time: T0, speed: 'point', carry: 0 }, 400)).toEqual({ time: T0, carry: 400 });
    expect(advance({ data, time: T0, speed: 'point', carry: 400 }, 700)).toEqual({ time: T0 + 20_000, carry: 100 });
  });
  it('a frame after a long pause of the tab counts at most a quarter second', () => {
    expect(MAX_FRAME_MS).toBe(250);
  });
});
