import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';
import { insetFocusRing } from './focus.css';
import { barButton } from './surfaces.css';

export const bar = style({
  display: 'grid',
  gridAutoFlow: 'column',
  // equal shares, but never narrower than a label's longest word (a word is never broken)
  gridAutoColumns: 'minmax(min-content, 1fr)',
  gap: 0,
});

/** Icon over label, the label at most two lines; 44 px at least both ways (a finger's target). */
export const action = style({
  ...barButton,
  justifyContent: 'flex-start',
  minInlineSize: '44px',
  minBlockSize: '52px',
  paddingBlock: vars.space.xs,
  // two neighbours' longest words never touch (German, Russian)
  paddingInline: vars.space.xxs,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  fontFamily: 'inherit',
  fontWeight: vars.fontWeight.regular,
  userSelect: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceRaised },
    '&[data-pressed]': { backgroundColor: vars.color.border },
    '&[data-focus-visible]': insetFocusRing,
    '&[data-disabled]': { opacity: 0.45, cursor: 'not-allowed', backgroundColor: 'transparent' },
    '&[data-active]': { color: vars.color.primary, backgroundColor: `color-mix(in srgb, ${vars.color.primary} 14%, transparent)` },
  },
});

export const icon = style({ display: 'inline-flex', fontSize: '22px' });

export const label = style({
  maxInlineSize: '100%',
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
});
