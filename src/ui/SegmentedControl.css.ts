import { style } from '@vanilla-extract/css';
import { disabledControl, focusRing } from './focus.css';
import { vars } from './theme.css';
import { surfaceBox } from './surfaces.css';

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const options = style({
  display: 'flex',
  gap: vars.space.xxs,
  padding: vars.space.xxs,
  ...surfaceBox,
});

export const option = style({
  // shares the width by its text; a long label (German, Russian) wraps rather than runs into the next
  flex: '1 1 auto',
  minInlineSize: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  overflowWrap: 'anywhere',
  minBlockSize: vars.size.control,
  paddingInline: vars.space.sm,
  border: 'none',
  borderRadius: vars.radius.sm,
  backgroundColor: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-selected]': { backgroundColor: vars.color.primary, color: vars.color.onPrimary },
    '&[data-focus-visible]': focusRing,
    '&[data-disabled]': disabledControl,
  },
});
