import { globalStyle, style } from '@vanilla-extract/css';
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

export const arrow = style({});

globalStyle(`${arrow} svg`, { display: 'block', fill: vars.color.surfaceRaised, stroke: vars.color.border });
globalStyle(`${tooltip}[data-placement="bottom"] ${arrow} svg`, { transform: 'rotate(180deg)' });
globalStyle(`${tooltip}[data-placement="left"] ${arrow} svg`, { transform: 'rotate(-90deg)' });
globalStyle(`${tooltip}[data-placement="right"] ${arrow} svg`, { transform: 'rotate(90deg)' });
