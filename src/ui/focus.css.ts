import type { StyleRule } from '@vanilla-extract/css';
import { vars } from './theme.css';

/** The keyboard focus ring, applied through `[data-focus-visible]`. */
export const focusRing: StyleRule = {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
};

/** The focus ring inside the element's box: rows of lists and menus, whose neighbours would cover an outer ring. */
export const insetFocusRing: StyleRule = {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '-2px',
};

/** A disabled control: faded, with the not-allowed pointer (`[data-disabled]`). */
export const disabledControl: StyleRule = {
  opacity: 0.5,
  cursor: 'not-allowed',
};

/** Hidden visually but still read by assistive technology. */
export const visuallyHidden: StyleRule = {
  position: 'absolute',
  inlineSize: '1px',
  blockSize: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  borderWidth: 0,
};
