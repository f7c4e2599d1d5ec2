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
