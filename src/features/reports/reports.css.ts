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
/** A filter field: side by side from tablets up; on a phone each takes the whole line. */
export const field = style({ minInlineSize: '12rem', flex: '1 1 12rem', maxInlineSize: '20rem', '@media': { [media.narrow]: { maxInlineSize: 'none' } } });
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
/** The map pane's share of the width beside the table, and its height above it (`reportMapLayout.ts`). */
export const mapShare = createVar();
export const mapHeight = createVar();
export const map = style({
  flex: 'none',
  minInlineSize: 0,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  '@media': {
    [media.wide]: {
      selectors: {
        '[data-place=beside] > &': { inlineSize: mapShare, minBlockSize: '20rem' },
        '[data-place=above] > &': { blockSize: mapHeight },
      },
    },
    [media.narrow]: { blockSize: '18rem' },
    // printed under the table (above it when placed there), the page's width
    print: { blockSize: '9cm', marginBlockStart: vars.space.md, breakInside: 'avoid' },
  },
});
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
