import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';
import { media } from '../ui/breakpoints';

/**
 * A page of a panel beside a map (geofences, replay): the panel at the inline start from tablets up,
 * the map above the panel on phones.
 */
export const page = style({
  display: 'flex',
  blockSize: '100%',
  minBlockSize: 0,
  '@media': { [media.narrow]: { flexDirection: 'column-reverse' } },
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  flexShrink: 0,
  inlineSize: '22rem',
  maxInlineSize: '40%',
  padding: vars.space.md,
  overflowY: 'auto',
  background: vars.color.surface,
  borderInlineEnd: `1px solid ${vars.color.border}`,
  '@media': {
    [media.narrow]: {
      inlineSize: '100%',
      maxInlineSize: 'none',
      flex: '1 1 55%',
      minBlockSize: 0,
      borderInlineEnd: 'none',
      borderBlockStart: `1px solid ${vars.color.border}`,
    },
  },
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });
