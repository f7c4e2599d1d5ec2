import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

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
