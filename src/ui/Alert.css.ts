import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const alert = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  paddingInlineStart: vars.space.md,
  paddingInlineEnd: vars.space.xs,
  borderRadius: vars.radius.md,
  borderInlineStart: '4px solid',
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  textAlign: 'start',
});

export const variant = styleVariants({
  error: { borderInlineStartColor: vars.color.error },
  info: { borderInlineStartColor: vars.color.primary },
});

export const icon = style({
  flexShrink: 0,
  inlineSize: '20px',
  blockSize: '20px',
  marginBlockStart: '2px',
});

export const iconVariant = styleVariants({
  error: { color: vars.color.error },
  info: { color: vars.color.primary },
});

export const content = style({
  flex: 1,
  minInlineSize: 0,
  paddingBlock: '2px',
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
});

export const title = style({
  display: 'block',
  fontWeight: vars.fontWeight.bold,
});

export const dismiss = style({
  flexShrink: 0,
  minBlockSize: '28px',
  paddingInline: vars.space.xs,
});
