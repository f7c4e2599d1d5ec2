import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { media } from '../../ui/breakpoints';
import { raisedPanel } from '../../ui/surfaces.css';
import { focusRing, insetFocusRing } from '../../ui/focus.css';

export { page, panel, heading } from '../../shared/besideMap.css';

export const mapArea = style({
  position: 'relative',
  flex: 1,
  minInlineSize: 0,
  minBlockSize: 0,
  '@media': { [media.narrow]: { flex: '1 1 45%', minBlockSize: '240px' } },
});

export const subheading = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });

export const tools = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const tool = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minBlockSize: '40px',
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-selected]': { background: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary },
    '&[data-focus-visible]': focusRing,
    '&[data-disabled]': { opacity: 0.5, cursor: 'default' },
    '&[data-hovered]:not([data-selected]):not([data-disabled])': { borderColor: vars.color.textMuted },
  },
});

export const editor = style(raisedPanel);

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** The list fills what the panel leaves and scrolls by itself (virtualised: rows in view only). */
export const list = style({
  flex: '1 1 12rem',
  minBlockSize: '12rem',
  position: 'relative',
  overflowY: 'auto',
  margin: 0,
  padding: 0,
  outline: 'none',
  '@media': { [media.narrow]: { minBlockSize: '14rem' } },
});

export const row = style({
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minBlockSize: '44px',
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceRaised },
    '&[data-selected]': { background: vars.color.surfaceRaised, borderInlineStart: `3px solid ${vars.color.primary}`, paddingInlineStart: `calc(${vars.space.sm} - 3px)` },
    '&[data-focus-visible]': insetFocusRing,
  },
});

export const swatch = style({ inlineSize: '12px', blockSize: '12px', borderRadius: vars.radius.full, flexShrink: 0 });
export const rowName = style({ flex: 1, minInlineSize: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const rowKind = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

globalStyle(`${mapArea} > [data-testid="map"]`, { position: 'absolute', inset: 0 });

export const search = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const searchLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const searchInput = style({
  minBlockSize: '40px',
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
  font: 'inherit',
  outline: 'none',
  selectors: { '&[data-focused]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' } },
});
