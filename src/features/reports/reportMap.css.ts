import { globalStyle, style } from '@vanilla-extract/css';
import { darkTokens, vars } from '../../ui/theme.css';

/** The map fills what the page gives it (beside the table, or under it on phones with a fixed height). */
export const root = style({
  position: 'relative',
  display: 'flex',
  inlineSize: '100%',
  blockSize: '100%',
  minInlineSize: 0,
  minBlockSize: 0,
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});

// printed: the picture without the zoom buttons, filling the printed pane (its canvas keeps the
// size it had on screen until the map hears of the new one: it is cut to the pane, not stretched)
globalStyle(`${root} .maplibregl-ctrl-group`, { '@media': { print: { display: 'none' } } });
globalStyle(`${root} canvas.maplibregl-canvas`, { '@media': { print: { inlineSize: '100% !important', blockSize: '100% !important', objectFit: 'cover' } } });

/**
 * The theme colours the map draws with: their variables (read where the map is, brand colours
 * included) and the dark theme's values when a variable is unset. Named here, where vanilla-extract
 * turns them into strings at build time, so that the page does not import the theme's whole
 * contract object (which would then ride in the sign-in chunk that holds the theme).
 */
export const colorVariables = { primary: vars.color.primary, start: vars.color.success, end: vars.color.error };
export const colorDefaults = { primary: darkTokens.color.primary, start: darkTokens.color.success, end: darkTokens.color.error };
