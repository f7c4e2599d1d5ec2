import { style } from '@vanilla-extract/css';
import { media } from '../../ui/breakpoints';
import { vars } from '../../ui/theme.css';

/** The start-side column exists from tablets up; phones use the bottom navigation. */
export const sidebar = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.sm,
  '@media': {
    [media.narrow]: { display: 'none' },
  },
});

export const brand = style({
  margin: 0,
  paddingInline: vars.space.sm,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});
