/**
 * The moment under a chart's pointer, on the map: a ring where the vehicle was then (the chart docked
 * under a report's map or the replay's). A MapLibre `Marker`, a DOM element moved by a transform, so
 * following the pointer sends nothing to a source and renders no component; the page hands it places
 * through `place`, straight from the chart's hover (a value store, not React state).
 *
 * A place out of the map's view brings the map to it (an ease, a jump under prefers-reduced-motion;
 * while the map is already moving, once it stops), so what the pointer points at is seen: a selected
 * row may have zoomed the map in on another part of the route.
 *
 * Test hook: the element has `data-testid="map-hover-marker"` and is in the page only while a place
 * is shown.
 */
import { Marker, type Map as MaplibreMap } from 'maplibre-gl';
import type { MapExtension } from '../controller';

export interface HoverPlace {
  longitude: number;
  latitude: number;
}

/** What the layer needs of a MapLibre `Marker` (a fake in unit tests). */
export interface HoverPin {
  setLngLat(at: [number, number]): HoverPin;
  addTo(map: MaplibreMap): HoverPin;
  remove(): HoverPin;
}

export interface HoverMarker {
  /** for `MapView`'s `extensions` */
  readonly extension: MapExtension;
  /** shows the ring at a place, or takes it away (null) */
  place(at: HoverPlace | null): void;
}

function ringElement(): HTMLElement {
  const element = document.createElement('div');
  element.className = 'athar-hover-marker';
  element.dataset.testid = 'map-hover-marker';
  element.setAttribute('aria-hidden', 'true');
  const style = element.style;
  style.width = '18px';
  style.height = '18px';
  style.boxSizing = 'border-box';
  style.borderRadius = '50%';
  style.border = '3px solid #ffffff';
  style.background = 'rgba(240, 165, 0, 0.9)';
  style.boxShadow = '0 0 0 2px rgba(0, 0, 0, 0.6)';
  style.pointerEvents = 'none';
  return element;
}

function prefersReducedMotion(): boolean {
  try {
    return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  } catch {
    return false;
  }
}

/** How long bringing a place into view takes (ms). */
const EASE_MS = 300;

export function createHoverMarker(options: { createPin?: (element: HTMLElement) => HoverPin; reducedMotion?: () => boolean } = {}): HoverMarker {
  const createPin = options.createPin ?? ((element: HTMLElement): HoverPin => new Marker({ element }));
  const reduced = options.reducedMotion ?? prefersReducedMotion;
  let map: MaplibreMap | null = null;
  let pin: HoverPin | null = null;
  let shown = false;
  let current: HoverPlace | null = null;

  function sync(): void {
    const target = map;
    if (!target) return;
    if (!current || !Number.isFinite(current.longitude) || !Number.isFinite(current.latitude)) {
      if (shown) pin?.remove();
      shown = false;
      return;
    }
    const at: [number, number] = [current.longitude, current.latitude];
    pin ??= createPin(ringElement());
    pin.setLngLat(at);
    if (!shown) pin.addTo(target);
    shown = true;
    bringIntoView(target);
  }

  /** The shown place into the map's view, unless the map is moving (then again when it stops). */
  function bringIntoView(target: MaplibreMap): void {
    if (!shown || !current) return;
    const at: [number, number] = [current.longitude, current.latitude];
    try {
      if (!target.isMoving() && !target.getBounds().contains(at)) target.easeTo({ center: at, duration: reduced() ? 0 : EASE_MS });
    } catch (error) {
      console.error('[map] hover marker camera move failed', error);
    }
  }

  const extension: MapExtension = (target) => {
    map = target;
    const onMoveEnd = () => bringIntoView(target);
    target.on('moveend', onMoveEnd);
    sync();
    return () => {
      target.off('moveend', onMoveEnd);
      if (shown) pin?.remove();
      shown = false;
      if (map === target) map = null;
    };
  };

  return {
    extension,
    place(at) {
      current = at;
      sync();
    },
  };
}
