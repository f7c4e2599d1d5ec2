import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';
import { floatingSurface } from './surfaces.css';

export const popover = style({
  minInlineSize: '220px',
  maxInlineSize: 'min(320px, calc(100vw - 16px))',
  ...floatingSurface,
  outline: 'none',
});

export const dialog = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
  outline: 'none',
  textAlign: 'start',
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
});

export const anchor = style({ display: 'contents' });
