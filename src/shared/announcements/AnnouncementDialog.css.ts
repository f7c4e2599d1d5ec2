import { style } from '@vanilla-extract/css';
import { vars } from '../../ui';
import { ANNOUNCEMENT_FADE_MS } from '../../domain/announcementViewer';

/** The overlay's opacity moves over the fade's 300 ms (none when motion is reduced). */
export const fade = style({
  opacity: 1,
  transition: `opacity ${ANNOUNCEMENT_FADE_MS}ms ease-out`,
  '@media': {
    '(prefers-reduced-motion: reduce)': { transition: 'none' },
  },
});

/** The machine's `closing`: the dialog fades out while its 300 ms run. */
export const fading = style({ opacity: 0, pointerEvents: 'none' });

/** Fills the surface, so that on a phone the buttons sit at the bottom of the screen. */
export const dialog = style({ flex: 1 });

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.xxs,
  borderRadius: vars.radius.full,
  // dark text on the error red: 5.6:1 whatever the announcement's own colours
  backgroundColor: vars.color.error,
  color: vars.color.onError,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
});

export const close = style({ marginInlineStart: 'auto' });

export const image = style({
  display: 'block',
  inlineSize: '100%',
  maxBlockSize: '240px',
  objectFit: 'contain',
  borderRadius: vars.radius.md,
});

export const content = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  textAlign: 'start',
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const message = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  lineHeight: vars.lineHeight.body,
});

export const actions = style({ marginBlockStart: 'auto' });
