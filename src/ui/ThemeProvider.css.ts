import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const root = style({
  blockSize: '100%',
  backgroundColor: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
});

/**
 * The brand colours' variables, which the server's colours override: named here, where
 * vanilla-extract turns them into strings at build time, so that the sign-in chunk does not carry
 * the theme's whole contract object for four names.
 */
export const brandVariables = {
  primary: vars.color.primary,
  onPrimary: vars.color.onPrimary,
  secondary: vars.color.secondary,
  onSecondary: vars.color.onSecondary,
};
