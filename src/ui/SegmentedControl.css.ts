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
  flex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minBlockSize: vars.size.control,
  paddingInline: vars.space.md,
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
