import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const popover = style({
  minInlineSize: '220px',
  maxInlineSize: 'min(320px, calc(100vw - 16px))',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.5)',
  zIndex: vars.zIndex.popover,
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
