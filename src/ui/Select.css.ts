import { style } from '@vanilla-extract/css';
import { disabledControl, insetFocusRing } from './focus.css';
import { vars } from './theme.css';
import { fieldBox, fieldBoxStates, floatingSurface, listRow, popoverList } from './surfaces.css';

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  ...fieldBox,
  cursor: 'pointer',
  selectors: {
    ...fieldBoxStates,
    '&[data-pressed]': { backgroundColor: vars.color.surfaceRaised },
  },
});

export const value = style({
  flex: 1,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-placeholder]': { color: vars.color.textMuted },
  },
});

export const chevron = style({
  flexShrink: 0,
  inlineSize: '1em',
  blockSize: '1em',
  color: vars.color.textMuted,
});

export const popover = style({
  minInlineSize: 'var(--trigger-width)',
  maxBlockSize: '50vh',
  overflow: 'auto',
  padding: vars.space.xs,
  ...floatingSurface,
  outline: 'none',
});

export const listBox = style(popoverList);

export const item = style({
  ...listRow,
  borderRadius: vars.radius.sm,
  selectors: {
    '&[data-hovered], &[data-focused]': { backgroundColor: vars.color.border },
    '&[data-selected]': { color: vars.color.primary, fontWeight: vars.fontWeight.bold },
    '&[data-focus-visible]': insetFocusRing,
    '&[data-disabled]': disabledControl,
  },
});
