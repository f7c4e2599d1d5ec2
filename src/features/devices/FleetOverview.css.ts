import { style, globalStyle } from '@vanilla-extract/css';
import { FLEET_STATE_COLORS } from '../../domain/fleetColors';
import { vars } from '../../ui/theme.css';
import { media } from '../../ui/breakpoints';
import { focusRing, visuallyHidden as hidden } from '../../ui/focus.css';
import { surfaceBox } from '../../ui/surfaces.css';

/** The overview: a page of sections in the main area, or a column in the device panel. */
export const overview = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.md,
  overflowY: 'auto',
  flex: 1,
  minBlockSize: 0,
  boxSizing: 'border-box',
  selectors: {
    '&[data-layout="page"]': { maxInlineSize: '72rem', inlineSize: '100%', marginInline: 'auto', blockSize: '100%' },
    '&[data-layout="panel"]': { padding: vars.space.sm, gap: vars.space.md },
  },
});

export const header = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });
export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold, flex: 1 });
export const status = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const error = style({ ...surfaceBox, margin: 0, color: vars.color.text, padding: vars.space.sm, borderInlineStart: `4px solid ${vars.color.error}` });

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });
export const subTitle = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.bold });
export const muted = style({ color: vars.color.textMuted, fontWeight: vars.fontWeight.regular });
export const visuallyHidden = style(hidden);

export const tiles = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(8.5rem, 1fr))',
  gap: vars.space.sm,
  selectors: { '[data-layout="panel"] &': { gridTemplateColumns: 'repeat(auto-fill, minmax(6.5rem, 1fr))' } },
});

/** A state's tile is edged in the state's colour: the markers', the rows' and the legend's (`fleetColors.ts`). */
export const tile = style({
  ...surfaceBox,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: vars.space.sm,
  textDecoration: 'none',
  color: vars.color.text,
  borderInlineStart: `4px solid ${vars.color.primary}`,
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceRaised },
    '&[data-focus-visible]': focusRing,
    ...Object.fromEntries(Object.entries(FLEET_STATE_COLORS).map(([state, colour]) => [`&[data-state="${state}"]`, { borderInlineStartColor: colour }])),
  },
});
export const tileCount = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, lineHeight: vars.lineHeight.tight });
export const tileLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const tableScroll = style({ overflowX: 'auto' });
export const groups = style({ borderCollapse: 'collapse', inlineSize: '100%', fontSize: vars.fontSize.sm });
globalStyle(`${groups} th, ${groups} td`, {
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  textAlign: 'start',
  whiteSpace: 'nowrap',
});
globalStyle(`${groups} thead th`, { color: vars.color.textMuted, fontWeight: vars.fontWeight.regular });
globalStyle(`${groups} td`, { fontVariantNumeric: 'tabular-nums' });

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
  gap: vars.space.sm,
  margin: 0,
});
export const figure = style({ padding: vars.space.sm, ...surfaceBox });
globalStyle(`${figure} dt`, { fontSize: vars.fontSize.sm, color: vars.color.textMuted });
globalStyle(`${figure} dd`, { margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

/** The ranked vehicles: ten rows, the table's own scrolling. */
export const ranked = style({
  display: 'flex',
  flexDirection: 'column',
  blockSize: '34rem',
  '@media': { [media.narrow]: { blockSize: '30rem' } },
});

export const rows = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });
export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingBlock: vars.space.xs,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});
export const rowCount = style({ fontVariantNumeric: 'tabular-nums', fontWeight: vars.fontWeight.bold });
