import { style } from '@vanilla-extract/css';
import { focusRing } from './focus.css';
import { vars } from './theme.css';

export const slider = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gridTemplateAreas: '"label output" "track track"',
  alignItems: 'center',
  gap: vars.space.xs,
  minInlineSize: 0,
});

export const label = style({ gridArea: 'label', fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.bold, color: vars.color.text, textAlign: 'start' });

export const output = style({ gridArea: 'output', fontSize: vars.fontSize.sm, color: vars.color.text, fontVariantNumeric: 'tabular-nums' });

export const track = style({
  gridArea: 'track',
  position: 'relative',
  blockSize: '28px',
  selectors: {
    // a disabled slider fades its track only: its label and value keep their contrast
    '&[data-disabled]': { opacity: 0.5 },
    '&::before': {
      content: '""',
      position: 'absolute',
      insetInline: 0,
      insetBlockStart: '50%',
      blockSize: '4px',
      marginBlockStart: '-2px',
      borderRadius: '2px',
      background: vars.color.border,
    },
  },
});

export const fill = style({
  position: 'absolute',
  insetInlineStart: 0,
  insetBlockStart: '50%',
  blockSize: '4px',
  marginBlockStart: '-2px',
  borderRadius: '2px',
  background: vars.color.primary,
});

export const thumb = style({
  // react-aria places it along the track (left, and translate(-50%, -50%)): centred on the track's line
  insetBlockStart: '50%',
  inlineSize: '20px',
  blockSize: '20px',
  borderRadius: '50%',
  background: vars.color.primary,
  border: `2px solid ${vars.color.text}`,
  selectors: {
    '&[data-focus-visible]': focusRing,
  },
});
