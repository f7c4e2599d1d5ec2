import { style } from '@vanilla-extract/css';
import { disabledControl, focusRing } from './focus.css';
import { vars } from './theme.css';

export const checkbox = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  selectors: {
    '&[data-disabled]': disabledControl,
  },
});

export const box = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  inlineSize: '20px',
  blockSize: '20px',
  borderRadius: vars.radius.sm,
  border: `2px solid ${vars.color.textMuted}`,
  backgroundColor: 'transparent',
  color: vars.color.onPrimary,
  transition: 'background-color 120ms, border-color 120ms',
  selectors: {
    [`${checkbox}[data-selected] &, ${checkbox}[data-indeterminate] &`]: {
      backgroundColor: vars.color.primary,
      borderColor: vars.color.primary,
    },
    [`${checkbox}[data-pressed] &`]: { filter: 'brightness(0.9)' },
    [`${checkbox}[data-focus-visible] &`]: focusRing,
    [`${checkbox}[data-invalid] &`]: { borderColor: vars.color.error },
  },
});

export const mark = style({
  inlineSize: '14px',
  blockSize: '14px',
});
