import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';
import { media } from './breakpoints';
import { insetFocusRing } from './focus.css';

/** An area with its own menu (settings, reports): the menu beside the screen, on a phone a strip above it. */
export const layout = style({
  display: 'flex',
  blockSize: '100%',
  minBlockSize: 0,
  '@media': { [media.narrow]: { flexDirection: 'column' } },
});

export const menu = style({
  flexShrink: 0,
  inlineSize: '16rem',
  overflowY: 'auto',
  borderInlineEnd: `1px solid ${vars.color.border}`,
  paddingBlock: vars.space.sm,
  '@media': {
    [media.narrow]: { inlineSize: '100%', borderInlineEnd: 'none', borderBlockEnd: `1px solid ${vars.color.border}`, paddingBlock: 0, overflowX: 'auto', overflowY: 'hidden' },
    // from tablets up the shell's sidebar holds this menu (in place of the device list)
    [media.wide]: { display: 'none' },
  },
});

export const content = style({
  flex: 1,
  minInlineSize: 0,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
});

export const menuList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  '@media': { [media.narrow]: { flexDirection: 'row', whiteSpace: 'nowrap' } },
});

export const menuLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  color: vars.color.text,
  textDecoration: 'none',
  minBlockSize: '2.75rem',
  selectors: {
    '&[data-current]': { backgroundColor: vars.color.surfaceRaised, fontWeight: vars.fontWeight.bold, borderInlineStart: `3px solid ${vars.color.primary}` },
    '&[data-hovered]': { backgroundColor: vars.color.surface },
    '&[data-focus-visible]': insetFocusRing,
  },
});
