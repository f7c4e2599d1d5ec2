import { style } from '@vanilla-extract/css';
import { media, vars } from '../../ui';
import { ANNOUNCEMENT_FADE_MS } from '../../domain/announcementViewer';

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
  opacity: 1,
  transition: `opacity ${ANNOUNCEMENT_FADE_MS}ms ease-out`,
  '@media': {
    [media.narrow]: { padding: 0 },
    '(prefers-reduced-motion: reduce)': { transition: 'none' },
  },
});

/** The machine's `closing`: the dialog fades out while its 300 ms run. */
export const fading = style({ opacity: 0, pointerEvents: 'none' });

export const modal = style({
  display: 'flex',
  flexDirection: 'column',
  inlineSize: '100%',
  maxInlineSize: '520px',
  maxBlockSize: '100%',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  boxShadow: '0 16px 48px rgba(0, 0, 0, 0.6)',
  outline: 'none',
  overflow: 'hidden',
  '@media': {
    // full screen on phones
    [media.narrow]: { maxInlineSize: 'none', blockSize: '100%', borderRadius: 0, border: 'none' },
  },
});

export const dialog = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  flex: 1,
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
  minBlockSize: vars.size.control,
});

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

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginBlockStart: 'auto',
});
