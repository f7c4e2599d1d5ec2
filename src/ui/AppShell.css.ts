import { style } from '@vanilla-extract/css';
import { media } from './breakpoints';
import { vars } from './theme.css';

export const shell = style({
  display: 'grid',
  blockSize: '100%',
  minBlockSize: '100dvh',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateRows: 'minmax(0, 1fr) auto',
  gridTemplateAreas: '"main" "bottom"',
  backgroundColor: vars.color.background,
  color: vars.color.text,
  '@media': {
    [media.wide]: {
      gridTemplateRows: 'minmax(0, 1fr)',
      gridTemplateAreas: '"main"',
    },
  },
});

/** With a sidebar: stacked on phones, a start-side column (28%, at least 300px) from tablets up. */
export const withSidebar = style({
  gridTemplateRows: 'auto minmax(0, 1fr) auto',
  gridTemplateAreas: '"sidebar" "main" "bottom"',
  '@media': {
    [media.wide]: {
      gridTemplateColumns: `minmax(${vars.size.desktopDrawer}, ${vars.size.sidebar}) minmax(0, 1fr)`,
      gridTemplateRows: 'minmax(0, 1fr)',
      gridTemplateAreas: '"sidebar main"',
    },
  },
});

export const sidebar = style({
  gridArea: 'sidebar',
  minInlineSize: 0,
  minBlockSize: 0,
  overflow: 'auto',
  backgroundColor: vars.color.surface,
  '@media': {
    [media.wide]: {
      borderInlineEnd: `1px solid ${vars.color.border}`,
    },
  },
});

export const main = style({
  gridArea: 'main',
  position: 'relative',
  minInlineSize: 0,
  minBlockSize: 0,
  overflow: 'auto',
  outline: 'none',
});

/** The bottom navigation exists only on narrow screens (< 600px). */
export const bottom = style({
  gridArea: 'bottom',
  '@media': {
    [media.wide]: { display: 'none' },
  },
});
