import { style } from '@vanilla-extract/css';
import { media } from './breakpoints';
import { vars } from './theme.css';

export const toast = style({
  position: 'fixed',
  insetInline: vars.space.lg,
  insetBlockEnd: vars.space.lg,
  zIndex: vars.zIndex.toast,
  marginInline: 'auto',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  inlineSize: 'fit-content',
  maxInlineSize: '560px',
  paddingBlock: vars.space.sm,
  paddingInlineStart: vars.space.lg,
  paddingInlineEnd: vars.space.xs,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.error,
  color: vars.color.onError,
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.5)',
  textAlign: 'start',
  '@media': {
    // Above the bottom navigation on phones.
    [media.narrow]: {
      insetBlockEnd: `calc(${vars.size.bottomBar} + ${vars.space.sm})`,
      insetInline: vars.space.sm,
    },
  },
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
