import { style } from '@vanilla-extract/css';
import { tooltipSurface } from './surfaces.css';

export const tooltip = style({
  ...tooltipSurface,
  maxInlineSize: '240px',
});
