import { style } from '@vanilla-extract/css';
import { media } from '../../ui/breakpoints';
import { vars } from '../../ui/theme.css';

/**
 * A non-modal banner in the app's bottom dock (above an error toast, never under it); on phones
 * across the width, above the bottom navigation.
 */
export const prompt = style({
  pointerEvents: 'auto',
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
      inlineSize: '100%',
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
