import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { tooltipSurface } from '../../ui/surfaces.css';

/** A marker's tooltip: a small raised surface in the window (placed by `tooltipPlacement`), never in the pointer's way. */
export const tooltip = style({
  ...tooltipSurface,
  position: 'fixed',
  insetBlockStart: 0,
  left: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  // one width whatever the minutes say: it does not jump as the times tick (long names are cut with an ellipsis)
  inlineSize: '224px',
});

export const name = style({
  margin: 0,
  fontWeight: vars.fontWeight.bold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const line = style({
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space.xs,
  color: vars.color.textMuted,
});

export const state = style({
  color: vars.color.text,
});
