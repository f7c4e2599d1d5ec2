import { style } from '@vanilla-extract/css';
import { media } from '../../ui/breakpoints';
import { focusRing } from '../../ui/focus.css';
import { vars } from '../../ui/theme.css';

/** Fills the sidebar below the navigation; on phones a 250 px drawer shown only when toggled. */
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  flex: 1,
  minBlockSize: 0,
  '@media': {
    [media.narrow]: {
      flex: 'none',
      blockSize: vars.size.phoneDrawerHeight,
      borderBlockStart: `1px solid ${vars.color.border}`,
      paddingBlockStart: vars.space.sm,
      selectors: { '&[data-phone-open="false"]': { display: 'none' } },
    },
  },
});

export const toggle = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space.xs,
  minBlockSize: vars.size.control,
  paddingInline: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: {
    '&[data-selected]': { backgroundColor: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary },
    '&[data-focus-visible]': focusRing,
  },
  '@media': { [media.narrow]: { display: 'inline-flex' } },
});
