import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { mapArea } from './MapPage.css';

/**
 * The phone layout: a map narrower than this has the card as a sheet along its bottom edge (the
 * camera measures where the card is, whatever its layout: src/map/freeArea.ts).
 */
const PHONE_MAP_WIDTH = 600;
const phone = `${mapArea} (inline-size < ${PHONE_MAP_WIDTH}px)`;

/**
 * Beside the map on a desktop (at the inline start, at most the spec's popup width), a bottom sheet
 * over the whole width of the map on a phone. The map ends above the bottom navigation, so neither
 * covers it.
 */
export const card = style({
  position: 'absolute',
  insetBlockEnd: vars.space.lg,
  insetInlineStart: vars.space.lg,
  zIndex: vars.zIndex.drawer,
  inlineSize: `min(${vars.size.popupMaxWidth}, calc(100% - 2 * ${vars.space.lg}))`,
  maxBlockSize: `calc(100% - 2 * ${vars.space.lg})`,
  display: 'flex',
  flexDirection: 'column',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  boxShadow: '0 12px 32px rgba(0, 0, 0, 0.55)',
  overflow: 'hidden',
  '@container': {
    [phone]: {
      insetBlockEnd: 0,
      insetInlineStart: 0,
      inlineSize: '100%',
      maxBlockSize: '70%',
      borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`,
      borderInline: 'none',
      borderBlockEnd: 'none',
      boxShadow: '0 -8px 24px rgba(0, 0, 0, 0.5)',
    },
  },
});

export const dialog = style({
  selectors: {
    // over the design system's dialog padding: the card's parts have their own
    '&&': {
      display: 'flex',
      flexDirection: 'column',
      gap: 0,
      padding: 0,
      overflow: 'auto',
      outline: 'none',
      textAlign: 'start',
    },
  },
});

export const imageArea = style({
  flexShrink: 0,
  blockSize: vars.size.imageHeight,
  backgroundColor: vars.color.surfaceRaised,
});

export const image = style({ inlineSize: '100%', blockSize: '100%', objectFit: 'cover', display: 'block' });

/** Name over status and age, the close button at the end. */
export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  paddingBlockStart: vars.space.sm,
  paddingInlineStart: vars.space.md,
  paddingInlineEnd: vars.space.xs,
});

export const headerText = style({ flex: 1, minInlineSize: 0, paddingBlockStart: vars.space.xs });

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const status = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  columnGap: vars.space.xs,
  margin: 0,
  marginBlockStart: vars.space.xxs,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const statusDot = style({ flexShrink: 0, display: 'inline-flex', marginInlineEnd: vars.space.xxs });

export const since = style({ whiteSpace: 'nowrap' });

/** 44 × 44: a finger's target. */
export const close = style({ flexShrink: 0, inlineSize: '44px', blockSize: '44px', minBlockSize: '44px', padding: 0, fontSize: vars.fontSize.lg });

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
});

/**
 * The chosen values as label over value, two to a line; a time or a long value takes the line
 * (see `isWideValue`). Values never wrap: a date or a coordinate pair stays on one line.
 */
export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  columnGap: vars.space.md,
  rowGap: vars.space.sm,
  inlineSize: '100%',
  margin: 0,
});

export const field = style({ minInlineSize: 0 });

export const wideField = style({ minInlineSize: 0, gridColumn: '1 / -1' });

/** The address may wrap (free text); its coordinates, without one, do not. */
export const addressField = style({ minInlineSize: 0, gridColumn: '1 / -1' });

globalStyle(`${fields} dt`, { fontSize: vars.fontSize.xs, color: vars.color.textMuted, lineHeight: vars.lineHeight.tight });
globalStyle(`${fields} dd`, { margin: 0, fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.body });
// a value that does not fit its half of the card wraps rather than being cut; a time never wraps
globalStyle(`${field} dd, ${wideField} dd`, { overflowWrap: 'anywhere' });

/** A date and a clock on one line (a time takes the card's whole width: it fits). */
export const timeValue = style({ whiteSpace: 'nowrap' });
globalStyle(`${addressField} dd`, { overflowWrap: 'anywhere' });

export const details = style({ fontSize: vars.fontSize.sm });

export const address = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: vars.space.xxs });

export const coordinates = style({ whiteSpace: 'nowrap' });

/** A device without a position yet. */
export const waiting = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  paddingBlock: vars.space.md,
  paddingInline: vars.space.md,
});

export const waitingTitle = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.bold });

export const waitingText = style({ margin: 0, marginBlockStart: vars.space.xxs, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const actions = style({
  flexShrink: 0,
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.xxs,
  borderBlockStart: `1px solid ${vars.color.border}`,
});
