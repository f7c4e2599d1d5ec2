/**
 * Where MapLibre's controls are, for what a page lays beside them (MapView adds them; the map page
 * keeps its toasts' zone clear of them).
 */

/** MapLibre's margin between its controls and the map's edges (its stylesheet). */
export const MAP_CONTROL_MARGIN_PX = 10;

/** The scale bar's longest length (MapView's ScaleControl), the widest control of the column at the inline end. */
export const SCALE_MAX_WIDTH_PX = 100;
