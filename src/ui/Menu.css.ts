import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';
import { floatingSurface, listRow, popoverList } from './surfaces.css';
import { disabledControl, insetFocusRing } from './focus.css';

export const popover = style({
  minInlineSize: '180px',
  padding: vars.space.xs,
  ...floatingSurface,
  outline: 'none',
});

export const menu = style(popoverList);

export const item = style({
  ...listRow,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&[data-hovered], &[data-focused]': { backgroundColor: vars.color.border },
    '&[data-pressed]': { filter: 'brightness(0.9)' },
    '&[data-focus-visible]': insetFocusRing,
    '&[data-disabled]': disabledControl,
  },
});

export const danger = style({
  color: vars.color.error,
});

export const icon = style({
  flexShrink: 0,
  inlineSize: '20px',
  blockSize: '20px',
});

export const separator = style({
  blockSize: '1px',
  marginBlock: vars.space.xs,
  marginInline: 0,
  border: 'none',
  backgroundColor: vars.color.border,
});
