/**
 * The geofence machine's effects: the drawing tool on the map and the resource layer's writes.
 * Provided where the machine runs (the geofences page), so the machine itself stays pure.
 */
import { fromPromise } from 'xstate';
import type { Geometry } from '../../../contract/wkt';
import { geofenceMachine, type DrawKind, type SaveInput } from './geofence.machine';

export interface GeofenceEffects {
  drawing: {
    draw(kind: DrawKind): void;
    show(geometry: Geometry | null): void;
    clear(): void;
    undoPoint(): void;
  };
  /** creates (id null) or updates the geofence; answers with its id */
  save(input: SaveInput, signal: AbortSignal): Promise<{ id: number }>;
  remove(id: number, signal: AbortSignal): Promise<void>;
  saved?(id: number): void;
  removed?(id: number): void;
}

export function provideGeofenceEffects(effects: GeofenceEffects) {
  return geofenceMachine.provide({
    actions: {
      startDrawing: (_, { kind }) => effects.drawing.draw(kind),
      showShape: (_, { geometry }) => effects.drawing.show(geometry),
      clearShape: () => effects.drawing.clear(),
      undoPoint: () => effects.drawing.undoPoint(),
      saved: (_, { id }) => effects.saved?.(id),
      removed: (_, { id }) => effects.removed?.(id),
    },
    actors: {
      save: fromPromise(({ input, signal }: { input: SaveInput; signal: AbortSignal }) => effects.save(input, signal)),
      remove: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }) => effects.remove(input.id, signal)),
    },
  });
}
