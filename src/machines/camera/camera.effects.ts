/**
 * The camera machine's effects, provided where the map is created (`src/map/camera.ts`), so the
 * machine stays pure: `reveal` moves the map (the least, or centring the device), and
 * `watchFreeArea` calls back when what covers the map may have changed, until its stop is called.
 */
import { fromCallback } from 'xstate';
import { cameraMachine } from './camera.machine';

export interface CameraEffects {
  reveal(options: { centre: boolean }): void;
  /** Calls `changed` whenever what covers the map may have changed; returns the stop. */
  watchFreeArea(changed: () => void): () => void;
}

export function provideCameraEffects(effects: CameraEffects) {
  return cameraMachine.provide({
    actions: {
      reveal: (_, params) => effects.reveal(params),
    },
    actors: {
      watchFreeArea: fromCallback(({ sendBack }) => effects.watchFreeArea(() => sendBack({ type: 'FREE_AREA_CHANGED' }))),
    },
  });
}
