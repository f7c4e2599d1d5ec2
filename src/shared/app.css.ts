import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';
import { media } from '../ui/breakpoints';

export const centered = style({ padding: vars.space.xl, maxInlineSize: '40rem', marginInline: 'auto' });
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center', justifyContent: 'space-between' });
export const heading = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });
export const muted = style({ color: vars.color.textMuted, margin: 0 });
/**
 * The bottom dock, where the errors toast and the update prompt go without the shell (the sign-in
 * pages; the shell has a place for toasts of its own, ToastPlace): stacked, never over each other,
 * centred at the bottom of the screen, each no wider than it needs. It takes no clicks itself.
 */
export const bottomDock = style({
  position: 'fixed',
  insetInline: vars.space.lg,
  insetBlockEnd: vars.space.lg,
  zIndex: vars.zIndex.toast,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  pointerEvents: 'none',
  '@media': {
    [media.narrow]: {
      insetInline: vars.space.sm,
      insetBlockEnd: `calc(env(safe-area-inset-bottom, 0px) + ${vars.space.sm})`,
    },
  },
});

globalStyle(`${bottomDock} > *`, {
  pointerEvents: 'auto',
  inlineSize: 'fit-content',
  maxInlineSize: '560px',
  '@media': { [media.narrow]: { inlineSize: '100%', maxInlineSize: 'none' } },
});

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
