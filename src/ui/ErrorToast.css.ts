import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';
import { toastBox } from './surfaces.css';

/** Placed by its container (the toasts' place, ToastPlace, sets its width): last, below the event toasts. */
export const toast = style({
  order: 2,
  ...toastBox,
  backgroundColor: vars.color.error,
  color: vars.color.onError,
});

export const message = style({
  flex: 1,
  minInlineSize: 0,
  overflowWrap: 'anywhere',
});

export const close = style({
  flexShrink: 0,
  color: 'inherit',
  minBlockSize: '32px',
  paddingInline: vars.space.xs,
  selectors: {
    '&[data-hovered]': { backgroundColor: 'rgba(255, 255, 255, 0.15)' },
    '&[data-pressed]': { backgroundColor: 'rgba(255, 255, 255, 0.25)' },
  },
});
