import { style } from '@vanilla-extract/css';
import { insetFocusRing } from './focus.css';
import { vars } from './theme.css';
import { scrollingList, surfaceBox } from './surfaces.css';
import { selectableRow } from './selectableRow';

/** Scrolls sideways when the columns' least widths do not fit (phones); the list scrolls down. */
export const scroller = style({
  flex: 1,
  minBlockSize: '16rem',
  display: 'flex',
  flexDirection: 'column',
  overflowX: 'auto',
  overflowY: 'hidden',
  ...surfaceBox,
});

/** The heading and the rows share the columns (`--table-columns`, set by the table). */
export const frame = style({
  flex: 1,
  minBlockSize: 0,
  display: 'flex',
  flexDirection: 'column',
});

export const header = style({
  display: 'grid',
  gridTemplateColumns: 'var(--table-columns)',
  backgroundColor: vars.color.surfaceRaised,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const column = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  boxSizing: 'border-box',
  minBlockSize: '44px',
  minInlineSize: 0,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  border: 'none',
  background: 'transparent',
  font: 'inherit',
  textAlign: 'start',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  whiteSpace: 'nowrap',
  outline: 'none',
  cursor: 'default',
  selectors: {
    'button&': { cursor: 'pointer' },
    '&[data-hovered]': { backgroundColor: vars.color.surface },
    '&[data-focus-visible]': insetFocusRing,
    '[data-wrap] &': { paddingInline: `calc(${vars.space.xs} + ${vars.space.xxs})` },
  },
});

export const sortMark = style({ color: vars.color.textMuted, flexShrink: 0 });

export const list = style({ ...scrollingList, overflowY: 'auto', overflowX: 'hidden' });

export const row = style([
  selectableRow('3px'),
  {
    display: 'grid',
    gridTemplateColumns: 'var(--table-columns)',
    blockSize: '48px',
    selectors: {
      '&[data-focus-visible]': insetFocusRing,
      // rows are laid out by the virtualiser at WRAPPED_ROW_HEIGHT when their texts wrap
      '[data-wrap] &': { blockSize: '60px' },
    },
  },
]);

export const cell = style({
  display: 'flex',
  alignItems: 'center',
  minInlineSize: 0,
  paddingInline: vars.space.md,
  overflow: 'hidden',
  // wrapped texts: narrower margins, the room goes to the text
  selectors: { '[data-wrap] &': { paddingInline: `calc(${vars.space.xs} + ${vars.space.xxs})` } },
});

/** The cell that names its row. */
export const rowHeader = style({});

/** Each text in its own direction (an identifier stays 'demo-001…' in Arabic), aligned with the page. */
const textDirection = style({
  minInlineSize: 0,
  overflow: 'hidden',
  unicodeBidi: 'plaintext',
  textAlign: 'left',
  selectors: { '[dir=rtl] &': { textAlign: 'right' } },
});

/** The text of a cell: one line, cut with an ellipsis at its end (in either direction). */
export const cellText = style([textDirection, { textOverflow: 'ellipsis', whiteSpace: 'nowrap' }]);

/**
 * The text of a cell of a table whose texts wrap: at most two lines, broken between words (a date
 * and its time, a coordinate pair) or, for a word longer than the column, anywhere.
 */
export const wrappedText = style([
  textDirection,
  {
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: 2,
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
    // the data tables' size (the heading's too), so that a date's time or a coordinate keeps to one
    // line in 86 px; two lines fit a 60 px row with Noto's tall Arabic glyphs inside them
    fontSize: vars.fontSize.sm,
    lineHeight: 1.5,
  },
]);

export const empty = style({ padding: vars.space.lg, textAlign: 'center', color: vars.color.textMuted });


