import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.lg,
  maxInlineSize: '960px',
  marginInline: 'auto',
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight, overflowWrap: 'anywhere' });

export const titleBlock = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

export const subtitle = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const back = style({ alignSelf: 'flex-start' });

export const table = style({
  inlineSize: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  backgroundColor: vars.color.surface,
  borderRadius: vars.radius.md,
});

globalStyle(`${table} th, ${table} td`, {
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  textAlign: 'start',
  overflowWrap: 'anywhere',
});

globalStyle(`${table} thead th`, { color: vars.color.textMuted, fontWeight: vars.fontWeight.bold });
globalStyle(`${table} tbody th`, { fontWeight: vars.fontWeight.regular, color: vars.color.textMuted });

export const caption = style({
  captionSide: 'top',
  textAlign: 'start',
  paddingBlockEnd: vars.space.xs,
  fontWeight: vars.fontWeight.bold,
});

export const summary = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.lg, margin: 0 });

globalStyle(`${summary} dt`, { color: vars.color.textMuted, fontSize: vars.fontSize.sm });
globalStyle(`${summary} dd`, { margin: 0 });

export const miniMap = style({
  blockSize: '240px',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
});
