import { createContainer, globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { MAP_CONTROL_MARGIN_PX, SCALE_MAX_WIDTH_PX } from '../../map/controlsLayout';

/** The map's area as a size container: what sits over the map follows the map's width, not the window's. */
export const mapArea = createContainer('map-area');

/** The map fills the shell's main area (the sidebar and bottom bar are the shell's). */
export const page = style({
  position: 'relative',
  inlineSize: '100%',
  blockSize: '100%',
  minBlockSize: 0,
  containerName: mapArea,
  containerType: 'inline-size',
});

export const layersButton = style({
  position: 'absolute',
  insetBlockStart: vars.space.md,
  insetInlineStart: vars.space.md,
  zIndex: vars.zIndex.drawer,
});

/**
 * The toasts' zone on phones (ToastPlace: there the shell's strip would shorten the map, and move
 * it and its card, at every event): below the layers button, clear of MapLibre's column at the
 * inline end (zoom and compass, and the scale bar as long as it gets), from the top so that it
 * stays away from the card at the bottom.
 */
export const toastZone = style({
  position: 'absolute',
  insetBlockStart: `calc(${vars.space.md} + ${vars.size.control} + ${vars.space.sm})`,
  insetInlineStart: vars.space.md,
  insetInlineEnd: `calc(${MAP_CONTROL_MARGIN_PX + SCALE_MAX_WIDTH_PX}px + ${vars.space.sm})`,
  zIndex: vars.zIndex.toast,
  pointerEvents: 'none',
});

export const toggles = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

/** The style fallback notice: over the top of the map, clear of the layers button and the map controls. */
export const notice = style({
  position: 'absolute',
  insetBlockStart: vars.space.md,
  insetInline: '64px',
  zIndex: vars.zIndex.drawer,
  display: 'flex',
  justifyContent: 'center',
  pointerEvents: 'none',
});

globalStyle(`${notice} > *`, { pointerEvents: 'auto', maxInlineSize: '480px', boxShadow: '0 8px 24px rgba(0, 0, 0, 0.5)' });

/** The markers' legend in the layers menu (`StateLegend.tsx`). */
export const legend = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const legendTitle = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.bold });
export const legendList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: `${vars.space.xs} ${vars.space.md}`,
});
export const legendItem = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space.xs, fontSize: vars.fontSize.sm });
