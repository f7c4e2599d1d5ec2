import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** The map fills the shell's main area (the sidebar and bottom bar are the shell's). */
export const page = style({ position: 'relative', inlineSize: '100%', blockSize: '100%', minBlockSize: 0 });

export const layersButton = style({
  position: 'absolute',
  insetBlockStart: vars.space.md,
  insetInlineStart: vars.space.md,
  zIndex: vars.zIndex.drawer,
});

export const toggles = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
