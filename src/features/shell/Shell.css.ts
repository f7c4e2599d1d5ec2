import { style } from '@vanilla-extract/css';
import { media } from '../../ui/breakpoints';
import { focusRing } from '../../ui/focus.css';
import { vars } from '../../ui/theme.css';

/**
 * The start-side column from tablets up: brand and events button, navigation, device list. On
 * phones it is a bar above the map (brand, device list toggle, events button); the navigation is
 * the bottom bar there, and the device list a 250 px drawer opened by the toggle.
 */
export const sidebar = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  blockSize: '100%',
  minBlockSize: 0,
  boxSizing: 'border-box',
  '@media': {
    [media.narrow]: { gap: 0, paddingBlock: vars.space.xs, blockSize: 'auto' },
  },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingInline: vars.space.sm,
});

export const brand = style({
  flex: 1,
  margin: 0,
  paddingInline: vars.space.sm,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const nav = style({
  paddingInline: vars.space.sm,
  '@media': {
    [media.narrow]: { display: 'none' },
  },
});

export const eventsButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minInlineSize: vars.size.control,
  minBlockSize: vars.size.control,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceRaised },
    '&[data-focus-visible]': focusRing,
  },
});

export const iconWrap = style({ position: 'relative', display: 'inline-flex' });

/** The live connection: a dot (green, amber, red) and, when not connected, its words. */
export const connection = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  // a long state ('Reconnecting…' and the positions' age, in Arabic on a phone) shortens rather than pushing the
  // header's buttons off the screen
  minInlineSize: 0,
  overflow: 'hidden',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  selectors: { '&[data-status="offline"]': { color: vars.color.error } },
});

export const connectionDot = style({
  flexShrink: 0,
  inlineSize: '8px',
  blockSize: '8px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.success,
  selectors: {
    [`${connection}[data-status="connecting"] &`]: { backgroundColor: vars.color.warning },
    [`${connection}[data-status="offline"] &`]: { backgroundColor: vars.color.error },
  },
});

/** The state's words and, while reconnecting, the positions' age under them. */
export const connectionTexts = style({ display: 'flex', flexDirection: 'column', minInlineSize: 0, lineHeight: 1.25 });

export const connectionText = style({ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minInlineSize: 0 });

export const visuallyHidden = style({
  position: 'absolute',
  inlineSize: '1px',
  blockSize: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
});

/** The settings menu in the sidebar (tablets up), below the navigation, where the device list is elsewhere. */
export const settingsNav = style({
  flex: 1,
  minBlockSize: 0,
  overflowY: 'auto',
  borderBlockStart: `1px solid ${vars.color.border}`,
  paddingBlockStart: vars.space.xs,
  '@media': { [media.narrow]: { display: 'none' } },
});
