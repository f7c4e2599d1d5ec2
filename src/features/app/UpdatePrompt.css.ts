import { style } from '@vanilla-extract/css';
import { media } from '../../ui/breakpoints';
import { vars } from '../../ui/theme.css';

/**
 * A non-modal banner at the bottom inline-end corner (bottom left in Arabic); on phones across the
 * width, above the bottom navigation (and the home indicator's safe area), never over it.
 */
export const prompt = style({
  position: 'fixed',
  insetBlockEnd: vars.space.lg,
  insetInlineEnd: vars.space.lg,
  // under the errors toast: an error is short-lived and closes
  zIndex: `calc(${vars.zIndex.toast} - 1)`,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  maxInlineSize: '480px',
  paddingBlock: vars.space.sm,
  paddingInlineStart: vars.space.lg,
  paddingInlineEnd: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.5)',
  textAlign: 'start',
  '@media': {
    [media.narrow]: {
      insetBlockEnd: `calc(${vars.size.bottomBar} + env(safe-area-inset-bottom, 0px) + ${vars.space.sm})`,
      insetInline: vars.space.sm,
      maxInlineSize: 'none',
    },
  },
});

export const message = style({
  flex: '1 1 12em',
  margin: 0,
  overflowWrap: 'anywhere',
});

export const actions = style({
  display: 'flex',
  gap: vars.space.xs,
  marginInlineStart: 'auto',
});
