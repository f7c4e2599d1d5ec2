import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';
import { floatingSurface } from './surfaces.css';

export const tooltip = style({
  ...floatingSurface,
  maxInlineSize: '240px',
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.tight,
  textAlign: 'start',
  pointerEvents: 'none',
});
