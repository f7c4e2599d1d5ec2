import { style } from '@vanilla-extract/css';

/** Directional icons point the other way in right-to-left text. */
export const mirrorInRtl = style({
  selectors: {
    '[dir="rtl"] &': { transform: 'scaleX(-1)' },
  },
});
