import { style } from '@vanilla-extract/css';
import { disabledControl, focusRing } from './focus.css';
import { vars } from './theme.css';
import { fieldBox } from './surfaces.css';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minInlineSize: 0,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  textAlign: 'start',
});

export const input = style({
  ...fieldBox,
  outline: 'none',
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.textMuted },
    '&[data-focused]': { borderColor: vars.color.primary },
    '&[data-focus-visible]': focusRing,
    '&[data-invalid]': { borderColor: vars.color.error },
    '&[data-disabled]': disabledControl,
    '&::placeholder': { color: vars.color.textMuted },
  },
});

export const description = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  textAlign: 'start',
});

export const fieldError = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.error,
  textAlign: 'start',
});
