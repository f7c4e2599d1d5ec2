/**
 * What the pointer does on a device marker besides a click (which selects, `devices.ts`):
 *
 * - **Hover** (a mouse, not a finger): resting on a marker tells `onHover` the device and the
 *   marker's point (the map's pixels); leaving it, pressing, or the map starting to move tells it
 *   null. Moving over the same marker tells nothing, so a page shows its tooltip once per marker.
 * - **Menu**: a right-click (`contextmenu`) or a long press (one finger held still
 *   `LONG_PRESS_MS`) tells `onMenu` the device and the pointer's point. A long press is not also a
 *   click (the card does not open under the menu), and the browser's own `contextmenu` that
 *   follows a long press on Android does not open the menu twice.
 *
 * The events are MapLibre's layer events on the markers' layers; nothing here renders.
 */
import type { Map as MaplibreMap, MapLayerMouseEvent, MapLayerTouchEvent, MapMouseEvent, MapTouchEvent, Subscription } from 'maplibre-gl';

/** How long a finger must rest on a marker to open its menu (ms). */
export const LONG_PRESS_MS = 500;
/** How far (px) a finger may drift and still be a long press. */
export const LONG_PRESS_SLOP_PX = 10;
/** After a long press, the click and the browser's context menu of the same press are its own (ms). */
const AFTER_LONG_PRESS_MS = 1_000;

/** A device under the pointer, at a point of the map's container (px). */
export interface DevicePoint {
  readonly id: number;
  readonly x: number;
  readonly y: number;
}

export interface DevicePointerOptions {
  onHover?: (hover: DevicePoint | null) => void;
  onMenu?: (menu: DevicePoint) => void;
  /** the clock (tests) */
  now?: () => number;
}

export interface DevicePointer {
  /** a click now belongs to a long press just made (not a selection) */
  clickIsLongPress(): boolean;
  detach(): void;
}

export type DevicePointerMap = Pick<MaplibreMap, 'on' | 'project' | 'queryRenderedFeatures'>;

type Feature = NonNullable<MapLayerMouseEvent['features']>[number];

function deviceOf(features: Feature[] | undefined): { id: number; feature: Feature } | null {
  const feature = features?.[0];
  return feature && typeof feature.id === 'number' ? { id: feature.id, feature } : null;
}

/** A mouse event the browser made up from a touch (Chrome says so): not a hover. */
function fromTouch(event: MouseEvent | undefined): boolean {
  return (event as (MouseEvent & { sourceCapabilities?: { firesTouchEvents?: boolean } }) | undefined)?.sourceCapabilities?.firesTouchEvents === true;
}

export function attachDevicePointer(map: DevicePointerMap, layers: readonly string[], options: DevicePointerOptions): DevicePointer {
  const now = options.now ?? (() => Date.now());
  /** the marker under the mouse, shown or not */
  let hovered: number | null = null;
  let shown = false;
  let press: { id: number; x: number; y: number; timer: ReturnType<typeof setTimeout> } | null = null;
  let longPressAt = -Infinity;

  const hide = (): void => {
    if (!shown) return;
    shown = false;
    options.onHover?.(null);
  };

  const move = (event: MapLayerMouseEvent): void => {
    if (fromTouch(event.originalEvent)) return;
    const device = deviceOf(event.features);
    if (!device || device.id === hovered) return;
    hovered = device.id;
    // the marker's point, not the pointer's: the tooltip stands over the marker, wherever it was entered
    const geometry = device.feature.geometry;
    const at = geometry.type === 'Point' ? map.project(geometry.coordinates as [number, number]) : event.point;
    shown = true;
    options.onHover?.({ id: device.id, x: at.x, y: at.y });
  };

  const leave = (event: MapLayerMouseEvent): void => {
    // the selected device is drawn in two layers: leaving one may still be over the other
    const still = event.point ? map.queryRenderedFeatures(event.point, { layers: [...layers] }) : [];
    if (still.some((feature) => feature.id === hovered)) return;
    hovered = null;
    hide();
  };

  const menu = (event: MapLayerMouseEvent): void => {
    const device = deviceOf(event.features);
    if (!device) return;
    event.preventDefault();
    event.originalEvent?.preventDefault();
    // Android's own context menu after a long press: the long press opened it already
    if (now() - longPressAt < AFTER_LONG_PRESS_MS) return;
    hide();
    options.onMenu?.({ id: device.id, x: event.point.x, y: event.point.y });
  };

  const cancelPress = (): void => {
    if (!press) return;
    clearTimeout(press.timer);
    press = null;
  };

  const touchStart = (event: MapLayerTouchEvent): void => {
    cancelPress();
    if ((event.originalEvent?.touches?.length ?? 1) !== 1) return;
    const device = deviceOf(event.features);
    if (!device) return;
    const { x, y } = event.point;
    press = {
      id: device.id,
      x,
      y,
      timer: setTimeout(() => {
        const held = press;
        press = null;
        if (!held) return;
        longPressAt = now();
        hide();
        options.onMenu?.({ id: held.id, x: held.x, y: held.y });
      }, LONG_PRESS_MS),
    };
  };

  const touchMove = (event: MapTouchEvent): void => {
    if (press && Math.hypot(event.point.x - press.x, event.point.y - press.y) > LONG_PRESS_SLOP_PX) cancelPress();
  };

  const subscriptions: Subscription[] = [];
  for (const layer of layers) {
    subscriptions.push(
      map.on('mousemove', layer, move),
      map.on('mouseleave', layer, leave),
      map.on('contextmenu', layer, menu),
      map.on('touchstart', layer, touchStart),
    );
  }
  const onMoveStart = (): void => {
    cancelPress();
    hide();
  };
  const onMouseDown = (_event: MapMouseEvent): void => hide();
  subscriptions.push(
    map.on('touchmove', touchMove),
    map.on('touchend', cancelPress),
    map.on('touchcancel', cancelPress),
    map.on('movestart', onMoveStart),
    map.on('mousedown', onMouseDown),
  );

  return {
    clickIsLongPress: () => now() - longPressAt < AFTER_LONG_PRESS_MS,
    detach() {
      cancelPress();
      hide();
      hovered = null;
      for (const subscription of subscriptions) subscription.unsubscribe();
    },
  };
}
