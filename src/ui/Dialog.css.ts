import { style } from '@vanilla-extract/css';
import { media } from './breakpoints';
import { vars } from './theme.css';

export const overlay = style({
  position: 'fixed',
  insetBlock: 0,
  insetInline: 0,
  zIndex: vars.zIndex.modal,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.lg,
  backgroundColor: vars.color.overlay,
});

export const modal = style({
  display: 'flex',
  flexDirection: 'column',
  inlineSize: '100%',
  maxInlineSize: '560px',
  maxBlockSize: '100%',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  boxShadow: '0 16px 48px rgba(0, 0, 0, 0.6)',
  outline: 'none',
});

/** Full screen on phones (the announcement dialog, for example). */
export const fullScreenOnPhone = style({
  '@media': {
    [media.narrow]: {
      maxInlineSize: 'none',
      blockSize: '100%',
      borderRadius: 0,
      border: 'none',
    },
  },
});

export const overlayFullScreenOnPhone = style({
  '@media': {
    [media.narrow]: { padding: 0 },
  },
});

export const dialog = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minBlockSize: 0,
  padding: vars.space.xl,
  outline: 'none',
  overflow: 'auto',
  textAlign: 'start',
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const title = style({
  flex: 1,
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

export const body = style({
  minBlockSize: 0,
  overflowWrap: 'anywhere',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});
