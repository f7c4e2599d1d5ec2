/**
 * The replay machine's effects, provided where it runs (the replay page), so the machine stays pure:
 * `load` fetches and prepares the history (its signal aborts the request when a new LOAD replaces it
 * or the page closes), and `frames` sends a TICK on every animation frame while playing, with the
 * milliseconds since the previous frame (at most `MAX_FRAME_MS`, so a tab coming back from the
 * background does not jump).
 */
import { fromCallback, fromPromise } from 'xstate';
import type { ReplayData } from '../../domain/replay';
import { replayMachine, type ReplayEvent } from './replay.machine';

export const MAX_FRAME_MS = 250;

export interface ReplayEffects<Input> {
  load(input: Input, signal: AbortSignal): Promise<ReplayData>;
  /** calls `frame(now)` on each display frame until the returned function is called (requestAnimationFrame by default) */
  onFrame?(frame: (now: number) => void): () => void;
}

function animationFrames(frame: (now: number) => void): () => void {
  let handle = 0;
  let stopped = false;
  const loop = (now: number) => {
    frame(now);
    // the frame may have ended the replay, which stops this loop from inside it
    if (!stopped) handle = requestAnimationFrame(loop);
  };
  handle = requestAnimationFrame(loop);
  return () => {
    stopped = true;
    cancelAnimationFrame(handle);
  };
}

export function provideReplayEffects<Input>(effects: ReplayEffects<Input>) {
  const onFrame = effects.onFrame ?? animationFrames;
  return replayMachine.provide({
    actors: {
      load: fromPromise(({ input, signal }: { input: unknown; signal: AbortSignal }) => effects.load(input as Input, signal)),
      frames: fromCallback(({ sendBack }) => {
        let last: number | null = null;
        return onFrame((now) => {
          if (last !== null) sendBack({ type: 'TICK', delta: Math.min(MAX_FRAME_MS, Math.max(0, now - last)) } satisfies ReplayEvent);
          last = now;
        });
      }),
    },
  });
}
