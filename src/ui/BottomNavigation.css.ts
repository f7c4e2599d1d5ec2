import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';
import { insetFocusRing } from './focus.css';
import { barButton } from './surfaces.css';

export const nav = style({
  blockSize: vars.size.bottomBar,
  backgroundColor: vars.color.surface,
  borderBlockStart: `1px solid ${vars.color.border}`,
  paddingBlockEnd: 'env(safe-area-inset-bottom)',
  boxSizing: 'content-box',
  zIndex: vars.zIndex.bottomBar,
});

export const toolbar = style({
  display: 'flex',
  alignItems: 'stretch',
  blockSize: '100%',
});

export const item = style({
  position: 'relative',
  // equal shares, but never narrower than its label ("تسجيل الخروج" in the 300 px menu column)
  flex: '1 1 0',
  minInlineSize: 'max-content',
  ...barButton,
  justifyContent: 'center',
  paddingInline: vars.space.xs,
  color: vars.color.textMuted,
  selectors: {
    '&[data-hovered], &:hover': { color: vars.color.text },
    '&[data-pressed]': { backgroundColor: vars.color.surfaceRaised },
    '&[data-focus-visible], &:focus-visible': insetFocusRing,
    '&[aria-current="page"]': { color: vars.color.primary },
  },
});

export const iconWrap = style({
  position: 'relative',
  display: 'inline-flex',
  fontSize: '24px',
});

export const label = style({
  maxInlineSize: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
