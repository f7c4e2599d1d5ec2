/**
 * The zoom buttons and the attribution every movable map has, on the inline-end side (the left in
 * right-to-left layouts): the live and report maps (`MapView`) and the emulator's (`PointMap`).
 * Returns the top corner, where a map adds its own controls under the zoom buttons.
 */
import * as maplibregl from 'maplibre-gl';

export function addStandardControls(map: maplibregl.Map, container: HTMLElement): 'top-left' | 'top-right' {
  const rtl = getComputedStyle(container).direction === 'rtl';
  map.addControl(new maplibregl.NavigationControl({ visualizePitch: false }), rtl ? 'top-left' : 'top-right');
  map.addControl(new maplibregl.AttributionControl({ compact: false }), rtl ? 'bottom-left' : 'bottom-right');
  return rtl ? 'top-left' : 'top-right';
}
