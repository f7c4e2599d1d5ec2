import { globalStyle, style } from '@vanilla-extract/css';
import { visuallyHidden } from '../../ui/focus.css';
import { vars } from '../../ui/theme.css';
import { media } from '../../ui/breakpoints';

/** The chart with its tools above and legend below; as tall as its container gives, 240px at least for the plot. */
export const chart = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  blockSize: '100%',
  minInlineSize: 0,
  color: vars.color.text,
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});

/** The visible time range, after the buttons (on the inline end). */
export const range = style({
  marginInlineStart: 'auto',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

/** The plot's box: its size comes from the layout, never from the canvas (uPlot is sized to it). */
export const plot = style({
  position: 'relative',
  flex: '1 1 auto',
  minBlockSize: '240px',
  minInlineSize: 0,
});

/** Docked under a map: a lower plot (it takes what the dock leaves, 80 px at the least; 140 px on a phone, where the dock is as tall as its parts), so map and chart share the pane. */
export const compact = style({ minBlockSize: '80px', '@media': { [media.narrow]: { minBlockSize: '140px' } } });

/** The moment marked from elsewhere (a row, a map point, the replay's clock): a line across the plot, placed by a transform. */
export const mark = style({
  position: 'absolute',
  insetBlock: 0,
  insetInlineStart: 0,
  inlineSize: '2px',
  marginInlineStart: '-1px',
  backgroundColor: vars.color.text,
  pointerEvents: 'none',
  selectors: { '&[hidden]': { display: 'none' } },
});

/** uPlot's root, laid over the plot box (the canvas follows the box's size through a ResizeObserver). */
export const canvasLayer = style({
  position: 'absolute',
  insetBlock: 0,
  insetInline: 0,
  overflow: 'hidden',
});

/** The drag-to-zoom selection and the cursor lines, visible on the dark surface. */
globalStyle(`${canvasLayer} .u-select`, {
  background: 'rgba(138, 180, 255, 0.18)',
});

globalStyle(`${canvasLayer} .u-hz .u-cursor-x, ${canvasLayer} .u-vt .u-cursor-y`, {
  borderInlineEndColor: vars.color.textMuted,
});

globalStyle(`${canvasLayer} .u-hz .u-cursor-y, ${canvasLayer} .u-vt .u-cursor-x`, {
  borderBlockEndColor: vars.color.textMuted,
});

export const empty = style({
  margin: 0,
  paddingBlock: vars.space.lg,
  color: vars.color.textMuted,
});

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space.lg,
  rowGap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
});

export const legendItem = style({
  display: 'inline-flex',
  alignItems: 'baseline',
  gap: vars.space.xs,
});

export const legendTime = style({
  color: vars.color.textMuted,
});

export const swatch = style({
  display: 'inline-block',
  flexShrink: 0,
  inlineSize: '0.75rem',
  blockSize: '0.75rem',
  borderRadius: vars.radius.sm,
  alignSelf: 'center',
});

export const value = style({
  fontVariantNumeric: 'tabular-nums',
  fontWeight: vars.fontWeight.bold,
});

export const hidden = style(visuallyHidden);

/** Printed: the range shown stays, the zoom buttons go. */
globalStyle(`${toolbar} button`, { '@media': { print: { display: 'none' } } });

// Printed, the plot is fitted to the printed box: a person's print lays the page out for paper
// without a resize for uPlot to follow, so the canvas drawn for the screen is scaled, not cut. The
// cursor and selection layers (sized in pixels for the screen) are left out.
globalStyle(`${canvasLayer} .uplot, ${canvasLayer} .u-wrap, ${canvasLayer} canvas`, { '@media': { print: { inlineSize: '100% !important', blockSize: '100% !important', objectFit: 'contain' } } });
globalStyle(`${canvasLayer} .u-over, ${canvasLayer} .u-under`, { '@media': { print: { display: 'none' } } });
