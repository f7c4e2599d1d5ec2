import { style } from '@vanilla-extract/css';
import { media } from './breakpoints';
import { vars } from './theme.css';

/** The brand panel at the start side, then the card's area (spec §9: sidebar 28 %, tablet sidebar 52 px). */
export const page = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  minBlockSize: '100dvh',
  backgroundColor: vars.color.background,
  color: vars.color.text,
  '@media': {
    [media.wide]: { gridTemplateColumns: `${vars.size.tabletSidebar} minmax(0, 1fr)` },
    [media.desktop]: { gridTemplateColumns: `${vars.size.sidebar} minmax(0, 1fr)` },
  },
});

/** The brand colour (the server's, when it sets one) with its readable text colour; none on phones. */
export const brand = style({
  display: 'none',
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
  '@media': {
    [media.wide]: { display: 'block' },
  },
});

/** The mark and the name, only where the panel is wide (desktops). */
export const brandMark = style({
  display: 'none',
  position: 'sticky',
  insetBlockStart: 0,
  blockSize: '100dvh',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  padding: vars.space.lg,
  '@media': {
    [media.desktop]: { display: 'flex' },
  },
});

export const mark = style({ inlineSize: '4.5rem', blockSize: '4.5rem' });

/** The mark's inner circle in the panel's colour. */
export const markHole = style({ fill: vars.color.primary });

export const name = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const content = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xl,
  minInlineSize: 0,
  paddingBlock: vars.space.xl,
  paddingInline: vars.space.lg,
});

export const card = style({
  inlineSize: '100%',
  maxInlineSize: vars.size.authCard,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  textAlign: 'start',
  '@media': {
    [media.narrow]: {
      padding: vars.space.lg,
      border: 'none',
      backgroundColor: 'transparent',
    },
  },
});
