import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';
import { floatingSurface } from './surfaces.css';

export const popover = style({
  minInlineSize: '180px',
  padding: vars.space.xs,
  ...floatingSurface,
  outline: 'none',
});

export const menu = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  outline: 'none',
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: 'none',
  textAlign: 'start',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered], &[data-focused]': { backgroundColor: vars.color.border },
    '&[data-pressed]': { filter: 'brightness(0.9)' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
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
