import type { StyleRule } from '@vanilla-extract/css';
import { vars } from './theme.css';
import { disabledControl, focusRing, insetFocusRing } from './focus.css';

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

/** A field box's states (a text input, a select's trigger): a darker border under the pointer, the focus ring, the disabled look. */
export const fieldBoxStates = {
  '&[data-hovered]': { borderColor: vars.color.textMuted },
  '&[data-focus-visible]': focusRing,
  '&[data-disabled]': disabledControl,
} satisfies StyleRule['selectors'];

/** A bordered box on the surface colour (a table's frame, a disclosure, the segmented control's track, an empty list's notice). */
export const surfaceBox: StyleRule = {
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
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

/** The list in a menu's or a select's popover: its items in a column, a little apart; no ring of its own (its items show the focus). */
export const popoverList: StyleRule = {
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  outline: 'none',
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

/** A panel of controls beside or over a map (the geofence editor, the replay's controls): a padded column on the raised surface. */
export const raisedPanel: StyleRule = {
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
};

/** The box of a toast (an event, the errors, the update prompt): its parts in a line, more room at its start, a shadow; colours are each toast's. */
export const toastBox: StyleRule = {
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  paddingInlineStart: vars.space.lg,
  paddingInlineEnd: vars.space.xs,
  borderRadius: vars.radius.md,
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.5)',
  textAlign: 'start',
};

/** A list that fills what its column leaves and scrolls by itself (the device list, a table's rows), its focus ring inside. */
export const scrollingList: StyleRule = {
  flex: 1,
  minBlockSize: 0,
  position: 'relative',
  outline: 'none',
  selectors: { '&[data-focus-visible]': insetFocusRing },
};

/** A button of a bar (the action bar, the bottom navigation): icon over label in small text, no box of its own, no tap flash. */
export const barButton: StyleRule = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xxs,
  border: 'none',
  background: 'none',
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.tight,
  textAlign: 'center',
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  WebkitTapHighlightColor: 'transparent',
};

/** A tooltip's surface: a small floating box of short text that never takes the pointer (a control's tooltip, a map marker's). */
export const tooltipSurface: StyleRule = {
  ...floatingSurface,
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.tight,
  textAlign: 'start',
  pointerEvents: 'none',
};
