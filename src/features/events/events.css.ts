import { style } from '@vanilla-extract/css';
import { focusRing, insetFocusRing } from '../../ui/focus.css';
import { listRow } from '../../ui/surfaces.css';
import { vars } from '../../ui/theme.css';

export const list = style({ display: 'flex', flexDirection: 'column', outline: 'none' });

export const item = style({
  ...listRow,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceRaised },
    '&[data-focus-visible]': insetFocusRing,
  },
});

export const itemTexts = style({ flex: 1, minInlineSize: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xxs, textAlign: 'start' });
export const message = style({ overflowWrap: 'anywhere' });
export const meta = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, fontSize: vars.fontSize.xs, color: vars.color.textMuted });


export const empty = style({ margin: 0, padding: vars.space.lg, color: vars.color.textMuted, textAlign: 'center' });

export const page = style({ padding: vars.space.lg, maxInlineSize: '48rem', marginInline: 'auto', display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const heading = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });
export const fields = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${vars.space.xs} ${vars.space.lg}`, margin: 0 });
export const term = style({ color: vars.color.textMuted });
export const value = style({ margin: 0, overflowWrap: 'anywhere' });

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minInlineSize: '36px',
  minBlockSize: '36px',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { color: vars.color.text, backgroundColor: vars.color.surfaceRaised },
    '&[data-focus-visible]': focusRing,
  },
});
