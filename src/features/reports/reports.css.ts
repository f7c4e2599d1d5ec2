import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { media } from '../../ui/breakpoints';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
  flex: 1,
  minBlockSize: 0,
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const filter = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const fields = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm });
export const field = style({ minInlineSize: '12rem', flex: '1 1 12rem', maxInlineSize: '20rem' });
export const buttons = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });
export const problems = style({ margin: 0, paddingInlineStart: vars.space.md });

export const progress = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });
export const bar = style({
  inlineSize: '12rem',
  blockSize: '0.5rem',
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.border,
  overflow: 'hidden',
  position: 'relative',
});
export const barFill = style({
  position: 'absolute',
  insetBlock: 0,
  insetInlineStart: 0,
  inlineSize: '40%',
  backgroundColor: vars.color.primary,
  '@media': { '(prefers-reduced-motion: no-preference)': { animation: `${keyframes({ from: { insetInlineStart: '-40%' }, to: { insetInlineStart: '100%' } })} 1.2s linear infinite` } },
});

/** The results: the table beside the map (under it on a phone). */
export const results = style({
  display: 'flex',
  gap: vars.space.md,
  flex: 1,
  minBlockSize: '24rem',
  '@media': { [media.narrow]: { flexDirection: 'column', minBlockSize: 'auto' } },
});
/** The table takes the room it needs; the map beside it at most 35 % of the width (or none, when hidden). */
export const table = style({
  flex: '1 1 65%',
  minInlineSize: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  '@media': { [media.narrow]: { blockSize: '28rem', flex: 'none' } },
});
/** The pane beside the table: the map, and the chart docked under it (stacked under the table on a phone). */
export const map = style({
  flex: '0 1 35%',
  maxInlineSize: '35%',
  minInlineSize: 0,
  minBlockSize: '20rem',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  '@media': { [media.narrow]: { flex: 'none', maxInlineSize: 'none' } },
});
/** The map takes what the chart under it leaves (a fixed height on a phone). */
export const mapBox = style({
  position: 'relative',
  flex: '1 1 12rem',
  minBlockSize: '12rem',
  '@media': { [media.narrow]: { blockSize: '18rem', flex: 'none' } },
});
/**
 * The chart under the map: a fixed height (19rem: its tools, a plot of about 140 px and the legend in a
 * third of the page's width), there while the chart loads, so the map's size (and the
 * camera's fit of the route) does not change when it comes; on a phone as tall as its parts.
 */
export const dockedChart = style({ flex: 'none', blockSize: '19rem', minInlineSize: 0, '@media': { [media.narrow]: { blockSize: 'auto' } } });
export const tools = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });
/** The map toggle pressed: the map is shown. */
export const toggleOn = style({
  selectors: { '&[data-selected]': { backgroundColor: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary } },
});
export const tableTools = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const chart = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, flex: 1, minBlockSize: '22rem' });
/** The chart report's attributes and its map toggle, on one line where they fit. */
export const chartTools = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: vars.space.sm });
/** The chart report's map, above the chart. */
export const chartMap = style({ position: 'relative', flex: 'none', blockSize: '16rem', '@media': { [media.narrow]: { blockSize: '14rem' } } });
