import { style } from '@vanilla-extract/css';
import { media } from './breakpoints';
import { focusRing } from './focus.css';
import { vars } from './theme.css';

/** Portalled to the body (the theme variables are on `:root`). */
export const region = style({
  position: 'fixed',
  insetInlineEnd: vars.space.lg,
  insetBlockStart: vars.space.lg,
  zIndex: vars.zIndex.toast,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  maxInlineSize: 'min(360px, calc(100vw - 32px))',
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing },
  '@media': {
    // below the phone's top bar (one control high, with its padding): a toast never covers navigation
    [media.narrow]: {
      insetInline: vars.space.sm,
      insetBlockStart: `calc(${vars.size.control} + 2 * ${vars.space.xs} + ${vars.space.sm})`,
      maxInlineSize: 'none',
    },
  },
});

export const toast = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  paddingInlineStart: vars.space.lg,
  paddingInlineEnd: vars.space.xs,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  borderInlineStart: `4px solid ${vars.color.warning}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.5)',
  textAlign: 'start',
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing },
});

export const content = style({ flex: 1, minInlineSize: 0, display: 'flex', flexDirection: 'column' });
export const title = style({ fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });
export const description = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, overflowWrap: 'anywhere' });

export const close = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minInlineSize: '32px',
  minBlockSize: '32px',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { backgroundColor: 'rgba(255, 255, 255, 0.1)' },
    '&[data-focus-visible]': focusRing,
  },
});
