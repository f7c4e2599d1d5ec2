import { style } from '@vanilla-extract/css';
import { disabledControl, focusRing } from './focus.css';
import { vars } from './theme.css';

export const link = style({
  color: vars.color.primary,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: {
    '&[data-hovered]': { textDecorationThickness: '2px' },
    '&[data-pressed]': { filter: 'brightness(0.9)' },
    '&[data-focus-visible]': focusRing,
    '&[data-disabled]': { ...disabledControl, textDecoration: 'none' },
  },
});
