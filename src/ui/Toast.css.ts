import { globalStyle, style } from '@vanilla-extract/css';
import { media } from './breakpoints';
import { focusRing } from './focus.css';
import { toastBox } from './surfaces.css';
import { vars } from './theme.css';

/**
 * A place for toasts (ToastPlace: the shell's strip, a page's zone): a column, newest event toasts
 * first, the update prompt and the errors toast below them; every one as wide as the place. Not
 * shown while empty. Above dialogs and their backdrop (an error must be read while a dialog is open).
 */
export const place = style({
  position: 'relative',
  zIndex: vars.zIndex.toast,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minInlineSize: 0,
  pointerEvents: 'none',
  selectors: { '&:empty': { display: 'none' } },
});

globalStyle(`${place} > *`, { pointerEvents: 'auto', inlineSize: '100%', maxInlineSize: 'none', boxSizing: 'border-box' });

/** The event toasts' region: first in its place; the toasts, then the count of the folded ones. */
export const region = style({
  order: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing },
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** "+5 more events": opens the events drawer. */
export const folded = style({
  alignSelf: 'stretch',
  fontSize: vars.fontSize.sm,
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.5)',
});

export const toast = style({
  ...toastBox,
  border: `1px solid ${vars.color.border}`,
  borderInlineStart: `4px solid ${vars.color.warning}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
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
    // a tint of the text colour: visible on the raised surface of either theme
    '&[data-hovered]': { backgroundColor: 'color-mix(in srgb, currentColor 12%, transparent)' },
    '&[data-focus-visible]': focusRing,
  },
});
