import { style } from '@vanilla-extract/css';
import { visuallyHidden } from './focus.css';
import { vars } from './theme.css';

export const badge = style({
  display: 'inline-block',
  inlineSize: '8px',
  blockSize: '8px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.error,
  boxShadow: `0 0 0 2px ${vars.color.surface}`,
});

/** Pins the dot to the top inline-end corner of a `position: relative` parent. */
export const anchored = style({
  position: 'absolute',
  insetBlockStart: 0,
  insetInlineEnd: 0,
});

export const hidden = style(visuallyHidden);
