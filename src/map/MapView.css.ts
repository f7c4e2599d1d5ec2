import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

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

/**
 * MapLibre's controls default to a light theme; keep the attribution quiet on the dark map. Its own
 * rule is `.maplibregl-ctrl.maplibregl-ctrl-attrib`: this one is more specific, so it wins in
 * whatever order the two stylesheets arrive (the sign-in page's prefetch changes that order).
 */
globalStyle(`${container} .maplibregl-ctrl.maplibregl-ctrl-attrib`, {
  backgroundColor: 'rgba(10, 22, 40, 0.75)',
  color: '#94a3b8',
});

globalStyle(`${container} .maplibregl-ctrl-attrib a`, {
  color: '#cbd5e1',
});

/** The scale in the dark theme: light line and text on the raised surface. */
globalStyle(`${container} .maplibregl-ctrl-scale`, {
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  borderColor: vars.color.textMuted,
});
