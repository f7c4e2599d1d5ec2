import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const centered = style({ padding: vars.space.xl, maxInlineSize: '40rem', marginInline: 'auto' });
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center', justifyContent: 'space-between' });
export const heading = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });
export const muted = style({ color: vars.color.textMuted, margin: 0 });
export const mapPage = style({ position: 'relative', inlineSize: '100%', blockSize: '100%' });

/** A stack trace: as text, lines kept, scrollable (and so focusable) when long. */
export const errorStack = style({
  margin: 0,
  marginBlockStart: vars.space.sm,
  maxBlockSize: '50vh',
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontSize: vars.fontSize.xs,
  textAlign: "left",
  direction: 'ltr',
});
