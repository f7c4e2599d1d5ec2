import { style } from '@vanilla-extract/css';

/**
 * The map fills its parent, which must have a definite size. `position: relative` matches what
 * MapLibre's own `.maplibregl-map` rule sets, so the two stylesheets never disagree.
 */
export const container = style({
  position: 'relative',
  inlineSize: '100%',
  blockSize: '100%',
  minInlineSize: 0,
  minBlockSize: 0,
  overflow: 'hidden',
  backgroundColor: '#0a1628',
});
