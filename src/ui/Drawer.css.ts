import { style } from '@vanilla-extract/css';
import { media } from './breakpoints';
import { vars } from './theme.css';

/** Portalled to the body (the theme variables are on `:root`). */
export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.drawer,
  backgroundColor: vars.color.overlay,
});

export const drawer = style({
  position: 'absolute',
  insetBlock: 0,
  insetInlineEnd: 0,
  inlineSize: vars.size.eventsDrawer,
  maxInlineSize: '100%',
  display: 'flex',
  flexDirection: 'column',
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  borderInlineStart: `1px solid ${vars.color.border}`,
  boxShadow: '0 0 32px rgba(0, 0, 0, 0.6)',
  outline: 'none',
  '@media': { [media.narrow]: { inlineSize: '100%' } },
});

export const dialog = style({ display: 'flex', flexDirection: 'column', blockSize: '100%', minBlockSize: 0, outline: 'none' });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: vars.space.sm,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const title = style({ flex: 1, margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold, textAlign: 'start' });

export const body = style({ flex: 1, minBlockSize: 0, overflow: 'auto' });
