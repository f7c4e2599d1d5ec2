import { createVar, style } from '@vanilla-extract/css';
import { media } from './breakpoints';
import { vars } from './theme.css';

export const shell = style({
  display: 'grid',
  blockSize: '100%',
  minBlockSize: '100dvh',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateRows: 'minmax(0, 1fr) auto auto',
  gridTemplateAreas: '"main" "toasts" "bottom"',
  backgroundColor: vars.color.background,
  color: vars.color.text,
  '@media': {
    [media.wide]: {
      gridTemplateRows: 'minmax(0, 1fr) auto',
      gridTemplateAreas: '"main" "toasts"',
    },
  },
});

/**
 * With a sidebar: stacked on phones, a start-side column (28%, at least 300px) from tablets up.
 * The toasts' row is below the main area on phones (above the bottom navigation) and below the
 * sidebar from tablets up: the main area keeps its full height there.
 */
export const withSidebar = style({
  gridTemplateRows: 'auto minmax(0, 1fr) auto auto',
  gridTemplateAreas: '"sidebar" "main" "toasts" "bottom"',
  '@media': {
    [media.wide]: {
      gridTemplateColumns: `minmax(${vars.size.desktopDrawer}, ${vars.size.sidebar}) minmax(0, 1fr)`,
      gridTemplateRows: 'minmax(0, 1fr) auto',
      gridTemplateAreas: '"sidebar main" "toasts main"',
    },
  },
});

/**
 * A section's menu in the sidebar (settings, reports): the tablet drawer's width (320 px) on
 * tablets and the desktop drawer's (300 px) on desktops (spec §9), the rest to the section's page.
 */
export const menuSidebar = style({
  '@media': {
    [media.wide]: { gridTemplateColumns: `${vars.size.tabletDrawer} minmax(0, 1fr)` },
    [media.desktop]: { gridTemplateColumns: `${vars.size.desktopDrawer} minmax(0, 1fr)` },
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

/**
 * The area pop-overs keep to (react-aria's positioning boundary): the window, less the bottom
 * navigation on phones, so that a list or a menu never opens over it. Invisible, never hit.
 */
export const popoverBoundary = style({
  position: 'fixed',
  inset: 0,
  visibility: 'hidden',
  pointerEvents: 'none',
  '@media': {
    [media.narrow]: { insetBlockEnd: `calc(${vars.size.bottomBar} + env(safe-area-inset-bottom))` },
  },
});

/** The toasts' strip's height (0 while empty), set on the shell by AppShell. */
export const toastStripBlockSize = createVar();

/**
 * The toasts' strip (ToastPlace): a row of its own, never over the page, the navigation or the
 * sidebar's lists, which are shortened while it holds toasts. From tablets up it continues the
 * sidebar (same surface and edge).
 */
export const toasts = style({
  gridArea: 'toasts',
  minInlineSize: 0,
  padding: vars.space.sm,
  '@media': {
    [media.wide]: {
      backgroundColor: vars.color.surface,
      borderInlineEnd: `1px solid ${vars.color.border}`,
      borderBlockStart: `1px solid ${vars.color.border}`,
    },
  },
});
