import { style } from '@vanilla-extract/css';
import { media } from './breakpoints';
import { vars } from './theme.css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xl,
  minBlockSize: '100dvh',
  paddingBlock: vars.space.xl,
  paddingInline: vars.space.lg,
  backgroundColor: vars.color.background,
  color: vars.color.text,
});

export const logo = style({
  display: 'flex',
  justifyContent: 'center',
  maxInlineSize: vars.size.authCard,
});

export const card = style({
  inlineSize: '100%',
  maxInlineSize: vars.size.authCard,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  textAlign: 'start',
  '@media': {
    [media.narrow]: {
      padding: vars.space.lg,
      border: 'none',
      backgroundColor: 'transparent',
    },
  },
});
