import type { StyleRule } from '@vanilla-extract/css';
import { vars } from './theme.css';

/** The box of a text input or a select trigger. */
export const fieldBox: StyleRule = {
  minBlockSize: vars.size.control,
  inlineSize: '100%',
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  textAlign: 'start',
};

/** A raised surface floating over the page: menus, select lists, popovers. */
export const floatingSurface: StyleRule = {
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.5)',
  zIndex: vars.zIndex.popover,
};

/** A row of a list, menu or select list: icon and texts in a line, padded, chosen by pointer or keyboard. */
export const listRow: StyleRule = {
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  textAlign: 'start',
  cursor: 'pointer',
  outline: 'none',
};
