import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

export const label = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, marginBlockEnd: vars.space.xxs });

export const dot = style({
  flexShrink: 0,
  inlineSize: '16px',
  blockSize: '16px',
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.textMuted}`,
  boxSizing: 'border-box',
});

export const radio = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.border },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const text = style({ display: 'flex', flexDirection: 'column' });

export const description = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

globalStyle(`${radio}[data-selected] ${dot}`, {
  borderColor: vars.color.primary,
  borderWidth: '5px',
});
