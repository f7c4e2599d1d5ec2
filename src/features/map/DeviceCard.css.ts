import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const card = style({
  position: 'absolute',
  insetBlockEnd: vars.space.lg,
  insetInlineStart: vars.space.lg,
  zIndex: vars.zIndex.drawer,
  inlineSize: `min(${vars.size.popupMaxWidth}, calc(100% - 2 * ${vars.space.lg}))`,
  maxBlockSize: `calc(100% - 2 * ${vars.space.lg})`,
  display: 'flex',
  flexDirection: 'column',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  boxShadow: '0 12px 32px rgba(0, 0, 0, 0.55)',
  overflow: 'hidden',
});

export const dialog = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  paddingBlockEnd: vars.space.md,
  overflow: 'auto',
  outline: 'none',
  textAlign: 'start',
});

export const imageArea = style({
  blockSize: vars.size.imageHeight,
  backgroundColor: vars.color.surfaceRaised,
});

export const image = style({ inlineSize: '100%', blockSize: '100%', objectFit: 'cover', display: 'block' });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingInlineStart: vars.space.md,
  paddingInlineEnd: vars.space.xs,
  paddingBlockStart: vars.space.xs,
});

export const statusDot = style({ flexShrink: 0, inlineSize: '10px', blockSize: '10px', borderRadius: vars.radius.full });

export const title = style({
  flex: 1,
  minInlineSize: 0,
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

export const fields = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  margin: 0,
  paddingInline: vars.space.md,
  fontSize: vars.fontSize.sm,
});

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
  gap: vars.space.sm,
});

globalStyle(`${row} dt`, { color: vars.color.textMuted });
globalStyle(`${row} dd`, { margin: 0, overflowWrap: 'anywhere' });

export const links = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  paddingInline: vars.space.md,
  fontSize: vars.fontSize.sm,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingInline: vars.space.md,
  paddingBlockStart: vars.space.xs,
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const action = style({ fontSize: vars.fontSize.sm });

/** Track and Delete, kept together at the end of the actions. */
export const buttons = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, marginInlineStart: 'auto' });

/** Track / Stop tracking: a compact secondary button, its label kept on one line. */
export const track = style({ fontSize: vars.fontSize.sm, paddingInline: vars.space.md, whiteSpace: 'nowrap' });

/** The "more" menu's trigger, at the end of the links row. */
export const more = style({ marginInlineStart: 'auto', fontSize: vars.fontSize.sm, minBlockSize: '28px', paddingBlock: 0 });

export const address = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: vars.space.xxs });
