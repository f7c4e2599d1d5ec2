import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';
import { fieldBox, fieldBoxStates } from './surfaces.css';

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
    ...fieldBoxStates,
    // after the pointer's border: the focused and invalid borders win
    '&[data-focused]': { borderColor: vars.color.primary },
    '&[data-invalid]': { borderColor: vars.color.error },
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
