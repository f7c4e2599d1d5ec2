import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

/** The point a device's menu opens at: nothing to see or press, fixed in the window. */
export const anchor = style({
  position: 'fixed',
  inlineSize: '1px',
  blockSize: '1px',
  pointerEvents: 'none',
  visibility: 'hidden',
});

/** The device's name over its menu: whose actions these are. */
export const title = style({
  margin: 0,
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.md,
  maxInlineSize: '260px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  textAlign: 'start',
});

/** A long list on a short screen (a phone): the menu scrolls inside its surface rather than spilling out of it. */
export const popover = style({
  overflowY: 'auto',
  overscrollBehavior: 'contain',
});
