import { style } from '@vanilla-extract/css';
import { focusRing, insetFocusRing } from './focus.css';
import { vars } from './theme.css';

export const scroller = style({
  flex: 1,
  minBlockSize: '16rem',
  overflow: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
});

export const table = style({
  inlineSize: '100%',
  borderCollapse: 'separate',
  borderSpacing: 0,
  outline: 'none',
  selectors: { '&[data-focus-visible]': insetFocusRing },
});

export const header = style({ color: vars.color.textMuted });

export const column = style({
  // the full height the layout gives the heading row (no strip of the body showing under it)
  display: 'flex',
  alignItems: 'center',
  boxSizing: 'border-box',
  minBlockSize: '44px',
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  textAlign: 'start',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  backgroundColor: vars.color.surfaceRaised,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  outline: 'none',
  cursor: 'default',
  selectors: {
    '&[data-allows-sorting]': { cursor: 'pointer' },
    '&[data-focus-visible]': insetFocusRing,
  },
});

export const sortMark = style({ marginInlineStart: vars.space.xs, color: vars.color.textMuted });

export const row = style({
  outline: 'none',
  borderBlockEnd: `1px solid ${vars.color.border}`,
  boxSizing: 'border-box',
  cursor: 'default',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceRaised },
    '&[data-selected]': { backgroundColor: vars.color.surfaceRaised },
    '&[data-focus-visible]': insetFocusRing,
    '&[data-href]': { cursor: 'pointer' },
  },
});

export const cell = style({
  display: 'flex',
  alignItems: 'center',
  boxSizing: 'border-box',
  minBlockSize: '47px',
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.md,
  textAlign: 'start',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing },
});

/** The text of a cell: one line, cut with an ellipsis at its end (in either direction). */
export const cellText = style({
  minInlineSize: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  // each text in its own direction (an identifier stays 'demo-001…' in Arabic), aligned with the page
  unicodeBidi: 'plaintext',
  textAlign: 'left',
  selectors: { '[dir=rtl] &': { textAlign: 'right' } },
});

export const empty = style({ padding: vars.space.lg, textAlign: 'center', color: vars.color.textMuted });
