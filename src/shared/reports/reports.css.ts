import { createVar, keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { media } from '../../ui/breakpoints';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
  flex: 1,
  minBlockSize: 0,
  '@media': { print: { padding: 0, gap: vars.space.sm } },
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const filter = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const fields = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm });
/**
 * A filter field: side by side from tablets up, each from the filter form's width (160 px, spec §9)
 * and growing into the line's room; on a phone each takes the whole line.
 */
export const field = style({ minInlineSize: vars.size.filterForm, flex: `1 1 ${vars.size.filterForm}`, maxInlineSize: '20rem', '@media': { [media.narrow]: { maxInlineSize: 'none', flexBasis: '100%' } } });
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

/**
 * The results: the table with the map pane beside it (at the inline end), above it, or none; the
 * divider between them sets the pane's size. On a phone the two stack at fixed sizes.
 */
export const results = style({
  display: 'flex',
  flex: 1,
  minBlockSize: '24rem',
  selectors: { '&[data-place=above]': { flexDirection: 'column' } },
  '@media': { [media.narrow]: { flexDirection: 'column', minBlockSize: 'auto', gap: vars.space.md }, print: { display: 'block', minBlockSize: 0 } },
});
/** The table takes the room the map leaves it. */
export const table = style({
  flex: '1 1 0',
  minInlineSize: 0,
  minBlockSize: '16rem',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  '@media': { [media.narrow]: { blockSize: '28rem', flex: 'none' } },
});
/** The map pane's share of the width beside the table, and the map's height above it (`reportMapLayout.ts`). */
export const mapShare = createVar();
export const mapHeight = createVar();
/** The pane beside (or above) the table: the map, and the chart docked under it (stacked under the table on a phone). */
export const map = style({
  flex: 'none',
  minInlineSize: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  '@media': {
    [media.wide]: {
      selectors: { '[data-place=beside] > &': { inlineSize: mapShare, minBlockSize: '20rem' } },
    },
    // printed under the table (above it when placed there), the page's width
    print: { marginBlockStart: vars.space.md, breakInside: 'avoid' },
  },
});
/** The map takes what the chart under it leaves (a fixed height on a phone). */
export const mapBox = style({
  position: 'relative',
  flex: '1 1 12rem',
  minBlockSize: '12rem',
  '@media': {
    // above the table the map has the height the divider sets
    [media.wide]: { selectors: { '[data-place=above] > * > &': { blockSize: mapHeight, flex: 'none' } } },
    [media.narrow]: { blockSize: '18rem', flex: 'none' },
    print: { blockSize: '9cm', flex: 'none' },
  },
});
/**
 * The chart under the map: a fixed height (19rem: its tools, a plot of about 140 px and the legend in a
 * third of the page's width), there while the chart loads, so the map's size (and the
 * camera's fit of the route) does not change when it comes; on a phone as tall as its parts.
 */
export const dockedChart = style({ flex: 'none', blockSize: '19rem', minInlineSize: 0, '@media': { [media.narrow]: { blockSize: 'auto' }, print: { blockSize: '7cm' } } });
export const tools = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });
export const tableTools = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const chart = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  flex: 1,
  minBlockSize: '22rem',
  '@media': { print: { minBlockSize: 0, blockSize: '9cm', breakInside: 'avoid', marginBlockEnd: vars.space.md } },
});
/** The chart report's attributes and its map toggle, on one line where they fit. */
export const chartTools = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: vars.space.sm });
/** The chart report's map, above the chart. */
export const chartMap = style({ position: 'relative', flex: 'none', blockSize: '16rem', '@media': { [media.narrow]: { blockSize: '14rem' }, print: { blockSize: '8cm' } } });
/** A shown-or-hidden toggle pressed: the part is shown. */
export const toggleOn = style({
  selectors: { '&[data-selected]': { backgroundColor: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary } },
});
