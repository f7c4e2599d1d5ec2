import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const progress = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.color.primary,
});

export const loader = style({
  position: 'fixed',
  insetBlock: 0,
  insetInline: 0,
  zIndex: vars.zIndex.loader,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  backgroundColor: vars.color.background,
});

export const inline = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.xl,
  inlineSize: '100%',
  blockSize: '100%',
});
