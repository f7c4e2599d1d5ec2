/**
 * The map style machine's effect, as a factory: `showStyle` hands the chosen style to the map
 * (src/map/controller.ts gives it, with MapLibre's `setStyle` behind it).
 */
import { mapStyleMachine } from './mapStyle.machine';

export interface MapStyleEffectDeps {
  /** Shows a style on the map: a name the machine chose (the requested one, or the offline fallback). */
  showStyle: (style: string) => void;
}

export function provideMapStyleEffects(deps: MapStyleEffectDeps) {
  return mapStyleMachine.provide({ actions: { showStyle: (_, { style }) => deps.showStyle(style) } });
}
