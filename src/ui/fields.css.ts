import { style } from '@vanilla-extract/css';
import { disabledControl, focusRing, insetFocusRing } from './focus.css';
import { vars } from './theme.css';
import { fieldBox, floatingSurface, listRow, surfaceBox } from './surfaces.css';

export const group = style({
  ...fieldBox,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  paddingInline: 0,
  // as tall as a text field: the input and its button fill the box, which adds no padding
  paddingBlock: 0,
  boxSizing: 'border-box',
  selectors: {
    '&[data-focus-within]': { borderColor: vars.color.primary },
    '&[data-focus-visible]': focusRing,
    '&[data-invalid]': { borderColor: vars.color.error },
    '&[data-disabled]': { opacity: 0.5 },
  },
});

export const groupInput = style({
  flex: 1,
  minInlineSize: 0,
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  paddingInline: vars.space.md,
  alignSelf: 'stretch',
  outline: 'none',
  textAlign: 'start',
});

export const unit = style({ paddingInlineEnd: vars.space.md, color: vars.color.textMuted, whiteSpace: 'nowrap' });

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minInlineSize: '2.25rem',
  minBlockSize: '2.25rem',
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceRaised },
    '&[data-focus-visible]': focusRing,
  },
});

export const switchRoot = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.text,
  cursor: 'pointer',
  minBlockSize: '2.75rem',
  selectors: { '&[data-disabled]': disabledControl },
});

export const track = style({
  position: 'relative',
  flexShrink: 0,
  inlineSize: '2.5rem',
  blockSize: '1.5rem',
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.textMuted}`,
  backgroundColor: vars.color.surface,
  transition: 'background-color 120ms',
  selectors: {
    [`${switchRoot}[data-selected] &`]: { backgroundColor: vars.color.primary, borderColor: vars.color.primary },
    [`${switchRoot}[data-focus-visible] &`]: focusRing,
  },
});

export const thumb = style({
  position: 'absolute',
  insetBlockStart: '2px',
  insetInlineStart: '2px',
  inlineSize: '1.125rem',
  blockSize: '1.125rem',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.text,
  transition: 'inset-inline-start 120ms',
  selectors: {
    [`${switchRoot}[data-selected] &`]: { insetInlineStart: 'calc(100% - 1.125rem - 2px)', backgroundColor: vars.color.onPrimary },
  },
});

export const popover = style({ ...floatingSurface, minInlineSize: 'var(--trigger-width)', maxBlockSize: '18rem', overflow: 'auto' });
export const listBox = style({ outline: 'none', padding: vars.space.xxs });
export const option = style({
  ...listRow,
  borderRadius: vars.radius.sm,
  selectors: {
    '&[data-focused]': { backgroundColor: vars.color.surface },
    '&[data-focus-visible]': insetFocusRing,
    '&[data-selected]': { fontWeight: vars.fontWeight.bold },
  },
});

export const tabList = style({
  display: 'flex',
  gap: vars.space.xs,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  overflowX: 'auto',
});
export const tab = style({
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  borderBlockEnd: '2px solid transparent',
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-selected]': { color: vars.color.text, borderBlockEndColor: vars.color.primary, fontWeight: vars.fontWeight.bold },
    '&[data-hovered]': { color: vars.color.text },
    '&[data-focus-visible]': insetFocusRing,
  },
});
export const tabPanel = style({ paddingBlock: vars.space.md, outline: 'none', selectors: { '&[data-focus-visible]': focusRing } });

export const disclosure = style(surfaceBox);
export const disclosureTrigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  inlineSize: '100%',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontWeight: vars.fontWeight.bold,
  textAlign: 'start',
  cursor: 'pointer',
  minBlockSize: '2.75rem',
  selectors: { '&[data-focus-visible]': insetFocusRing },
});
export const chevron = style({
  transition: 'transform 120ms',
  selectors: { '[data-expanded] > * > &, [data-expanded] > &': { transform: 'rotate(180deg)' } },
});
export const disclosurePanel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  paddingInline: vars.space.md,
  // the Disclosure (its parent) carries data-expanded, not the panel
  selectors: { '[data-expanded] > &': { paddingBlockEnd: vars.space.md } },
});

export const dateSegment = style({
  paddingInline: '1px',
  borderRadius: vars.radius.sm,
  fontVariantNumeric: 'tabular-nums',
  outline: 'none',
  selectors: {
    '&[data-placeholder]': { color: vars.color.textMuted },
    '&[data-focused]': { backgroundColor: vars.color.primary, color: vars.color.onPrimary },
  },
});
/**
 * The date's segments run left to right in every language (as dates are written), but sit at the
 * field's inline start like any other text: on the right in Arabic.
 */
export const dateInput = style({
  display: 'flex',
  flex: 1,
  paddingInline: vars.space.md,
  direction: 'ltr',
  unicodeBidi: 'isolate',
  selectors: { '[dir="rtl"] &': { justifyContent: 'flex-end' } },
});
export const calendar = style({ padding: vars.space.sm, color: vars.color.text });
export const calendarHeader = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const calendarCell = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  inlineSize: '2.25rem',
  blockSize: '2.25rem',
  borderRadius: vars.radius.full,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-outside-month]': { display: 'none' },
    '&[data-hovered]': { backgroundColor: vars.color.surface },
    '&[data-selected]': { backgroundColor: vars.color.primary, color: vars.color.onPrimary },
    '&[data-focus-visible]': focusRing,
    '&[data-disabled]': { opacity: 0.4 },
  },
});

export const swatch = style({
  inlineSize: '1.5rem',
  blockSize: '1.5rem',
  marginInlineEnd: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  flexShrink: 0,
});

export const dropZone = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  textAlign: 'center',
  selectors: {
    '&[data-drop-target]': { borderColor: vars.color.primary, backgroundColor: vars.color.surface },
    '&[data-focus-visible]': focusRing,
  },
});

/** The checkboxes of a choice group: in rows that wrap. */
export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.md}` });
